package dev.agenteval.cli;

import dev.agenteval.spi.Secrets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A stream that masks the run's secrets in every byte the command writes (results, progress and
 * every log line): it buffers up to a line end ({@code \n} or {@code \r}) and writes the line
 * masked. A flush writes a partial line too (a progress line), holding back only an end that
 * could be the start of a secret continued by the next write.
 */
final class RedactingOutputStream extends OutputStream {

    private static final int MAX_LINE = 1 << 20;

    private final OutputStream out;
    private final Secrets secrets;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    RedactingOutputStream(OutputStream out, Secrets secrets) {
        this.out = out;
        this.secrets = secrets;
    }

    /** {@code stream} masked with {@code secrets}, autoflushing, UTF-8. */
    static PrintStream wrap(PrintStream stream, Secrets secrets) {
        return new PrintStream(new RedactingOutputStream(stream, secrets), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        line.write(b);
        if (b == '\n' || b == '\r' || line.size() >= MAX_LINE) {
            emit(false);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        int start = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                line.write(b, start, i + 1 - start);
                start = i + 1;
                emit(false);
            }
        }
        line.write(b, start, end - start);
        if (line.size() >= MAX_LINE) {
            emit(false);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        emit(true);
        out.flush();
    }

    /** Writes whatever is buffered, masked, and flushes; never throws. */
    synchronized void drain() {
        try {
            emit(false);
            out.flush();
        } catch (IOException ignored) {
            // standard streams do not throw; nothing else to do at the end of a run
        }
    }

    @Override
    public synchronized void close() throws IOException {
        emit(false);
        out.close();
    }

    // A partial line may end inside a multi-byte character or a secret: both are held back.
    private void emit(boolean partial) throws IOException {
        if (line.size() == 0) {
            return;
        }
        byte[] bytes = line.toByteArray();
        int cut = bytes.length;
        if (partial) {
            cut = completeCharacters(bytes);
        }
        String text = new String(bytes, 0, cut, StandardCharsets.UTF_8);
        int held = partial ? secrets.pendingPrefix(text) : 0;
        String shown = secrets.redact(text.substring(0, text.length() - held));
        out.write(shown.getBytes(StandardCharsets.UTF_8));
        byte[] rest = (text.substring(text.length() - held)).getBytes(StandardCharsets.UTF_8);
        line.reset();
        line.write(rest, 0, rest.length);
        line.write(bytes, cut, bytes.length - cut);
    }

    /** The length of the longest prefix of {@code bytes} that ends on a whole UTF-8 character. */
    private static int completeCharacters(byte[] bytes) {
        int i = bytes.length;
        int back = 0;
        while (i > 0 && back < 4 && (bytes[i - 1] & 0xC0) == 0x80) {
            i--;
            back++;
        }
        if (i == 0) {
            return bytes.length;
        }
        int lead = bytes[i - 1] & 0xFF;
        int need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
        return need == back ? bytes.length : i - 1;
    }
}
