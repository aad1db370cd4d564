package dev.csl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The training run the {@code ./csl} launcher records its class-data-sharing archive from (with
 * {@code -XX:ArchiveClassesAtExit}): the commands people run most, on a small project in a scratch
 * directory, so that the archive holds the classes a typical {@code csl apply} loads. Not a user
 * command; its output is discarded.
 */
final class CdsTraining {
    private static final String ANSWER =
            String.join(
                    "\n",
                    "I add a module and adjust the entry point.",
                    "",
                    "<---WRITE file=\"src/util.js\"--->",
                    // A comment with a word of the elision phrases ("before"): the check
                    // compiles its patterns, whose lambdas the cache then holds (typical code
                    // comments reach it; spinning them at run time cost ~10 ms).
                    "// doubles its input before main.js prints it",
                    "function twice(x) {",
                    "    return 2 * x;",
                    "}",
                    "module.exports = { twice };",
                    "<---END--->",
                    "",
                    "<---SEARCH file=\"src/main.js\"--->",
                    "console.log(1);",
                    "<---REPLACE--->",
                    "const { twice } = require(\"./util\");",
                    "console.log(twice(1));",
                    "<---END--->",
                    "",
                    // A pattern longer than 64 characters, as most are: TextDoc checks its
                    // periodicity first (and the second apply finds it applied already).
                    "<---SEARCH file=\"src/util.js\"--->",
                    "function twice(x) {",
                    "    return 2 * x;",
                    "}",
                    "module.exports = { twice };",
                    "<---REPLACE--->",
                    "function twice(x) {",
                    "    return x + x;",
                    "}",
                    "module.exports = { twice };",
                    "<---END--->",
                    "",
                    "<---TASKS--->",
                    "<---WRITE file=\"NOTES.md\" append=\"true\"--->",
                    "- util.js added",
                    "<---END--->",
                    "<---SEARCH file=\"src/main.js\" count=\"all\"--->",
                    "twice(1)",
                    "<---TO--->",
                    ");",
                    "<---REPLACE--->",
                    "twice(2));",
                    "<---END--->",
                    "<---END--->",
                    "",
                    "<---SEARCH file=\"src/main.js\"--->",
                    "not there",
                    "<---REPLACE--->",
                    "x",
                    "<---END--->",
                    "");

    /** A RUN of a built-in: the runner's side of an apply (sandbox, worker start, reply). */
    private static final String RUN_ANSWER =
            String.join("\n", "<---RUN--->", "echo trained", "<---END--->", "");

    private CdsTraining() {}

    public static void main(String[] args) throws IOException {
        train(args);
        // Ends as csl does, through System.exit: Runtime.exit logs the exit (at debug level) and
        // so loads the System.Logger classes, ~30 of them, which every csl command loads last.
        System.exit(0);
    }

    private static void train(String[] args) throws IOException {
        // Main's first steps (never a relaunch here: the launcher trains with a UTF-8 locale), so
        // that their classes come from the cache too, not from the jar with a verification.
        LocaleRelaunch.needed();
        Utf8Streams.install();
        Path dir = Path.of(args[0]);
        // Raw java.nio on purpose, for the four writes below: dir is the scratch directory the
        // launcher made for this training run (mktemp -d), not a user's project, and the names
        // are fixed here, never taken from an answer.
        Path project = Files.createDirectories(dir.resolve("project")); // inside mktemp's dir
        Files.createDirectories(project.resolve("src")); // inside mktemp's dir
        Files.writeString(project.resolve("src/main.js"), "console.log(1);\n"); // fixed name
        Path answer = dir.resolve("answer.md");
        Files.writeString(answer, ANSWER, StandardCharsets.UTF_8); // fixed name, mktemp's dir
        String answerPath = answer.toString();
        String projectPath = project.toString();
        if (args.length > 1 && args[1].startsWith("apply")) {
            // The caches `csl apply` starts from: only what an apply loads, so that a JVM
            // mapping one has less to map (an AOT cache loads all its classes at start); the
            // runner's classes only in the cache for answers that RUN something ("apply-run").
            FastApply.tryRun(new String[] {"apply", "--dry-run", answerPath, "-C", projectPath});
            FastApply.tryRun(new String[] {"apply", answerPath, "-C", projectPath});
            FastApply.tryRun(new String[] {"apply", "--json", answerPath, "-C", projectPath});
            if (args[1].equals("apply-run")) {
                Path run = dir.resolve("run.md");
                Files.writeString(run, RUN_ANSWER, StandardCharsets.UTF_8); // mktemp's dir
                FastApply.tryRun(
                        new String[] {"apply", "--json", run.toString(), "-C", projectPath});
            }
            return;
        }
        Main.run("parse", answerPath);
        // apply goes the way Main sends it: through FastApply, without picocli.
        FastApply.tryRun(new String[] {"apply", "--dry-run", answerPath, "-C", projectPath});
        FastApply.tryRun(new String[] {"apply", answerPath, "-C", projectPath});
        Main.run("undo", "-C", projectPath);
        FastApply.tryRun(new String[] {"apply", "--json", answerPath, "-C", projectPath});
        Main.fastParse(
                new String[] {"parse", answerPath, "--json"},
                new java.io.PrintWriter(java.io.OutputStream.nullOutputStream()),
                new java.io.PrintWriter(java.io.OutputStream.nullOutputStream()));
        mcp(projectPath, ANSWER);
    }

    /** An MCP session, as a client starts one: the classes behind csl mcp's first answers. */
    private static void mcp(String projectPath, String answer) throws IOException {
        String quoted =
                new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(answer);
        String session =
                String.join(
                        "\n",
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                                + "\"clientInfo\":{\"name\":\"training\",\"version\":\"1\"}}}",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"prompts/get\","
                                + "\"params\":{\"name\":\"instructions\"}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":"
                                + "{\"name\":\"check\",\"arguments\":{\"answer\":"
                                + quoted
                                + "}}}",
                        "");
        System.setIn(new java.io.ByteArrayInputStream(session.getBytes(StandardCharsets.UTF_8)));
        Main.run("mcp", "-C", projectPath);
    }
}
