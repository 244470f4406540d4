package dev.agenteval.cli;

import picocli.CommandLine.Option;

/**
 * {@code -v}/{@code -q}, a mixin of every command so that each accepts them with the same
 * meaning: {@link Logging} sets the log level from them (-v info, -vv debug, -q errors only,
 * -qq off), and {@code run} and {@code validate} also print more or less.
 */
final class Verbosity {

    @Option(names = {"-v", "--verbose"}, description = "More output: with run, each case's answers and tool calls as"
            + " it finishes and passing cases' requests in results.md, and -vv also each turn's request and response"
            + " (secrets masked); on every command more logging (-vv: debug).")
    boolean[] verbose = new boolean[0];

    @Option(names = {"-q", "--quiet"}, description = "Less output: with run, the totals line only (-qq also silences"
            + " logging).")
    boolean[] quiet = new boolean[0];

    /** How many {@code -v} were given. */
    int verbose() {
        return verbose.length;
    }

    /** Whether {@code -q} was given. */
    boolean quiet() {
        return quiet.length > 0;
    }
}
