package dev.csl.runner.worker;

import java.util.ArrayList;
import java.util.List;

/** wc: lines, words, characters and bytes, with GNU's column widths. */
final class WcCommand implements Builtin {

    @Override
    public int run(Invocation inv, Context ctx) {
        boolean lines = inv.has("-l");
        boolean words = inv.has("-w");
        boolean chars = inv.has("-m");
        boolean bytes = inv.has("-c");
        if (!lines && !words && !chars && !bytes) {
            lines = words = bytes = true;
        }
        boolean[] show = {lines, words, chars, bytes};
        List<String> paths = inv.operands();
        List<long[]> counts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        long[] total = new long[4];
        long regularBytes = 0;
        int status = 0;
        for (String path : paths) {
            byte[] content = FileCommands.read(ctx, path);
            if (content == null) {
                status = 1;
                continue;
            }
            long[] c = count(content);
            for (int i = 0; i < 4; i++) {
                total[i] += c[i];
            }
            regularBytes += content.length;
            counts.add(c);
            names.add(path);
        }
        int shown = (lines ? 1 : 0) + (words ? 1 : 0) + (chars ? 1 : 0) + (bytes ? 1 : 0);
        // GNU: one count of one file is printed unpadded; otherwise every column is as wide as
        // the total size of the files in bytes.
        int width = paths.size() == 1 && shown == 1 ? 1 : Long.toString(regularBytes).length();
        for (int i = 0; i < counts.size(); i++) {
            ctx.out.println(format(counts.get(i), show, width) + " " + names.get(i));
        }
        if (paths.size() > 1) {
            ctx.out.println(format(total, show, width) + " total");
        }
        return status;
    }

    private static String format(long[] c, boolean[] show, int width) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            if (show[i]) {
                if (s.length() > 0) {
                    s.append(' ');
                }
                s.append(String.format("%" + width + "d", c[i]));
            }
        }
        return s.toString();
    }

    /** {lines, words, characters, bytes} of the content. */
    private static long[] count(byte[] content) {
        long lines = 0;
        long words = 0;
        boolean inWord = false;
        for (byte b : content) {
            if (b == '\n') {
                lines++;
            }
            boolean space =
                    b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == 0x0b || b == '\f';
            if (!space && !inWord) {
                words++;
            }
            inWord = !space;
        }
        long chars = 0;
        for (byte b : content) {
            if ((b & 0xC0) != 0x80) {
                chars++; // every byte that does not continue a UTF-8 sequence starts a character
            }
        }
        return new long[] {lines, words, chars, content.length};
    }
}
