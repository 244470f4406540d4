package dev.agenteval.agents.internal;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads an A2A agent card once per client (one run) and keeps the outcome, whatever it is.
 *
 * <ul>
 *   <li><b>Single flight:</b> the first session that needs the endpoint starts the read on a
 *       thread of its own; every other session waits for the same future. A session that is
 *       cut off (interrupted) while waiting stops waiting; the read goes on for the others.</li>
 *   <li><b>Its own short timeout:</b> {@code cardTimeoutSeconds}, by default the smaller of 5 s
 *       and the request timeout, bounds each card request (connect included).</li>
 *   <li><b>Outcomes, all cached for the client's lifetime:</b> a card with a JSON-RPC interface
 *       gives its endpoint and version; no card (an HTTP error or a body that is not a card at
 *       both paths) means A2A 0.3 at the configured URL, as before; a card request that
 *       <b>times out</b> also falls back to 0.3 at the configured URL, logged once at WARN (the
 *       URL was given explicitly, a wrong guess fails each case loudly as
 *       {@code invalid_response}, never as a pass, and the second path is not tried since a
 *       hanging server would hang again); a <b>network error</b> (the agent is unreachable) and a
 *       card offering no JSON-RPC interface are typed failures that every session gets at once,
 *       without asking again.</li>
 * </ul>
 */
final class AgentCardDiscovery {

    private static final Logger LOG = LoggerFactory.getLogger(AgentCardDiscovery.class);

    /** The longest default card timeout. */
    static final Duration DEFAULT_MAX_TIMEOUT = Duration.ofSeconds(5);

    private final HttpJson http;
    private final URI configuredUrl;
    private final URI configuredEndpoint;
    private final Duration timeout;
    private final AtomicReference<CompletableFuture<AgentCard>> outcome = new AtomicReference<>();
    private volatile Thread reader;

    /**
     * @param http               the client for card requests (its request timeout is {@code timeout})
     * @param configuredUrl      the agent's URL, spoken to when there is no card
     * @param configuredEndpoint the JSON-RPC endpoint configured explicitly, or null
     * @param timeout            the timeout of one card request
     */
    AgentCardDiscovery(HttpJson http, URI configuredUrl, URI configuredEndpoint, Duration timeout) {
        this.http = http;
        this.configuredUrl = configuredUrl;
        this.configuredEndpoint = configuredEndpoint;
        this.timeout = timeout;
    }

    /** The card timeout: {@code configured} when set, else the smaller of 5 s and the request timeout. */
    static Duration timeout(Duration configured, Duration requestTimeout) {
        if (configured != null) {
            return configured;
        }
        return requestTimeout.compareTo(DEFAULT_MAX_TIMEOUT) < 0 ? requestTimeout : DEFAULT_MAX_TIMEOUT;
    }

    /**
     * The endpoint and version, read once: the first caller starts the read, the others wait for it.
     *
     * @throws AgentException the cached failure (a fresh exception per caller, the cached one its cause)
     * @throws InterruptedException when this caller is interrupted while waiting (the read goes on)
     */
    AgentCard get() throws InterruptedException {
        CompletableFuture<AgentCard> f = outcome.get();
        if (f == null) {
            CompletableFuture<AgentCard> mine = new CompletableFuture<>();
            if (outcome.compareAndSet(null, mine)) {
                Thread t = new Thread(() -> read(mine), "agent-eval-a2a-card");
                t.setDaemon(true);
                reader = t;
                t.start();
            }
            f = outcome.get();
        }
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AgentException a) {
                throw new AgentException(a.code(), a.getMessage(), a.context(), a);
            }
            throw new AgentException(FailureCode.INTERNAL, "reading the A2A agent card failed: " + e.getCause(),
                    Map.of(), e.getCause());
        }
    }

    /** Stops a read in progress (the client is closing). */
    void close() {
        Thread t = reader;
        if (t != null) {
            t.interrupt();
        }
    }

    private void read(CompletableFuture<AgentCard> into) {
        try {
            into.complete(discover());
        } catch (InterruptedException e) {
            into.completeExceptionally(new AgentException(FailureCode.INTERNAL,
                    "the A2A agent card was not read: the client was closed", Map.of(), e));
        } catch (RuntimeException | Error e) {
            into.completeExceptionally(e);
        } finally {
            reader = null;
        }
    }

    private AgentCard discover() throws InterruptedException {
        for (String path : AgentCard.PATHS) {
            URI cardUrl = http.baseUri().resolve(path);
            JsonResponse card;
            try {
                card = http.get(path, Map.of());
            } catch (AgentException e) {
                if (e.code() == FailureCode.HTTP_ERROR || e.code() == FailureCode.INVALID_RESPONSE) {
                    LOG.debug("No A2A agent card at {}: {}", HttpJson.display(cardUrl), e.getMessage());
                    continue;
                }
                if (e.code() == FailureCode.TIMEOUT) {
                    LOG.warn("The A2A agent card at {} did not answer within {} s; speaking A2A 0.3 at {} for this run"
                            + " (set the a2a setting version to 0.3 or 1.0 to skip the card, or cardTimeoutSeconds"
                            + " to wait longer)", HttpJson.display(cardUrl), timeout.toMillis() / 1000.0,
                            HttpJson.display(fallbackEndpoint()));
                    return fallback();
                }
                throw e; // the agent is unreachable: every session gets this failure
            }
            AgentCard read = card.body().isObject() ? AgentCard.read(card.body(), cardUrl) : null;
            if (read == null) {
                throw Json.invalid("the A2A agent card at " + cardUrl + " offers no JSON-RPC interface",
                        Map.of("url", cardUrl.toString()));
            }
            AgentCard chosen = new AgentCard(configuredEndpoint != null ? configuredEndpoint : read.endpoint(),
                    read.version(), card.body());
            LOG.debug("A2A agent card at {}: version {}, endpoint {}", HttpJson.display(cardUrl), chosen.version(),
                    HttpJson.display(chosen.endpoint()));
            return chosen;
        }
        LOG.debug("No A2A agent card under {}; speaking A2A 0.3 at the configured URL", HttpJson.display(http.baseUri()));
        return fallback();
    }

    private URI fallbackEndpoint() {
        return configuredEndpoint != null ? configuredEndpoint : configuredUrl;
    }

    private AgentCard fallback() {
        return new AgentCard(fallbackEndpoint(), A2aVersion.V0_3);
    }
}
