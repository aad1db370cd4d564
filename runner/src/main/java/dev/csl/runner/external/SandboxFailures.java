package dev.csl.runner.external;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.ShellWords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says why a command failed when the sandbox stopped it: the OS only reports "Read-only file
 * system" or an unreachable network, so the failure names the path the command could not write
 * (when its stderr names one) and the root that is writable, or how to approve network access.
 */
final class SandboxFailures {
    private static final Pattern READ_ONLY_LINE =
            Pattern.compile("(?m)^.*Read-only file system.*$");
    private static final Pattern DENIED_LINE =
            Pattern.compile("(?m)^.*(Permission denied|EACCES|Operation not permitted).*$");
    private static final Pattern QUOTED = Pattern.compile("['‘`\"]([^'’`\"]+)['’`\"]");
    private static final Pattern ABSOLUTE = Pattern.compile("(?<![\\w.])(/[^\\s:'\"]+)");
    private static final List<String> NETWORK =
            List.of(
                    "Network is unreachable",
                    "ENETUNREACH",
                    "EAI_AGAIN",
                    "Temporary failure in name resolution",
                    "Could not resolve host",
                    "getaddrinfo");

    private SandboxFailures() {}

    static CommandOutcome explain(CommandOutcome outcome, Path workingDir, boolean network) {
        return explain(outcome, workingDir, network, false);
    }

    /**
     * As {@link #explain(CommandOutcome, Path, boolean)}; under Landlock ({@code landlock}) a
     * refused write or socket reads "Permission denied" instead.
     */
    static CommandOutcome explain(
            CommandOutcome outcome, Path workingDir, boolean network, boolean landlock) {
        RunFailure failure = outcome.failure();
        if (failure == null || failure.code() != ErrorCode.COMMAND_FAILED) {
            return outcome;
        }
        String stderr = outcome.result().stderr() + "\n" + outcome.result().stdout();
        String root = realPath(workingDir);
        Matcher readOnly = READ_ONLY_LINE.matcher(stderr);
        if (readOnly.find()) {
            String path = refusedPath(readOnly.group());
            return new CommandOutcome(
                    outcome.result(),
                    new RunFailure(
                            failure.code(),
                            failure.message()
                                    + ": the sandbox refused a write"
                                    + (path != null ? " to " + path : "")
                                    + " outside the working directory; only "
                                    + root
                                    + " is writable (not its .git and .csl)",
                            "write inside the working directory only (temporary files go to /tmp,"
                                    + " which is private to the command)",
                            failure.details()));
        }
        Matcher denied = DENIED_LINE.matcher(stderr);
        if (landlock && denied.find()) {
            String path = refusedPath(denied.group());
            return new CommandOutcome(
                    outcome.result(),
                    new RunFailure(
                            failure.code(),
                            failure.message()
                                    + ": the Landlock sandbox refused an access"
                                    + (path != null ? " to " + path : "")
                                    + "; only "
                                    + root
                                    + " is writable (not its .git, .csl and repository-shaped"
                                    + " directories, and in a directory holding one only its"
                                    + " existing files)"
                                    + (network ? "" : ", and the network is off"),
                            "write inside the working directory only, into existing files or"
                                    + " subdirectories; temporary files go to $TMPDIR",
                            failure.details()));
        }
        if (!network && NETWORK.stream().anyMatch(stderr::contains)) {
            return new CommandOutcome(
                    outcome.result(),
                    new RunFailure(
                            failure.code(),
                            failure.message() + ": the network is off inside the sandbox",
                            "if the command needs the network, ask the user to approve it with"
                                    + " `csl allow --network "
                                    + ShellWords.quote(outcome.result().command())
                                    + "`",
                            failure.details()));
        }
        return outcome;
    }

    /**
     * The path a "Read-only file system" line names: the last quoted one, else the last absolute.
     */
    static String refusedPath(String line) {
        String found = null;
        Matcher quoted = QUOTED.matcher(line);
        while (quoted.find()) {
            found = quoted.group(1);
        }
        if (found != null) {
            return found;
        }
        Matcher absolute = ABSOLUTE.matcher(line);
        while (absolute.find()) {
            found = absolute.group(1);
        }
        return found;
    }

    private static String realPath(Path path) {
        try {
            return path.toRealPath().toString();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize().toString();
        }
    }
}
