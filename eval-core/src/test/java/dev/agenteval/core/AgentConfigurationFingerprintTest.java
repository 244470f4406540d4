package dev.agenteval.core;

import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.Case;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fingerprint covers what decides the agent's behaviour: what the agent reports of its
 * configuration and what the front end gives, without the agent's name and description.
 */
class AgentConfigurationFingerprintTest {

    private static final Suite SUITE = Suite.named("s").add(Case.id("a").turn(Turn.of("hi").expect(mustInclude("hi"))))
            .build();

    /** An echo agent reporting {@code configuration}, or failing to. */
    private static AgentClient agent(Map<String, Object> configuration) {
        AgentClient echo = InProcessAgent.replying(text -> "hi " + text);
        return new AgentClient() {
            @Override
            public AgentSession openSession(SessionRequest request) {
                return echo.openSession(request);
            }

            @Override
            public Map<String, Object> configuration() {
                if (configuration == null) {
                    throw new AgentException(FailureCode.NETWORK_ERROR, "card unreachable");
                }
                return configuration;
            }
        };
    }

    private static Fingerprint fingerprint(Map<String, Object> reported, Map<String, Object> given) {
        return EvalRunner.builder().agent(agent(reported)).agentDescription("a2a http://x/").agentConfiguration(given)
                .build().fingerprint(SUITE);
    }

    private static Map<String, Object> card(String name, String description, String skill) {
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("name", name);
        card.put("description", description);
        card.put("version", "1.2.0");
        card.put("skills", List.of(Map.of("id", skill)));
        return card;
    }

    @Test
    void should_keep_the_fingerprint_of_an_agent_that_reports_nothing() {
        assertThat(fingerprint(Map.of(), Map.of()).agent()).isEqualTo("a2a http://x/");
    }

    @Test
    void should_ignore_the_name_and_description_but_not_the_rest() {
        Fingerprint base = fingerprint(card("Support", "Helps", "refunds"), Map.of());
        assertThat(base.agent()).startsWith("a2a http://x/ configuration ");

        assertThat(fingerprint(card("Support v2", "Helps with more", "refunds"), Map.of()).value())
                .as("renamed, described anew").isEqualTo(base.value());
        assertThat(fingerprint(card("Support", "Helps", "bookings"), Map.of()).value())
                .as("another skill").isNotEqualTo(base.value());

        Map<String, Object> project = new LinkedHashMap<>(Map.of("name", "support", "prompt", "Be kind", "model", "m1"));
        Fingerprint withProject = fingerprint(Map.of(), project);
        project.put("name", "renamed");
        project.put("description", "new words");
        assertThat(fingerprint(Map.of(), project).value()).isEqualTo(withProject.value());
        project.put("prompt", "Be brief");
        assertThat(fingerprint(Map.of(), project).value()).isNotEqualTo(withProject.value());
    }

    @Test
    void should_not_lose_the_result_when_the_agent_cannot_say_and_meet_no_gate_then() {
        SuiteResult result = EvalRunner.builder().agent(agent(null)).agentDescription("a2a http://x/").build().run(SUITE);
        assertThat(result.cases()).hasSize(1);
        assertThat(result.fingerprint().agent()).isEqualTo("a2a http://x/ configuration unknown");
    }
}
