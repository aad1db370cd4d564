package dev.csl.runner.worker;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON-lines protocol between csl and its worker: one request object per line on the worker's
 * stdin, one reply object per line on its stdout. Uses Jackson's streaming API only, so the worker
 * starts without loading the data-binding machinery.
 */
public final class Protocol {
    private static final JsonFactory JSON = new JsonFactory();

    private Protocol() {}

    /**
     * Readies the JSON parser on a thread of its own. A cold JVM's first parser costs about 9 ms,
     * nearly all of it {@link java.math.BigDecimal}'s class initializer (jackson-core's parser base
     * holds BigDecimal constants), which an AOT cache does not keep: a worker does it while it
     * boots, csl while its worker does.
     */
    public static void warmUpInBackground() {
        Thread t =
                new Thread(
                        () -> {
                            try (JsonParser p = JSON.createParser("{}")) {
                                p.nextToken();
                            } catch (IOException e) {
                                // only a head start: the first real request parses as before
                            }
                        },
                        "csl-json-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** The request as one line of JSON, without the newline. */
    public static String encode(WorkerRequest r) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeNumberField("id", r.id());
            g.writeStringField("root", r.root());
            g.writeStringField("dir", r.dir());
            g.writeNumberField("cap", r.outputCap());
            Invocation inv = r.invocation();
            g.writeStringField("command", inv.command());
            g.writeArrayFieldStart("options");
            for (Invocation.Option o : inv.options()) {
                g.writeStartArray();
                g.writeString(o.flag());
                g.writeString(o.value());
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("operands");
            for (String op : inv.operands()) {
                g.writeString(op);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("writing to a string cannot fail", e);
        }
        return w.toString();
    }

    public static WorkerRequest decodeRequest(String line) throws IOException {
        long id = 0;
        long cap = 0;
        String root = null;
        String dir = null;
        String command = null;
        List<Invocation.Option> options = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        try (JsonParser p = JSON.createParser(line)) {
            expect(p, JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "id" -> id = p.getLongValue();
                    case "cap" -> cap = p.getLongValue();
                    case "root" -> root = p.getText();
                    case "dir" -> dir = p.getText();
                    case "command" -> command = p.getText();
                    case "options" -> {
                        while (p.nextToken() == JsonToken.START_ARRAY) {
                            p.nextToken();
                            String flag = p.getText();
                            p.nextToken();
                            String value =
                                    p.currentToken() == JsonToken.VALUE_NULL ? null : p.getText();
                            expect(p, JsonToken.END_ARRAY);
                            options.add(new Invocation.Option(flag, value));
                        }
                    }
                    case "operands" -> {
                        while (p.nextToken() == JsonToken.VALUE_STRING) {
                            operands.add(p.getText());
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        }
        if (root == null || dir == null || command == null) {
            throw new IOException("request lacks root, dir or command: " + line);
        }
        return new WorkerRequest(id, root, dir, cap, new Invocation(command, options, operands));
    }

    public static String encode(WorkerReply r) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeNumberField("id", r.id());
            g.writeNumberField("exit", r.exitCode());
            g.writeStringField("out", r.stdout());
            g.writeStringField("err", r.stderr());
            if (r.fatal() != null) {
                g.writeStringField("fatal", r.fatal());
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("writing to a string cannot fail", e);
        }
        return w.toString();
    }

    public static WorkerReply decodeReply(String line) throws IOException {
        long id = 0;
        int exit = 0;
        String out = "";
        String err = "";
        String fatal = null;
        try (JsonParser p = JSON.createParser(line)) {
            expect(p, JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "id" -> id = p.getLongValue();
                    case "exit" -> exit = p.getIntValue();
                    case "out" -> out = p.getText();
                    case "err" -> err = p.getText();
                    case "fatal" -> fatal = p.getText();
                    default -> p.skipChildren();
                }
            }
        }
        return new WorkerReply(id, exit, out, err, fatal);
    }

    private static void expect(JsonParser p, JsonToken token) throws IOException {
        if (p.nextToken() != token) {
            throw new IOException("expected " + token + " but found " + p.currentToken());
        }
    }
}
