package dev.csl.grammar.antlr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Delimiters;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.api.Test;

class LineTokenSourceTest {

    private static List<LineToken> tokens(String text, Delimiters delimiters) {
        LineTokenSource source = new LineTokenSource(text, 0, delimiters);
        List<LineToken> tokens = new ArrayList<>();
        LineToken token;
        do {
            token = (LineToken) source.nextToken();
            tokens.add(token);
        } while (token.getType() != Token.EOF);
        return tokens;
    }

    private static List<String> types(List<LineToken> tokens) {
        return tokens.stream()
                .map(
                        t ->
                                t.getType() == Token.EOF
                                        ? "EOF"
                                        : CslParser.VOCABULARY.getSymbolicName(t.getType()))
                .toList();
    }

    @Test
    void nextToken_runOfOtherLines_oneTextToken() {
        List<LineToken> tokens =
                tokens("a\nb\n c <---\n<---RUN--->\nx\n\ny\n<---END--->", Delimiters.DEFAULT);

        assertThat(types(tokens)).containsExactly("TEXT", "RUN", "TEXT", "END", "EOF");
        assertThat(tokens).extracting(Token::getLine).containsExactly(1, 4, 5, 8, 9);
    }

    @Test
    void nextToken_offsets_coverLinesAndTheirNewline() {
        String text = "<---RUN--->\nls\n<---END--->";
        List<LineToken> tokens = tokens(text, Delimiters.DEFAULT);

        assertThat(tokens.get(1).firstOffset()).isEqualTo(12);
        assertThat(tokens.get(1).nextOffset()).isEqualTo(15);
        assertThat(tokens.get(2).nextOffset()).isEqualTo(text.length());
    }

    @Test
    void nextToken_markerNames_typedCaseSensitivelyWithRecovery() {
        List<LineToken> tokens =
                tokens(
                        "<---WRITE--->\n<---write--->\n<---end--->\n<---TO--->\n<---REPLACE--->\n"
                                + "<---FOO--->\n<--- bar\n<---SEARCH\n<---END",
                        Delimiters.DEFAULT);

        assertThat(types(tokens))
                .containsExactly(
                        "WRITE",
                        "WRITE",
                        "UNKNOWN",
                        "TO",
                        "REPLACE",
                        "UNKNOWN",
                        "MALFORMED",
                        "SEARCH",
                        "MALFORMED",
                        "EOF");
        assertThat(tokens.get(1).marker().name()).isEqualTo("write");
    }

    @Test
    void nextToken_customDelimiters_defaultMarkersAreText() {
        List<LineToken> tokens =
                tokens("<---RUN--->\n@[[[[RUN]]]]@\n", new Delimiters("@[[[[", "]]]]@"));

        assertThat(types(tokens)).containsExactly("TEXT", "RUN", "EOF");
    }

    @Test
    void nextToken_lookalikesAfterFaultyOpener_typedAsTheMarkersTheyMean() {
        List<LineToken> tokens =
                tokens(
                        "<---Search file=\"b\"--->\np\n<---Replace--->\nq\n<---End--->\n"
                                + "<---End--->\n<--- WRITE\n<---end--->\n",
                        Delimiters.DEFAULT);

        // The second <---End---> is at top level again: there it is only an unknown name.
        assertThat(types(tokens))
                .containsExactly(
                        "SEARCH", "TEXT", "REPLACE", "TEXT", "END", "UNKNOWN", "WRITE", "END",
                        "EOF");
    }

    @Test
    void nextToken_lookalikesInsideCorrectBlock_stayLiteral() {
        List<LineToken> tokens =
                tokens(
                        "<---WRITE file=\"a\"--->\n<---Write--->\n<---end--->\n<---END--->\n",
                        Delimiters.DEFAULT);

        assertThat(types(tokens)).containsExactly("WRITE", "WRITE", "UNKNOWN", "END", "EOF");
    }

    @Test
    void nextToken_emptyText_onlyEof() {
        assertThat(types(tokens("", Delimiters.DEFAULT))).containsExactly("EOF");
    }
}
