package dev.csl.runner.worker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;

/**
 * grep's search of one file, read in pieces of 96 KiB as GNU grep reads it: memory stays flat in
 * the file's size (a line longer than a piece grows the buffer to hold that line). A piece with a
 * NUL byte makes the file binary from there on, as in GNU grep: lines selected before it were
 * printed, later ones only make "binary file matches". The pieces are looked at for a NUL only when
 * a line is selected (or shown as context) and before they are dropped, so a file without a match
 * is read once, by the search. When the pattern is a literal, lines that do not hold its bytes are
 * skipped without being decoded.
 */
final class GrepScan {
    static final int PIECE = 96 * 1024;

    /** What a search found; {@link GrepCommand} prints the file's summary from it. */
    record Found(long count, boolean binaryMatch) {}

    private final GrepCommand.Job job;
    private byte[] buf = new byte[PIECE * 2];

    // per file
    private String prefix;

    /** The number (from 0) of the line starting at {@code lineNoAt}, when numbers are kept. */
    private long lineNo;

    private int lineNoAt;
    private boolean needNumbers;
    private long count;
    private long countAtBinary;
    private long lastPrinted;
    private int afterLeft;
    private boolean binary;

    /** The buffer holds bytes up to here; those before {@link #nulFrom} were looked at for NUL. */
    private int limit;

    private int nulFrom;
    private boolean stop;
    private final Deque<Held> held = new ArrayDeque<>();
    private Output out;

    /** A line kept for a later {@code -B} context. */
    private record Held(long number, String text) {}

    GrepScan(GrepCommand.Job job) {
        this.job = job;
    }

