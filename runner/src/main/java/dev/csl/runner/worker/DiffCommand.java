package dev.csl.runner.worker;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Chunk;
import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/** diff: GNU's normal and unified formats; exit 0 same, 1 different, 2 trouble. */
final class DiffCommand implements Builtin {
    /** Marks a last line without a newline, so "x" and "x\n" differ as in GNU diff. */
    private static final String NO_NEWLINE = "\u0000nonl";

    @Override
    public int run(Invocation inv, Context ctx) {
        String a = inv.operands().get(0);
        String b = inv.operands().get(1);
        byte[] left = read(ctx, a);
        byte[] right = read(ctx, b);
        if (left == null || right == null) {
            return 2;
        }
        if (indexOfZero(left) || indexOfZero(right)) {
            if (Arrays.equals(left, right)) {
                return 0;
            }
            ctx.out.println("Binary files " + a + " and " + b + " differ");
            return 2;
        }
        List<String> l = lines(left);
        List<String> r = lines(right);
        UnaryOperator<String> norm = normalizer(inv);
        List<AbstractDelta<String>> deltas =
                DiffUtils.diff(l, r, (x, y) -> norm.apply(x).equals(norm.apply(y))).getDeltas();
        if (deltas.isEmpty()) {
            return 0;
        }
        if (inv.has("-q")) {
            ctx.out.println("Files " + a + " and " + b + " differ");
            return 1;
        }
        if (inv.has("-u") || inv.has("-U")) {
            int context = Integer.parseInt(inv.value("-U", "3"));
            ctx.out.println("--- " + a + "\t" + time(ctx, a));
            ctx.out.println("+++ " + b + "\t" + time(ctx, b));
            unified(deltas, l, r, context, ctx.out);
        } else {
            normal(deltas, ctx.out);
        }
        return 1;
    }

    private static byte[] read(Context ctx, String path) {
        try {
            FileInfo info = ctx.statFollow(path);
            if (info.type() == FileInfo.Type.MISSING) {
                ctx.error(path + ": No such file or directory");
                return null;
            }
            if (info.type() == FileInfo.Type.DIRECTORY) {
                ctx.error(path + ": Is a directory (compare files, one pair at a time)");
                return null;
            }
            return ctx.files.readBytes(path);
        } catch (IOException e) {
            ctx.error(path, e);
            return null;
        }
    }

    private static String time(Context ctx, String path) {
        try {
            return Attributes.fullTime(ctx.statFollow(path).modified());
        } catch (IOException e) {
            return "";
        }
    }

    private static UnaryOperator<String> normalizer(Invocation inv) {
        UnaryOperator<String> n = s -> s;
        if (inv.has("-w")) {
            n = s -> s.replaceAll("[ \\t\\r\\f\\x0B]+", "");
        } else if (inv.has("-b")) {
            n = s -> s.replaceAll("[ \\t\\r\\f\\x0B]+", " ").replaceAll(" (?=\u0000|$)", "");
        }
        if (inv.has("-i")) {
            UnaryOperator<String> inner = n;
            n = s -> inner.apply(s).toLowerCase(Locale.ROOT);
        }
        return n;
    }

    private static List<String> lines(byte[] bytes) {
        List<String> out = new ArrayList<>();
        for (Line line : Line.split(bytes)) {
            String text = new String(bytes, line.start(), line.length(), StandardCharsets.UTF_8);
            out.add(line.terminated() ? text : text + NO_NEWLINE);
        }
        return out;
    }

    private static void emit(Output out, char mark, String line) {
        if (line.endsWith(NO_NEWLINE)) {
            out.println(mark + line.substring(0, line.length() - NO_NEWLINE.length()));
            out.println("\\ No newline at end of file");
        } else {
            out.println(mark + line);
        }
    }

    private static void normal(List<AbstractDelta<String>> deltas, Output out) {
        for (AbstractDelta<String> d : deltas) {
            Chunk<String> s = d.getSource();
            Chunk<String> t = d.getTarget();
            String op = s.size() == 0 ? "a" : t.size() == 0 ? "d" : "c";
            String left = s.size() == 0 ? Integer.toString(s.getPosition()) : range(s);
            String right = t.size() == 0 ? Integer.toString(t.getPosition()) : range(t);
            out.println(left + op + right);
            s.getLines().forEach(line -> emit(out, '<', " " + line));
            if (s.size() > 0 && t.size() > 0) {
                out.println("---");
            }
            t.getLines().forEach(line -> emit(out, '>', " " + line));
        }
    }

    private static String range(Chunk<String> c) {
        int first = c.getPosition() + 1;
        int last = c.getPosition() + c.size();
        return first == last ? Integer.toString(first) : first + "," + last;
    }

    private static void unified(
            List<AbstractDelta<String>> deltas,
            List<String> l,
            List<String> r,
            int context,
            Output out) {
        int i = 0;
        while (i < deltas.size()) {
            int j = i;
            while (j + 1 < deltas.size()
                    && deltas.get(j + 1).getSource().getPosition() - end(deltas.get(j).getSource())
                            <= 2 * context) {
                j++;
            }
            AbstractDelta<String> first = deltas.get(i);
            AbstractDelta<String> last = deltas.get(j);
            int srcStart = Math.max(0, first.getSource().getPosition() - context);
            int srcEnd = Math.min(l.size(), end(last.getSource()) + context);
            int tgtStart =
                    first.getTarget().getPosition() - (first.getSource().getPosition() - srcStart);
            int tgtEnd = end(last.getTarget()) + (srcEnd - end(last.getSource()));
            out.println(
                    "@@ -"
                            + hunkRange(srcStart, srcEnd - srcStart)
                            + " +"
                            + hunkRange(tgtStart, tgtEnd - tgtStart)
                            + " @@");
            int pos = srcStart;
            for (int k = i; k <= j; k++) {
                AbstractDelta<String> d = deltas.get(k);
                for (; pos < d.getSource().getPosition(); pos++) {
                    emit(out, ' ', l.get(pos));
                }
                d.getSource().getLines().forEach(line -> emit(out, '-', line));
                d.getTarget().getLines().forEach(line -> emit(out, '+', line));
                pos = end(d.getSource());
            }
            for (; pos < srcEnd; pos++) {
                emit(out, ' ', l.get(pos));
            }
            i = j + 1;
        }
    }

    private static int end(Chunk<String> c) {
        return c.getPosition() + c.size();
    }

    /** GNU's hunk range: {@code 3} for one line, {@code 3,4} for more, {@code 2,0} for none. */
    private static String hunkRange(int start, int length) {
        if (length == 0) {
            return start + ",0";
        }
        return length == 1 ? Integer.toString(start + 1) : (start + 1) + "," + length;
    }

    private static boolean indexOfZero(byte[] bytes) {
        for (byte x : bytes) {
            if (x == 0) {
                return true;
            }
        }
        return false;
    }
}
