package dev.csl.cli;

import picocli.CommandLine.Option;

/** {@code --start-delimiter S --end-delimiter E}, shared by the commands that read an answer. */
final class DelimiterOptions {
    @Option(
            names = "--start-delimiter",
            paramLabel = "S",
            description = "Start delimiter of marker lines (default: ${DEFAULT-VALUE}).",
            defaultValue = "<---")
    String start;

    @Option(
            names = "--end-delimiter",
            paramLabel = "E",
            description = "End delimiter of marker lines (default: ${DEFAULT-VALUE}).",
            defaultValue = "--->")
    String end;
}
