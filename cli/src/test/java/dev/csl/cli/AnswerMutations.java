package dev.csl.cli;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The ways AnswerFuzzTest spoils a real answer: the kinds of damage issue 30's fuzzing round found
 * in LLM answers (truncations, byte flips, broken markers, odd attributes, mixed line endings,
 * invalid UTF-8, huge lines, deep nesting) and the shapes of its findings (lines where the
 * delimiters overlap, SEARCH patterns and TO texts of thousands of blank lines, stray END markers).
 * Each mutation draws only from the {@link Random} it is given, so a seed replays it.
 */
enum AnswerMutations {
    TRUNCATE {
        @Override
        byte[] apply(byte[] answer, Random r) {
            return slice(answer, 0, r.nextInt(answer.length + 1));
        }
    },
    FLIP_BYTES {
        @Override
        byte[] apply(byte[] answer, Random r) {
            byte[] out = answer.clone();
            for (int i = 1 + r.nextInt(8); i > 0 && out.length > 0; i--) {
                out[r.nextInt(out.length)] ^= (byte) (1 + r.nextInt(255));
            }
            return out;
        }
    },
    BREAK_MARKER {
        @Override
        byte[] apply(byte[] answer, Random r) {
            return replaceLine(answer, r, line -> line.startsWith("<---"), pick(r, MARKERS));
        }
    },
    ODD_ATTRIBUTE {
        @Override
        byte[] apply(byte[] answer, Random r) {
            String odd = pick(r, ATTRIBUTES);
            return replaceLine(
                    answer,
                    r,
                    line -> line.startsWith("<---") && line.endsWith("--->"),
                    null,
                    line -> line.substring(0, line.length() - 4) + " " + odd + "--->");
        }
    },
    MIX_LINE_ENDINGS {
        @Override
        byte[] apply(byte[] answer, Random r) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(answer.length + 64);
            for (byte b : answer) {
                if (b == '\n' && r.nextInt(3) == 0) {
                    out.write('\r');
                    if (r.nextBoolean()) {
                        out.write('\n');
                    }
                } else {
                    out.write(b);
                }
            }
            return out.toByteArray();
        }
    },
    INVALID_UTF8 {
        @Override
        byte[] apply(byte[] answer, Random r) {
            byte[][] bad = {
                {(byte) 0xC3, 0x28},
                {(byte) 0xFF},
                {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                {(byte) 0xF0, (byte) 0x9F},
                {(byte) 0xC0, (byte) 0xAF}
            };
            return insert(answer, r.nextInt(answer.length + 1), bad[r.nextInt(bad.length)]);
        }
    },
    HUGE_LINE {
        @Override
        byte[] apply(byte[] answer, Random r) {
            String line = (r.nextBoolean() ? "x" : " ").repeat(50_000 + r.nextInt(250_000));
            return insertLine(answer, r, line);
        }
    },
    DEEP_NESTING {
        @Override
        byte[] apply(byte[] answer, Random r) {
            int depth = 100 + r.nextInt(3_000);
            String open = r.nextBoolean() ? "<---TASKS--->\n" : "<---SEARCH file=\"a.txt\"--->\n";
            return insertLine(answer, r, open.repeat(depth) + "<---END--->\n".repeat(depth / 2));
        }
    },
    OVERLAPPING_DELIMITERS {
        @Override
        byte[] apply(byte[] answer, Random r) {
            String line = pick(r, new String[] {"<--->", "<---->", "<----->", "<---->  "});
            return insertLine(answer, r, line);
        }
    },
    BLANK_PATTERN {
        @Override
        byte[] apply(byte[] answer, Random r) {
            String blanks = "\n".repeat(2_000 + r.nextInt(30_000));
            String search =
                    r.nextBoolean()
                            ? "<---SEARCH file=\"a.txt\"--->\n" + blanks + "a\n"
                            : "<---SEARCH file=\"a.txt\"--->\na\n<---TO--->\n" + blanks + "b\n";
            String tail =
                    "<---WRITE file=\"a.txt\"--->\nhello\na\nworld\n<---END--->\n"
                            + search
                            + "<---REPLACE--->\nz\n<---END--->\n";
            return concat(answer, tail.getBytes(StandardCharsets.UTF_8));
        }
    },
    STRAY_ENDS {
        @Override
        byte[] apply(byte[] answer, Random r) {
            return insertLine(answer, r, "<---END--->\n".repeat(1_000 + r.nextInt(20_000)));
        }
    },
    REPEAT_LINES {
        @Override
        byte[] apply(byte[] answer, Random r) {
            int from = r.nextInt(answer.length + 1);
            byte[] piece = slice(answer, from, Math.min(answer.length, from + r.nextInt(400)));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(answer);
            for (int i = r.nextInt(60); i > 0; i--) {
                out.writeBytes(piece);
            }
            return out.toByteArray();
        }
    };

    /** Broken, misspelt, overlapping and misplaced markers. */
    static final String[] MARKERS = {
        "<--->",
        "<---->",
        "<----->",
        "<--- END--->",
        "<---END---> trailing",
        "<---end--->",
        "<---END x=\"1\"--->",
        "<---WRITE file=\"a.txt\" file=\"b.txt\"--->",
        "<---WRITE file=\"a.txt--->",
        "<---WRITE file=a.txt--->",
        "<---WRITE file=\"a.txt\"file2=\"b\"--->",
        "<---TASKS--->",
        "<---TO--->",
        "<---REPLACE--->",
        "<---SEARCH--->",
        "<---RUN--->",
        "<---WRITE",
        "<---",
        "  <---END--->",
        "<---DELETE file=\"a.txt\"--->",
        "<---WRITE file=\"\"--->"
    };

    /** Attribute values no operation expects, and paths an attacker would try. */
    static final String[] ATTRIBUTES = {
        "count=\"0\"",
        "count=\"-1\"",
        "count=\"99999999999999999999999\"",
        "count=\"all\"",
        "append=\"maybe\"",
        "timeout=\"1e9\"",
        "timeout=\"99999999999\"",
        "lang=\"python\"",
        "lang=\"node\"",
        "dir=\"..\"",
        "dir=\"/\"",
        "file=\"../outside/secret.txt\"",
        "file2=\"../../etc/passwd\"",
        "@file=\"x\"",
        "$$$=''",
        "file='a\\'b'",
        "x=\"" + "y".repeat(5_000) + "\"",
        "version=\"\u202e\u200b\""
    };

    abstract byte[] apply(byte[] answer, Random r);

    private static String pick(Random r, String[] options) {
        return options[r.nextInt(options.length)];
    }

    private static byte[] slice(byte[] b, int from, int to) {
        byte[] out = new byte[Math.max(0, to - from)];
        System.arraycopy(b, from, out, 0, out.length);
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        return insert(a, a.length, b);
    }

    private static byte[] insert(byte[] answer, int at, byte[] piece) {
        byte[] out = new byte[answer.length + piece.length];
        System.arraycopy(answer, 0, out, 0, at);
        System.arraycopy(piece, 0, out, at, piece.length);
        System.arraycopy(answer, at, out, at + piece.length, answer.length - at);
        return out;
    }

    /** Inserts {@code text} as whole lines at the start of a random line. */
    private static byte[] insertLine(byte[] answer, Random r, String text) {
        List<Integer> starts = lineStarts(answer);
        int at = starts.get(r.nextInt(starts.size()));
        String line = text.endsWith("\n") ? text : text + "\n";
        return insert(answer, at, line.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] replaceLine(
            byte[] answer, Random r, java.util.function.Predicate<String> which, String by) {
        return replaceLine(answer, r, which, by, line -> by);
    }

    /** Replaces one random line that {@code which} accepts (or inserts {@code by} if none does). */
    private static byte[] replaceLine(
            byte[] answer,
            Random r,
            java.util.function.Predicate<String> which,
            String by,
            java.util.function.UnaryOperator<String> change) {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\n", -1);
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            if (which.test(lines[i])) {
                candidates.add(i);
            }
        }
        if (candidates.isEmpty()) {
            return by == null ? answer : insertLine(answer, r, by);
        }
        int i = candidates.get(r.nextInt(candidates.size()));
        // Latin-1 both ways keeps every byte as it was; the new text is ASCII or UTF-8 encoded.
        String replacement =
                new String(
                        change.apply(lines[i]).getBytes(StandardCharsets.UTF_8),
                        StandardCharsets.ISO_8859_1);
        lines[i] = replacement;
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static List<Integer> lineStarts(byte[] answer) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < answer.length; i++) {
            if (answer[i] == '\n') {
                starts.add(i + 1);
            }
        }
        return starts;
    }
}
