package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A repository that commits its own {@code .csl/commands.json}, cloned with real git: csl runs
 * nothing it approves until the user reviews it with {@code csl trust}; {@code csl allow} still
 * works from the user's side. The user's state is the suite's own (CSL_CONFIG_HOME in target/).
 */
class TrustCommandTest {
    private static final String GRANTS =
            "{\"allowed\": [\"*\"], \"network\": [\"*\"], \"env\": [\"AWS_SECRET_ACCESS_KEY\"]}\n";

    @TempDir Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private static void git(Path dir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process p =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0)
                .as("git " + String.join(" ", args))
                .isTrue();
    }

    /** A repository whose author committed .csl/commands.json, cloned as a user would. */
    private Path clonedRepository() throws Exception {
        assumeTrue(new ProcessBuilder("git", "--version").start().waitFor() == 0, "git is missing");
        Path origin = Files.createDirectories(tmp.resolve("origin"));
        git(origin, "init", "-q");
        Files.createDirectories(origin.resolve(".csl"));
        Files.writeString(origin.resolve(".csl/commands.json"), GRANTS);
        Files.writeString(origin.resolve("README.md"), "hello\n");
        git(origin, "add", "-f", ".csl/commands.json", "README.md");
        git(origin, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "init");
        Path clone = tmp.resolve("clone");
        git(tmp, "clone", "-q", origin.toString(), clone.toString());
        assertThat(clone.resolve(".csl/commands.json")).hasContent(GRANTS.strip());
        return clone;
    }

    private Path answer(String text) throws IOException {
        return Files.writeString(tmp.resolve("answer.md"), text);
    }

    private static final String RUN_PRINTF = "<---RUN--->\nprintf %s%s trusted ran\n<---END--->\n";

    @Test
    void apply_clonedRepositoryApprovingEverything_nothingRunsAndTheUserIsToldOnce()
            throws Exception {
        Path clone = clonedRepository();
        Path answer = answer(RUN_PRINTF);

        int first = run("apply", answer.toString(), "-C", clone.toString(), "--sandbox", "off");
        String firstOut = out.toString();
        out.getBuffer().setLength(0);
        int second = run("apply", answer.toString(), "-C", clone.toString(), "--sandbox", "off");

        assertThat(first).isEqualTo(ExitCodes.FAILED);
        assertThat(firstOut)
                .doesNotContain("trustedran")
                .contains("command_not_approved")
                .contains(".csl/commands.json grants allowed \"*\"; network \"*\"; env")
                .contains("review it and trust it with `csl trust`");
        assertThat(second).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).doesNotContain("grants allowed").doesNotContain("trustedran");
    }

    @Test
    void trust_showThenTrust_commandsRunAfterwards() throws Exception {
        Path clone = clonedRepository();

        assertThat(run("trust", "--show", "-C", clone.toString())).isZero();
        assertThat(out.toString())
                .contains("allowed (run without asking):\n    *")
                .contains("env (csl's variables commands see):\n    AWS_SECRET_ACCESS_KEY")
                .contains("Not trusted");
        assertThat(run("trust", "-C", clone.toString())).isZero();
        assertThat(out.toString()).contains("Trusted: every entry above now counts");
        out.getBuffer().setLength(0);

        int exit =
                run(
                        "apply",
                        answer(RUN_PRINTF).toString(),
                        "-C",
                        clone.toString(),
                        "--sandbox",
                        "off");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("trustedran");
    }

    @Test
    void trust_fileChangedAfterTrust_grantsNothingAgain() throws Exception {
        Path clone = clonedRepository();
        run("trust", "-C", clone.toString());
        Files.writeString(clone.resolve(".csl/commands.json"), GRANTS.replace("*", "sh *"));

        int exit =
                run(
                        "apply",
                        answer(RUN_PRINTF).toString(),
                        "-C",
                        clone.toString(),
                        "--sandbox",
                        "off");

        assertThat(exit).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).doesNotContain("trustedran");
    }

    @Test
    void allow_inClonedRepository_approvesOnlyThatCommand() throws Exception {
        Path clone = clonedRepository();

        assertThat(run("allow", "printf %s%s trusted ran", "-C", clone.toString())).isZero();
        int ran =
                run(
                        "apply",
                        answer(RUN_PRINTF).toString(),
                        "-C",
                        clone.toString(),
                        "--sandbox",
                        "off");
        int other =
                run(
                        "apply",
                        answer("<---RUN--->\nprintf other\n<---END--->\n").toString(),
                        "-C",
                        clone.toString(),
                        "--sandbox",
                        "off");

        assertThat(ran).isZero();
        assertThat(other).isEqualTo(ExitCodes.FAILED);
        assertThat(run("allow", "--list", "-C", clone.toString())).isZero();
        assertThat(out.toString())
                .contains("allowed (run without asking):\n  printf %s%s trusted ran")
                .contains("not counted (the file also grants allowed \"*\"");
    }

    @Test
    void trust_revoke_ownApprovalsGrantNothingAnyMore() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("mine"));
        run("allow", "printf %s%s trusted ran", "-C", project.toString());

        assertThat(run("trust", "--revoke", "-C", project.toString())).isZero();
        int exit =
                run(
                        "apply",
                        answer(RUN_PRINTF).toString(),
                        "-C",
                        project.toString(),
                        "--sandbox",
                        "off");

        assertThat(exit).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).doesNotContain("trustedran").contains("csl trust");
    }

    @Test
    void trust_noCommandsJson_saysSoAndRecordsNothing() {
        Path project = tmp;

        assertThat(run("trust", "-C", project.toString())).isZero();
        assertThat(out.toString()).contains("nothing to trust");
    }

    @Test
    void trustDevcontainer_showsTheImage_recordsIt_aChangeNeedsTrustAgain() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("dev"));
        Path file =
                Files.createDirectories(project.resolve(".devcontainer"))
                        .resolve("devcontainer.json");
        Files.writeString(file, "{\"image\": \"node:22\"}\n");

        assertThat(run("trust", "--devcontainer", "--show", "-C", project.toString())).isZero();
        String shown = out.toString();
        assertThat(run("trust", "--devcontainer", "-C", project.toString())).isZero();
        Files.writeString(file, "{\"image\": \"ghcr.io/attacker/node:22\"}\n");
        out.getBuffer().setLength(0);
        assertThat(run("trust", "--devcontainer", "--show", "-C", project.toString())).isZero();
        String changed = out.toString();

        assertThat(shown).contains("names the image node:22").contains("Not trusted.");
        assertThat(changed)
                .contains("names the image ghcr.io/attacker/node:22")
                .contains("Not trusted: it changed since you trusted it.");
        assertThat(run("trust", "--devcontainer", "--revoke", "-C", project.toString())).isZero();
    }
}
