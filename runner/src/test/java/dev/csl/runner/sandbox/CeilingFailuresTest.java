package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.process.ProcessLauncher;
import org.junit.jupiter.api.Test;

/** What a user reads when a command ran into a ceiling, from each way programs report it. */
class CeilingFailuresTest {
    private static CommandOutcome failed(int exit, String stderr) {
        return new CommandOutcome(
                new CommandResult("make", exit, "", stderr, 5),
                ProcessLauncher.failed("make", exit));
    }

    @Test
    void explain_killedBySigxfsz_namesTheFileSizeCapAndWhereToRaiseIt() {
        CommandOutcome outcome =
                CeilingFailures.explain(failed(153, ""), new CommandLimits(64, 100));

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
        assertThat(outcome.failure().message())
                .isEqualTo(
                        "'make' exited with status 153: it wrote a file past the cap of 64 MiB per"
                                + " file (the kernel stopped it with SIGXFSZ / EFBIG)");
        assertThat(outcome.failure().hint())
                .contains("\"fileSize\"")
                .contains(".csl/commands.json");
    }

    @Test
    void explain_efbigFromAProgramIgnoringTheSignal_namesTheFileSizeCap() {
        CommandOutcome outcome =
                CeilingFailures.explain(
                        failed(1, "OSError: [Errno 27] File too large"), CommandLimits.DEFAULTS);

        assertThat(outcome.failure().message()).contains("past the cap of 1024 MiB per file");
    }

    @Test
    void explain_forkRefused_namesTheProcessCap() {
        CommandOutcome outcome =
                CeilingFailures.explain(failed(2, "sh: 0: Cannot fork\n"), CommandLimits.DEFAULTS);

        assertThat(outcome.failure().message()).contains("cap of 2048 processes and threads");
        assertThat(outcome.failure().hint()).contains("\"processes\"");
    }

    @Test
    void explain_otherFailureOrSuccess_unchanged() {
        CommandOutcome other = failed(1, "error: tests failed");
        CommandOutcome ok = new CommandOutcome(new CommandResult("make", 0, "", "", 5), null);

        assertThat(CeilingFailures.explain(other, CommandLimits.DEFAULTS)).isSameAs(other);
        assertThat(CeilingFailures.explain(ok, CommandLimits.DEFAULTS)).isSameAs(ok);
    }
}
