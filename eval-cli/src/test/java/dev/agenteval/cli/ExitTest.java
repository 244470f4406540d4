package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.agenteval.http.HttpJson;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the process does right before it exits. */
class ExitTest {

    @Test
    void should_end_the_http_selector_threads_that_would_hold_the_jvm_exit() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            HttpJson http = HttpJson.builder(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/")).build();
            assertThat(http.get("x", Map.of()).body().get("ok").asBoolean()).isTrue();
            List<Thread> selectors = selectors();
            assertThat(selectors).as("the client's selector thread waits in native code").isNotEmpty();

            AgentEvalCli.releaseSelectors();

            for (Thread t : selectors) {
                t.join(10_000);
                assertThat(t.isAlive()).as(t.getName() + " ended").isFalse();
            }
            assertThat(http).as("still referenced: only the interrupt ended its selector").isNotNull();
        } finally {
            server.stop(0);
        }
    }

    private static List<Thread> selectors() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("HttpClient-") && t.getName().endsWith("-SelectorManager"))
                .toList();
    }
}
