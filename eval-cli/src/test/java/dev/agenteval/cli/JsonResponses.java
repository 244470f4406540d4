package dev.agenteval.cli;

import mockwebserver3.MockResponse;

/**
 * The JSON answers of the CLI tests' multi-endpoint MockWebServers (a token endpoint beside an
 * agent). A judge or a simulator alone is the testkit's {@code FakeChatModel}, an A2A agent alone
 * its {@code FakeA2aAgent}.
 */
final class JsonResponses {

    private JsonResponses() {
    }

    /** 200 with {@code body}, JSON text, sent as it is. */
    static MockResponse json(String body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json").body(body).build();
    }
}
