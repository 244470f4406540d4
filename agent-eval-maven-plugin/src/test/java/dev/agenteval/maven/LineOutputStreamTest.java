package dev.agenteval.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineOutputStreamTest {

    @Test
    void hands_on_each_line_without_its_end_and_the_unfinished_last_one_on_close() {
        List<String> lines = new ArrayList<>();
        try (PrintStream out = new PrintStream(new LineOutputStream(lines::add), true, StandardCharsets.UTF_8)) {
            out.print("first\r\nsecond – ü\n\nthi");
            out.print("rd");
        }

        assertThat(lines).containsExactly("first", "second – ü", "", "third");
    }
}
