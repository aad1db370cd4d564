package dev.csl.runner.external;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.process.ProcessLauncher;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SandboxFailuresTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/usr/bin/cp: cannot create regular file '/home/u/x.txt': Read-only file system"
                        + "|/home/u/x.txt",
                "sh: 1: cannot create /etc/x: Read-only file system|/etc/x",
                "touch: cannot touch '/opt/a b': Read-only file system|/opt/a b",
                "OSError: [Errno 30] Read-only file system: '/srv/data'|/srv/data",
            })
    void refusedPath_toolMessages_pathTheToolCouldNotWrite(String line, String path) {
        assertThat(SandboxFailures.refusedPath(line)).isEqualTo(path);
    }

    @Test
    void explain_landlockPermissionDenied_namesThePathTheRootAndWhatStaysReadOnly() {
        String stderr = "touch: cannot touch '/srv/x': Permission denied\n";
        CommandOutcome outcome =
                new CommandOutcome(
                        new CommandResult("touch /srv/x", 1, "", stderr, 3),
                        ProcessLauncher.failed("touch /srv/x", 1));

        CommandOutcome landlock = SandboxFailures.explain(outcome, Path.of("/w"), false, true);
        CommandOutcome bubblewrap = SandboxFailures.explain(outcome, Path.of("/w"), false, false);

        assertThat(landlock.failure().message())
                .contains("the Landlock sandbox refused an access to /srv/x; only /w is writable")
                .contains("not its .git, .csl and repository-shaped directories")
                .contains("in a directory holding one only its existing files");
        assertThat(bubblewrap).isSameAs(outcome);
    }
}
