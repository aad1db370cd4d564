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
 * A case that runs programs may name the OS layers to run under ({@code layers: bubblewrap landlock
 * none}): it then runs once per entry point and layer (a layer this machine lacks is skipped), and
 * any expectation key may be given for one layer only ({@code expect@none: ok}, {@code exists@none:
 * .git/hooks/pre-commit}), which replaces that key's general lines under that layer. {@code allow:
 * CMD} approves a command for the apply ({@code --allow}); {@code output: TEXT} and {@code
 * nooutput: TEXT} must or must not be in csl's output; {@code outside: changed} says the outside
 * directory is expected to change (only where no layer holds); setup {@code server} listens on a
 * loopback TCP port ({@code $PORT}) and {@code reached: yes|no} (default no) says whether anything
 * connected; setup {@code victim} starts an unrelated process ({@code $VICTIM} is its pid) and
 * {@code killed: yes|no} (default no) says whether it died; {@code path: DIR} puts the project's
 * DIR first on csl's PATH (csl apply in a child JVM, so a case with layers); {@code from: DIR} runs
 * csl apply or watch in a child JVM started in the project's DIR, without {@code -C} (which
 * directory csl then takes is the attack), with a home and user state of its own.
 *
 * <p>Setup and then steps: {@code file PATH TEXT}, {@code dir PATH}, {@code link PATH TARGET},
 * {@code exec PATH TEXT} (an executable file), {@code hardlink PATH TARGET}, {@code fifo PATH},
 * {@code move FROM TO}, {@code remove PATH}, {@code mount PATH} (a bind mount of the outside
 * directory; the case then runs in {@code unshare -rm}), {@code git PATH} ({@code git init} there),
 * {@code socket PATH} (a Unix socket listening while the case runs), {@code tmux PATH} (a tmux
 * server on that socket, killed after the case), {@code chown PATH UID} (another user's file; the
 * case is skipped when the suite does not run as root, which chown needs), {@code mode PATH OCTAL}
 * (e.g. {@code 1777}, a shared sticky directory), {@code image} (setup only: under the container
 * layer, the user's trusted commands.json naming the image, at that step). {@code $OUT} is the
 * outside directory, {@code $ROOT} the working directory, {@code $HOSTTMP} a directory of the
 * host's own /tmp (not around the case; also replaced in the answer) holding {@code secret.txt},
 * which must stay unseen and unchanged like the outside directory. {@code $ESC}, {@code $BEL} and
 * {@code $CR} in an answer or a step are the raw control characters. Entry points: {@code apply}
 * (csl apply --json), {@code serve} (the same answer through JSON-RPC), {@code undo} (apply, then
 * the then steps, then {@code csl undo --force --json}), {@code human} (csl apply's human output
 * without colour) and {@code watch} (csl watch --once, then FILE.out); these two check that no raw
 * control character but newline and tab is in the output.
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
        List<String> contents,
        List<String> layers,
        List<String> allow,
        java.util.Map<String, List<String>> lines) {

    /** The same case with another answer ({@code $HOSTTMP} filled in). */
    Attack withAnswer(String text) {
        return new Attack(
                file, name, setup, via, text, then, expect, exists, absent, contents, layers, allow,
                lines);
    }

    boolean needsMount() {
        return setup.stream().anyMatch(s -> s.startsWith("mount "));
    }

    /**
     * The lines of {@code key} under {@code layer}: its own lines if it has any, else the general.
     */
    List<String> lines(String key, String layer) {
        List<String> own = layer == null ? null : lines.get(key + "@" + layer);
        return own != null ? own : lines.getOrDefault(key, List.of());
    }

    /** The single value of {@code key} under {@code layer}, or {@code fallback}. */
    String value(String key, String layer, String fallback) {
        List<String> values = lines(key, layer);
        return values.isEmpty() ? fallback : values.get(values.size() - 1);
    }

    /** The keys that may be given for one layer ({@code expect@none}). */
    static final java.util.Set<String> LAYERED =
            java.util.Set.of(
                    "expect",
                    "exists",
                    "absent",
                    "content",
                    "output",
                    "nooutput",
                    "outside",
                    "reached",
                    "killed");

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
            String base = key.contains("@") ? key.substring(0, key.indexOf('@')) : key;
            b.lines.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
            if (!base.equals(key) && LAYERED.contains(base)) {
                continue; // read through lines(key, layer)
            }
            switch (key) {
                case "setup" -> b.setup.add(value);
                case "then" -> b.then.add(value);
                case "via" -> b.via = List.of(value.split("\\s+"));
                case "expect" -> b.expect = value;
                case "exists" -> b.exists.add(value);
                case "absent" -> b.absent.add(value);
                case "content" -> b.contents.add(value);
                case "layers" -> b.layers = List.of(value.split("\\s+"));
                case "allow" -> b.allow.add(value);
                case "why",
                        "output",
                        "nooutput",
                        "outside",
                        "reached",
                        "killed",
                        "path",
                        "from" -> {}
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
        final List<String> allow = new ArrayList<>();
        final java.util.Map<String, List<String>> lines = new java.util.HashMap<>();
        List<String> via = List.of("apply", "serve", "mcp", "watch");
        List<String> layers = List.of();
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
            for (String key : lines.keySet()) {
                String layer = key.contains("@") ? key.substring(key.indexOf('@') + 1) : null;
                if (layer != null && !layers.contains(layer)) {
                    throw new IllegalArgumentException(
                            file + ": '" + name + "' has " + key + " but no such layer in layers:");
                }
            }
            return new Attack(
                    file, name, setup, via, answer, then, expect, exists, absent, contents, layers,
                    allow, lines);
        }
    }
}
