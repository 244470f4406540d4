package dev.agenteval.junit.internal;

import dev.agenteval.api.ConfigurationException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * A value a test class supplies through the one member carrying an annotation (a method without
 * parameters or a field, static or of the test instance), read through JUnit's reflection support,
 * so a test class in a named module needs to open its package to JUnit only.
 *
 * @param value      the member's value, one of the accepted types
 * @param member     the member as messages name it, e.g. {@code com.acme.BookingEvalTest.agent()}
 * @param fromMethod whether a method made the value (then the caller owns it)
 */
public record Supplied(Object value, String member, boolean fromMethod) {

    /**
     * The value of the member of {@code testClass} (its superclasses included) annotated with
     * {@code annotation}; empty when there is none.
     *
     * @param instance the test instance, or null when there is none (then the member must be static)
     * @param accepted the types the value may have, the first ones preferred in messages
     * @throws ConfigurationException naming the member when there are several, a method takes
     *                                parameters, an instance member has no instance, the value is
     *                                null or of another type, or the method fails
     */
    public static Optional<Supplied> find(Class<?> testClass, Object instance, Class<? extends Annotation> annotation,
                                          List<Class<?>> accepted) {
        String tag = "@" + annotation.getSimpleName();
        List<Member> members = new ArrayList<>();
        members.addAll(AnnotationSupport.findAnnotatedMethods(testClass, annotation, HierarchyTraversalMode.TOP_DOWN));
        members.addAll(AnnotationSupport.findAnnotatedFields(testClass, annotation));
        if (members.isEmpty()) {
            return Optional.empty();
        }
        if (members.size() > 1) {
            throw new ConfigurationException(testClass.getName() + " has " + members.size() + " " + tag + " members ("
                    + members.stream().map(Supplied::name).collect(Collectors.joining(", ")) + "): keep one");
        }
        Member member = members.get(0);
        String name = name(member);
        boolean isStatic = Modifier.isStatic(member.getModifiers());
        if (!isStatic && instance == null) {
            throw new ConfigurationException(tag + " " + name + " is not static and there is no test instance to read"
                    + " it from: make it static");
        }
        Object target = isStatic ? null : instance;
        Object value;
        if (member instanceof Method method) {
            if (method.getParameterCount() > 0) {
                throw new ConfigurationException(tag + " method " + name + " takes parameters: it must take none");
            }
            try {
                value = ReflectionSupport.invokeMethod(method, target);
            } catch (Exception e) {
                throw new ConfigurationException(tag + " method " + name + " failed: " + e, e);
            }
        } else {
            value = ReflectionSupport.tryToReadFieldValue((Field) member, target).toOptional().orElse(null);
        }
        String expected = accepted.stream().map(Class::getSimpleName).collect(Collectors.joining(" or "));
        if (value == null) {
            throw new ConfigurationException(tag + " " + name + " is null: it must give " + article(expected));
        }
        if (accepted.stream().noneMatch(type -> type.isInstance(value))) {
            throw new ConfigurationException(tag + " " + name + " gave a " + value.getClass().getName() + ": it must give "
                    + article(expected));
        }
        return Optional.of(new Supplied(value, name, member instanceof Method));
    }

    private static String name(Member member) {
        return member.getDeclaringClass().getName() + "." + member.getName() + (member instanceof Method ? "()" : "");
    }

    private static String article(String type) {
        return ("AEIOU".indexOf(type.charAt(0)) >= 0 ? "an " : "a ") + type;
    }
}
