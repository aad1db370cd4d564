package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** cat, head and tail: print (parts of) files, GNU style. */
final class FileCommands {

    /** Reads a whole file for printing, or reports why not (cat's words) and returns null. */
    static byte[] read(Context ctx, String path) {
        return read(ctx, path, false);
    }

    /**
     * Reads a whole file, or reports why not and returns {@code null}; head and tail word it as
     * "cannot open 'x' for reading: ..." and "error reading 'x': ...".
     */
    static byte[] read(Context ctx, String path, boolean headTail) {
        try {
            FileInfo info = ctx.statFollow(path);
            if (info.type() == FileInfo.Type.DIRECTORY) {
                ctx.error(
                        headTail
                                ? "error reading '" + path + "': Is a directory"
                                : path + ": Is a directory");
                return null;
            }
            if (info.type() == FileInfo.Type.MISSING) {
                ctx.error(
                        headTail
                                ? "cannot open '"
                                        + path
                                        + "' for reading: No such file or directory"
                                : path + ": No such file or directory");
                return null;
            }
            return ctx.files.readBytes(path);
        } catch (IOException e) {
            ctx.error(
                    headTail
                            ? "cannot open '" + path + "' for reading: " + Context.reason(e)
                            : path + ": " + Context.reason(e));
            return null;
        }
    }

    int cat(Invocation inv, Context ctx) {
        boolean numberAll = inv.has("-n");
        boolean numberNonBlank = inv.has("-b");
        boolean squeeze = inv.has("-s");
        boolean ends = inv.has("-E");
        boolean plain = !numberAll && !numberNonBlank && !squeeze && !ends;
        int status = 0;
        int lineNo = 0;
        boolean lastBlank = false;
        for (String path : inv.operands()) {
            byte[] bytes = read(ctx, path);
            if (bytes == null) {
                status = 1;
                continue;
            }
            if (plain) {
                ctx.out.write(bytes);
                continue;
            }
            for (Line line : Line.split(bytes)) {
                boolean blank = line.length() == 0;
                if (squeeze && blank && lastBlank) {
                    continue;
                }
                lastBlank = blank;
                StringBuilder prefix = new StringBuilder();
                if (numberNonBlank ? !blank : numberAll) {
                    prefix.append(String.format("%6d\t", ++lineNo));
                }
                ctx.out.print(prefix.toString());
                ctx.out.write(bytes, line.start(), line.length());
                if (line.terminated()) {
                    ctx.out.print(ends ? "$\n" : "\n");
                }
            }
        }
        return status;
    }

    int head(Invocation inv, Context ctx) {
        return headOrTail(inv, ctx, true);
    }

    int tail(Invocation inv, Context ctx) {
        return headOrTail(inv, ctx, false);
    }

    private int headOrTail(Invocation inv, Context ctx, boolean head) {
        List<String> paths = inv.operands();
        boolean headers = inv.has("-v") || (paths.size() > 1 && !inv.has("-q"));
        String bytesArg = inv.value("-c", null);
        String linesArg = inv.value("-n", "10");
        int status = 0;
        boolean first = true;
        for (String path : paths) {
            byte[] bytes = read(ctx, path, true);
            if (bytes == null) {
                status = 1;
                continue;
            }
            if (headers) {
                ctx.out.print((first ? "" : "\n") + "==> " + path + " <==\n");
            }
            first = false;
            int[] range =
                    bytesArg != null
                            ? byteRange(bytes.length, bytesArg, head)
                            : lineRange(bytes, linesArg, head);
            ctx.out.write(bytes, range[0], range[1] - range[0]);
        }
        return status;
    }

    private static int[] byteRange(int size, String arg, boolean head) {
        if (head) {
            long n = Long.parseLong(arg.replace("-", ""));
            int end = (int) (arg.startsWith("-") ? Math.max(0, size - n) : Math.min(size, n));
            return new int[] {0, end};
        }
        if (arg.startsWith("+")) {
            long from = Math.max(1, Long.parseLong(arg.substring(1)));
            return new int[] {(int) Math.min(size, from - 1), size};
        }
        long n = Long.parseLong(arg.replace("-", ""));
        return new int[] {(int) Math.max(0, size - n), size};
    }

    /** The byte range of the lines to print: [start, end). */
    private static int[] lineRange(byte[] bytes, String arg, boolean head) {
        int[] starts = lineStarts(bytes);
        int total = starts.length;
        int from;
        int to;
        if (head) {
            long n = Long.parseLong(arg.replace("-", ""));
            from = 0;
            to = (int) (arg.startsWith("-") ? Math.max(0, total - n) : Math.min(total, n));
        } else if (arg.startsWith("+")) {
            long start = Math.max(1, Long.parseLong(arg.substring(1)));
            from = (int) Math.min(total, start - 1);
            to = total;
        } else {
            long n = Long.parseLong(arg.replace("-", ""));
            from = (int) Math.max(0, total - n);
            to = total;
        }
        if (from >= to) {
            return new int[] {0, 0};
        }
        return new int[] {starts[from], to < total ? starts[to] : bytes.length};
    }

    /** Where each line starts: an int per line, so that big logs fit in the worker's heap. */
    private static int[] lineStarts(byte[] bytes) {
        int[] starts = new int[64];
        int n = 0;
        int start = 0;
        while (start < bytes.length) {
            if (n == starts.length) {
                starts = Arrays.copyOf(starts, n * 2);
            }
            starts[n++] = start;
            int nl = start;
            while (nl < bytes.length && bytes[nl] != '\n') {
                nl++;
            }
            start = nl + 1;
        }
        return Arrays.copyOf(starts, n);
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
