package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.Locale;

/**
 * What a client needs from an A2A agent card: the JSON-RPC endpoint and its protocol version.
 * 1.0 cards list {@code supportedInterfaces[] = {url, protocolBinding, protocolVersion}}; 0.3
 * cards have a top-level {@code url}, {@code protocolVersion}, {@code preferredTransport} and
 * {@code additionalInterfaces[] = {url, transport}}. A 1.0 JSON-RPC interface is preferred.
 *
 * @param endpoint the JSON-RPC URL, resolved against the card's location
 * @param version  the protocol version spoken there
 * @param card     the card as read, or null when none was (a configured endpoint, no card served)
 */
record AgentCard(URI endpoint, A2aVersion version, JsonNode card) {

    /** An endpoint without a card. */
    AgentCard(URI endpoint, A2aVersion version) {
        this(endpoint, version, null);
    }

    /** The paths tried, in order, relative to the agent's base URL (0.3 and later, then before 0.3). */
    static final String[] PATHS = {".well-known/agent-card.json", ".well-known/agent.json"};

    private static final String JSONRPC = "JSONRPC";

    /** The JSON-RPC interface a card offers; null when it offers none. */
    static AgentCard read(JsonNode card, URI cardUrl) {
        AgentCard v03 = null;
        for (JsonNode i : Json.items(card.get("supportedInterfaces"))) {
            String binding = Json.text(i, "protocolBinding", "transport");
            String url = Json.text(i, "url");
            if (url == null || binding != null && !binding.toUpperCase(Locale.ROOT).equals(JSONRPC)) {
                continue;
            }
            A2aVersion version = A2aVersion.parse(Json.text(i, "protocolVersion"));
            if (version == A2aVersion.V1_0 || version == null) {
                return new AgentCard(cardUrl.resolve(url), A2aVersion.V1_0);
            }
            if (v03 == null) {
                v03 = new AgentCard(cardUrl.resolve(url), version);
            }
        }
        if (v03 != null) {
            return v03;
        }
        A2aVersion version = A2aVersion.parse(Json.text(card, "protocolVersion"));
        if (version == null) {
            version = A2aVersion.V0_3;
        }
        String url = Json.text(card, "url");
        String preferred = Json.text(card, "preferredTransport");
        if (url != null && (preferred == null || preferred.toUpperCase(Locale.ROOT).equals(JSONRPC))) {
            return new AgentCard(cardUrl.resolve(url), version);
        }
        for (JsonNode i : Json.items(card.get("additionalInterfaces"))) {
            String transport = Json.text(i, "transport");
            String u = Json.text(i, "url");
            if (u != null && transport != null && transport.toUpperCase(Locale.ROOT).equals(JSONRPC)) {
                return new AgentCard(cardUrl.resolve(u), version);
            }
        }
        return null;
    }
}
