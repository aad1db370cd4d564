package dev.csl.cli;

import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.Write;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code csl watch} remembers of an answer it applied: a hash of what its blocks do (type,
 * attributes in source order, bodies), and nothing of where they stand. Line numbers are left out
 * on purpose: a prose line added above the blocks must not make the same answer run again (an
 * append would append twice).
 */
final class BlocksIdentity {
    private BlocksIdentity() {}

    /**
     * The hash of the parsed operations, or of the syntax errors of a broken answer. A broken
     * answer runs nothing, so its errors (with their lines) may well be reported again after an
     * edit; only what runs must be identified without positions.
     */
    static String of(ParseResult parsed) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            if (parsed.ok()) {
                out.writeUTF("blocks");
                operations(parsed.operations(), out);
            } else {
                out.writeUTF("syntax errors");
                string(parsed.syntaxErrors().toString(), out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return HexFormat.of().formatHex(FileWatch.digest(bytes.toByteArray()));
    }

    /**
     * One key per top-level operation, in order: the hash of what it does, with the number of the
     * same block before it ({@code HASH#2} for the second identical append), so that a block keeps
     * its key when prose or other blocks around it change.
     */
    static List<String> keys(List<Operation> operations) {
        List<String> keys = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Operation op : operations) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                operations(List.of(op), out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String hash = HexFormat.of().formatHex(FileWatch.digest(bytes.toByteArray()));
            keys.add(hash + "#" + seen.merge(hash, 1, Integer::sum));
        }
        return keys;
    }

    /**
     * The answer with the lines of the given top-level operations blanked, from each one's marker
     * to the line before the next operation (prose in between is ignored anyway): the remaining
     * blocks keep their line numbers. {@code text} has LF line endings.
     */
    static String without(String text, List<Operation> operations, Set<Integer> skipped) {
        String[] lines = text.split("\n", -1);
        for (int i : skipped) {
            int from = operations.get(i).line() - 1;
            int to = i + 1 < operations.size() ? operations.get(i + 1).line() - 1 : lines.length;
            for (int l = from; l < to && l < lines.length; l++) {
                lines[l] = "";
            }
        }
        return String.join("\n", lines);
    }

    /** Each value length-prefixed, so that no two different answers encode alike. */
    private static void operations(List<Operation> operations, DataOutputStream out)
            throws IOException {
        out.writeInt(operations.size());
        for (Operation op : operations) {
            string(op.type(), out);
            Map<String, String> attributes = op.attributes().asMap();
            out.writeInt(attributes.size());
            for (Map.Entry<String, String> a : attributes.entrySet()) {
                string(a.getKey(), out);
                string(a.getValue(), out);
            }
            if (op instanceof Write w) {
                string(w.content(), out);
            } else if (op instanceof Run r) {
                string(r.content(), out);
            } else if (op instanceof Search s) {
                string(s.pattern(), out);
                out.writeBoolean(s.hasTo());
                string(s.hasTo() ? s.to() : "", out);
                string(s.replacement(), out);
            } else if (op instanceof Tasks t) {
                operations(t.operations(), out);
            }
        }
    }

    private static void string(String value, DataOutputStream out) throws IOException {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }
}
