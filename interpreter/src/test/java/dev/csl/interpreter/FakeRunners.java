package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.RunRequest;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small stand-in for the runner: {@code mkdir D}, {@code touch F}, {@code rm [-r] P}, {@code cat
 * F}, {@code false}, and {@code external X} (an "external" command, reported irreversible). Tells
 * the change recorder before every change, as the real built-ins do.
 */
final class FakeRunners implements RunSessionFactory {
    private static final java.util.Set<String> KNOWN =
            java.util.Set.of("mkdir", "touch", "rm", "cat", "external", "false");

    @Override
    public RunSession open(dev.csl.runner.base.RunnerConfig config) {
        Path root = config.workingDir();
        return new RunSession() {
            @Override
            public RunOutcome run(RunRequest request) {
                List<CommandResult> done = new ArrayList<>();
                boolean irreversible = false;
                for (String line : request.content().split("\n")) {
                    String[] w = line.trim().split("\\s+");
                    try {
                        String out = "";
                        switch (w[0]) {
                            case "mkdir" -> {
                                Path p = root.resolve(w[1]);
                                request.recorder().willChange(p);
                                Files.createDirectories(p);
                            }
                            case "touch" -> {
                                Path p = root.resolve(w[1]);
                                request.recorder().willChange(p);
                                if (!Files.exists(p)) {
                                    Files.createFile(p);
                                }
                            }
                            case "rm" -> {
                                Path p = root.resolve(w[w.length - 1]);
                                request.recorder().willChange(p);
                                deleteTree(p);
                            }
                            case "cat" -> out = Files.readString(root.resolve(w[1]));
                            case "external" -> irreversible = true;
                            case "false" -> {
                                done.add(new CommandResult(line, 1, "", "", 0));
                                return new RunOutcome(
                                        done,
                                        new RunFailure(
                                                ErrorCode.COMMAND_FAILED,
                                                "'false' exited with status 1.",
                                                "Fix the command.",
                                                Map.of("exitCode", 1)),
                                        "none",
                                        irreversible);
                            }
                            default -> {
                                return new RunOutcome(
                                        done,
                                        new RunFailure(
                                                ErrorCode.COMMAND_NOT_FOUND,
                                                "No such command: " + w[0],
                                                "Use a built-in.",
                                                Map.of()),
                                        "none",
                                        irreversible);
                            }
                        }
                        done.add(new CommandResult(line, 0, out, "", 0));
                    } catch (IOException e) {
                        done.add(new CommandResult(line, 1, "", e.toString(), 0));
                        return new RunOutcome(
                                done,
                                new RunFailure(
                                        ErrorCode.COMMAND_FAILED,
                                        e.toString(),
                                        "",
                                        Map.of("exitCode", 1)),
                                "none",
                                irreversible);
                    }
                }
                return new RunOutcome(done, null, "none", irreversible);
            }

            @Override
            public RunFailure check(
                    RunRequest request, java.util.function.Predicate<Path> madeEarlier) {
                for (String line : request.content().split("\n")) {
                    String name = line.trim().split("\\s+")[0];
                    if (!KNOWN.contains(name)) {
                        return new RunFailure(
                                ErrorCode.COMMAND_NOT_FOUND,
                                "No such command: " + name,
                                "Use a built-in.",
                                Map.of());
                    }
                }
                return null;
            }

            @Override
            public void close() {}
        };
    }

    /** rm -r as the stand-in does it: never following a link (a test double, not csl's code). */
    private static void deleteTree(Path path) throws IOException {
        if (Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            List<Path> children;
            try (var list = Files.list(path)) {
                children = list.toList();
            }
            for (Path child : children) {
                deleteTree(child);
            }
        }
        Files.deleteIfExists(path);
    }
}
