package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/** Turns an unexpected exception into one line on stderr: users never see a stack trace. */
final class UserFacingExceptionHandler implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(
            Exception ex, CommandLine commandLine, ParseResult parseResult) {
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        commandLine.getErr().println("csl: internal error: " + TerminalText.body(message));
        return ExitCodes.USAGE;
    }
}
