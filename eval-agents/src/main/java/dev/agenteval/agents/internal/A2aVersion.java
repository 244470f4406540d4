package dev.agenteval.agents.internal;

import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The A2A wire shapes a client writes. 0.3: {@code message/send}, {@code kind} discriminators,
 * roles {@code user}/{@code agent}. 1.0: {@code SendMessage}, no {@code kind}, roles
 * {@code ROLE_USER}/{@code ROLE_AGENT}, header {@code A2A-Version: 1.0}. Responses of either
 * version are read by {@link A2aResults}.
 */
enum A2aVersion {
    V0_3("0.3", "message/send", "message/stream"),
    V1_0("1.0", "SendMessage", "SendStreamingMessage");

    /** The header naming the protocol version (absent means 0.3). */
    static final String HEADER = "A2A-Version";

    private final String label;
    private final String sendMethod;
    private final String streamMethod;

    A2aVersion(String label, String sendMethod, String streamMethod) {
        this.label = label;
        this.sendMethod = sendMethod;
        this.streamMethod = streamMethod;
    }

    String label() {
        return label;
    }

    String method(boolean stream) {
        return stream ? streamMethod : sendMethod;
    }

    /** The version header to send: only 1.0 names itself. */
    Map<String, String> headers() {
        return this == V1_0 ? Map.of(HEADER, "1.0") : Map.of();
    }

    /** Parses a configured or advertised version: {@code 0.3}, {@code 0.3.0}, {@code 1.0}, {@code 1}; null otherwise. */
    static A2aVersion parse(String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        if (v.equals("1") || v.startsWith("1.")) {
            return V1_0;
        }
        if (v.startsWith("0.3") || v.startsWith("0.2")) {
            return V0_3;
        }
        return null;
    }

    /** A message in this version's shape. */
    Map<String, Object> message(Message m, String messageId, String contextId, String taskId) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (this == V0_3) {
            out.put("kind", "message");
        }
        out.put("messageId", messageId);
        out.put("role", role(m.role()));
        out.put("parts", parts(m.parts()));
        if (contextId != null) {
            out.put("contextId", contextId);
        }
        if (taskId != null) {
            out.put("taskId", taskId);
        }
        if (!m.metadata().isEmpty()) {
            out.put("metadata", m.metadata());
        }
        return out;
    }

    private String role(String role) {
        if (this == V0_3) {
            return role;
        }
        return switch (role) {
            case "user" -> "ROLE_USER";
            case "agent" -> "ROLE_AGENT";
            default -> role;
        };
    }

    private List<Object> parts(List<Part> parts) {
        List<Object> out = new ArrayList<>();
        for (Part p : parts) {
            Map<String, Object> part = new LinkedHashMap<>();
            if (p instanceof Part.Text t) {
                if (this == V0_3) {
                    part.put("kind", "text");
                }
                part.put("text", t.text());
            } else if (p instanceof Part.Data d) {
                if (this == V0_3) {
                    part.put("kind", "data");
                }
                part.put("data", d.data());
            }
            out.add(part);
        }
        return out;
    }

    @Override
    public String toString() {
        return label;
    }
}
