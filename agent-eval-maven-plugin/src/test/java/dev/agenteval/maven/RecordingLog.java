package dev.agenteval.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.logging.SystemStreamLog;

/** A mojo's log that keeps each line with its level (and still prints it, as Maven would). */
final class RecordingLog extends SystemStreamLog {

    private record Line(String level, String text) {
    }

    private final List<Line> lines = new ArrayList<>();

    /** A recording log set on {@code mojo}. */
    static RecordingLog of(AbstractMojo mojo) {
        RecordingLog log = new RecordingLog();
        mojo.setLog(log);
        return log;
    }

    /** The lines logged at {@code level} (debug, info, warn, error), in order. */
    synchronized List<String> lines(String level) {
        return lines.stream().filter(l -> l.level().equals(level)).map(Line::text).toList();
    }

    private synchronized void add(String level, CharSequence text) {
        lines.add(new Line(level, String.valueOf(text)));
    }

    @Override
    public void debug(CharSequence content) {
        add("debug", content);
        super.debug(content);
    }

    @Override
    public void info(CharSequence content) {
        add("info", content);
        super.info(content);
    }

    @Override
    public void warn(CharSequence content) {
        add("warn", content);
        super.warn(content);
    }

    @Override
    public void error(CharSequence content) {
        add("error", content);
        super.error(content);
    }

    @Override
    public boolean isDebugEnabled() {
        return true;
    }
}
