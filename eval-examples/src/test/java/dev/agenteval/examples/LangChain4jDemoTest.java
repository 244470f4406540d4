package dev.agenteval.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LangChain4jDemoTest {

    @Test
    void the_yaml_suite_scores_the_calls_the_langchain4j_agent_made_and_the_mocked_tools_never_run() {
        LangChain4jDemo.ClinicTools tools = new LangChain4jDemo.ClinicTools();
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        SuiteResult result = LangChain4jDemo.run(tools, new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(result.cases()).extracting(CaseResult::id).containsExactlyInAnyOrder("books-monday", "books-friday");
        assertThat(result.cases()).allSatisfy(c -> assertThat(c.status()).as(c.id() + ": " + c.reason())
                .isEqualTo(CaseStatus.PASSED));
        assertThat(result.cases()).flatMap(CaseResult::turns).allSatisfy(t -> {
            assertThat(t.toolCalls()).extracting(ToolCall::name).containsExactly("findSlots", "book");
            assertThat(t.usage().totalTokens()).isEqualTo(412L);
        });
        assertThat(tools.bookings).as("book is mocked in every case").hasValue(0);
        assertThat(tools.searches).as("findSlots is mocked for friday").hasValue(1);
        assertThat(result.cases()).flatMap(CaseResult::turns).flatMap(t -> t.toolCalls())
                .filteredOn(c -> c.name().equals("book"))
                .allSatisfy(c -> assertThat(c.mocked()).isTrue())
                .allSatisfy(c -> assertThat(c.result()).isEqualTo(java.util.Map.of("confirmation", "DEMO-1")));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("books-monday");
    }
}
