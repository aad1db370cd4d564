package dev.csl.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ValidatorTest {

    private static Attributes attrs(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return Attributes.of(map);
    }

    private static Search search(String count) {
        return new Search(3, attrs("file", "a", "count", count), "p", null, "r");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "01", "7", "all", "123456789012345678901234567890"})
    void validate_countPositiveOrAll_accepted(String count) {
        assertThat(Validator.validate(List.of(search(count)))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "00", "+3", "3.0", "ALL", "All", "-1", "", " 1", "1 ", "one", "٣"})
    void validate_countOtherwise_rejectedWithField(String count) {
        assertThat(Validator.validate(List.of(search(count))))
                .containsExactly(
                        new ValidationError(
                                3,
                                "SEARCH",
                                "Invalid value for 'count': must be positive integer or 'all'",
                                "count",
                                null));
    }

    @Test
    void validate_errorsOfOneOperation_inSpecOrder() {
        Search search = new Search(1, attrs("count", "x"), "", "", "");
        Run run = new Run(5, attrs("lang", "py", "timeout", "0"), "");

        List<ValidationError> errors = Validator.validate(List.of(search, run));

        assertThat(errors)
                .extracting(ValidationError::line, ValidationError::error, ValidationError::field)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                1, "Missing required attribute 'file'", null),
                        org.assertj.core.groups.Tuple.tuple(
                                1,
                                "Invalid value for 'count': must be positive integer or 'all'",
                                "count"),
                        org.assertj.core.groups.Tuple.tuple(
                                1, "Empty search pattern not allowed", null),
                        org.assertj.core.groups.Tuple.tuple(
                                1, "Empty TO pattern not allowed", null),
                        org.assertj.core.groups.Tuple.tuple(
                                5,
                                "Invalid value for 'timeout': must be a positive whole number of"
                                        + " seconds",
                                "timeout"),
                        org.assertj.core.groups.Tuple.tuple(
                                5, "Invalid value for 'lang': must be 'node'", "lang"),
                        org.assertj.core.groups.Tuple.tuple(
                                5, "Empty content not allowed for RUN operation", null));
    }

    @Test
    void validate_emptyReplacement_legalDeletion() {
        assertThat(Validator.validate(List.of(new Search(1, attrs("file", "a"), "p", null, ""))))
                .isEmpty();
    }

    @Test
    void validate_insideTasks_carriesParentTaskLine() {
        Tasks tasks =
                new Tasks(
                        10,
                        Attributes.empty(),
                        List.of(
                                new Write(11, attrs("append", "yes"), "x"),
                                new Run(14, Attributes.empty(), "ls")));

        assertThat(Validator.validate(List.of(tasks)))
                .containsExactly(
                        new ValidationError(
                                11, "WRITE", "Missing required attribute 'file'", null, 10),
                        new ValidationError(
                                11,
                                "WRITE",
                                "Invalid value for 'append': must be 'true' or 'false'",
                                "append",
                                10));
    }

    @Test
    void validate_tasksInsideTasks_rejectedAtInnerLine() {
        Tasks inner = new Tasks(2, Attributes.empty(), List.of(new Run(3, Attributes.empty(), "")));
        Tasks outer = new Tasks(1, Attributes.empty(), List.of(inner));

        assertThat(Validator.validate(List.of(outer)))
                .containsExactly(
                        new ValidationError(
                                2,
                                "TASKS",
                                "TASKS cannot contain other TASKS operations",
                                null,
                                1));
    }

    @Test
    void validate_langAliases_accepted() {
        List<Operation> runs =
                List.of(
                        new Run(1, attrs("lang", "node"), "x"),
                        new Run(2, attrs("lang", "js"), "x"),
                        new Run(3, attrs("lang", "javascript"), "x"));
        assertThat(Validator.validate(runs)).isEmpty();
    }

    @Test
    void hint_everyValidationMessage_hasItsOwnHint() {
        Search bad = new Search(1, attrs("count", "x"), "", "", "");
        Write write = new Write(2, attrs("append", "x"), "");
        Run run = new Run(3, attrs("lang", "x", "timeout", "x"), "");
        List<ValidationError> errors = Validator.validate(List.of(bad, write, run));
        assertThat(errors).hasSize(9);
        assertThat(errors)
                .extracting(ValidationError::hint)
                .doesNotHaveDuplicates()
                .noneMatch(hint -> hint.startsWith("fix the operation"));
    }
}