    /**
     * Searches the bytes of {@code in}, printing selected lines as {@code shown} to {@code out}.
     */
    Found search(ReadableByteChannel in, String shown, Output out) throws IOException {
        this.out = out;
        prefix = job.names ? shown : null;
        lineNo = 0;
        lineNoAt = 0;
        needNumbers = job.lineNumbers || job.before > 0 || job.after > 0;
        count = 0;
        countAtBinary = -1;
        lastPrinted = -1;
        afterLeft = 0;
        binary = false;
        stop = false;
        held.clear();
        int start = 0;
        limit = 0;
        nulFrom = 0;
        boolean eof = false;
        while (!stop && !eof) {
            if (start > 0 && buf.length - limit < PIECE) {
                // make room by dropping the lines already searched (a file of one piece never does)
                countLinesTo(start);
                binaryKnownTo(start);
                lineNoAt -= start;
                nulFrom -= start;
                System.arraycopy(buf, start, buf, 0, limit - start);
                limit -= start;
                start = 0;
            }
            if (buf.length - limit < PIECE) {
                buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, limit + PIECE));
            }
            int n = read(in, limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
            int end = eof ? limit : lineStart(start, limit);
            if (end > start) {
                lines(start, end);
                start = end;
            }
        }
        return new Found(count, binary && count > countAtBinary);
    }

    /**
     * Looks for a NUL in what was read up to {@code to} and not looked at yet: the file is binary
     * from the piece that holds one. Called before a line is selected or shown, so the answer is
     * the one a look at each piece as it was read would give.
     */
    private void binaryKnownTo(int to) {
        if (!binary && nulFrom < to && Bytes.indexOf(buf, nulFrom, to, (byte) 0) >= 0) {
            binary = true;
            countAtBinary = count;
        }
        nulFrom = Math.max(nulFrom, to);
    }

    /** The size of the buffer now (for tests: it grows only with the longest line). */
    int bufferLength() {
        return buf.length;
    }

    private int read(ReadableByteChannel in, int at) throws IOException {
        ByteBuffer into = ByteBuffer.wrap(buf, at, PIECE);
        int n;
        do {
            n = in.read(into);
        } while (n == 0);
        return n;
    }

    /** The lines of {@code buf[from, to)}; the last one may lack its newline only at the end. */
    private void lines(int from, int to) {
        Bytes.Literal literal = job.literal;
        int pos = from;
        while (pos < to && !stop) {
            if (literal != null && !job.invert && afterLeft == 0 && job.before == 0) {
                // no context to keep: jump to the next line that can match; the lines jumped
                // over are counted only when a number is printed
                int hit = literal.indexIn(buf, pos, to);
                if (hit < 0) {
                    return;
                }
                pos = lineStart(pos, hit);
            }
            int nl = Bytes.indexOf(buf, pos, to, (byte) '\n');
            int lineEnd = nl < 0 ? to : nl;
            countLinesTo(pos);
            line(pos, lineEnd);
            lineNo++;
            pos = nl < 0 ? to : nl + 1;
            lineNoAt = pos;
        }
    }

    /** Brings {@link #lineNo} to the line starting at {@code pos} (when numbers are kept). */
    private void countLinesTo(int pos) {
        if (needNumbers && pos > lineNoAt) {
            lineNo += Bytes.count(buf, lineNoAt, pos, (byte) '\n');
        }
        lineNoAt = pos;
    }

    /** The start of the line holding {@code buf[at]}, no earlier than {@code from}. */
    private int lineStart(int from, int at) {
        int nl = Bytes.lastIndexOf(buf, from, at, (byte) '\n');
        return nl < 0 ? from : nl + 1;
    }

    private void line(int from, int to) {
        if (count >= job.maxCount) {
            stop = true;
            return;
        }
        Invocation inv = job.inv;
        String text = null;
        Matcher m = null;
        boolean selected;
        if (job.literal != null && job.literal.indexIn(buf, from, to) < 0) {
            selected = job.invert; // the line lacks the literal every match holds
        } else {
            text = new String(buf, from, to - from, StandardCharsets.UTF_8);
            m = job.pattern.matcher(text);
            selected = m.find() != job.invert;
        }
        if (!selected && afterLeft == 0 && job.before == 0) {
            return; // neither printed nor kept for context
        }
        binaryKnownTo(limit);
        boolean quiet = job.listOnly || job.countOnly || binary;
        if (!selected) {
            if (afterLeft > 0 && !quiet) {
                print(lineNo, text(text, from, to), '-');
                lastPrinted = lineNo;
                afterLeft--;
            } else if (job.before > 0 && !quiet) {
                hold(lineNo, text(text, from, to));
            }
            return;
        }
        count++;
        if (inv.has("-q")) {
            throw new GrepCommand.QuietMatch();
        }
        if (quiet) {
            // -l and -L know enough at the first selected line; -c counts on, binary or not
            stop = !job.countOnly;
            return;
        }
        long first = Math.max(lastPrinted + 1, lineNo - job.before);
        if (job.before + job.after > 0 && job.anyGroup && first > lastPrinted + 1) {
            out.println("--");
        }
        job.anyGroup = true;
        for (Held h : held) {
            if (h.number() >= first) {
                print(h.number(), h.text(), '-');
            }
        }
        held.clear();
        if (inv.has("-o") && !job.invert) {
            m.reset();
            while (m.find()) {
                if (m.end() > m.start()) {
                    print(lineNo, m.group(), ':');
                }
            }
        } else if (!inv.has("-o")) {
            print(lineNo, text(text, from, to), ':');
        }
        lastPrinted = lineNo;
        afterLeft = job.after;
    }

    private String text(String decoded, int from, int to) {
        return decoded != null ? decoded : new String(buf, from, to - from, StandardCharsets.UTF_8);
    }

    /** Keeps the last {@code -B} lines that were not printed, for the next selected line. */
    private void hold(long number, String text) {
        held.addLast(new Held(number, text));
        if (held.size() > job.before) {
            held.removeFirst();
        }
    }

    private void print(long index, String text, char sep) {
        StringBuilder s = new StringBuilder();
        if (prefix != null) {
            s.append(prefix).append(sep);
        }
        if (job.lineNumbers) {
            s.append(index + 1).append(sep);
        }
        out.println(s.append(text).toString());
    }
}
