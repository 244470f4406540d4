package dev.agenteval.cli;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** Test-only agent clients, registered through src/test/resources/META-INF/services. */
final class TestAgents {

    private TestAgents() {
    }

    /** Echoes the input, prefixed with "hello". */
    public static final class Echo implements AgentClientProvider {
        @Override
        public String id() {
            return "test-echo";
        }

        @Override
        public List<EnvironmentVariable> environmentVariables() {
            return List.of(EnvironmentVariable.secret("TEST_ECHO_TOKEN", "Token of the test echo agent."));
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            config.require("url");
            return InProcessAgent.replying(text -> "hello, you said: " + text);
        }
    }

    /** Says hello, and reports its Opik trace ({@link #TRACE} and the case id) in the task metadata. */
    public static final class Traced implements AgentClientProvider {
        static final String TRACE = "0190a8b2-7c3d-7e4f-8a1b-";

        @Override
        public String id() {
            return "test-traced";
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            config.require("url");
            return InProcessAgent.of((conversation, message) -> AgentResponse.builder()
                    .part(dev.agenteval.api.Part.text("hello, you said: " + message.text())).state(TaskState.COMPLETED)
                    .raw(java.util.Map.of("kind", "task", "metadata", java.util.Map.of("opik_trace_id",
                            TRACE + String.format("%012d", Math.abs(conversation.caseId().hashCode())))))
                    .build());
        }
    }

    /**
     * A support agent that reports tool calls: a refund question looks the order up, logs, then
     * checks the refund; a weather question calls get_weather; anything else calls no tool.
     */
    public static final class Tools implements AgentClientProvider {
        @Override
        public String id() {
            return "test-tools";
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            config.require("url");
            return InProcessAgent.of((conversation, message) -> {
                String text = message.text().toLowerCase(java.util.Locale.ROOT);
                List<String> tools = text.contains("refund") ? List.of("find_order", "log_event", "refund_status")
                        : text.contains("weather") ? List.of("get_weather") : List.of();
                return AgentResponse.builder().text("done: " + message.text())
                        .toolCalls(tools.stream().map(t -> ToolCall.of(t, java.util.Map.of("q", message.text()))).toList())
                        .state(TaskState.COMPLETED).build();
            });
        }
    }

    /**
     * A stochastic agent: to {@code p=0.7} it answers {@code heads} with probability 0.7, else
     * {@code tails}, from a coin seeded by the case id and the attempt, so a run is the same every time.
     */
    public static final class Coin implements AgentClientProvider {
        @Override
        public String id() {
            return "test-coin";
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            config.require("url");
            return InProcessAgent.of((conversation, message) -> {
                double p = Double.parseDouble(message.text().trim().substring("p=".length()));
                // SplittableRandom mixes its seed: java.util.Random's first draws from adjacent seeds
                // (the attempts 1..n of a case) are nearly equal, so every attempt would land alike.
                java.util.SplittableRandom coin = new java.util.SplittableRandom(
                        java.util.Objects.hash(conversation.caseId(), conversation.request().attempt()));
                return AgentResponse.builder().text(coin.nextDouble() < p ? "heads" : "tails")
                        .state(TaskState.COMPLETED).build();
            });
        }
    }

    /** An agent that is never reachable. */
    public static final class Down implements AgentClientProvider {
        @Override
        public String id() {
            return "test-down";
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            return request -> {
                throw new AgentException(FailureCode.NETWORK_ERROR, "connection refused: " + config.require("url"));
            };
        }
    }

    /** Echoes like {@link Echo} and counts every message sent to any of its clients. */
    public static final class Counting implements AgentClientProvider {
        /** Messages sent since the last {@link #reset()}. */
        static final AtomicInteger SENT = new AtomicInteger();

        static void reset() {
            SENT.set(0);
        }

        @Override
        public String id() {
            return "test-count";
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            config.require("url");
            return InProcessAgent.replying(text -> {
                SENT.incrementAndGet();
                return "hello, you said: " + text;
            });
        }
    }

    /**
     * Echoes like {@link Echo}, except that the first message after {@link #reset()} is held until
     * {@link #RELEASE} opens (or the run is interrupted); {@link #ENTERED} opens when it arrives.
     */
    public static final class Holding implements AgentClientProvider {
        static volatile CountDownLatch ENTERED = new CountDownLatch(1);
        static volatile CountDownLatch RELEASE = new CountDownLatch(1);
        private static final AtomicBoolean FIRST = new AtomicBoolean(true);

        static void reset() {
            ENTERED = new CountDownLatch(1);
            RELEASE = new CountDownLatch(1);
            FIRST.set(true);
        }

        @Override
        public String id() {
            return "test-hold";
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            config.require("url");
            return InProcessAgent.of((conversation, message) -> {
                if (FIRST.compareAndSet(true, false)) {
                    ENTERED.countDown();
                    RELEASE.await();
                }
                return AgentResponse.builder().part(dev.agenteval.api.Part.text("hello, you said: " + message.text()))
                        .state(TaskState.COMPLETED).contextId(conversation.contextId()).build();
            });
        }
    }
}
