package dev.agenteval.testkit.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JSON-RPC 2.0 plumbing of the {@link DemoAgent}: reads a request, checks its envelope and
 * the {@code message/send} params, hands the validated message on, and wraps the result or the
 * error in a JSON-RPC response. Logs as {@link DemoAgent}.
 */
final class JsonRpc {

    private static final Logger LOG = LoggerFactory.getLogger(DemoAgent.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    // JSON-RPC 2.0 error codes, and A2A's code for an unknown task.
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    static final int TASK_NOT_FOUND = -32001;

    private JsonRpc() {
    }

    /** A JSON-RPC error to answer with. */
    static final class RpcError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int code;

        RpcError(int code, String message) {
            super(message, null, false, false);
            this.code = code;
        }
    }

    /** The user's message, validated. */
    record Incoming(Map<String, Object> message, String text, String contextId, String taskId) {
    }

    /** The JSON-RPC response to {@code body}; {@code send} answers a valid {@code message/send} or throws an {@link RpcError}. */
    static Map<String, Object> handle(byte[] body, Function<Incoming, Map<String, Object>> send) {
        JsonNode request;
        try {
            request = MAPPER.readTree(body);
        } catch (IOException e) {
            return error(null, PARSE_ERROR, "Parse error: the body is not JSON");
        }
        JsonNode id = request == null ? null : request.get("id");
        try {
            if (request == null || !request.isObject()) {
                throw new RpcError(INVALID_REQUEST, "Invalid Request: expected a JSON object");
            }
            if (!"2.0".equals(request.path("jsonrpc").asText(null))) {
                throw new RpcError(INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
            }
            if (id == null || !(id.isTextual() || id.isIntegralNumber())) {
                id = null;
                throw new RpcError(INVALID_REQUEST, "Invalid Request: \"id\" must be a string or an integer");
            }
            JsonNode method = request.get("method");
            if (method == null || !method.isTextual()) {
                throw new RpcError(INVALID_REQUEST, "Invalid Request: \"method\" must be a string");
            }
            if (!method.textValue().equals("message/send")) {
                throw new RpcError(METHOD_NOT_FOUND, "Method not found: " + method.textValue()
                        + " (this agent supports message/send)");
            }
            Incoming incoming = incoming(request.get("params"));
            Map<String, Object> response = new LinkedHashMap<>();
            response.put("jsonrpc", "2.0");
            response.put("id", id);
            response.put("result", send.apply(incoming));
            return response;
        } catch (RpcError e) {
            return error(id, e.code, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("Demo agent failed on a message/send request", e);
            return error(id, INTERNAL_ERROR, "Internal error: " + e);
        }
    }

    private static Map<String, Object> error(JsonNode id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", "2.0");
        response.put("id", id);
        response.put("error", error);
        return response;
    }

    private static Incoming incoming(JsonNode params) {
        if (params == null || !params.isObject()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params\" must be an object holding \"message\"");
        }
        JsonNode message = params.get("message");
        if (message == null || !message.isObject()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message\" must be an object");
        }
        if (!message.path("messageId").isTextual() || message.get("messageId").textValue().isBlank()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message.messageId\" is required");
        }
        if (!"user".equals(message.path("role").asText(null))) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message.role\" must be \"user\"");
        }
        JsonNode parts = message.get("parts");
        if (parts == null || !parts.isArray() || parts.isEmpty()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message.parts\" must be a non-empty array");
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : parts) {
            if (part.path("kind").asText("").equals("text") && part.path("text").isTextual()) {
                text.append(text.length() == 0 ? "" : "\n").append(part.get("text").textValue());
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> asMap = MAPPER.convertValue(message, Map.class);
        return new Incoming(asMap, text.toString(), optionalId(message, "contextId"), optionalId(message, "taskId"));
    }

    private static String optionalId(JsonNode message, String field) {
        JsonNode value = message.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.textValue().isBlank()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message." + field + "\" must be a string");
        }
        return value.textValue();
    }
}
