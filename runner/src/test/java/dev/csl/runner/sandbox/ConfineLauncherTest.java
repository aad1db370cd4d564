package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** csl-confine itself, started as csl starts it: its ceilings, its refusals, its session. */
class ConfineLauncherTest {
    @TempDir Path dir;

    private Path confine;

    @BeforeEach
    void setUp() {
        assumeTrue(ConfineLauncher.machine().available(), ConfineLauncher.machine().why());
        confine = ConfineLauncher.machine().path();
    }

    private record Run(int exit, String output) {}

    private Run run(List<String> prefix, String... argv) throws Exception {
        List<String> command = new ArrayList<>(prefix);
        command.add(confine.toString());
        command.addAll(List.of(argv));
        Process p =
                new ProcessBuilder(command)
                        .directory(dir.toFile())
                        .redirectErrorStream(true)
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }

    @Test
    void extract_cacheDirectory_holdsTheProgramUnderItsHashOwnerOnly() throws IOException {
        assertThat(confine.getFileName().toString()).matches("csl-confine-[0-9a-f]{16}");
        assertThat(
                        java.nio.file.attribute.PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(confine)))
                .isEqualTo("rwx------");
        assertThat(confine.getParent()).isEqualTo(ConfineLauncher.cacheDirectory());
    }

    @Test
    void copyInto_aCopyWithOtherBytesUnderTheName_isReplacedByTheProgram() throws IOException {
        byte[] program = Files.readAllBytes(confine);
        Path target = dir.resolve(ConfineLauncher.RESOURCE + "-" + ConfineLauncher.hash(program));
        Files.write(target, "#!/bin/sh\necho planted\n".getBytes(StandardCharsets.UTF_8));

        ConfineLauncher copied = ConfineLauncher.copyInto(dir, program);

        assertThat(copied.path()).isEqualTo(target);
        assertThat(Files.readAllBytes(target)).isEqualTo(program);
    }

    @Test
    void hash_differsForProgramsThatDifferInOneByte() throws IOException {
        byte[] program = Files.readAllBytes(confine);
        byte[] changed = program.clone();
        changed[changed.length / 2] ^= 1;

        assertThat(ConfineLauncher.hash(program))
                .matches("[0-9a-f]{16}")
                .isNotEqualTo(ConfineLauncher.hash(changed));
    }

    @Test
    void abi_printsTheKernelsLandlockVersion() throws Exception {
        Run abi = run(List.of(), "--abi");

        assertThat(abi.exit()).isZero();
        assertThat(Integer.parseInt(abi.output().strip())).isEqualTo(LandlockProbe.machine().abi());
    }

    @Test
    void fsize_writePastTheCap_killedBySigxfszAndFileCut() throws Exception {
        Run run =
                run(
                        List.of(),
                        "--fsize",
                        "4096",
                        "--",
                        "dd",
                        "if=/dev/zero",
                        "of=big",
                        "bs=1024",
                        "count=8");

        assertThat(run.exit()).isEqualTo(CeilingFailures.KILLED_BY_SIGXFSZ);
        assertThat(Files.size(dir.resolve("big"))).isEqualTo(4096);
    }

    @Test
    void nproc_forkBeyondTheAllowance_failsForAnOrdinaryUser() throws Exception {
        // The kernel never applies RLIMIT_NPROC to root: show it as an ordinary user would see it.
        List<String> asUser = List.of();
        if (Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"))) {
            assumeTrue(ProcessLauncher.findOnPath("setpriv").isPresent(), "no setpriv");
            asUser = List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups");
        }
        String forks = "for i in 1 2 3 4 5 6 7 8 9 10 11 12; do sleep 2 & done; wait; echo all";

        Run capped = run(asUser, "--nproc", "4", "--", "sh", "-c", forks);
        Run ample = run(asUser, "--nproc", "100", "--", "sh", "-c", forks);

        assertThat(capped.exit()).isNotZero();
        assertThat(capped.output()).contains("fork").doesNotContain("all");
        assertThat(ample.output()).contains("all");
    }

    @Test
    void options_badValueOrNoCommand_refusedWithExit126AndNothingRuns() throws Exception {
        Run zero = run(List.of(), "--fsize", "0", "--", "touch", "made");
        Run text = run(List.of(), "--nproc", "many", "--", "touch", "made");
        Run unknown = run(List.of(), "--frobnicate", "--", "touch", "made");
        Run none = run(List.of(), "--fsize", "10");

        assertThat(List.of(zero, text, unknown, none))
                .allSatisfy(r -> assertThat(r.exit()).isEqualTo(126));
        assertThat(zero.output()).contains("--fsize needs a positive number");
        assertThat(none.output()).contains("no command after --");
        assertThat(dir.resolve("made")).doesNotExist();
    }

    /** {@code option DEV:INO:PATH} as csl passes a path it saw, or nothing for a missing one. */
    private static List<String> grant(String option, Path path) {
        List<String> args = new ArrayList<>();
        LandlockArguments.grant(args, option, path);
        return args;
    }

    private static String[] landlock(List<String> grants, String... command) {
        List<String> argv = new ArrayList<>(List.of("--landlock"));
        argv.addAll(grants);
        argv.add("--");
        argv.addAll(List.of(command));
        return argv.toArray(String[]::new);
    }

    @Test
    void landlock_pathGrantedMissing_skippedAndCommandRuns() throws Exception {
        assumeTrue(LandlockProbe.machine().works(), LandlockProbe.machine().why());
        List<String> grants = new ArrayList<>(grant("--ro", Path.of("/")));
        grants.addAll(grant("--rw", dir));
        grants.addAll(List.of("--rw", "1:2:" + dir.resolve("gone")));
        Run run = run(List.of(), landlock(grants, "touch", "made"));

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(dir.resolve("made")).exists();
    }

    @Test
    void landlock_grantedPathSwappedForAnotherFile_refusedAndNothingRuns() throws Exception {
        assumeTrue(LandlockProbe.machine().works(), LandlockProbe.machine().why());
        Path project = Files.createDirectory(dir.resolve("project"));
        List<String> grants = new ArrayList<>(grant("--ro", Path.of("/")));
        grants.addAll(grant("--rw", project));
        // swapped between csl's look and csl-confine's open: a directory of the same name
        Files.move(project, dir.resolve("was-project"));
        Files.createDirectory(project);
        Run swapped = run(List.of(), landlock(grants, "touch", "made"));
        // or a link to a directory elsewhere
        Files.delete(project);
        Files.createSymbolicLink(project, dir.resolve("was-project"));
        Run linked = run(List.of(), landlock(grants, "touch", "made"));

        assertThat(swapped.exit()).isEqualTo(126);
        assertThat(swapped.output()).contains(project + " is another file since csl checked it");
        assertThat(linked.exit()).isEqualTo(126);
        assertThat(linked.output()).contains(project + " has become a symbolic link");
        assertThat(dir.resolve("made")).doesNotExist();
    }

    @Test
    void landlock_grantWithoutTheInodeSeen_refused() throws Exception {
        Run run = run(List.of(), "--landlock", "--ro", "/", "--", "true");

        assertThat(run.exit()).isEqualTo(126);
        assertThat(run.output()).contains("--ro needs DEV:INO:/PATH, not '/'");
    }

    @Test
    void session_commandHasItsOwnSessionAndNoTerminal() throws Exception {
        Run run = run(List.of(), "--session", "--", "sh", "-c", "ps -o sid= -p $$; echo $$");

        String[] lines = run.output().strip().split("\\s+");
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(lines[0]).isEqualTo(lines[1]); // session leader
    }
}
