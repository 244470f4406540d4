package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The values of the {@link Setting}s of one run, each resolved in this order: the command-line
 * option, the system property or JUnit configuration parameter, the environment variable, the
 * default. Blank parameters and variables count as unset.
 */
@API(status = MAINTAINED)
public final class Settings {

    /** Where a value came from, most specific first. */
    public enum Source {
        OPTION, PARAMETER, VARIABLE, DEFAULT
    }

    /** A value and where it came from. */
    public record Value(Setting setting, String value, Source source) {
        /** The option, parameter or variable the value was read from, e.g. {@code AGENT_EVAL_AGENT_URL}. */
        public String origin() {
            return switch (source) {
                case OPTION -> setting.option();
                case PARAMETER -> setting.parameter();
                case VARIABLE -> setting.variable();
                case DEFAULT -> "the default of " + setting.parameter();
            };
        }
    }

    private final Map<Setting, String> options;
    private final Function<String, Optional<String>> parameters;
    private final Function<String, String> environment;
    private final boolean commandLine;
    private final Map<Setting, String> defaults;

    private Settings(Map<Setting, String> options, Function<String, Optional<String>> parameters,
                     Function<String, String> environment, boolean commandLine, Map<Setting, String> defaults) {
        this.options = new EnumMap<>(Setting.class);
        options.forEach((k, v) -> {
            if (v != null) {
                this.options.put(k, v);
            }
        });
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.environment = Objects.requireNonNull(environment, "environment");
        this.commandLine = commandLine;
        this.defaults = defaults;
    }

    /**
     * The settings of a command line: the given options (null values are not given), then the
     * environment. Messages name the options.
     */
    public static Settings commandLine(Map<Setting, String> options, Function<String, String> environment) {
        return new Settings(options, name -> Optional.empty(), environment, true, Map.of());
    }

    /**
     * The settings of eval-junit: configuration parameters (which JUnit also reads from system
     * properties and {@code junit-platform.properties}), then the environment. Messages name the
     * parameters.
     */
    public static Settings parameters(Function<String, Optional<String>> parameters, Function<String, String> environment) {
        return new Settings(Map.of(), parameters, environment, false, Map.of());
    }

    /** The value given for {@code setting} (option, parameter or variable), without the default. */
    public Optional<Value> given(Setting setting) {
        String option = options.get(setting);
        if (option != null) {
            return Optional.of(new Value(setting, option, Source.OPTION));
        }
        Optional<String> parameter = parameters.apply(setting.parameter()).map(String::strip).filter(s -> !s.isEmpty());
        if (parameter.isPresent()) {
            return Optional.of(new Value(setting, parameter.get(), Source.PARAMETER));
        }
        if (setting.variableReadByProvider()) {
            return Optional.empty();
        }
        return Optional.ofNullable(environment.apply(setting.variable())).map(String::strip).filter(s -> !s.isEmpty())
                .map(v -> new Value(setting, v, Source.VARIABLE));
    }

    /**
     * These settings with {@code value} as the default of {@code setting}, in place of its declared
     * one: a default written in code, which every option, parameter and variable overrides. The
     * judge's settings are defaults as a whole: a judge chosen at any level (even
     * {@code AGENT_EVAL_JUDGE=overlap} alone) is used without them ({@link Wiring#judge}).
     */
    public Settings withDefault(Setting setting, String value) {
        Objects.requireNonNull(setting, "setting");
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("the default of " + setting.parameter() + " must not be blank");
        }
        Map<Setting, String> more = new EnumMap<>(Setting.class);
        more.putAll(defaults);
        more.put(setting, value.strip());
        return new Settings(options, parameters, environment, commandLine, Map.copyOf(more));
    }

    /** Whether a default was written in code ({@link #withDefault}) for {@code setting}. */
    boolean hasCodeDefault(Setting setting) {
        return defaults.containsKey(setting);
    }

    /** The value of {@code setting}: given, else the default written in code, else its declared default. */
    public Optional<Value> find(Setting setting) {
        return given(setting).or(() -> Optional.ofNullable(defaults.get(setting)).or(setting::defaultValue)
                .map(d -> new Value(setting, d, Source.DEFAULT)));
    }

    /** The value of {@code setting}: given, else its default ({@link #find}). */
    public Optional<String> get(Setting setting) {
        return find(setting).map(Value::value);
    }

    /**
     * The value of a yes/no setting: {@code true}/{@code yes}/{@code on}/{@code 1} or
     * {@code false}/{@code no}/{@code off}/{@code 0}, any case; unset is false unless the default says otherwise.
     *
     * @throws ConfigurationException naming where another value came from
     */
    public boolean flag(Setting setting) {
        Optional<Value> v = find(setting);
        if (v.isEmpty()) {
            return false;
        }
        return switch (v.get().value().strip().toLowerCase(Locale.ROOT)) {
            case "false", "no", "off", "0" -> false;
            case "true", "yes", "on", "1" -> true;
            default -> throw new ConfigurationException(v.get().origin() + " must be true or false but is '"
                    + v.get().value() + "'");
        };
    }

    /** A folder or file setting resolved against {@code workDir}. */
    public Optional<Path> path(Setting setting, Path workDir) {
        return get(setting).map(workDir::resolve);
    }

    /**
     * The setting as messages name it: on the command line its option and variable
     * ({@code --agent-url (or AGENT_EVAL_AGENT_URL)}), in eval-junit its parameter and variable
     * ({@code agent-eval.agent-url (or AGENT_EVAL_AGENT_URL)}).
     */
    public String describe(Setting setting) {
        if (commandLine && setting.options().isEmpty()) {
            return setting.variable();
        }
        return (commandLine ? setting.option() : setting.parameter()) + " (or " + setting.variable() + ")";
    }

    /** Whether messages name options (the command line) rather than parameters (eval-junit). */
    public boolean isCommandLine() {
        return commandLine;
    }
}
