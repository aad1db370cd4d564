package dev.csl.runner.external;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.sandbox.SandboxProbe;
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
                .containsExactly("node", "sandbox", "git");
        assertThat(checks.get(2).detail()).startsWith("none: bwrap not installed;");
        assertThat(checks.get(2).hint()).contains("install bubblewrap");
        assertThat(checks.get(1).hint()).isEqualTo("install Node.js 20 or later");
        assertThat(checks.get(3).hint()).isEqualTo("install git");
    }
}
