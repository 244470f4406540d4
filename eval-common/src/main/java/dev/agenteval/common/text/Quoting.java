package dev.agenteval.common.text;

/**
 * Text shown inside double quotes: in a message about an agent's answer and in the comments and
 * scalars of a recorded YAML case. One implementation, so that the message a recording fails
 * with and the file it writes quote an answer alike. Exported only to agent-eval's modules.
 */
public final class Quoting {

    /** The most characters of an answer that {@link #preview} keeps. */
    static final int PREVIEW_LENGTH = 200;

    private Quoting() {
    }

    /**
     * {@code s} in double quotes, with backslash, quote, {@code \n}, {@code \t} and {@code \r}
     * escaped and other control characters (and U+0085, U+2028, U+2029, U+FEFF) written as
     * {@code \\uXXXX}: a valid YAML double-quoted scalar that reads back as {@code s}.
     */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7F || c == 0x85 || c == '\u2028' || c == '\u2029' || c == '\uFEFF') {
                        sb.append(String.format("\\u%04X", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /**
     * A one-line preview of an answer: white space runs folded to one space, cut to
     * {@value #PREVIEW_LENGTH} characters (then ending in {@code …}) and {@linkplain #quote quoted};
     * {@code (no text)} when the answer is blank.
     */
    public static String preview(String answer) {
        String line = answer.strip().replaceAll("\\s+", " ");
        if (line.isEmpty()) {
            return "(no text)";
        }
        return quote(line.length() > PREVIEW_LENGTH ? line.substring(0, PREVIEW_LENGTH) + "…" : line);
    }
}
