package dev.csl.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line that runs csl as a child process from the tests' own class path. */
public final class CslJava {
    private CslJava() {}

    /**
     * The JVM flags the launcher gives a short-lived csl command (C1 only, serial GC, no perf-data
     * file, the JDK's class-data archive): a child csl of a test starts as cheaply as the
     * launcher's, and behaves the same.
     */
    public static List<String> shortCommandFlags() {
        return List.of(
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-Xshare:auto");
    }

    /** {@code java ... dev.csl.cli.Main ARGS}, with the short-command JVM flags. */
    public static List<String> command(String... args) {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-XX:+UseSerialGC",
                                "-XX:TieredStopAtLevel=1",
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
