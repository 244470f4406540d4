package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.spi.Secrets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RedactingOutputStreamTest {

    private final ByteArrayOutputStream sink = new ByteArrayOutputStream();
    private final RedactingOutputStream masked = new RedactingOutputStream(sink, Secrets.create().add("s3cr3t-value"));
    private final PrintStream out = new PrintStream(masked, true, StandardCharsets.UTF_8);

    private String written() {
        return sink.toString(StandardCharsets.UTF_8);
    }

    @Test
    void should_mask_a_secret_written_in_pieces_and_flushed_between_them() {
        out.print("token s3cr");
        out.flush();
        assertThat(written()).isEqualTo("token ");
        out.print("3t-value é\r");
        out.println("next");

        assertThat(written()).isEqualTo("token *** é\rnext" + System.lineSeparator());
    }

    @Test
    void should_write_a_partial_line_on_flush_and_everything_when_drained() {
        out.print("progress [1/2] é");
        out.flush();
        assertThat(written()).isEqualTo("progress [1/2] é");
        out.print(" s3cr");
        masked.drain();

        assertThat(written()).isEqualTo("progress [1/2] é s3cr");
    }
}
