package dev.csl.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One case of a testdata/runner/NAME.cases file: a command line and what GNU printed for it (exit
 * status, stdout, stderr and, for commands that change files, the tree afterwards).
 */
record GoldenCase(String command, int exit, String stdout, String stderr, List<String> tree) {

    static List<GoldenCase> read(Path file) throws IOException {
        String text = Files.readString(file);
        List<GoldenCase> cases = new ArrayList<>();
        String[] parts = ("\n" + text).split("\n### ");
        for (int i = 1; i < parts.length; i++) {
            cases.add(parse(parts[i]));
        }
        return cases;
    }

    private static GoldenCase parse(String text) {
        String part = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        String[] lines = part.split("\n", -1);
        String command = lines[0].replace("#keep", "").strip();
        Map<String, List<String>> sections = new LinkedHashMap<>();
        List<String> current = null;
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].startsWith("=== ")) {
                current = new ArrayList<>();
                sections.put(lines[i].substring(4), current);
            } else if (current != null) {
                current.add(lines[i]);
            }
        }
        List<String> tree = sections.containsKey("tree") ? trimmed(sections.get("tree")) : null;
        return new GoldenCase(
                command,
                Integer.parseInt(trimmed(sections.get("exit")).get(0)),
                section(sections, "stdout"),
                section(sections, "stderr"),
                tree);
    }

    private static String section(Map<String, List<String>> sections, String name) {
        List<String> plain = sections.get(name);
        if (plain != null) {
            return plain.isEmpty() ? "" : String.join("\n", plain) + "\n";
        }
        List<String> noNewline = sections.get(name + " (no newline)");
        if (noNewline != null) {
            return String.join("\n", noNewline);
        }
        return "";
    }

    /** The lines without the blank lines that separate cases. */
    private static List<String> trimmed(List<String> lines) {
        List<String> l = new ArrayList<>(lines);
        while (!l.isEmpty() && l.get(l.size() - 1).isEmpty()) {
            l.remove(l.size() - 1);
        }
        return l;
    }

    @Override
    public String toString() {
        return command;
    }
}
