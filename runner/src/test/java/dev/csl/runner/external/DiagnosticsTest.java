package dev.csl.runner.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.ConfineLauncher;
import dev.csl.runner.sandbox.ContainerRuntime;
import dev.csl.runner.sandbox.LandlockProbe;
import dev.csl.runner.sandbox.PidsCgroups;
import dev.csl.runner.sandbox.SandboxProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiagnosticsTest {
    @TempDir Path scratch;

    @Test
    void run_thisMachine_sandboxLineMatchesTheProbeAndJavaIsFine() {
        List<Diagnostics.Check> checks = new Diagnostics().run(scratch);

        Diagnostics.Check sandbox =
                checks.stream().filter(c -> c.name().equals("sandbox")).findFirst().orElseThrow();
        assertThat(sandbox.ok()).isEqualTo(SandboxProbe.machine().works());
        if (sandbox.ok()) {
            assertThat(sandbox.detail()).startsWith("bubblewrap").contains("tried just now");
            assertThat(scratch.resolve("inside")).as("the trial's write inside").exists();
        } else {
            assertThat(sandbox.detail()).startsWith("none: ");
            assertThat(sandbox.hint()).contains("bubblewrap");
        }
        assertThat(checks.get(0).name()).isEqualTo("java");
        assertThat(checks.get(0).ok()).isTrue();
    }

    @Test
    void run_bareMachine_sandboxNodeAndGitMissingEachWithHint() {
        List<Diagnostics.Check> checks =
                new Diagnostics(
                                SandboxProbe.unavailable("bwrap not installed"),
                                program -> java.util.Optional.empty())
                        .run(scratch);

        assertThat(checks)
                .filteredOn(check -> !check.ok())
                .extracting(Diagnostics.Check::name)
                .containsExactly("node", "sandbox", "landlock", "git");
        assertThat(checks.get(2).detail()).startsWith("none: bwrap not installed;");
        assertThat(checks.get(2).hint()).contains("install bubblewrap").contains("Landlock");
        assertThat(checks.get(3).detail()).startsWith("ABI 0, not usable: ");
        assertThat(checks.get(1).hint()).isEqualTo("install Node.js 20 or later");
        assertThat(checks.get(5).name()).isEqualTo("git");
        assertThat(checks.get(5).hint()).isEqualTo("install git");
    }

    @Test
    void run_thisMachine_containerLineNamesRuntimeAndTriesAContainer() throws Exception {
        List<Diagnostics.Check> checks = new Diagnostics().run(scratch);

        Diagnostics.Check container =
                checks.stream().filter(c -> c.name().equals("container")).findFirst().orElseThrow();
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        if (!runtime.works()) {
            // asked for by no project here: a machine without a runtime loses nothing
            assertThat(container.ok()).isTrue();
            assertThat(container.detail()).contains(runtime.why()).contains("--sandbox container");
        } else if (runtime.name().equals("podman")) {
            assertThat(container.ok()).as(container.detail()).isTrue();
            assertThat(container.detail())
                    .startsWith(runtime.describe())
                    .contains(runtime.rootless() ? ", rootless" : ", as root")
                    .contains("trial in the root file system /: working directory writable");
            assertThat(scratch.resolve("inside-container")).as("the trial's write").exists();
        }
    }

    @Test
    void run_thisMachine_landlockLineShowsTheAbiAndWhatItGives() throws Exception {
        List<Diagnostics.Check> checks = new Diagnostics().run(scratch);

        Diagnostics.Check landlock =
                checks.stream().filter(c -> c.name().equals("landlock")).findFirst().orElseThrow();
        LandlockProbe probe = LandlockProbe.machine();
        assertThat(landlock.detail()).startsWith("ABI " + probe.abi());
        if (probe.works()) {
            assertThat(landlock.ok()).isTrue();
            assertThat(landlock.detail()).contains("tried just now");
            assertThat(scratch.resolve("inside-landlock")).as("the trial's write inside").exists();
        } else {
            assertThat(landlock.detail()).contains(probe.why());
        }
        Diagnostics.Check limits =
                checks.stream().filter(c -> c.name().equals("limits")).findFirst().orElseThrow();
        boolean root =
                Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        PidsCgroups cgroups = PidsCgroups.machine();
        assertThat(limits.ok())
                .isEqualTo(ConfineLauncher.machine().available() && (cgroups.available() || !root));
        if (cgroups.available()) {
            assertThat(limits.detail())
                    .contains("1024 MiB")
                    .contains("2048 processes and threads per approved command")
                    .contains(cgroups.kind() + " pids.max, under " + cgroups.parent());
        } else if (root && ConfineLauncher.machine().available()) {
            assertThat(limits.detail()).contains("no process cap").contains(cgroups.why());
        } else if (limits.ok()) {
            assertThat(limits.detail()).contains("1024 MiB").contains("2048 processes");
        }
    }

    @Test
    void run_simulatedMachineWithLandlockOnly_sandboxLineSaysLandlock() {
        assumeTrue(LandlockProbe.machine().works(), LandlockProbe.machine().why());
        List<Diagnostics.Check> checks =
                new Diagnostics(
                                SandboxProbe.unavailable("bwrap not installed"),
                                LandlockProbe.machine(),
                                ProcessLauncher::findOnPath)
                        .run(scratch);

        Diagnostics.Check sandbox =
                checks.stream().filter(c -> c.name().equals("sandbox")).findFirst().orElseThrow();
        assertThat(sandbox.ok()).isTrue();
        assertThat(sandbox.detail())
                .startsWith("landlock (bubblewrap does not work here: bwrap not installed)");
    }
}
