package dev.csl.runner.worker;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The protocol between csl and its worker: one request object per line of JSON on the worker's
 * stdin; on its stdout, per reply a header line of JSON and then the output's bytes as they are.
 * Uses Jackson's streaming API only, so the worker starts without loading the data-binding
 * machinery.
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
            WorkerBudget b = r.budget();
            if (b != null) {
                g.writeArrayFieldStart("budget");
                g.writeNumber(b.maxBytes());
                g.writeNumber(b.maxFiles());
                g.writeNumber(b.floorBytes());
                g.writeNumber(b.spentBytes());
                g.writeNumber(b.spentFiles());
                g.writeEndArray();
            }
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
        WorkerBudget budget = null;
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
                    case "budget" -> {
                        long[] v = new long[5];
                        for (int i = 0; i < v.length; i++) {
                            expect(p, JsonToken.VALUE_NUMBER_INT);
                            v[i] = p.getLongValue();
                        }
                        expect(p, JsonToken.END_ARRAY);
                        budget = new WorkerBudget(v[0], v[1], v[2], v[3], v[4]);
                    }
                    default -> p.skipChildren();
                }
            }
        }
        if (root == null || dir == null || command == null) {
            throw new IOException("request lacks root, dir or command: " + line);
        }
        return new WorkerRequest(
                id, root, dir, cap, new Invocation(command, options, operands), budget);
    }

    /**
     * Writes {@code r}: a header line of JSON ({@code id}, {@code exit}, {@code outBytes}, {@code
     * errBytes}, {@code fatal} when set), then the output's and the error output's UTF-8 bytes as
     * they are. Output of any size goes through without being escaped here and unescaped in csl,
     * per-character work a cold JVM runs interpreted (a 255 KB output cost ~15 ms that way).
     */
    public static void writeReply(WorkerReply r, OutputStream out) throws IOException {
        byte[] stdout = r.stdout().getBytes(StandardCharsets.UTF_8);
        byte[] stderr = r.stderr().getBytes(StandardCharsets.UTF_8);
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeNumberField("id", r.id());
            g.writeNumberField("exit", r.exitCode());
            g.writeNumberField("outBytes", stdout.length);
            g.writeNumberField("errBytes", stderr.length);
            if (r.fatal() != null) {
                g.writeStringField("fatal", r.fatal());
            }
            if (r.wroteBytes() != 0 || r.wroteFiles() != 0) {
                g.writeNumberField("wroteBytes", r.wroteBytes());
                g.writeNumberField("wroteFiles", r.wroteFiles());
            }
            if (r.limit() != null) {
                g.writeStringField("limit", r.limit().message());
                g.writeStringField("limitHint", r.limit().hint());
            }
            g.writeEndObject();
        }
        out.write((w + "\n").getBytes(StandardCharsets.UTF_8));
        out.write(stdout);
        out.write(stderr);
        out.flush();
    }

    /**
     * Reads the next reply {@link #writeReply} wrote, or {@code null} at the end of the stream. A
     * line that is not a header (stray output of the JVM itself) is skipped.
     */
    public static WorkerReply readReply(InputStream in) throws IOException {
        byte[] header;
        do {
            header = readLine(in);
            if (header == null) {
                return null;
            }
        } while (header.length == 0 || header[0] != '{');
        long id = 0;
        int exit = 0;
        long outBytes = -1;
        long errBytes = -1;
        String fatal = null;
        long wroteBytes = 0;
        long wroteFiles = 0;
        String limit = null;
        String limitHint = "";
        try (JsonParser p = JSON.createParser(header)) {
            expect(p, JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "id" -> id = p.getLongValue();
                    case "exit" -> exit = p.getIntValue();
                    case "outBytes" -> outBytes = p.getLongValue();
                    case "errBytes" -> errBytes = p.getLongValue();
                    case "fatal" -> fatal = p.getText();
                    case "wroteBytes" -> wroteBytes = p.getLongValue();
                    case "wroteFiles" -> wroteFiles = p.getLongValue();
                    case "limit" -> limit = p.getText();
                    case "limitHint" -> limitHint = p.getText();
                    default -> p.skipChildren();
                }
            }
        }
        if (outBytes < 0 || errBytes < 0 || outBytes + errBytes > MAX_PAYLOAD) {
            throw new IOException(
                    "a reply header without the sizes of its output: " + header.length);
        }
        return new WorkerReply(
                id,
                exit,
                payload(in, outBytes),
                payload(in, errBytes),
                fatal,
                wroteBytes,
                wroteFiles,
                limit == null ? null : new WorkerReply.Limit(limit, limitHint));
    }

    /** More than two capped streams can hold (the cap is an int's worth of bytes at most). */
    private static final long MAX_PAYLOAD = 2L * Integer.MAX_VALUE;

    private static String payload(InputStream in, long size) throws IOException {
        if (size > Integer.MAX_VALUE - 16) {
            throw new IOException("a reply of " + size + " bytes");
        }
        byte[] bytes = in.readNBytes((int) size);
        if (bytes.length < size) {
            throw new IOException(
                    "the reply ended after " + bytes.length + " of " + size + " bytes");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The bytes up to the next newline (without it), or {@code null} at the end of the stream. */
    private static byte[] readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(128);
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                return line.toByteArray();
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toByteArray();
    }

    private static void expect(JsonParser p, JsonToken token) throws IOException {
        if (p.nextToken() != token) {
            throw new IOException("expected " + token + " but found " + p.currentToken());
        }
    }
}
