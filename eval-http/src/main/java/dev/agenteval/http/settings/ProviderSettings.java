package dev.agenteval.http.settings;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.common.settings.TypedReader;
import dev.agenteval.common.text.Suggestions;
import dev.agenteval.spi.ProviderConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Typed access to a provider's string settings, the one reader of the agent clients and the
 * judges. Problems (unknown keys, bad values, missing variables) are collected and raised together
 * by {@link #check()}, before the provider sends anything. Messages name the provider and the
 * setting, never a secret value; how they name them is the provider kind's wording, chosen by the
 * factory: {@link #forAgent} ({@code a2a setting 'url': missing (...)}) or {@link #forJudge}
 * ({@code judge 'openai': setting 'samples' must be ...}).
 *
 * <p>Readers return the default (or null) after recording a problem, so a provider reads every
 * setting and reports every problem at once.
 */
@API(status = EXPERIMENTAL)
public final class ProviderSettings {

    /** Prefix of an agent client's extra header settings: {@code header.Tenant-Name=acme}. */
    public static final String HEADER_PREFIX = "header.";

    /** How a provider kind words where a problem is. */
    private enum Wording {
        /** {@code a2a: ...}, {@code a2a setting 'url': missing (...)}, with a did-you-mean for an unknown key. */
        AGENT {
            @Override
            String about(String provider) {
                return provider + ": ";
            }

            @Override
            String at(String provider, String key) {
                return provider + " setting '" + key + "': ";
            }

            @Override
            String unknown(String provider, String key, Collection<String> known, String listed) {
                return at(provider, key) + "unknown setting" + Suggestions.closest(key, known)
                        .map(s -> " (did you mean '" + s + "'?)").orElse("") + " (known: " + listed + ")";
            }
        },
        /** {@code judge 'openai': ...}, {@code judge 'openai': setting 'samples' must be ...}. */
        JUDGE {
            @Override
            String about(String provider) {
                return "judge '" + provider + "': ";
            }

            @Override
            String at(String provider, String key) {
                return about(provider) + "setting '" + key + "' ";
            }

            @Override
            String unknown(String provider, String key, Collection<String> known, String listed) {
                return about(provider) + "unknown setting '" + key + "' (known: " + listed + ")";
            }
        };

        /** The start of a problem about the provider as a whole. */
        abstract String about(String provider);

        /** The start of a problem about {@code key}, followed by what is wrong ({@code "must be ..."}). */
        abstract String at(String provider, String key);

        /** The problem of an unknown key; {@code listed} is the known keys as the message lists them. */
        abstract String unknown(String provider, String key, Collection<String> known, String listed);
    }

    /**
     * The problems and known keys, kept by agent-eval's shared reader base; held rather than
     * extended, so that no type of an internal module shows in this public class.
     */
    private final class Problems extends TypedReader<String> {
        Problems(LinkedHashSet<String> known) {
            super(known);
        }

        @Override
        protected boolean knows(String key) {
            return super.knows(key) || (openPrefix != null && key.startsWith(openPrefix));
        }

        void reject(Collection<String> keys, String listed) {
            rejectUnknown(keys, key -> wording.unknown(provider, key, known(), listed));
        }

        void record(String problem) {
            add(problem);
        }
    }

    private final String provider;
    private final ProviderConfig config;
    private final Wording wording;
    /** Keys starting with it are accepted besides the known ones (the agents' headers), or null. */
    private final String openPrefix;
    private final Problems problems;

    private ProviderSettings(String provider, ProviderConfig config, Wording wording, LinkedHashSet<String> known,
                             String openPrefix) {
        this.provider = provider;
        this.config = config;
        this.wording = wording;
        this.openPrefix = openPrefix;
        this.problems = new Problems(known);
        problems.reject(config.settings().keySet(),
                String.join(", ", known) + (openPrefix == null ? "" : ", " + openPrefix + "<Name>"));
    }

    /**
     * The settings of agent client {@code provider}: {@code known} (listed sorted in the unknown
     * key's problem, with a did-you-mean) and any {@code header.<Name>}.
     */
    public static ProviderSettings forAgent(String provider, ProviderConfig config, Collection<String> known) {
        return new ProviderSettings(provider, config, Wording.AGENT, new LinkedHashSet<>(new TreeSet<>(known)),
                HEADER_PREFIX);
    }

    /** The settings of judge {@code provider}: {@code known} only, listed in their order in the unknown key's problem. */
    public static ProviderSettings forJudge(String provider, ProviderConfig config, List<String> known) {
        return new ProviderSettings(provider, config, Wording.JUDGE, new LinkedHashSet<>(known), null);
    }

    /** The provider's id, as the messages name it. */
    public String provider() {
        return provider;
    }

    /** The settings read. */
    public ProviderConfig config() {
        return config;
    }

    /** Records a problem about {@code key}: {@code message} says what is wrong ({@code "must be ..."}). */
    public void problem(String key, String message) {
        problems.record(wording.at(provider, key) + message);
    }

    /** Records a problem not tied to one setting. */
    public void problem(String message) {
        problems.record(wording.about(provider) + message);
    }

    /** The problems recorded so far, in order; never null. */
    public List<String> problems() {
        return problems.problems();
    }

    /**
     * Throws every recorded problem at once; a provider calls it once it has read its settings,
     * before it uses a value that a problem left null.
     *
     * @throws ConfigurationException listing the problems, when there are any
     */
    public void check() {
        if (!problems().isEmpty()) {
            throw new ConfigurationException(List.copyOf(problems()));
        }
    }

    /** The setting, stripped, if present and not blank. */
    public Optional<String> string(String key) {
        return config.get(key).map(String::strip).filter(s -> !s.isEmpty());
    }

    /** The setting, stripped, or {@code defaultValue} when absent or blank. */
    public String string(String key, String defaultValue) {
        return string(key).orElse(defaultValue);
    }

    /** The setting, else environment variable {@code variable} (when not null), stripped, if either is not blank. */
    public Optional<String> stringOrEnv(String key, String variable) {
        Optional<String> v = string(key);
        return v.isPresent() || variable == null ? v : config.env(variable).map(String::strip);
    }

    /** A required setting; records a problem and returns null when missing. */
    public String required(String key, String meaning) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            problem(key, "missing (" + meaning + ")");
            return null;
        }
        return v.get();
    }

    /** An optional absolute http(s) URL; null when absent or invalid. */
    public URI uri(String key) {
        return string(key).map(v -> uri(key, v)).orElse(null);
    }

    /** A required absolute http(s) URL; records a problem naming {@code meaning} and returns null when missing. */
    public URI requiredUri(String key, String meaning) {
        String v = required(key, meaning);
        return v == null ? null : uri(key, v);
    }

    private URI uri(String key, String v) {
        try {
            URI uri = new URI(v);
            if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                    || uri.getHost() == null) {
                problem(key, "must be an absolute http(s) URL but was '" + v + "'");
                return null;
            }
            return uri;
        } catch (URISyntaxException e) {
            problem(key, "is not a valid URL: '" + v + "'");
            return null;
        }
    }

    /** {@code true} or {@code false} (any case), or null when absent or invalid. */
    public Boolean flag(String key) {
        String b = valid(key, null, s -> s.toLowerCase(Locale.ROOT), s -> s.equals("true") || s.equals("false"),
                "true or false");
        return b == null ? null : Boolean.valueOf(b);
    }

    /** {@code true} or {@code false} (any case), or {@code defaultValue} when absent or invalid. */
    public boolean bool(String key, boolean defaultValue) {
        Boolean b = flag(key);
        return b == null ? defaultValue : b;
    }

    /** A whole number of at least {@code min}, or {@code defaultValue} when absent or invalid. */
    public long wholeNumber(String key, long min, long defaultValue) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        try {
            long n = Long.parseLong(v.get());
            if (n < min) {
                problem(key, "must be >= " + min + " but was " + n);
                return defaultValue;
            }
            return n;
        } catch (NumberFormatException e) {
            problem(key, "must be a whole number but was '" + v.get() + "'");
            return defaultValue;
        }
    }

    /**
     * An {@code int} of at least {@code min}, odd when {@code odd}, or {@code defaultValue} when
     * absent or invalid (one problem for every way it is invalid).
     */
    public int integer(String key, int min, int defaultValue, boolean odd) {
        return valid(key, defaultValue, Integer::valueOf, i -> i >= min && (!odd || i % 2 == 1),
                (odd ? "an odd " : "an ") + "integer >= " + min);
    }

    /** Any number, or null when absent or invalid. */
    public Double decimal(String key) {
        return valid(key, null, Double::valueOf, d -> true, "a number");
    }

    /** A number in {@code min..max}, or {@code defaultValue} when absent or invalid. */
    public double numberIn(String key, double min, double max, double defaultValue) {
        return valid(key, defaultValue, Double::valueOf, d -> d >= min && d <= max,
                "a number in " + plain(min) + ".." + plain(max));
    }

    /** A positive number of seconds (fractions allowed, at least a millisecond), or {@code defaultValue}. */
    public Duration seconds(String key, Duration defaultValue) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        try {
            double s = Double.parseDouble(v.get());
            if (!(s > 0)) {
                problem(key, "must be > 0 but was " + v.get());
                return defaultValue;
            }
            return Duration.ofMillis(Math.max(1, Math.round(s * 1000)));
        } catch (NumberFormatException e) {
            problem(key, "must be a number of seconds but was '" + v.get() + "'");
            return defaultValue;
        }
    }

    /** One of {@code allowed} (case-insensitive), lower-cased, or {@code defaultValue}. */
    public String choice(String key, String defaultValue, List<String> allowed) {
        return valid(key, defaultValue, s -> s.toLowerCase(Locale.ROOT), allowed::contains,
                "one of " + String.join(", ", allowed));
    }

    /**
     * The setting converted by {@code convert} when {@code ok} holds for the result; else records
     * {@code must be <must> but was '<value>'} and returns {@code defaultValue}, as when absent.
     * A {@link NumberFormatException} of {@code convert} counts as not ok.
     */
    private <T> T valid(String key, T defaultValue, Function<String, T> convert, Predicate<T> ok, String must) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        try {
            T t = convert.apply(v.get());
            if (ok.test(t)) {
                return t;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problem(key, "must be " + must + " but was '" + v.get() + "'");
        return defaultValue;
    }

    /** The value of environment variable {@code name}; records a problem naming it when unset. */
    public String requireEnv(String name, String purpose) {
        Optional<String> v = config.env(name);
        if (v.isEmpty()) {
            problem("environment variable " + name + " is not set (" + purpose + ")");
            return null;
        }
        return v.get();
    }

    /** The settings starting with {@link #HEADER_PREFIX}, by header name, in their order. */
    public Map<String, String> headerSettings() {
        Map<String, String> headers = new LinkedHashMap<>();
        config.settings().forEach((k, v) -> {
            if (k.startsWith(HEADER_PREFIX) && k.length() > HEADER_PREFIX.length()) {
                headers.put(k.substring(HEADER_PREFIX.length()), v);
            }
        });
        return headers;
    }

    /** {@code 1} for 1.0, {@code 0.5} for 0.5. */
    private static String plain(double d) {
        return d == Math.rint(d) && !Double.isInfinite(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
