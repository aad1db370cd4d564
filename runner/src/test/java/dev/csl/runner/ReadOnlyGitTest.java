package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Read-only git with the real git: no configuration may make it run a program (issue 12). Every
 * case configures a program that would create a marker file outside the working directory; the
 * marker must never appear.
 */
class ReadOnlyGitTest {
    @TempDir Path tmp;
    private Path root;
    private Path marker;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(onPath("git"), "git is not installed");
        root = Files.createDirectories(tmp.resolve("work"));
        marker = tmp.resolve("marker");
        // The sandbox would keep the marker out anyway (read-only host): test git's own layer.
        assumeTrue(run("git", "init", "-q", root.toString()) == 0);
        Files.writeString(root.resolve("a.txt"), "a\n");
        Files.writeString(root.resolve("b.bin"), "b\n");
        run("git", "-C", root.toString(), "add", ".");
        run(
                "git",
                "-C",
                root.toString(),
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "commit",
                "-qm",
                "one");
        Files.writeString(root.resolve("a.txt"), "a changed\n");
        Files.writeString(root.resolve("b.bin"), "b changed\n");
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static int run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor();
    }

    private RunOutcome csl(String block) {
        return csl(block, null);
    }

    private RunOutcome csl(String block, String dir) {
        RunnerConfig d = RunnerConfig.defaults(root);
        RunnerConfig config =
                new RunnerConfig(
                        root,
                        d.defaultTimeoutSeconds(),
                        d.outputCapBytes(),
                        SandboxMode.OFF,
                        List.of(),
                        false,
                        null);
        try (StandardRunSession session = TestSessions.open(config)) {
            return session.run(new RunRequest(block, dir, null, null, path -> {}));
        }
    }

    private String touch() {
        return "touch " + marker;
    }

    static Stream<Arguments> programKeys() {
        return Stream.of(
                Arguments.of("core.fsmonitor", "[core]\n\tfsmonitor = \"%s\"\n", "", "git status"),
                Arguments.of("diff.external", "[diff]\n\texternal = \"%s\"\n", "", "git diff"),
                Arguments.of(
                        "diff.<driver>.textconv",
                        "[diff \"x\"]\n\ttextconv = \"sh -c '%s'\"\n",
                        "*.bin diff=x\n",
                        "git diff"),
                Arguments.of(
                        "diff.<driver>.command",
                        "[diff \"x\"]\n\tcommand = \"%s\"\n",
                        "*.bin diff=x\n",
                        "git diff"),
                Arguments.of(
                        "filter.<driver>.clean",
                        "[filter \"x\"]\n\tclean = \"sh -c '%s; cat'\"\n\trequired = true\n",
                        "*.bin filter=x\n",
                        "git diff"),
                Arguments.of(
                        "filter.<driver>.process",
                        "[filter \"y\"]\n\tprocess = \"%s\"\n",
                        "*.bin filter=y\n",
                        "git diff"),
                Arguments.of(
                        "core.hooksPath (post-index-change)",
                        "[core]\n\thooksPath = HOOKS\n",
                        "",
                        "git status"),
                Arguments.of(
                        "include.path to a file naming a program",
                        "[include]\n\tpath = INCLUDED\n",
                        "",
                        "git status"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programKeys")
    void readOnlyGit_repositoryConfigNamesAProgram_programNeverRuns(
            String key, String config, String attributes, String command) throws Exception {
        Path hooks = Files.createDirectories(tmp.resolve("hooks"));
        Path hook = hooks.resolve("post-index-change");
        Files.writeString(hook, "#!/bin/sh\n" + touch() + "\n");
        hook.toFile().setExecutable(true);
        Path included = tmp.resolve("included.cfg");
        Files.writeString(included, "[core]\n\tfsmonitor = \"" + touch() + "\"\n");
        String text =
                String.format(config, touch())
                        .replace("HOOKS", hooks.toString())
                        .replace("INCLUDED", included.toString());
        Files.writeString(
                root.resolve(".git/config"), Files.readString(root.resolve(".git/config")) + text);
        if (!attributes.isEmpty()) {
            Files.writeString(root.resolve(".gitattributes"), attributes);
        }

        RunOutcome outcome = csl(command);

        assertThat(marker).as(key + " ran a program; " + outcome.commands()).doesNotExist();
    }

    /** An object id no repository here holds: showing it makes a partial clone fetch it. */
    private static final String MISSING = "0123456789012345678901234567890123456789";

    /**
     * What a case needs besides its configuration: a commit signed in a format (so that {@code
     * log.showSignature} verifies it), or a partial clone whose promisor remote is reached to fetch
     * a missing object (a lazy fetch).
     */
    enum Setup {
        NONE,
        SIGNED_OPENPGP,
        SIGNED_X509,
        SIGNED_SSH,
        PROMISOR
    }

    /**
     * One case per key that names a program and that csl overrides (docs/external.md), beyond the
     * drivers above. {@code fires}: plain git runs the program in this repository, so the case
     * proves the override; where no read-only command reaches the key (an editor, a merge driver, a
     * pager without a terminal), the case still pins that csl's git never runs it.
     */
    static Stream<Arguments> overriddenKeys() {
        String promisor =
                "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialClone = origin\n"
                        + "[remote \"origin\"]\n\tpromisor = true\n";
        return Stream.of(
                Arguments.of("core.pager", "[core]\n\tpager = PROG\n", "", Setup.NONE, false),
                Arguments.of("pager.<cmd>", "[pager]\n\tlog = PROG\n", "", Setup.NONE, false),
                Arguments.of(
                        "gpg.program with log.showSignature",
                        "[log]\n\tshowSignature = true\n[gpg]\n\tprogram = PROG\n",
                        "",
                        Setup.SIGNED_OPENPGP,
                        true),
                Arguments.of(
                        "gpg.openpgp.program",
                        "[log]\n\tshowSignature = true\n[gpg \"openpgp\"]\n\tprogram = PROG\n",
                        "",
                        Setup.SIGNED_OPENPGP,
                        true),
                Arguments.of(
                        "gpg.x509.program",
                        "[log]\n\tshowSignature = true\n[gpg \"x509\"]\n\tprogram = PROG\n",
                        "",
                        Setup.SIGNED_X509,
                        true),
                Arguments.of(
                        "gpg.ssh.program",
                        "[log]\n\tshowSignature = true\n[gpg \"ssh\"]\n\tprogram = PROG\n"
                                + "\tallowedSignersFile = ALLOWED\n",
                        "",
                        Setup.SIGNED_SSH,
                        true),
                Arguments.of(
                        "gpg.ssh.defaultKeyCommand",
                        "[gpg]\n\tformat = ssh\n[gpg \"ssh\"]\n\tdefaultKeyCommand = PROG\n",
                        "",
                        Setup.SIGNED_SSH,
                        false),
                Arguments.of(
                        "core.sshCommand (lazy fetch over ssh)",
                        promisor
                                + "\turl = ssh://example.invalid/x\n[protocol \"ssh\"]\n"
                                + "\tallow = always\n[core]\n\tsshCommand = PROG\n",
                        "",
                        Setup.PROMISOR,
                        true),
                Arguments.of(
                        "core.gitProxy (lazy fetch over git://)",
                        promisor
                                + "\turl = git://example.invalid/x\n[protocol \"git\"]\n"
                                + "\tallow = always\n[core]\n\tgitProxy = PROG\n",
                        "",
                        Setup.PROMISOR,
                        true),
                Arguments.of(
                        "protocol.allow (lazy fetch through ext::)",
                        promisor + "\turl = ext::PROG ext\n[protocol]\n\tallow = always\n",
                        "",
                        Setup.PROMISOR,
                        true),
                Arguments.of(
                        "protocol.<name>.allow (lazy fetch through ext::)",
                        promisor + "\turl = ext::PROG ext\n[protocol \"ext\"]\n\tallow = always\n",
                        "",
                        Setup.PROMISOR,
                        true),
                Arguments.of(
                        "remote.<name>.uploadpack (lazy fetch from a local path)",
                        promisor
                                + "\turl = UPSTREAM\n\tuploadpack = PROG\n[protocol \"file\"]\n"
                                + "\tallow = always\n",
                        "",
                        Setup.PROMISOR,
                        true),
                Arguments.of(
                        "credential.helper",
                        promisor
                                + "\turl = https://127.0.0.1:9/x\n[protocol \"https\"]\n"
                                + "\tallow = always\n[credential]\n\thelper = PROG\n",
                        "",
                        Setup.PROMISOR,
                        false),
                Arguments.of(
                        "core.askPass",
                        promisor + "\turl = https://127.0.0.1:9/x\n[core]\n\taskPass = PROG\n",
                        "",
                        Setup.PROMISOR,
                        false),
                Arguments.of(
                        "core.alternateRefsCommand",
                        "[core]\n\talternateRefsCommand = PROG\n",
                        "",
                        Setup.NONE,
                        false),
                Arguments.of(
                        "merge.<driver>.driver",
                        "[merge \"x\"]\n\tdriver = PROG\n",
                        "*.bin merge=x\n",
                        Setup.NONE,
                        false),
                Arguments.of(
                        "filter.<driver>.smudge",
                        "[filter \"x\"]\n\tsmudge = PROG\n\trequired = true\n",
                        "*.bin filter=x\n",
                        Setup.NONE,
                        false),
                Arguments.of("core.editor", "[core]\n\teditor = PROG\n", "", Setup.NONE, false),
                Arguments.of(
                        "sequence.editor", "[sequence]\n\teditor = PROG\n", "", Setup.NONE, false),
                Arguments.of(
                        "interactive.diffFilter",
                        "[interactive]\n\tdiffFilter = PROG\n",
                        "",
                        Setup.NONE,
                        false),
                Arguments.of(
                        "core.attributesFile naming a textconv driver",
                        "[core]\n\tattributesFile = ATTRIBUTES\n[diff \"x\"]\n\ttextconv = PROG\n",
                        "",
                        Setup.NONE,
                        true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overriddenKeys")
    void readOnlyGit_overriddenKeyNamesAProgram_programNeverRuns(
            String key, String config, String attributes, Setup setup, boolean fires)
            throws Exception {
        Path program = tmp.resolve("program.sh");
        Files.writeString(program, "#!/bin/sh\n" + touch() + "\nexit 1\n");
        program.toFile().setExecutable(true);
        Path allowed = Files.writeString(tmp.resolve("allowed_signers"), "");
        Path attributesFile = Files.writeString(tmp.resolve("attributes"), "*.bin diff=x\n");
        Path upstream = tmp.resolve("upstream.git");
        assumeTrue(run("git", "init", "-q", "--bare", upstream.toString()) == 0);
        String signature =
                switch (setup) {
                    case SIGNED_OPENPGP -> "-----BEGIN PGP SIGNATURE-----";
                    case SIGNED_X509 -> "-----BEGIN SIGNED MESSAGE-----";
                    case SIGNED_SSH -> "-----BEGIN SSH SIGNATURE-----";
                    default -> null;
                };
        if (signature != null) {
            signHead(signature);
        }
        Files.writeString(
                root.resolve(".git/config"),
                Files.readString(root.resolve(".git/config"))
                        + config.replace("PROG", program.toString())
                                .replace("ALLOWED", allowed.toString())
                                .replace("ATTRIBUTES", attributesFile.toString())
                                .replace("UPSTREAM", upstream.toString()));
        if (!attributes.isEmpty()) {
            Files.writeString(root.resolve(".gitattributes"), attributes);
        }
        List<String> command =
                switch (setup) {
                    case PROMISOR -> List.of("git", "show", MISSING);
                    case NONE -> List.of("git", "diff");
                    default -> List.of("git", "log");
                };

        RunOutcome outcome = csl(String.join(" ", command));

        assertThat(marker).as(key + " ran a program; " + outcome.commands()).doesNotExist();
        if (fires) {
            // The same command by plain git (no csl overrides) does run it: the case is real.
            plainGit(command.subList(1, command.size()));
            assertThat(marker)
                    .as("plain git did not run " + key + ": the case proves nothing")
                    .exists();
        }
    }

    /** Replaces HEAD by the same commit carrying a (bogus) signature of the given format. */
    private void signHead(String begin) throws Exception {
        Process cat =
                new ProcessBuilder("git", "-C", root.toString(), "cat-file", "commit", "HEAD")
                        .start();
        String commit = new String(cat.getInputStream().readAllBytes());
        cat.waitFor();
        StringBuilder signed = new StringBuilder();
        for (String line : commit.split("\n", -1)) {
            signed.append(line).append('\n');
            if (line.startsWith("committer ")) {
                signed.append("gpgsig ")
                        .append(begin)
                        .append("\n \n xx\n ")
                        .append(begin.replace("BEGIN", "END"))
                        .append('\n');
            }
        }
        Path file =
                Files.writeString(
                        tmp.resolve("commit.txt"), signed.toString().stripTrailing() + "\n");
        Process hash =
                new ProcessBuilder(
                                "git",
                                "-C",
                                root.toString(),
                                "hash-object",
                                "-t",
                                "commit",
                                "-w",
                                file.toString())
                        .start();
        String id = new String(hash.getInputStream().readAllBytes()).strip();
        assertThat(hash.waitFor()).isZero();
        assertThat(run("git", "-C", root.toString(), "update-ref", "HEAD", id)).isZero();
    }

    /** git as a user runs it, without csl's overrides (no system or global configuration). */
    private void plainGit(List<String> args) throws Exception {
        List<String> argv = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
        argv.addAll(args);
        ProcessBuilder pb =
                new ProcessBuilder(argv)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        Process p = pb.start();
        if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    @Test
    void readOnlyGit_directoryShapedLikeARepository_neverTakenForOne() throws Exception {
        Path evil = Files.createDirectories(root.resolve("evil"));
        Files.createDirectories(evil.resolve("objects"));
        Files.createDirectories(evil.resolve("refs/heads"));
        Files.writeString(evil.resolve("HEAD"), "ref: refs/heads/main\n");
        Files.writeString(
                evil.resolve("config"),
                "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n"
                        + "\tfsmonitor = \""
                        + touch()
                        + "\"\n[diff]\n\texternal = \""
                        + touch()
                        + "\"\n");

        RunOutcome inEvil = csl("git status\ngit diff", "evil");
        RunOutcome atRoot = csl("git status", null);

        assertThat(marker).as("%s", inEvil.commands()).doesNotExist();
        assertThat(inEvil.ok()).isFalse();
        assertThat(inEvil.commands().get(0).stderr()).contains("bare repository");
        assertThat(atRoot.ok()).as("%s", atRoot.failure()).isTrue();
        assertThat(atRoot.commands().get(0).stdout()).contains("a.txt");
    }

    @Test
    void gitThatWrites_refusedWithAHintThatDoesNotPromiseApproval() {
        RunOutcome outcome = csl("git commit -m x");

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
        assertThat(outcome.failure().hint()).doesNotContain("csl allow").contains("read-only git");
    }
}
