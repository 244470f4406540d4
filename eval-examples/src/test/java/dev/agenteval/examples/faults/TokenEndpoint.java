package dev.agenteval.examples.faults;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/**
 * An OAuth2 token endpoint (client credentials) for the secrets tests, on MockWebServer: the
 * testkit fakes agents and models, not authorization servers. It issues {@code accessToken} to a
 * request carrying the client secret in the form or as HTTP Basic, and answers 401 with the form
 * it got otherwise.
 */
final class TokenEndpoint extends Dispatcher {

    private final String clientId;
    private final String clientSecret;
    private final String accessToken;
    private final AtomicInteger issued = new AtomicInteger();

    TokenEndpoint(String clientId, String clientSecret, String accessToken) {
        this.clientId = clientId;
        this.clientSecret = clientSecret;
        this.accessToken = accessToken;
    }

    /** {@code Basic base64(id:secret)}. */
    static String basic(String id, String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((id + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }

    /** The tokens issued so far. */
    int issued() {
        return issued.get();
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        String form = request.getBody().utf8();
        if (!form.contains("client_secret=" + clientSecret)
                && !basic(clientId, clientSecret).equals(request.getHeaders().get("Authorization"))) {
            return json(401, "{\"error\":\"invalid_client\",\"got\":\"" + form.replace("\\", "\\\\").replace("\"", "\\\"")
                    + "\"}");
        }
        issued.incrementAndGet();
        return json(200, "{\"access_token\":\"" + accessToken + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
    }

    private static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json").body(body).build();
    }
}
