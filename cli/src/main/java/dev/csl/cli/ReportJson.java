package dev.csl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.csl.grammar.SyntaxError;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.ErrorInfo;
import dev.csl.interpreter.LikelyMistake;
import dev.csl.interpreter.OperationResult;
import dev.csl.interpreter.Recovery;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import dev.csl.interpreter.Warning;
import dev.csl.runner.base.CommandResult;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The {@code --json} documents of apply and undo, written field by field with jackson-core's
 * generator: the same bytes Jackson databind writes for these records ({@code ReportJsonTest}
 * compares them), without loading databind's two thousand classes on an agent's every call.
 */
final class ReportJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private ReportJson() {}

    static String write(ApplyReport r) {
        return write(
                g -> {
                    g.writeStartObject();
                    g.writeBooleanField("ok", r.ok());
                    g.writeStringField("workingDir", r.workingDir());
                    g.writeBooleanField("dryRun", r.dryRun());
                    if (r.applyId() != null) {
                        g.writeStringField("applyId", r.applyId());
                    }
                    g.writeArrayFieldStart("results");
                    for (OperationResult result : r.results()) {
                        result(g, result);
                    }
                    g.writeEndArray();
                    g.writeArrayFieldStart("syntaxErrors");
                    for (SyntaxError e : r.syntaxErrors()) {
                        ParseJson.writeSyntaxError(g, e);
                    }
                    g.writeEndArray();
                    if (r.likelyMistakes() != null) {
                        g.writeArrayFieldStart("likelyMistakes");
                        for (LikelyMistake m : r.likelyMistakes()) {
                            g.writeStartObject();
                            g.writeNumberField("line", m.line());
                            g.writeStringField("type", m.type());
                            if (m.file() != null) {
                                g.writeStringField("file", m.file());
                            }
                            g.writeStringField("code", m.code());
                            g.writeStringField("message", m.message());
                            g.writeStringField("hint", m.hint());
                            g.writeBooleanField("refused", m.refused());
                            g.writeEndObject();
                        }
                        g.writeEndArray();
                    }
                    if (r.planHash() != null) {
                        g.writeStringField("planHash", r.planHash());
                    }
                    if (r.error() != null) {
                        g.writeFieldName("error");
                        error(g, r.error());
                    }
                    recovered(g, r.recovered());
                    g.writeEndObject();
                });
    }

    /** {@code csl undo --list --json}: the history, newest first. */
    static String write(java.nio.file.Path workingDir, List<Undoer.Applied> applied) {
        return write(
                g -> {
                    g.writeStartObject();
                    g.writeBooleanField("ok", true);
                    g.writeStringField("workingDir", workingDir.toString());
                    g.writeArrayFieldStart("applies");
                    for (Undoer.Applied a : applied) {
                        g.writeStartObject();
                        g.writeStringField("applyId", a.id());
                        strings(g, "paths", a.paths());
                        g.writeBooleanField("undone", a.undone());
                        optional(g, "time", a.time());
                        optional(g, "source", a.source());
                        optional(g, "answer", a.answer());
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                });
    }

    static String write(UndoReport r) {
        return write(
                g -> {
                    g.writeStartObject();
                    g.writeBooleanField("ok", r.ok());
                    g.writeStringField("workingDir", r.workingDir());
                    if (r.applyId() != null) {
                        g.writeStringField("applyId", r.applyId());
                    }
                    strings(g, "restored", r.restored());
                    strings(g, "changedSince", r.changedSince());
                    if (!r.notRestored().isEmpty()) {
                        strings(g, "notRestored", r.notRestored());
                    }
                    if (r.dryRun()) {
                        g.writeBooleanField("dryRun", true);
                    }
                    optional(g, "diff", r.diff());
                    optional(g, "discardedKeptIn", r.discardedKeptIn());
                    if (r.error() != null) {
                        g.writeFieldName("error");
                        error(g, r.error());
                    }
                    recovered(g, r.recovered());
                    g.writeEndObject();
                });
    }

    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** One JSON object holding what {@code fields} writes. */
    static String object(Body fields) {
        return write(
                g -> {
                    g.writeStartObject();
                    fields.write(g);
                    g.writeEndObject();
                });
    }

    private static String write(Body body) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void result(JsonGenerator g, OperationResult r) throws IOException {
        g.writeStartObject();
        optional(g, "task", r.task());
        optional(g, "type", r.type());
        g.writeNumberField("line", r.line());
        optional(g, "file", r.file());
        if (r.status() != null) {
            g.writeStringField("status", r.status().wireName());
        }
        if (r.error() != null) {
            g.writeFieldName("error");
            error(g, r.error());
        }
        optional(g, "action", r.action());
        if (r.lines() != null) {
            g.writeNumberField("lines", r.lines());
        }
        if (r.replaced() != null) {
            g.writeNumberField("replaced", r.replaced());
        }
        optional(g, "diff", r.diff());
        if (r.commands() != null) {
            g.writeArrayFieldStart("commands");
            for (CommandResult c : r.commands()) {
                g.writeStartObject();
                g.writeFieldName("command");
                g.writeString(c.command());
                g.writeNumberField("exitCode", c.exitCode());
                g.writeFieldName("stdout");
                g.writeString(c.stdout());
                g.writeFieldName("stderr");
                g.writeString(c.stderr());
                g.writeNumberField("durationMs", c.durationMs());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        optional(g, "sandbox", r.sandbox());
        optional(g, "sandboxLayer", r.sandboxLayer());
        optional(g, "note", r.note());
        if (r.results() != null) {
            g.writeArrayFieldStart("results");
            for (OperationResult child : r.results()) {
                result(g, child);
            }
            g.writeEndArray();
        }
        if (r.warnings() != null) {
            g.writeArrayFieldStart("warnings");
            for (Warning w : r.warnings()) {
                g.writeStartObject();
                g.writeStringField("code", w.code().wireName());
                g.writeStringField("message", w.message());
                g.writeStringField("hint", w.hint());
                g.writeNumberField("line", w.line());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void error(JsonGenerator g, ErrorInfo e) throws IOException {
        g.writeStartObject();
        g.writeStringField("code", e.code().wireName());
        g.writeStringField("message", e.message());
        g.writeStringField("hint", e.hint());
        for (Map.Entry<String, Object> d : e.details().entrySet()) {
            g.writeFieldName(d.getKey());
            value(g, d.getValue());
        }
        g.writeEndObject();
    }

    private static void recovered(JsonGenerator g, Recovery r) throws IOException {
        if (r == null) {
            return;
        }
        g.writeObjectFieldStart("recovered");
        g.writeStringField("applyId", r.applyId());
        strings(g, "restored", r.restored());
        strings(g, "notRestored", r.notRestored());
        g.writeEndObject();
    }

    private static void strings(JsonGenerator g, String name, List<String> values)
            throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private static void optional(JsonGenerator g, String name, String value) throws IOException {
        if (value != null) {
            g.writeStringField(name, value);
        }
    }

    /** The plain values error details hold: text, numbers, booleans, lists and maps of them. */
    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                value(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Iterable<?> list) {
            g.writeStartArray();
            for (Object item : list) {
                value(g, item);
            }
            g.writeEndArray();
        } else {
            // Anything else: exactly what databind writes (loaded only for such a rare value).
            g.writeRawValue(
                    new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(v));
        }
    }
}
