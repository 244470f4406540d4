package dev.agenteval.cli;

/**
 * Sets slf4j-simple's level from {@code -v}/{@code -q} before the first logger is created:
 * warnings by default, {@code -v} info, {@code -vv} debug, {@code -q} errors only, {@code -qq} off.
 */
final class Logging {

    private Logging() {
    }

    static void configure(String[] args) {
        int level = 0;
        for (String a : args) {
            if (a.matches("-v+")) {
                level += a.length() - 1;
            } else if (a.equals("--verbose")) {
                level++;
            } else if (a.matches("-q+")) {
                level -= a.length() - 1;
            } else if (a.equals("--quiet")) {
                level--;
            }
        }
        String name = level >= 2 ? "debug" : level == 1 ? "info" : level == 0 ? "warn" : level == -1 ? "error" : "off";
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", name);
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
        System.setProperty("org.slf4j.simpleLogger.levelInBrackets", "true");
    }
}
