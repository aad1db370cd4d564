package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The answer's timeout has a ceiling only the user can raise (docs/external.md). */
class TimeoutCeilingTest {
    @TempDir Path temp;
    private Path work;
    private final Interpreter interpreter = new Interpreter(new FakeRunners());

    @BeforeEach
    void project() throws IOException {
        work = temp.resolve("p");
        Files.createDirectories(work);
    }

    private static String run(String timeout) {
        return "<---RUN timeout=\"" + timeout + "\"--->\nmkdir made\n<---END--->\n";
    }

    private void limits(String json) throws IOException {
        Files.createDirectories(work.resolve(".csl"));
        Files.writeString(work.resolve(".csl/commands.json"), json);
        try {
            dev.csl.runner.approval.ProjectTrust.trustAsWritten(work); // the user trusts it
        } catch (IOException unreadable) {
            // a malformed file is what such a test is about: csl reads it as it stands
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"601", "2147483648", "99999999999999999999999"})
    void apply_timeoutAboveTenMinutes_refusedAsValidationErrorNotRun(String timeout) {
        ApplyReport report = interpreter.apply(run(timeout), ApplyOptions.defaults(work));

        OperationResult r = report.results().get(0);
        assertThat(r.status()).isEqualTo(Status.SKIPPED);
        assertThat(r.error().code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(r.error().details()).containsEntry("field", "timeout");
        assertThat(r.error().message())
                .isEqualTo(
                        "Invalid value for 'timeout': "
                                + timeout
                                + " seconds is above the ceiling of 600 seconds (the default)");
        assertThat(r.error().hint()).contains("timeout=\"600\"", "\"limits\"", "--timeout");
        assertThat(work.resolve("made")).doesNotExist();
    }

    @Test
    void apply_timeoutAtTheCeiling_runs() {
        ApplyReport report = interpreter.apply(run("600"), ApplyOptions.defaults(work));
        assertThat(report.ok()).as("%s", report.results()).isTrue();
    }

    @Test
    void apply_ceilingRaisedInCommandsJson_longerTimeoutRuns() throws IOException {
        limits("{\"allowed\": [], \"limits\": {\"timeout\": 1800, \"fileSize\": 5}}");
        assertThat(interpreter.apply(run("1800"), ApplyOptions.defaults(work)).ok()).isTrue();
        ApplyReport above = interpreter.apply(run("1801"), ApplyOptions.defaults(work));
        assertThat(above.results().get(0).error().message())
                .endsWith("above the ceiling of 1800 seconds (.csl/commands.json \"limits\")");
    }

    @Test
    void apply_ceilingLoweredInCommandsJson_answerHeldToIt() throws IOException {
        limits("{\"limits\": {\"timeout\": 60}}");
        ApplyReport report = interpreter.apply(run("120"), ApplyOptions.defaults(work));
        assertThat(report.results().get(0).error().details()).containsEntry("ceiling", 60L);
    }

    @Test
    void apply_longerTimeoutOnTheCommandLine_raisesTheCeilingToIt() {
        ApplyOptions options = ApplyOptions.defaults(work).withTimeout(900);
        assertThat(interpreter.apply(run("900"), options).ok()).isTrue();
        assertThat(interpreter.apply(run("901"), options).results().get(0).error().message())
                .endsWith("ceiling of 900 seconds (--timeout)");
    }

    @Test
    void apply_brokenLimits_defaultCeilingAndTheProblemNamed() throws IOException {
        limits("{\"limits\": {\"timeout\": \"lots\"}}");
        ApplyReport report = interpreter.apply(run("700"), ApplyOptions.defaults(work));
        assertThat(report.results().get(0).error().message())
                .contains("ceiling of 600 seconds", "\"timeout\" must be a positive whole number");
    }

    @Test
    void apply_ceilingExceededInsideTasks_blockSkippedWholeNothingRuns() {
        String answer =
                "<---TASKS--->\n<---RUN--->\nmkdir first\n<---END--->\n"
                        + run("3600")
                        + "<---END--->\n";
        ApplyReport report = interpreter.apply(answer, ApplyOptions.defaults(work));
        OperationResult tasks = report.results().get(0);
        assertThat(tasks.status()).isEqualTo(Status.SKIPPED);
        assertThat(tasks.results().get(1).error().details()).containsEntry("field", "timeout");
        assertThat(work.resolve("first")).doesNotExist();
    }

    @Test
    void apply_dryRun_refusesTheSame() {
        ApplyReport report =
                interpreter.apply(run("601"), ApplyOptions.defaults(work).withDryRun(true));
        assertThat(report.results().get(0).error().code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
    }
}
