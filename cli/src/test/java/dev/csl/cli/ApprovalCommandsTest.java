package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ApprovalCommandsTest {
    @TempDir Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    private String commandsJson() throws IOException {
        return Files.readString(dir.resolve(".csl/commands.json"));
    }

    @Test
    void allow_newCommand_savedCanonicallyAndReported() throws IOException {
        int exit = run("allow", "npm  test", "-C", dir.toString());

        assertThat(exit).isZero();
        assertThat(out.toString())
                .isEqualTo(
                        "Allowed 'npm test' in "
                                + dir.resolve(".csl/commands.json")
                                + System.lineSeparator());
        assertThat(commandsJson())
                .isEqualTo("{\n  \"allowed\" : [ \"npm test\" ],\n  \"blocked\" : [ ]\n}\n");
    }

    @Test
    void allow_separateWordsAndNetwork_oneEntryWithNetwork() throws IOException {
        int exit = run("allow", "--network", "-C", dir.toString(), "npm", "install", "*");

        assertThat(exit).isZero();
        assertThat(commandsJson())
                .contains("\"allowed\" : [ \"npm install *\" ]")
                .contains("\"network\" : [ \"npm install *\" ]");
    }

    @Test
    void allow_wordsAsAShellGivesThem_savedShellQuotedListedAndRemovable() throws IOException {
        int exit =
                run("allow", "-C", dir.toString(), "--", "python3", "-c", "import todo; print(1)");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("Allowed `python3 -c 'import todo; print(1)'` in ");
        assertThat(commandsJson()).contains("\"python3 -c 'import todo; print(1)'\"");

        run("allow", "--list", "-C", dir.toString());
        assertThat(out.toString()).contains("\n  python3 -c 'import todo; print(1)'\n");

        run("allow", "--remove", "-C", dir.toString(), "python3 -c \"import todo; print(1)\"");
        assertThat(commandsJson()).contains("\"allowed\" : [ ]");
    }

    @Test
    void allow_oneQuotedWord_doesNotApproveTheSameWordsSplit() throws IOException {
        run("allow", "-C", dir.toString(), "echo", "a b");

        assertThat(commandsJson()).contains("\"echo 'a b'\"");
        assertThat(
                        dev.csl.runner.approval.CommandsFile.loadAsWritten(dir)
                                .file()
                                .allowedBy(List.of("echo", "a", "b")))
                .isEmpty();
    }

    @Test
    void help_allowThroughTheHelpCommand_usageWithEveryLineWithinEightyColumnsAndNoPathSplit() {
        int exit = run("help", "allow");

        assertThat(exit).isZero();
        assertThat(out.toString()).startsWith("Usage: csl allow ");
        assertThat(out.toString().lines())
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80))
                .noneMatch(line -> line.endsWith(" ."));
    }

    @Test
    void deny_allowedCommand_movesItToBlocked() throws IOException {
        run("allow", "make", "-C", dir.toString());

        int exit = run("deny", "make", "-C", dir.toString());

        assertThat(exit).isZero();
        assertThat(commandsJson())
                .contains("\"allowed\" : [ ]")
                .contains("\"blocked\" : [ \"make\" ]");
        assertThat(out.toString()).contains("Blocked 'make' in ");
    }

    @Test
    void allow_commandStillBlockedByPattern_saysSo() {
        run("deny", "npm publish *", "-C", dir.toString());

        run("allow", "npm publish", "-C", dir.toString());

        assertThat(out.toString())
                .contains(
                        "note: it stays blocked by the entry 'npm publish *' (blocked entries win)");
    }

    @Test
    void allowList_entriesOfEachListAndWhereTheFileIs() {
        run("allow", "npm test", "-C", dir.toString());
        run("allow", "--network", "npm install *", "-C", dir.toString());
        run("deny", "npm publish *", "-C", dir.toString());
        out.getBuffer().setLength(0);

        int exit = run("allow", "--list", "-C", dir.toString());

        assertThat(exit).isZero();
        assertThat(out.toString().replace(System.lineSeparator(), "\n"))
                .isEqualTo(
                        "Approvals in "
                                + dir.resolve(".csl/commands.json")
                                + ":\n"
                                + "allowed (run without asking):\n"
                                + "  npm test\n"
                                + "  npm install *\n"
                                + "blocked (never run):\n"
                                + "  npm publish *\n"
                                + "network (allowed to reach the network in the sandbox):\n"
                                + "  npm install *\n");
    }

    @Test
    void allowList_noFileYet_saysSoAndCreatesNothing() {
        int exit = run("allow", "--list", "-C", dir.toString());

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("No approvals: " + dir.resolve(".csl/commands.json") + " does not exist")
                .contains("allowed (run without asking): (none)");
        assertThat(dir.resolve(".csl/commands.json")).doesNotExist();
    }

    @Test
    void allow_noCommandAndNoList_usageError() {
        int exit = run("allow", "-C", dir.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("say which command to approve (or --list to see them)");
    }

    @Test
    void remove_allowedAndBlockedEntries_goneFromTheFile() throws IOException {
        run("allow", "--network", "npm test", "-C", dir.toString());
        run("deny", "npm publish *", "-C", dir.toString());

        assertThat(run("allow", "--remove", "npm test", "-C", dir.toString())).isZero();
        assertThat(run("deny", "--remove", "npm publish *", "-C", dir.toString())).isZero();

        assertThat(commandsJson())
                .contains("\"allowed\" : [ ]")
                .contains("\"blocked\" : [ ]")
                .doesNotContain("npm test");
        assertThat(out.toString()).contains("Removed 'npm test' from ");
    }

    @Test
    void remove_unknownEntry_saysNothingChanged() {
        int exit = run("allow", "--remove", "make", "-C", dir.toString());

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("'make' is no entry of ").contains("nothing changed");
    }

    @Test
    void allow_malformedFile_exit1AndFileLeftAlone() throws IOException {
        Files.createDirectories(dir.resolve(".csl"));
        Files.writeString(dir.resolve(".csl/commands.json"), "{oops");

        int exit = run("allow", "make", "-C", dir.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString()).contains("csl allow: .csl/commands.json is not valid JSON");
        assertThat(commandsJson()).isEqualTo("{oops");
    }

    @Test
    void allow_missingDirectory_usageError() {
        int exit = run("allow", "make", "-C", dir.resolve("nope").toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("not a directory");
    }

    @Test
    void doctor_bareMachine_marksMissingLayersWithHintsAndExit1() {
        CommandLine cli =
                new CommandLine(
                        new DoctorCommand(
                                new dev.csl.runner.external.Diagnostics(
                                        dev.csl.runner.sandbox.SandboxProbe.unavailable(
                                                "bwrap not installed"),
                                        program -> java.util.Optional.empty())));
        cli.setOut(new PrintWriter(out));

        int exit = cli.execute();

        assertThat(exit).isEqualTo(1);
        assertThat(out.toString())
                .containsPattern("✘ sandbox +none: bwrap not installed;")
                .contains("hint: install bubblewrap")
                .contains("✘ node ")
                .contains("✘ git ");
    }

    @Test
    void doctor_realMachine_oneLinePerLayerAndExitMatchesMarks() {
        int exit = run("doctor");

        String report = out.toString();
        assertThat(report.lines().filter(line -> line.startsWith("✔ ") || line.startsWith("✘ ")))
                .extracting(line -> line.substring(2).split("\\s+")[0])
                .containsExactly(
                        "java",
                        "node",
                        "sandbox",
                        "landlock",
                        "container",
                        "git",
                        "path",
                        "memory",
                        "limits",
                        "environment");
        assertThat(report).containsPattern("✔ environment +commands see .*PATH.* hidden");
        if (report.contains("✔ sandbox")) {
            assertThat(report).contains("hidden: ").contains("shown again read-only: ");
        }
        assertThat(exit).isEqualTo(report.contains("✘ ") ? 1 : 0);
        assertThat(report).contains("✔ java");
        if (report.contains("✘ ")) {
            assertThat(report).contains("hint: ");
        }
    }

    @Test
    void doctor_pathListedUnderRead_namedAsShownAgain() throws Exception {
        // doctor describes the current directory: run it as a process there. The project's
        // sibling is hidden in the sandbox until commands.json lists it under "read".
        Path project = Files.createDirectories(dir.resolve("project"));
        Path data = Files.createDirectories(dir.resolve("datasets"));
        Files.writeString(
                Files.createDirectories(project.resolve(".csl")).resolve("commands.json"),
                "{\"read\": [\"" + data + "\"]}\n");
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(
                project); // the user trusts what the test wrote
        String report = doctorIn(project, null);
        org.junit.jupiter.api.Assumptions.assumeTrue(
                report.contains("✔ sandbox"), "no working sandbox here, doctor shows no view");

        String sandboxLine =
                report.lines().filter(l -> l.startsWith("✔ sandbox")).findFirst().orElseThrow();
        assertThat(sandboxLine)
                .contains("hidden: ")
                .contains(" " + dir.toRealPath())
                .contains("shown again read-only: ");
        assertThat(sandboxLine.substring(sandboxLine.indexOf("shown again read-only: ")))
                .contains(data.toRealPath().toString());
    }

    @Test
    void doctor_projectDirectoryOnPath_runsNoProgramPlantedThere() throws Exception {
        // doctor runs node, git and bwrap outside any sandbox: never ones an answer could have
        // left in the project it is run in (a project directory on PATH, as direnv's PATH_add).
        Path project = Files.createDirectories(dir.resolve("project"));
        Path bin = Files.createDirectories(project.resolve("bin"));
        Path marker = dir.resolve("ran.txt");
        for (String program : List.of("node", "git", "bwrap", "prlimit")) {
            Path planted = bin.resolve(program);
            Files.writeString(planted, "#!/bin/sh\necho " + program + " >> '" + marker + "'\n");
            planted.toFile().setExecutable(true);
        }
        String report = doctorIn(project, bin);

        assertThat(report).contains("java");
        assertThat(marker).doesNotExist();
    }

    /**
     * {@code csl doctor} as a process in {@code project} (doctor describes the current directory),
     * with {@code pathFirst} put first on its PATH when not null; its report.
     */
    private static String doctorIn(Path project, Path pathFirst) throws Exception {
        ProcessBuilder pb =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName(),
                                "doctor")
                        .directory(project.toFile())
                        .redirectErrorStream(true);
        if (pathFirst != null) {
            pb.environment()
                    .put("PATH", pathFirst + java.io.File.pathSeparator + System.getenv("PATH"));
        }
        Process doctor = pb.start();
        String report = new String(doctor.getInputStream().readAllBytes());
        doctor.waitFor();
        return report;
    }

    @Test
    void doctor_json_oneDocumentWithEveryCheckAndTheSameExitCode() throws Exception {
        int exit = run("doctor", "--json");

        com.fasterxml.jackson.databind.JsonNode doc =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
        assertThat(doc.path("checks").size()).isGreaterThanOrEqualTo(6);
        assertThat(doc.path("checks").get(0).path("name").asText()).isEqualTo("java");
        assertThat(doc.path("checks").get(0).has("detail")).isTrue();
        assertThat(exit).isEqualTo(doc.path("ok").asBoolean() ? 0 : 1);
    }

    @Test
    void allow_gitThatWrites_refusedAndNothingSaved() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("csl-allow-git");
        try {
            StringWriter err = new StringWriter();
            CommandLine cli = Main.newCommandLine();
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));

            int exit = cli.execute("allow", "git commit", "-C", dir.toString());

            assertThat(exit).isEqualTo(2);
            assertThat(err.toString()).contains("can never run in a RUN block");
            assertThat(dir.resolve(".csl/commands.json")).doesNotExist();
        } finally {
            try (var walk = java.nio.file.Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
