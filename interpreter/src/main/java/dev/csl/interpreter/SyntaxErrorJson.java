package dev.csl.interpreter;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.SyntaxError;
import java.io.IOException;

/**
 * A syntax error in an apply's JSON, in the shape of every other error (docs/json.md): {@code
 * line}, {@code code} ({@code syntax_error}), {@code message}, and the {@code error} text the
 * document has always carried (the same as {@code message}), then {@code hint}. serve and mcp
 * serialize the report with Jackson, {@code csl apply --json} with its own writer: both give these
 * bytes.
 */
final class SyntaxErrorJson extends StdSerializer<SyntaxError> {
    SyntaxErrorJson() {
        super(SyntaxError.class);
    }

    @Override
    public void serialize(SyntaxError e, JsonGenerator g, SerializerProvider provider)
            throws IOException {
        g.writeStartObject();
        g.writeNumberField("line", e.line());
        g.writeStringField("code", ErrorCode.SYNTAX_ERROR.wireName());
        g.writeStringField("message", e.error());
        g.writeStringField("error", e.error());
        g.writeStringField("hint", e.hint());
        g.writeEndObject();
    }
}
