package dev.csl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.csl.grammar.antlr.AnswerParser;
import java.io.IOException;
import java.io.Writer;

/**
 * Does, on the second core, the one-time work every apply needs and that depends on nothing: the
 * parser's tables (ANTLR deserializes its ATN in a static initializer, ~4 ms cold) and
 * jackson-core's, while the main thread reads the options and the answer. Class initialization is
 * thread-safe: where main gets there first it simply does the work itself. Nothing here touches the
 * disk or anything the apply will use as data.
 */
final class Warmup {
    private static final String SAMPLE =
            "<---WRITE file=\"a.txt\"--->\nx\n<---END--->\n"
                    + "<---SEARCH file=\"a.txt\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n";

    private Warmup() {}

    static void start() {
        Thread thread = new Thread(Warmup::run, "csl-warmup");
        thread.setDaemon(true);
        thread.start();
    }

    private static void run() {
        try {
            AnswerParser.parse(SAMPLE);
            try (JsonGenerator g = new JsonFactory().createGenerator(Writer.nullWriter())) {
                g.writeStartObject();
                g.writeStringField("warm", "\u00e9\"");
                g.writeNumberField("n", 1);
                g.writeEndObject();
            }
        } catch (IOException | RuntimeException e) {
            // only a head start: the apply does all of this again where it needs it
        }
    }
}
