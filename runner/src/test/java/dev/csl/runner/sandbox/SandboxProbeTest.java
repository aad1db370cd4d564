package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxProbeTest {
    @TempDir Path bin;

    @Test
    void probe_noBwrapOnPath_unavailableSayingHowToInstall() {
        SandboxProbe probe = SandboxProbe.probe(bin.toString());

        assertThat(probe.works()).isFalse();
        assertThat(probe.why()).isEqualTo("bwrap not installed (apt-get install bubblewrap)");
    }

    @Test
    void probe_bwrapThatCannotCreateNamespaces_unavailableWithItsMessage() throws IOException {
        Path fake =
                Files.writeString(
                        bin.resolve("bwrap"),
                        "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));

        SandboxProbe probe = SandboxProbe.probe(bin.toString());

        assertThat(probe.works()).isFalse();
        assertThat(probe.why())
                .isEqualTo(
                        "bwrap is installed but cannot create namespaces here"
                                + " (bwrap: No permissions to creating new namespace)");
    }

    @Test
    void probe_workingBwrap_works() {
        SandboxProbe machine = SandboxProbe.machine();
        org.junit.jupiter.api.Assumptions.assumeTrue(machine.works(), machine.why());

        assertThat(SandboxProbe.probe(machine.bwrap().getParent().toString()).works()).isTrue();
    }
}
