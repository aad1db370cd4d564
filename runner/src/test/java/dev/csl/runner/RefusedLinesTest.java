package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RefusedLinesTest {
    private static RunFailure failure(String message, int line, String command) {
        return new RunFailure(
                ErrorCode.SHELL_OPERATOR,
                message,
                "hint",
                Map.of("line", line, "command", command));
    }

    @Test
    void combine_oneRefusal_returnedAsItIs() {
        RunFailure only = failure("ls is not approved", 1, "ls");

        assertThat(RefusedLines.combine(List.of(RefusedLines.Refusal.of(only)))).isSameAs(only);
    }

    @Test
    void combine_messageNamingItsLine_notNamedTwice() {
        RunFailure combined =
                RefusedLines.combine(
                        List.of(
                                RefusedLines.Refusal.namingItsLine(
                                        failure("Command line 1 uses a pipe (|)", 1, "a | b")),
                                RefusedLines.Refusal.of(failure("c is not approved", 2, "c"))));

        assertThat(combined.message())
                .isEqualTo(
                        "2 command lines of this RUN block were refused, so none of it ran:\n"
                                + "  Command line 1 uses a pipe (|)\n"
                                + "  Command line 2 (c): c is not approved");
    }
}
