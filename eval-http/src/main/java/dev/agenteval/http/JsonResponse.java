package dev.agenteval.http;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.common.json.JsonTrees;
import java.net.http.HttpHeaders;
import java.util.Objects;

/**
 * A successful (2xx) HTTP response with a JSON body.
 *
 * @param status  the HTTP status
 * @param headers the response headers
 * @param body    the parsed body; a {@code MissingNode} when the body was empty
 */
@API(status = MAINTAINED)
public record JsonResponse(int status, HttpHeaders headers, JsonNode body) {

    /** Validates. */
    public JsonResponse {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(body, "body");
    }

    /** The body as an immutable JSON-like value (maps, lists, scalars), as the model stores raw responses. */
    public Object value() {
        return JsonTrees.toValue(body);
    }
}
