package dev.csl.grammar.antlr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Attributes;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.SyntaxError;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.Write;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class AnswerParserTest {

    private static List<Operation> ok(String answer) {
        ParseResult result = AnswerParser.parse(answer);
        assertThat(result.syntaxErrors()).isEmpty();
        return result.operations();
    }

    private static List<String> errors(String answer) {
        ParseResult result = AnswerParser.parse(answer);
        assertThat(result.operations()).isEmpty();
        return result.syntaxErrors().stream().map(SyntaxError::error).toList();
    }

    @Nested
    class TopLevel {
        @Test
        void parse_proseAndFencesAroundBlock_onlyBlockKept() {
            List<Operation> operations =
                    ok("Sure!\n```\n<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n```\nDone.\n");
            assertThat(operations)
                    .containsExactly(
                            new Write(3, Attributes.of(java.util.Map.of("file", "a.txt")), "hi"));
        }

        @Test
        void parse_markerAfterLeadingSpace_isProse() {
            assertThat(ok(" <---WRITE file=\"a\"--->\n\t<---END---> x\n")).isEmpty();
        }

        @Test
        void parse_unknownLowerCaseName_hintSaysUpperCase() {
            ParseResult result = AnswerParser.parse("<---write file=\"a\"--->\nx\n<---END--->\n");
            assertThat(result.syntaxErrors())
                    .extracting(SyntaxError::error, SyntaxError::hint)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(
                                    "Line 1: Unknown operation: write",
                                    "operation names are upper case: WRITE"));
        }

        @Test
        void parse_strayEndToReplace_eachUnexpected() {
            assertThat(errors("<---END--->\n<---TO--->\n<---REPLACE--->\n"))
                    .containsExactly(
                            "Line 1: Unexpected END marker",
                            "Line 2: Unexpected TO marker",
                            "Line 3: Unexpected REPLACE marker");
        }
    }

    @Nested
    class Content {
        @Test
        void parse_blankLinesBeforeEnd_kept() {
            Write write = (Write) ok("<---WRITE file=\"a\"--->\ncontent\n\n<---END--->").get(0);
            assertThat(write.content()).isEqualTo("content\n");
        }

        @Test
        void parse_noContentLines_emptyString() {
            Write write = (Write) ok("<---WRITE file=\"a\"--->\n<---END--->").get(0);
            assertThat(write.content()).isEmpty();
        }

        @Test
        void parse_crlfAndCr_normalizedToLf() {
            Write crlf = (Write) ok("<---WRITE file=\"a\"--->\r\na\r\nb\r\n<---END--->\r\n").get(0);
            Write cr = (Write) ok("<---WRITE file=\"a\"--->\ra\rb\r<---END--->").get(0);
            assertThat(crlf.content()).isEqualTo("a\nb");
            assertThat(cr.content()).isEqualTo("a\nb");
        }

        @Test
        void parse_markersInsideContent_literal() {
            Write write =
                    (Write)
                            ok("<---WRITE file=\"a\"--->\n<---RUN--->\n<---bogus\n<---END--->\n")
                                    .get(0);
            assertThat(write.content()).isEqualTo("<---RUN--->\n<---bogus");
        }

        @Test
        void parse_endWithTrailingText_reportedAndStillCloses() {
            assertThat(errors("<---WRITE file=\"a\"--->\nx\n<---END---> oops\n<---END--->\n"))
                    .containsExactly(
                            "Line 3: Content not allowed on marker line",
                            "Line 4: Unexpected END marker");
        }
    }

    @Nested
    class Recovery {
        @Test
        void parse_wrongCaseBlocks_everyMarkerReportedWithItsHint() {
            ParseResult result =
                    AnswerParser.parse(
                            "<---Write file=\"a\"--->\nx\n<---End--->\n<---Search file=\"b\"--->\n"
                                    + "p\n<---Replace--->\nq\n<---End--->\n");
            assertThat(result.syntaxErrors())
                    .extracting(SyntaxError::line, SyntaxError::hint)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(
                                    1, "operation names are upper case: WRITE"),
                            org.assertj.core.groups.Tuple.tuple(
                                    3, "operation names are upper case: END"),
                            org.assertj.core.groups.Tuple.tuple(
                                    4, "operation names are upper case: SEARCH"),
                            org.assertj.core.groups.Tuple.tuple(
                                    6, "operation names are upper case: REPLACE"),
                            org.assertj.core.groups.Tuple.tuple(
                                    8, "operation names are upper case: END"));
        }

        @Test
        void parse_unterminatedBlockWithLookalike_linesAfterItReadAgain() {
            assertThat(errors("<---RUN--->\nls\n<---end--->\n<---DELETE file=\"a\"--->\n"))
                    .containsExactly(
                            "Line 1: Unterminated RUN operation",
                            "Line 4: Unknown operation: DELETE");
        }

        @Test
        void parse_manyUnterminatedBlocksWithLookalikes_rereadsBounded() {
            // Each re-read costs the rest of the answer: after 16 of them the rest is left alone.
            assertThat(errors("<---WRITE file=\"a\"--->\n<---end--->\n".repeat(40)))
                    .hasSize(17)
                    .allMatch(e -> e.endsWith("Unterminated WRITE operation"));
        }
    }

    @Nested
    class InsideTasks {
        @Test
        void parse_proseBetweenOperations_ignored() {
            Tasks tasks =
                    (Tasks)
                            ok("<---TASKS--->\nfirst:\n<---RUN--->\nls\n<---END--->\nthen done\n<---END--->\n")
                                    .get(0);
            assertThat(tasks.operations()).containsExactly(new Run(3, Attributes.empty(), "ls"));
        }

        @Test
        void parse_toAndReplaceAndUnknown_reportedEach() {
            assertThat(
                            errors(
                                    "<---TASKS--->\n<---TO--->\n<---REPLACE--->\n<---EXEC--->\n<---END--->\n"))
                    .containsExactly(
                            "Line 2: Unexpected TO marker",
                            "Line 3: Unexpected REPLACE marker",
                            "Line 4: Unknown operation: EXEC");
        }

        @Test
        void parse_nestedTasksWithBalancedEnds_oneError() {
            assertThat(
                            errors(
                                    "<---TASKS--->\n<---TASKS--->\n<---RUN--->\nls\n<---END--->\n<---END--->\n<---END--->\n"))
                    .containsExactly("Line 2: TASKS cannot be nested");
        }

        @Test
        void parse_unterminatedChild_reportedOnceAtChildWithTasksInHint() {
            ParseResult result = AnswerParser.parse("<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n");
            assertThat(result.syntaxErrors()).hasSize(1);
            assertThat(result.syntaxErrors().get(0).error())
                    .isEqualTo("Line 2: Unterminated WRITE operation");
            assertThat(result.syntaxErrors().get(0).hint()).contains("TASKS block on line 1");
        }
    }

    @Nested
    class SearchBlocks {
        @Test
        void parse_searchWithRange_allSections() {
            Search search =
                    (Search)
                            ok("<---SEARCH file=\"f\"--->\na\n<---TO--->\nb\n<---REPLACE--->\nc\n<---END--->")
                                    .get(0);
            assertThat(search.pattern()).isEqualTo("a");
            assertThat(search.to()).isEqualTo("b");
            assertThat(search.replacement()).isEqualTo("c");
        }

        @Test
        void parse_endBeforeReplace_noReplaceSectionAtEndLine() {
            assertThat(errors("<---SEARCH file=\"f\"--->\na\n<---END--->\n"))
                    .containsExactly("Line 3: SEARCH operation has no REPLACE section");
        }

        @Test
        void parse_endAfterTo_isPartOfRangeEnd() {
            Search search =
                    (Search)
                            ok("<---SEARCH file=\"f\"--->\na\n<---TO--->\n<---END--->\n<---REPLACE--->\n<---END--->")
                                    .get(0);
            assertThat(search.to()).isEqualTo("<---END--->");
            assertThat(search.replacement()).isEmpty();
        }
    }

    @Nested
    class Delimiter {
        @Test
        void parse_regexSpecialDelimiters_work() {
            Delimiters delimiters = new Delimiters("@[[[[", "]]]]@");
            ParseResult result =
                    AnswerParser.parse(
                            "@[[[[RUN]]]]@\nls\n@[[[[END]]]]@\n<---END--->\n", delimiters);
            assertThat(result.syntaxErrors()).isEmpty();
            assertThat(result.operations()).containsExactly(new Run(1, Attributes.empty(), "ls"));
        }
    }

    @Nested
    class ReadableWithSyntaxErrors {
        @Test
        void parse_tasksCutOffBeforeItsEnd_itsWholeBlocksAreReadableNothingRuns() {
            ParseResult r =
                    AnswerParser.parse(
                            "<---TASKS--->\n<---WRITE file=\"a.py\"--->\n```\nx\n```\n<---END--->\n"
                                    + "<---RUN--->\nls\n<---END--->\n<---WRITE file=\"b.py\"--->\ncut");
            assertThat(r.ok()).isFalse();
            assertThat(r.operations()).isEmpty();
            assertThat(r.readable())
                    .extracting(Operation::type, Operation::line)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("WRITE", 2),
                            org.assertj.core.groups.Tuple.tuple("RUN", 7));
            assertThat(((Write) r.readable().get(0)).content()).isEqualTo("```\nx\n```");
        }

        @Test
        void parse_blocksBeforeAndAfterAnUnknownMarker_bothReadable() {
            ParseResult r =
                    AnswerParser.parse(
                            "<---WRITE file=\"a\"--->\na\n<---END--->\n<---FOO--->\n"
                                    + "<---SEARCH file=\"b\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n");
            assertThat(r.syntaxErrors()).hasSize(1);
            assertThat(r.readable()).extracting(Operation::type).containsExactly("WRITE", "SEARCH");
        }

        @Test
        void parse_blockOpenedByAFaultyMarker_notReadableItsEndIsAGuess() {
            ParseResult r =
                    AnswerParser.parse(
                            "<--- RUN\n<---SEARCH file=\"b\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n");
            assertThat(r.ok()).isFalse();
            assertThat(r.readable()).isEmpty();
        }

        @Test
        void parse_withoutSyntaxErrors_readableIsEmpty() {
            ParseResult r = AnswerParser.parse("<---WRITE file=\"a\"--->\na\n<---END--->\n");
            assertThat(r.ok()).isTrue();
            assertThat(r.readable()).isEmpty();
        }
    }
}
