package dev.csl.runner.worker;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a file's bytes: {@code [start, start+length)} without its newline; {@code end()}
 * includes the newline when there is one.
 */
record Line(int start, int length, boolean terminated) {

    int end() {
        return start + length + (terminated ? 1 : 0);
    }

    /** The lines of {@code bytes}; a last line without a newline is still a line. */
    static List<Line> split(byte[] bytes) {
        List<Line> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(new Line(start, i - start, true));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            lines.add(new Line(start, bytes.length - start, false));
        }
        return lines;
    }
}
