package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.GuardedFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether a RUN ran something csl cannot roll back is a fact of its result, not of its note. */
class IrreversibleRunTest {
    @TempDir Path work;

    private ApplyReport apply(String answer) {
        return new Interpreter(new FakeRunners(), GuardedFiles::open)
                .apply(answer, ApplyOptions.defaults(work));
    }

    @Test
    void apply_externalCommand_resultIrreversibleWithItsNote() {
        OperationResult r = apply("<---RUN--->\nexternal npm test\n<---END--->\n").results().get(0);

        assertThat(r.irreversible()).isTrue();
        assertThat(r.note())
                .isEqualTo(
                        "Irreversible: external commands or Node.js ran; their side effects cannot"
                                + " be rolled back or undone by csl.");
    }

    @Test
    void apply_builtinOnly_notIrreversibleNoNote() {
        OperationResult r = apply("<---RUN--->\ntrue\n<---END--->\n").results().get(0);

        assertThat(r.irreversible()).isFalse();
        assertThat(r.note()).isNull();
    }

    @Test
    void apply_externalInsideWithdrawnTasks_childStaysIrreversibleBlockNamesIt() {
        OperationResult tasks =
                apply(
                                "<---TASKS--->\n<---RUN--->\nexternal npm test\n<---END--->\n"
                                        + "<---SEARCH file=\"missing.txt\"--->\na\n<---REPLACE--->\n"
                                        + "b\n<---END--->\n<---END--->\n")
                        .results()
                        .get(0);

        assertThat(tasks.irreversible()).isFalse();
        assertThat(tasks.note()).startsWith("Operation 1.1 ran external commands or Node.js");
        assertThat(tasks.results().get(0).status()).isEqualTo(Status.ROLLED_BACK);
        assertThat(tasks.results().get(0).irreversible()).isTrue();
    }
}
