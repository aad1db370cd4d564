package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's "Error codes" table and docs/error-codes.md list exactly the codes csl reports. */
class ErrorCodesDocTest {
    private static final Pattern ROW =
            Pattern.compile("^\\| `([a-z_]+)` \\| (.+) \\|$", Pattern.MULTILINE);

    private static List<String> codesIn(String markdown) {
        Matcher m = ROW.matcher(markdown);
        List<String> codes = new java.util.ArrayList<>();
        while (m.find()) {
            codes.add(m.group(1));
        }
        return codes;
    }

    private static List<String> enumCodes() {
        return Arrays.stream(ErrorCode.values()).map(ErrorCode::wireName).toList();
    }

    @Test
    void readme_errorCodesSection_listsEveryCodeOfTheEnumAndNoOther() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("## Error codes");
        int end = readme.indexOf("\n## ", start + 1);
        assertThat(start).isNotNegative();
        String section = readme.substring(start, end < 0 ? readme.length() : end);

        assertThat(codesIn(section)).containsExactlyElementsOf(enumCodes());
    }

    @Test
    void docsErrorCodes_listsEveryCodeOfTheEnumAndNoOther() throws IOException {
        assertThat(codesIn(Files.readString(Path.of("..", "docs", "error-codes.md"))))
                .containsExactlyElementsOf(enumCodes());
    }

    @Test
    void errorCodes_includeEveryCodeNamedInSpecSection5() {
        assertThat(enumCodes())
                .contains(
                        "validation_error",
                        "task_aborted",
                        "path_escape",
                        "invalid_path",
                        "protected_path",
                        "is_directory",
                        "file_not_found",
                        "permission_denied",
                        "io_error",
                        "match_count_mismatch",
                        "search_range_incomplete",
                        "shell_operator",
                        "invalid_shell_syntax",
                        "command_not_allowed",
                        "command_not_approved",
                        "command_blocked",
                        "unknown_flag",
                        "invalid_flag_value",
                        "wrong_argument_count",
                        "invalid_working_directory",
                        "command_failed",
                        "command_not_found",
                        "timeout",
                        "node_unavailable",
                        "plan_changed");
    }
}
