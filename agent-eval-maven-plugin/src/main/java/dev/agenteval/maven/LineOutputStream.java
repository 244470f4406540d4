package dev.agenteval.maven;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Hands each line written to it (UTF-8, without its line end) to a consumer, so that what the
 * command prints goes to the Maven log line by line. Thread-safe; {@link #close()} hands on an
 * unfinished last line.
 */
final class LineOutputStream extends OutputStream {

    private final Consumer<String> lines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LineOutputStream(Consumer<String> lines) {
        this.lines = lines;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            emit();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void close() {
        if (line.size() > 0) {
            emit();
        }
    }

    private void emit() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        lines.accept(text);
    }
}
