package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.JsonValues;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The secret values of a run, and the one place that masks them. Everything that learns a secret
 * registers it: the runner (suite variables read from {@code env:}), the launchers (environment
 * variables declared secret, secret-looking {@code .env} values), agent clients and judges (static
 * tokens, client secrets, every access token they obtain, API keys, passwords written in URLs).
 * Everything that writes output redacts through it: results before they reach a report, the
 * command line's every byte of standard output and error (progress and log lines), and what is
 * sent to the judge unless the user opts out.
 *
 * <p>A secret is masked as {@value #MASK} in every form it can take in output: as written,
 * JSON-escaped (once and twice, as in JSON quoted inside JSON), with non-ASCII escaped,
 * HTML-escaped, URL-encoded ({@code +} or {@code %20} for spaces), and base64 (standard and
 * URL-safe, padded or not); {@link #addBasic} adds the HTTP Basic form of a user and password. A
 * secret of at least {@value #MIN_PARTIAL} characters cut by a truncation ({@code …}) is masked on
 * the cut side too, so a shortened excerpt never keeps half a secret.
 *
 * <p>Thread-safe: secrets may be added while the run goes on (an access token obtained mid-run);
 * a redaction sees every secret added before it starts. Secrets are never removed.
 *
 * <pre>{@code
 * Secrets secrets = Secrets.create();
 * AgentClient agent = AgentClients.create("a2a", url, Map.of(), env, secrets); // clients register theirs
 * EvalRunner.builder().agent(agent).secrets(secrets).build();                  // results are masked
 * }</pre>
 */
@API(status = STABLE)
public final class Secrets {

    /** The replacement for a secret. */
    public static final String MASK = "***";

    /** The shortest value taken for a secret. */
    public static final int MIN_LENGTH = 4;

    /** Secrets at least this long are also masked where a truncation cut them. */
    public static final int MIN_PARTIAL = 8;

    private static final String ELLIPSIS = "…";
    private static final int MIN_PIECE = 4;
    private static final Secrets SHARED = new Secrets();

    private final Set<String> values = new LinkedHashSet<>();
    /** Every form of every secret, longest first; replaced whole on each change. */
    private volatile List<String> forms = List.of();
    /** The secrets long enough to be masked where a truncation cut them. */
    private volatile List<String> cuttable = List.of();

    private Secrets() {
    }

    /** A new, empty set of secrets for one run. */
    public static Secrets create() {
        return new Secrets();
    }

    /**
     * The process-wide set that components use when nobody gave them a run's own: a secret added
     * here is masked in every output of this process that redacts through it. Launchers give each
     * run its own set.
     */
    public static Secrets shared() {
        return SHARED;
    }

    /**
     * Adds a secret value. Values shorter than {@value #MIN_LENGTH} characters are ignored: no
     * credential is that short, and masking every {@code a} or {@code key} in a report would
     * destroy it without protecting anything. Returns this.
     */
    public Secrets add(String secret) {
        if (secret == null || secret.length() < MIN_LENGTH) {
            return this;
        }
        synchronized (values) {
            if (values.add(secret)) {
                rebuild();
            }
        }
        return this;
    }

    /** Adds every value. Returns this. */
    public Secrets addAll(Iterable<String> secrets) {
        Objects.requireNonNull(secrets, "secrets");
        for (String s : secrets) {
            add(s);
        }
        return this;
    }

    /**
     * Adds a password and the forms it takes with its user: {@code user:password} and its HTTP
     * Basic encoding. The user name itself is not a secret.
     */
    public Secrets addBasic(String user, String password) {
        if (password == null || password.isEmpty()) {
            return this;
        }
        add(password);
        String pair = (user == null ? "" : user) + ":" + password;
        add(pair);
        return this;
    }

    /** True when no secret was added. */
    public boolean isEmpty() {
        return forms.isEmpty();
    }

    /** How many secret values were added (not counting their forms). */
    public int size() {
        synchronized (values) {
            return values.size();
        }
    }

    /** {@code text} with every form of every secret masked; null stays null. */
    public String redact(String text) {
        List<String> all = forms;
        if (text == null || text.isEmpty() || all.isEmpty()) {
            return text;
        }
        String out = text;
        for (String form : all) {
            if (out.contains(form)) {
                out = out.replace(form, MASK);
            }
        }
        if (out.contains(ELLIPSIS)) {
            out = maskCutPieces(out);
        }
        return out;
    }

    /** True when {@code text} holds a form of a secret. */
    public boolean containsSecret(String text) {
        if (text == null) {
            return false;
        }
        for (String form : forms) {
            if (text.contains(form)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many characters at the end of {@code text} could be the start of a secret that goes on
     * in the next piece of a stream: the length of the longest suffix that is a proper prefix of
     * a form of a secret; 0 when there is none. A stream that masks line by line holds these back
     * when it flushes a partial line.
     */
    public int pendingPrefix(String text) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        int best = 0;
        for (String form : forms) {
            for (int k = Math.min(form.length() - 1, text.length()); k > best; k--) {
                if (text.regionMatches(text.length() - k, form, 0, k)) {
                    best = k;
                    break;
                }
            }
        }
        return best;
    }

    // A secret cut by a truncation leaves its start before an ellipsis or its end after one.
    private String maskCutPieces(String text) {
        String out = text;
        for (String secret : cuttable) {
            for (int k = secret.length() - 1; k >= MIN_PIECE; k--) {
                String head = secret.substring(0, k) + ELLIPSIS;
                if (out.contains(head)) {
                    out = out.replace(head, MASK + ELLIPSIS);
                }
                String tail = ELLIPSIS + secret.substring(secret.length() - k);
                if (out.contains(tail)) {
                    out = out.replace(tail, ELLIPSIS + MASK);
                }
            }
        }
        return out;
    }

    private void rebuild() {
        Set<String> all = new LinkedHashSet<>();
        List<String> cut = new ArrayList<>();
        for (String v : values) {
            all.addAll(forms(v));
            if (v.length() >= MIN_PARTIAL) {
                cut.add(v);
            }
        }
        List<String> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        forms = List.copyOf(sorted);
        cuttable = List.copyOf(cut);
    }

    /** The forms a secret can take in output. */
    static Set<String> forms(String secret) {
        Set<String> forms = new LinkedHashSet<>();
        forms.add(secret);
        String json = JsonValues.escaped(secret, false);
        forms.add(json);
        forms.add(JsonValues.escaped(json, false));
        String ascii = JsonValues.escaped(secret, true);
        forms.add(ascii);
        forms.add(upperHexEscapes(ascii));
        forms.add(json.replace("/", "\\/"));
        forms.add(htmlEscaped(secret));
        String url = URLEncoder.encode(secret, StandardCharsets.UTF_8);
        forms.add(url);
        forms.add(url.replace("+", "%20"));
        byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
        String b64 = Base64.getEncoder().encodeToString(bytes);
        forms.add(b64);
        forms.add(Base64.getUrlEncoder().encodeToString(bytes));
        forms.add(Base64.getEncoder().withoutPadding().encodeToString(bytes));
        forms.add(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
        forms.remove("");
        return forms;
    }

    // Jackson writes \u00E9 where Python writes \u00e9.
    private static String upperHexEscapes(String escaped) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\\\u([0-9a-f]{4})").matcher(escaped);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement("\\u" + m.group(1).toUpperCase(java.util.Locale.ROOT)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String htmlEscaped(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }

    @Override
    public String toString() {
        return "Secrets[" + size() + " values]";
    }
}
