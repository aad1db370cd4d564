package dev.csl.interpreter;

import dev.csl.grammar.Write;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * WRITE (docs/language.md, "Execution"): creates, replaces or appends; the content gets one line
 * terminator at the end; an existing file keeps its line-ending style (and byte-order mark), new
 * files use LF.
 */
final class WriteOp {
    private WriteOp() {}

    static Outcome run(Workspace ws, Write write, String task) throws OpFailure {
        FileState state;
        try {
            state = ws.open(write.file());
        } catch (OpFailure f) {
            throw NearestPath.withNearest(ws, write.file(), f);
        }
        Content before = state.current;
        byte[] old = before.exists() ? before.bytes() : null;
        String content = write.content();
        if (old != null && !write.append()) {
            ErrorInfo placeholder = Placeholders.forWrite(write, old);
            if (placeholder != null) {
                throw new OpFailure(placeholder);
            }
        }
        String terminator = old == null ? "\n" : LineEndings.of(old).dominant();
        byte[] body =
                content.isEmpty()
                        ? new byte[0]
                        : LineEndings.translate(content + "\n", terminator)
                                .getBytes(StandardCharsets.UTF_8);
        int lines = content.isEmpty() ? 0 : countLines(content);
        byte[] next;
        String action;
        if (write.append() && old != null) {
            if (body.length == 0) {
                return Outcome.written("unchanged", 0, state, before);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(old.length + body.length + 2);
            out.write(old, 0, old.length);
            if (old.length > 0 && old[old.length - 1] != '\n' && old[old.length - 1] != '\r') {
                byte[] t = terminator.getBytes(StandardCharsets.US_ASCII);
                out.write(t, 0, t.length);
            }
            out.write(body, 0, body.length);
            next = out.toByteArray();
            action = "appended";
        } else {
            next = body;
            if (old != null && Content.startsWithBom(old) && !content.startsWith("\uFEFF")) {
                byte[] bom = Content.bomBytes();
                next = Arrays.copyOf(bom, bom.length + body.length);
                System.arraycopy(body, 0, next, bom.length, body.length);
            }
            action = old == null ? "created" : Arrays.equals(old, next) ? "unchanged" : "replaced";
        }
        if (!"unchanged".equals(action)) {
            ws.change(state, Content.ofBytes(next), task);
        }
        return Outcome.written(action, lines, state, before);
    }

    static int countLines(String content) {
        int n = 1;
        for (int i = content.indexOf('\n'); i >= 0; i = content.indexOf('\n', i + 1)) {
            n++;
        }
        return n;
    }
}
