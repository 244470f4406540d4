package dev.agenteval.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * The public API, as a checked-in dump: every type of every exported package of the library
 * modules (their {@code module-info.java}'s unqualified {@code exports}), with its {@link API}
 * status and every public or protected constructor, method and field. A change to the API is a
 * visible diff of {@code api/<module>.api} in review; {@code -Dapi.update=true} rewrites the dumps.
 *
 * <p>Also: every exported top-level type carries an {@link API} status, and no exported signature
 * names a third-party type unless its module requires that library transitively on purpose.
 */
class ApiDumpTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path DUMPS = ROOT.resolve("api");
    private static final Pattern EXPORT = Pattern.compile("^\\s*exports\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern TRANSITIVE = Pattern.compile("^\\s*requires\\s+(?:static\\s+)?transitive\\s+([\\w.]+)\\s*;",
            Pattern.MULTILINE);

    /** Third-party modules a module may expose by requiring them transitively, and the packages they hold. */
    private static final Map<String, List<String>> THIRD_PARTY = Map.of(
            "com.fasterxml.jackson.databind", List.of("com.fasterxml.jackson."),
            "org.junit.jupiter.api", List.of("org.junit.jupiter.api.", "org.junit.platform.", "org.opentest4j."),
            "org.apiguardian.api", List.of("org.apiguardian."));

    /** The library modules: a folder with a module-info.java, by folder name. */
    static Map<String, Path> modules() throws IOException {
        Map<String, Path> modules = new LinkedHashMap<>();
        try (Stream<Path> dirs = Files.list(ROOT)) {
            dirs.sorted().filter(d -> Files.isRegularFile(d.resolve("src/main/java/module-info.java")))
                    .forEach(d -> modules.put(d.getFileName().toString(), d));
        }
        return modules;
    }

    @Test
    void the_public_api_is_the_checked_in_dump() throws Exception {
        boolean update = Boolean.getBoolean("api.update");
        List<String> differ = new ArrayList<>();
        for (Map.Entry<String, Path> module : modules().entrySet()) {
            String dump = dump(module.getValue());
            Path file = DUMPS.resolve(module.getKey() + ".api");
            if (update) {
                Files.createDirectories(DUMPS);
                Files.writeString(file, dump, StandardCharsets.UTF_8);
            } else if (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(dump)) {
                differ.add(module.getKey());
                Files.createDirectories(ROOT.resolve("agent-eval-dist/target/api"));
                Files.writeString(ROOT.resolve("agent-eval-dist/target/api/" + module.getKey() + ".api"), dump);
            }
        }
        assertThat(differ).as("modules whose public API differs from api/<module>.api (the new dumps are in"
                + " agent-eval-dist/target/api; rewrite them with ./mvnw -pl agent-eval-dist -am test"
                + " -Dtest=ApiDumpTest -Dsurefire.failIfNoSpecifiedTests=false -Dapi.update=true, and say why in review)")
                .isEmpty();
    }

    @Test
    void every_exported_type_carries_its_api_status() throws Exception {
        List<String> unmarked = new ArrayList<>();
        for (Path module : modules().values()) {
            for (Class<?> type : topLevelTypes(module)) {
                if (type.getAnnotation(API.class) == null) {
                    unmarked.add(type.getName());
                }
            }
        }
        assertThat(unmarked).as("exported types without @API(status = ...)").isEmpty();
    }

    @Test
    void no_exported_signature_names_a_third_party_type_its_module_does_not_require_transitively() throws Exception {
        List<String> leaks = new ArrayList<>();
        for (Map.Entry<String, Path> module : modules().entrySet()) {
            List<String> allowed = new ArrayList<>();
            Matcher m = TRANSITIVE.matcher(Files.readString(module.getValue().resolve("src/main/java/module-info.java")));
            while (m.find()) {
                allowed.addAll(THIRD_PARTY.getOrDefault(m.group(1), List.of()));
            }
            for (Class<?> type : types(module.getValue())) {
                for (String line : members(type)) {
                    for (String named : namedTypes(line)) {
                        if (!named.startsWith("java.") && !named.startsWith("dev.agenteval.")
                                && allowed.stream().noneMatch(named::startsWith)) {
                            leaks.add(module.getKey() + ": " + named + " in " + line);
                        }
                    }
                }
            }
        }
        assertThat(leaks).as("third-party types in exported signatures").isEmpty();
    }

    /** The type names in a dumped line: dotted names that start in lower case and end in a capitalised one. */
    private static Set<String> namedTypes(String line) {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("\\b([a-z][\\w]*(?:\\.[a-z][\\w]*)+\\.[A-Z][\\w$]*)").matcher(line);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** The dump of one module: its exported packages' types, each with its status and members, sorted. */
    static String dump(Path module) throws Exception {
        StringBuilder out = new StringBuilder();
        for (Class<?> type : types(module)) {
            API api = topLevel(type).getAnnotation(API.class);
            out.append(kind(type)).append(' ').append(type.getName())
                    .append(api == null ? "" : " @API(" + api.status() + ")").append('\n');
            for (String line : members(type)) {
                out.append("  ").append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static Class<?> topLevel(Class<?> type) {
        Class<?> t = type;
        while (t.getEnclosingClass() != null) {
            t = t.getEnclosingClass();
        }
        return t;
    }

    private static String kind(Class<?> type) {
        String modifiers = Modifier.toString(type.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.ABSTRACT
                | Modifier.STATIC | Modifier.FINAL));
        String kind = type.isAnnotation() ? "@interface" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
                : type.isRecord() ? "record" : "class";
        if (type.isInterface() || type.isEnum() || type.isRecord()) {
            modifiers = modifiers.replace("abstract ", "").replace("abstract", "").replace("static ", "")
                    .replace("final ", "").replace("final", "").strip();
        }
        StringBuilder sb = new StringBuilder(modifiers.isEmpty() ? kind : modifiers + " " + kind);
        if (type.getGenericSuperclass() != null && type.getSuperclass() != Object.class && !type.isEnum()
                && !type.isRecord()) {
            sb.append(" extends ").append(type.getGenericSuperclass().getTypeName());
        }
        return sb.toString();
    }

    /** The public or protected members a caller or subclass sees, declared by {@code type}, sorted. */
    private static List<String> members(Class<?> type) {
        Set<String> lines = new TreeSet<>();
        for (Type i : type.getGenericInterfaces()) {
            lines.add("implements " + i.getTypeName());
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (visible(c) && !type.isEnum()) {
                lines.add(signature(c));
            }
        }
        for (Method m : type.getDeclaredMethods()) {
            if (visible(m) && !m.isSynthetic() && !m.isBridge()) {
                lines.add(signature(m));
            }
        }
        for (Field f : type.getDeclaredFields()) {
            if (visible(f) && !f.isSynthetic()) {
                lines.add((f.isEnumConstant() ? "constant " : Modifier.toString(f.getModifiers()) + " field ")
                        + (f.isEnumConstant() ? "" : f.getGenericType().getTypeName() + " ") + f.getName());
            }
        }
        return new ArrayList<>(lines);
    }

    private static boolean visible(Member m) {
        int mod = m.getModifiers();
        return Modifier.isPublic(mod) || Modifier.isProtected(mod) && !Modifier.isFinal(m.getDeclaringClass().getModifiers());
    }

    private static String signature(Executable e) {
        StringBuilder sb = new StringBuilder(Modifier.toString(e.getModifiers() & ~Modifier.TRANSIENT & ~Modifier.VOLATILE));
        if (!sb.isEmpty()) {
            sb.append(' ');
        }
        TypeVariable<?>[] variables = e.getTypeParameters();
        if (variables.length > 0) {
            sb.append('<');
            for (int i = 0; i < variables.length; i++) {
                sb.append(i > 0 ? ", " : "").append(variables[i].getName());
                Type[] bounds = variables[i].getBounds();
                if (bounds.length > 0 && bounds[0] != Object.class) {
                    sb.append(" extends ").append(name(bounds[0]));
                }
            }
            sb.append("> ");
        }
        if (e instanceof Method m) {
            sb.append(name(m.getGenericReturnType())).append(' ').append(m.getName());
        } else {
            sb.append("<init>");
        }
        sb.append('(');
        Type[] parameters = e.getGenericParameterTypes();
        for (int i = 0; i < parameters.length; i++) {
            sb.append(i > 0 ? ", " : "").append(e.isVarArgs() && i == parameters.length - 1
                    ? name(parameters[i]).replaceFirst("\\[]$", "...") : name(parameters[i]));
        }
        sb.append(')');
        Type[] exceptions = e.getGenericExceptionTypes();
        if (exceptions.length > 0) {
            sb.append(" throws");
            for (int i = 0; i < exceptions.length; i++) {
                sb.append(i > 0 ? ", " : " ").append(name(exceptions[i]));
            }
        }
        return sb.toString();
    }

    private static String name(Type type) {
        if (type instanceof Class<?> c) {
            return c.getTypeName();
        }
        if (type instanceof ParameterizedType p || type instanceof GenericArrayType || type instanceof WildcardType
                || type instanceof TypeVariable<?>) {
            return type.getTypeName();
        }
        return type.getTypeName();
    }

    /** The exported packages' public types of {@code module}, nested public types included, by name. */
    static List<Class<?>> types(Path module) throws Exception {
        List<Class<?>> all = new ArrayList<>();
        for (Class<?> top : topLevelTypes(module)) {
            collect(top, all);
        }
        all.sort(java.util.Comparator.comparing(Class::getName));
        return all;
    }

    private static void collect(Class<?> type, List<Class<?>> into) {
        into.add(type);
        for (Class<?> nested : type.getDeclaredClasses()) {
            int mod = nested.getModifiers();
            if (Modifier.isPublic(mod) || Modifier.isProtected(mod) && !Modifier.isFinal(type.getModifiers())) {
                collect(nested, into);
            }
        }
    }

    /** The public top-level types of the packages {@code module} exports to everyone. */
    static List<Class<?>> topLevelTypes(Path module) throws Exception {
        Path sources = module.resolve("src/main/java");
        Matcher exports = EXPORT.matcher(Files.readString(sources.resolve("module-info.java")));
        List<Class<?>> types = new ArrayList<>();
        ClassLoader loader = ApiDumpTest.class.getClassLoader();
        while (exports.find()) {
            String pkg = exports.group(1);
            Path dir = sources.resolve(pkg.replace('.', '/'));
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    String name = f.getFileName().toString();
                    if (!name.endsWith(".java") || name.equals("package-info.java")) {
                        continue;
                    }
                    Class<?> type = Class.forName(pkg + "." + name.substring(0, name.length() - ".java".length()), false,
                            loader);
                    if (Modifier.isPublic(type.getModifiers())) {
                        types.add(type);
                    }
                }
            }
        }
        return types;
    }
}
