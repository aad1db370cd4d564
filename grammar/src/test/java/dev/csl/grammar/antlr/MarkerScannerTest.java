package dev.csl.grammar.antlr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.antlr.MarkerLine.Flaw;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MarkerScannerTest {

    private static MarkerLine scan(String line) {
        return scan(line, Delimiters.DEFAULT);
    }

    private static MarkerLine scan(String line, Delimiters delimiters) {
        // Surround the line with others: the scanner must stay inside [from, to).
        String text = "before\n" + line + "\nafter --->\n";
        int from = "before\n".length();
        return new MarkerScanner(text, delimiters).scan(from, from + line.length());
    }

    @Nested
    class WellFormed {
        @Test
        void scan_nameOnly_noAttributes() {
            MarkerLine marker = scan("<---END--->");
            assertThat(marker.name()).isEqualTo("END");
            assertThat(marker.flaw()).isEqualTo(Flaw.NONE);
            assertThat(marker.attributes().asMap()).isEmpty();
        }

        @Test
        void scan_attributes_keptInSourceOrder() {
            MarkerLine marker = scan("<---WRITE z=\"1\" a='2' m = \"3\"--->");
            assertThat(marker.flaw()).isEqualTo(Flaw.NONE);
            assertThat(marker.attributes().asMap())
                    .containsExactly(Map.entry("z", "1"), Map.entry("a", "2"), Map.entry("m", "3"));
        }

        @ParameterizedTest
        @CsvSource(
                delimiter = '|',
                value = {
                    "<---WRITE v=\"a\\\"b\"--->|a\"b",
                    "<---WRITE v='a\\'b'--->|a'b",
                    "<---WRITE v=\"a\\\\\"--->|a\\",
                    "<---WRITE v=\"a\\nb\"--->|a\\nb",
                    "<---WRITE v=\"a\\'b\"--->|a\\'b",
                    "<---WRITE v='a\\\"b'--->|a\\\"b",
                    "<---WRITE v=\"a--->b\"--->|a--->b"
                })
        void scan_quotedValue_escapesExactlyAsSpecified(String line, String value) {
            MarkerLine marker = scan(line);
            assertThat(marker.flaw()).isEqualTo(Flaw.NONE);
            assertThat(marker.attributes().asMap()).containsExactly(Map.entry("v", value));
        }

        @Test
        void scan_emptyValue_legal() {
            assertThat(scan("<---WRITE v=\"\"--->").attributes().asMap())
                    .containsExactly(Map.entry("v", ""));
        }

        @Test
        void scan_blanksAfterEndDelimiter_ignored() {
            assertThat(scan("<---END---> \t ").flaw()).isEqualTo(Flaw.NONE);
        }

        @Test
        void scan_customDelimiterWithNameCharacters_endsNamesAndValues() {
            MarkerLine marker = scan("@[[[[RUN x=\"1\"]]]]@", new Delimiters("@[[[[", "]]]]@"));
            assertThat(marker.name()).isEqualTo("RUN");
            assertThat(marker.flaw()).isEqualTo(Flaw.NONE);
            assertThat(marker.attributes().asMap()).containsExactly(Map.entry("x", "1"));
        }
    }

    @Nested
    class Flawed {
        @ParameterizedTest
        @CsvSource(
                delimiter = '|',
                value = {
                    "<--- WRITE--->|MALFORMED",
                    "<---|MALFORMED",
                    "<--->|MALFORMED",
                    "<---WRITE|MALFORMED",
                    "<---WRITE file=\"a\"|MALFORMED",
                    "<---WRITE file=\"a--->\"|MALFORMED",
                    "<---WRITE file=\"a--->|UNTERMINATED_QUOTE",
                    "<---WRITE file=a--->|UNQUOTED_VALUE",
                    "<---WRITE file=--->|UNQUOTED_VALUE",
                    "<---WRITE file=\"a\" file='b'--->|DUPLICATE_ATTRIBUTE",
                    "<---WRITE file=\"a\"b=\"c\"--->|INVALID_ATTRIBUTES",
                    "<---WRITE file \"a\"--->|INVALID_ATTRIBUTES",
                    "<---WRITE file--->|INVALID_ATTRIBUTES",
                    "<---WRITE \"a\"--->|INVALID_ATTRIBUTES",
                    "<---WRITE=\"a\"--->|INVALID_ATTRIBUTES",
                    "<---END---> x|TRAILING_CONTENT",
                    "<---END--->--->|TRAILING_CONTENT"
                })
        void scan_firstProblem_classified(String line, Flaw flaw) {
            assertThat(scan(line).flaw()).as(line).isEqualTo(flaw);
        }

        @Test
        void scan_duplicate_namesTheAttribute() {
            assertThat(scan("<---WRITE count=\"1\" count=\"2\"--->").detail()).isEqualTo("count");
        }

        @Test
        void scan_unicodeLettersInName_readAsName() {
            MarkerLine marker = scan("<---ÉCRIRE--->");
            assertThat(marker.name()).isEqualTo("ÉCRIRE");
            assertThat(marker.flaw()).isEqualTo(Flaw.NONE);
        }
    }
}
