package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.sandbox.SandboxProbe;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One resident process, callers with different PATH and TMPDIR: each call finds its programs on its
 * own PATH and gets its own TMPDIR, whoever called first; a HOME of another still runs cold.
 */
class DaemonPerCallTest {
    @TempDir Path tmp;
    private InProcessResident resident;
    private Map<String, String> env;

    @BeforeEach
    void start() throws Exception {
        env = new HashMap<>(System.getenv());
        env.remove("CSL_SANDBOX_LAYER");
        resident = new InProcessResident(tmp.resolve("resident"), env);
    }

    @AfterEach
    void stop() throws InterruptedException {
        resident.close();
    }

    /** A directory holding a program {@code tool} that names its directory and its TMPDIR. */
    private Path toolDir(String name) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bin-" + name));
        Path tool = dir.resolve("tool");
        Files.writeString(
                tool,
                "#!/bin/sh\necho \"tool "
                        + name
                        + "\"\n[ -d \"$TMPDIR\" ] && echo \"tmpdir there: $TMPDIR\"\nexit 0\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    private InProcessResident.Reply apply(Path project, Map<String, String> environment)
            throws IOException {
        return resident.call(
                project, environment, List.of("apply", "a.md", "--json", "--allow", "tool"));
    }

    @Test
    void twoCallers_differentPath_eachRunsTheProgramOnItsOwnPath() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p/.csl")).getParent();
        Files.writeString(project.resolve("a.md"), "<---RUN--->\ntool\n<---END--->\n");
        Map<String, String> a = new HashMap<>(env);
        a.put("PATH", toolDir("A") + File.pathSeparator + env.get("PATH"));
        Map<String, String> b = new HashMap<>(env);
        b.put("PATH", toolDir("B") + File.pathSeparator + env.get("PATH"));

        InProcessResident.Reply first = apply(project, a);
        InProcessResident.Reply second = apply(project, b);
        InProcessResident.Reply third = apply(project, a);

        assertThat(first.declined()).as(first.why()).isFalse();
        assertThat(first.out()).as(first.err()).contains("tool A").doesNotContain("tool B");
        assertThat(second.out()).as(second.err()).contains("tool B").doesNotContain("tool A");
        assertThat(third.out()).contains("tool A").doesNotContain("tool B");
        assertThat(List.of(first.exit(), second.exit(), third.exit())).containsOnly(0);
    }

    @Test
    void twoCallers_differentTmpdir_eachCommandGetsItsOwn() throws Exception {
        // Under bubblewrap /tmp is fresh and csl makes the caller's TMPDIR there: it need not
        // exist on the host. Without bubblewrap the command sees the host's, made here.
        boolean bubblewrap = SandboxProbe.machine().works();
        Path project = Files.createDirectories(tmp.resolve("p/.csl")).getParent();
        Files.writeString(project.resolve("a.md"), "<---RUN--->\ntool\n<---END--->\n");
        Map<String, String> a = new HashMap<>(env);
        a.put("PATH", toolDir("A") + File.pathSeparator + env.get("PATH"));
        Map<String, String> b = new HashMap<>(a);
        // (away from the project: the directories around it are covered inside the sandbox)
        Path tmpA = Path.of("/tmp", "csl-percall-" + ProcessHandle.current().pid() + "-a");
        Path tmpB = Path.of("/tmp", "csl-percall-" + ProcessHandle.current().pid() + "-b");
        if (!bubblewrap) {
            Files.createDirectories(tmpA);
            Files.createDirectories(tmpB);
        }
        a.put("TMPDIR", tmpA.toString());
        b.put("TMPDIR", tmpB.toString());
        try {
            InProcessResident.Reply first = apply(project, a);
            InProcessResident.Reply second = apply(project, b);

            assertThat(first.out()).as(first.err()).contains("tmpdir there: " + tmpA);
            assertThat(second.out()).as(second.err()).contains("tmpdir there: " + tmpB);
        } finally {
            Files.deleteIfExists(tmpA);
            Files.deleteIfExists(tmpB);
        }
    }

    @Test
    void sandboxProbe_followsTheCallersPath() {
        SandboxProbe none = SandboxProbe.machine(tmp.toString(), null);

        assertThat(none.works()).isFalse();
        assertThat(none.why()).contains("bwrap not installed");
        assertThat(SandboxProbe.machine(System.getenv("PATH"), null).works())
                .isEqualTo(SandboxProbe.machine().works());
    }

    @Test
    void otherHome_declined_runsCold() throws IOException {
        Map<String, String> other = new HashMap<>(env);
        other.put("HOME", tmp.toString());

        InProcessResident.Reply reply = resident.call(tmp, other, List.of("--version"));

        assertThat(reply.declined()).isTrue();
        assertThat(reply.why()).contains("HOME");
    }
}
