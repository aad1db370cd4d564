package dev.csl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One case of the attack battery (testdata/guard/attacks/*.attack). A file holds many cases:
 *
 * <pre>
 * === mv of a relative link up a level re-aims it outside
 * setup: link a/up ..
 * via: apply serve                 (entry points; default "apply serve")
 * answer &lt;&lt;&lt;
 * &lt;---RUN---&gt;
 * mv a/up up
 * &lt;---END---&gt;
 * &gt;&gt;&gt;
 * then: link sub $OUT              (undo only: what the attacker does between apply and undo)
 * expect: path_escape              (an error code somewhere in the JSON result, or "ok")
 * absent: up                       (afterwards, relative to the working directory)
 * exists: a/up
 * content: notes.txt hi
 * </pre>
 *
 * Setup and then steps: {@code file PATH TEXT}, {@code dir PATH}, {@code link PATH TARGET}, {@code
 * hardlink PATH TARGET}, {@code fifo PATH}, {@code move FROM TO}, {@code remove PATH}, {@code mount
 * PATH} (a bind mount of the outside directory; the case then runs in {@code unshare -rm}), {@code
 * git PATH} ({@code git init} there), {@code socket PATH} (a Unix socket listening while the case
 * runs), {@code tmux PATH} (a tmux server on that socket, killed after the case). {@code $OUT} is
 * the outside directory, {@code $ROOT} the working directory, {@code $HOSTTMP} a directory of the
 * host's own /tmp (not around the case; also replaced in the answer) holding {@code secret.txt},
 * which must stay unseen and unchanged like the outside directory. Entry points: {@code apply} (csl
 * apply --json), {@code serve} (the same answer through JSON-RPC), {@code undo} (apply, then the
 * then steps, then {@code csl undo --force --json}).
 */
record Attack(
        String file,
        String name,
        List<String> setup,
        List<String> via,
        String answer,
        List<String> then,
        String expect,
        List<String> exists,
        List<String> absent,
        List<String> contents) {

    /** The same case with another answer ({@code $HOSTTMP} filled in). */
    Attack withAnswer(String text) {
        return new Attack(file, name, setup, via, text, then, expect, exists, absent, contents);
    }

    boolean needsMount() {
        return setup.stream().anyMatch(s -> s.startsWith("mount "));
    }

    static List<Attack> parse(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Attack> out = new ArrayList<>();
        Builder b = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("=== ")) {
                if (b != null) {
                    out.add(b.build());
                }
                b = new Builder(file.getFileName().toString(), line.substring(4).trim());
                continue;
            }
            if (b == null || line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (line.equals("answer <<<")) {
                StringBuilder answer = new StringBuilder();
                while (!lines.get(++i).equals(">>>")) {
                    answer.append(lines.get(i)).append('\n');
                }
                b.answer = answer.toString();
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a key: " + line);
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            switch (key) {
                case "setup" -> b.setup.add(value);
                case "then" -> b.then.add(value);
                case "via" -> b.via = List.of(value.split("\\s+"));
                case "expect" -> b.expect = value;
                case "exists" -> b.exists.add(value);
                case "absent" -> b.absent.add(value);
                case "content" -> b.contents.add(value);
                case "why" -> {}
                default ->
                        throw new IllegalArgumentException(
                                file + ":" + (i + 1) + ": unknown key " + key);
            }
        }
        if (b != null) {
            out.add(b.build());
        }
        return out;
    }

    private static final class Builder {
        final String file;
        final String name;
        final List<String> setup = new ArrayList<>();
        final List<String> then = new ArrayList<>();
        final List<String> exists = new ArrayList<>();
        final List<String> absent = new ArrayList<>();
        final List<String> contents = new ArrayList<>();
        List<String> via = List.of("apply", "serve", "mcp", "watch");
        String answer = "";
        String expect = "ok";

        Builder(String file, String name) {
            this.file = file;
            this.name = name;
        }

        Attack build() {
            if (answer.isEmpty()) {
                throw new IllegalArgumentException(file + ": '" + name + "' has no answer");
            }
            return new Attack(
                    file, name, setup, via, answer, then, expect, exists, absent, contents);
        }
    }
}
