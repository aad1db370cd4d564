package dev.csl.cli;

/** Exit statuses of every csl command (README, "Exit status"). */
final class ExitCodes {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int SYNTAX_ERROR = 3;

    private ExitCodes() {}
}
