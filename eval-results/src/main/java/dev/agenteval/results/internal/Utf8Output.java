package dev.agenteval.results.internal;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * A UTF-8 writer that also takes text already encoded as UTF-8 ({@link #writeUtf8}), so that a
 * case fragment rendered before the report is written goes to the file as it is, without being
 * decoded and encoded again. The characters are encoded as {@link OutputStreamWriter} does.
 */
public final class Utf8Output extends Writer {

    private final OutputStream bytes;
    private final Writer chars;

    /** A writer encoding into {@code target}, buffered. */
    public Utf8Output(OutputStream target) {
        this.bytes = new BufferedOutputStream(target, 1 << 16);
        // The encoder's flush (before each pre-encoded fragment) must only hand its bytes to the
        // buffer, not push the buffer to the file.
        OutputStream unflushed = new FilterOutputStream(bytes) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                bytes.write(b, off, len);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        this.chars = new BufferedWriter(new OutputStreamWriter(unflushed, StandardCharsets.UTF_8));
    }

    /** Writes {@code utf8}, text encoded as UTF-8, after the characters written so far. */
    public void writeUtf8(byte[] utf8) throws IOException {
        chars.flush();
        bytes.write(utf8);
    }

    /**
     * Writes {@code utf8} to {@code out}: as bytes when {@code out} is a {@link Utf8Output}, else
     * decoded.
     */
    public static void writeUtf8(Writer out, byte[] utf8) throws IOException {
        if (out instanceof Utf8Output u) {
            u.writeUtf8(utf8);
        } else {
            out.write(new String(utf8, StandardCharsets.UTF_8));
        }
    }

    @Override
    public void write(int c) throws IOException {
        chars.write(c);
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        chars.write(cbuf, off, len);
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        chars.write(str, off, len);
    }

    @Override
    public void flush() throws IOException {
        chars.flush();
        bytes.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
        bytes.close();
    }
}
