package dev.agenteval.core;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where secrets and settings come from: the process environment, with a {@code .env} file as
 * fallback. A variable set in the process environment wins over the same name in the file, so a
 * CI job can override what a developer keeps locally. Use it wherever a
 * {@code Function<String, String>} environment is expected.
 *
 * <pre>{@code
 * Environment env = Environment.load();               // process environment + ./.env if present
 * EvalRunner runner = EvalRunner.builder().agent(agent).environment(env).build();
 * ProviderConfig config = ProviderConfig.of(Map.of("url", "https://agents.example.com"), env);
 * }</pre>
 *
 * <p>The file holds {@code KEY=VALUE} lines; blank lines and lines starting with {@code #} are
 * ignored; a line may start with {@code export }; values may be single-quoted (literal) or
 * double-quoted (with {@code \n}, {@code \t}, {@code \"} and {@code \\} escapes, and spanning
 * lines); an unquoted value ends at {@code " #"} (a comment). {@code ${VAR}} references are not
 * expanded. Values are never logged nor shown in messages or {@link #toString()}.
 */
@API(status = MAINTAINED)
public final class Environment implements Function<String, String> {

    /** The file name {@link #load()} looks for in the working folder. */
    public static final String DOT_ENV = ".env";

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i)(TOKEN(?!_?URL)|SECRET|PASSWORD|PASSWD|CREDENTIAL|API_?KEY|PRIVATE_?KEY|_KEY$)");

    private final Function<String, String> process;
    private final Map<String, String> file;
    private final Path source;

    private Environment(Function<String, String> process, Map<String, String> file, Path source) {
        this.process = process;
        this.file = file;
        this.source = source;
    }

    /** The process environment only. */
    public static Environment system() {
        return new Environment(System::getenv, Map.of(), null);
    }

    /**
     * The process environment plus {@code .env} in the working folder, if there is one.
     *
     * @throws ConfigurationException when the file exists but cannot be read or parsed
     */
    public static Environment load() {
        return system().withDotEnv(Path.of(DOT_ENV));
    }

    /**
     * The process environment plus {@code dotEnv}, if it exists.
     *
     * @throws ConfigurationException when the file exists but cannot be read or parsed
     */
    public static Environment load(Path dotEnv) {
        return system().withDotEnv(dotEnv);
    }

    /** Exactly these variables, as if they were the process environment (tests, embedding). */
    public static Environment of(Map<String, String> variables) {
        Map<String, String> copy = Collections.unmodifiableMap(new LinkedHashMap<>(
                Objects.requireNonNull(variables, "variables")));
        return new Environment(copy::get, Map.of(), null);
    }

    /**
     * A copy that falls back to the variables of {@code dotEnv} for names this environment does
     * not set. A missing file changes nothing.
     *
     * @throws ConfigurationException when the file exists but cannot be read or parsed
     */
    public Environment withDotEnv(Path dotEnv) {
        Objects.requireNonNull(dotEnv, "dotEnv");
        if (!Files.isRegularFile(dotEnv)) {
            return this;
        }
        String content;
        try {
            content = Files.readString(dotEnv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigurationException("cannot read " + dotEnv + ": " + e.getClass().getSimpleName(), e);
        }
        return new Environment(process, parse(content, dotEnv.toString()), dotEnv);
    }

    /**
     * Parses the content of a {@code .env} file.
     *
     * @param source the file name for error messages
     * @return the variables in file order (a repeated name keeps its last value); never null
     * @throws ConfigurationException naming the source and line of every malformed line (never its content)
     */
    public static Map<String, String> parse(String content, String source) {
        Objects.requireNonNull(content, "content");
        String text = content.startsWith("\uFEFF") ? content.substring(1) : content;
        String[] lines = text.split("\r\n|\n|\r", -1);
        Map<String, String> values = new LinkedHashMap<>();
        java.util.List<String> problems = new java.util.ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ") || line.startsWith("export\t")) {
                line = line.substring("export".length()).strip();
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                // The line is not echoed: it may be a pasted secret.
                problems.add(source + " line " + lineNo + ": expected KEY=VALUE");
                continue;
            }
            String key = line.substring(0, eq).strip();
            if (!NAME.matcher(key).matches()) {
                problems.add(source + " line " + lineNo + ": invalid variable name (must match " + NAME + ")");
                continue;
            }
            String raw = line.substring(eq + 1);
            String rest = raw.stripLeading();
            if (rest.startsWith("\"") || rest.startsWith("'")) {
                char quote = rest.charAt(0);
                StringBuilder value = new StringBuilder();
                // The value may continue on the next lines until its closing quote.
                String remaining = rest.substring(1);
                int end;
                while (true) {
                    end = closingQuote(remaining, quote);
                    if (end >= 0) {
                        value.append(remaining, 0, end);
                        break;
                    }
                    value.append(remaining).append('\n');
                    if (i + 1 >= lines.length) {
                        break;
                    }
                    remaining = lines[++i];
                }
                if (end < 0) {
                    problems.add(source + " line " + lineNo + ": variable " + key + " has no closing " + quote);
                    continue;
                }
                String after = remaining.substring(end + 1).strip();
                if (!after.isEmpty() && !after.startsWith("#")) {
                    problems.add(source + " line " + (i + 1) + ": unexpected text after the closing quote of " + key);
                    continue;
                }
                values.put(key, quote == '"' ? unescape(value.toString()) : value.toString());
            } else {
                boolean onlyComment = rest.startsWith("#") && rest.length() < raw.length();
                int comment = onlyComment ? 0 : commentStart(rest);
                values.put(key, (comment < 0 ? rest : rest.substring(0, comment)).strip());
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return Collections.unmodifiableMap(values);
    }

    private static int closingQuote(String s, char quote) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && quote == '"') {
                i++;
            } else if (c == quote) {
                return i;
            }
        }
        return -1;
    }

    private static int commentStart(String s) {
        for (int i = 1; i < s.length(); i++) {
            if (s.charAt(i) == '#' && Character.isWhitespace(s.charAt(i - 1))) {
                return i;
            }
        }
        return -1;
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                out.append(c);
                continue;
            }
            char next = s.charAt(++i);
            switch (next) {
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case '"', '\\', '$' -> out.append(next);
                default -> out.append('\\').append(next);
            }
        }
        return out.toString();
    }

    /** The value of {@code name}: the process environment's, else the file's; null when neither sets it. */
    @Override
    public String apply(String name) {
        String value = process.apply(name);
        return value != null ? value : file.get(name);
    }

    /** The value of {@code name} if it is set and not empty. */
    public Optional<String> get(String name) {
        String value = apply(name);
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    /**
     * The value of {@code name}.
     *
     * @param purpose what the variable is for, e.g. {@code "the bearer token of target 'eu'"}
     * @throws ConfigurationException naming the variable when it is unset or empty
     */
    public String require(String name, String purpose) {
        return get(name).orElseThrow(() -> new ConfigurationException("environment variable " + name
                + " is not set (" + purpose + "); set it or add it to " + (source != null ? source : DOT_ENV)));
    }

    /** The {@code .env} file this environment falls back to, if one was found. */
    public Optional<Path> dotEnvFile() {
        return Optional.ofNullable(source);
    }

    /** The names the {@code .env} file defines, in file order; empty when there is no file. */
    public Set<String> dotEnvNames() {
        return file.keySet();
    }

    /**
     * True when a variable's name says it holds a secret: it contains {@code TOKEN} (but not as
     * {@code TOKEN_URL}, a token endpoint: {@code AGENT_API_TOKEN_URL_EU}),
     * {@code SECRET}, {@code PASSWORD}, {@code PASSWD}, {@code CREDENTIAL}, {@code API_KEY}
     * ({@code APIKEY}) or {@code PRIVATE_KEY}, or ends in {@code _KEY} (any case).
     */
    public static boolean looksSecret(String name) {
        return name != null && SECRET_NAME.matcher(name).find();
    }

    /**
     * Adds to {@code secrets} the values of the variables among {@code names} (and of every
     * variable the {@code .env} file defines) that are declared secret or whose names look secret
     * ({@link #looksSecret}).
     *
     * @param names    names to consider besides the file's, e.g. the process environment's
     * @param declared the names declared secret, e.g. by providers' {@code EnvironmentVariable.secret}
     */
    public void registerSecrets(Iterable<String> names, Set<String> declared, dev.agenteval.spi.Secrets secrets) {
        Set<String> all = new java.util.LinkedHashSet<>(file.keySet());
        names.forEach(all::add);
        all.addAll(declared);
        for (String name : all) {
            if (declared.contains(name) || looksSecret(name)) {
                get(name).ifPresent(v -> secrets.add(v).add(v.strip()));
            }
        }
    }

    @Override
    public String toString() {
        return "Environment[process" + (source == null ? "" : " + " + source + " (" + file.size() + " variables)") + "]";
    }
}
