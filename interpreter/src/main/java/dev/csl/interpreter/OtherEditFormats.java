package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.List;

/**
 * Recognizes the edit formats of other tools in an answer that holds no CSL operation (Aider's
 * SEARCH/REPLACE blocks, a unified diff, Codex's {@code *** Begin Patch}), so that the hint of
 * {@code no_operations} names the format and shows its first edit written in CSL.
 */
final class OtherEditFormats {
    private OtherEditFormats() {}

    /** The hint for an answer without operations. */
    static String hint(String answer) {
        List<String> lines =
                List.of(answer.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1));
        String aider = aider(lines);
        if (aider != null) {
            return "This answer uses Aider's SEARCH/REPLACE blocks, which csl does not read. The"
                    + " first edit in CSL:\n"
                    + aider;
        }
        String patch = beginPatch(lines);
        if (patch != null) {
            return "This answer uses the '*** Begin Patch' format, which csl does not read. The"
                    + " first change in CSL:\n"
                    + patch;
        }
        String diff = unifiedDiff(lines);
        if (diff != null) {
            return "This answer is a unified diff, which csl does not read. The first hunk in"
                    + " CSL:\n"
                    + diff;
        }
        return "Write each change as a CSL block: <---WRITE file=\"path\"---> ... <---END--->, or"
                + " <---SEARCH file=\"path\"---> old lines <---REPLACE---> new lines <---END--->"
                + " (markers at the start of a line).";
    }

    private static String search(String file, List<String> before, List<String> after) {
        return "<---SEARCH file=\""
                + file
                + "\"--->\n"
                + String.join("\n", before)
                + "\n<---REPLACE--->\n"
                + (after.isEmpty() ? "" : String.join("\n", after) + "\n")
                + "<---END--->";
    }

    private static String aider(List<String> lines) {
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().matches("<{5,9} SEARCH")) {
                start = i;
                break;
            }
        }
        if (start < 0) {
            return null;
        }
        String file = "path/of/the/file";
        for (int i = start - 1; i >= 0; i--) {
            String l = lines.get(i).strip();
            if (!l.isEmpty() && !l.startsWith("```")) {
                file = l;
                break;
            }
        }
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        List<String> into = before;
        for (int i = start + 1; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.strip().matches("={5,9}")) {
                into = after;
            } else if (l.strip().matches(">{5,9} REPLACE")) {
                return before.isEmpty() ? null : search(file, before, after);
            } else {
                into.add(l);
            }
        }
        return null;
    }

    private static String unifiedDiff(List<String> lines) {
        String file = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("+++ ")) {
                file = l.substring(4).strip().replaceFirst("^b/", "").split("\t")[0];
            } else if (l.startsWith("@@") && file != null) {
                return hunk(file, lines, i + 1, false);
            }
        }
        return null;
    }

    private static String beginPatch(List<String> lines) {
        boolean begun = false;
        String file = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.equals("*** Begin Patch")) {
                begun = true;
            } else if (begun && l.startsWith("*** Update File:")) {
                file = l.substring("*** Update File:".length()).strip();
            } else if (begun && l.startsWith("*** Add File:")) {
                List<String> content = new ArrayList<>();
                for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("+"); j++) {
                    content.add(lines.get(j).substring(1));
                }
                return "<---WRITE file=\""
                        + l.substring("*** Add File:".length()).strip()
                        + "\"--->\n"
                        + String.join("\n", content)
                        + "\n<---END--->";
            } else if (begun && file != null && l.startsWith("@@")) {
                return hunk(file, lines, i + 1, true);
            }
        }
        return null;
    }

    /** Context and '-' lines before, context and '+' lines after, up to the next hunk. */
    private static String hunk(String file, List<String> lines, int from, boolean patch) {
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        for (int i = from; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("@@")
                    || l.startsWith("*** ")
                    || l.startsWith("--- ")
                    || l.startsWith("diff ")) {
                break;
            }
            if (l.startsWith("-")) {
                before.add(l.substring(1));
            } else if (l.startsWith("+")) {
                after.add(l.substring(1));
            } else if (l.startsWith(" ") || (patch && !l.isEmpty())) {
                before.add(l.startsWith(" ") ? l.substring(1) : l);
                after.add(l.startsWith(" ") ? l.substring(1) : l);
            } else if (l.isEmpty() && i + 1 < lines.size()) {
                before.add("");
                after.add("");
            }
        }
        while (!before.isEmpty()
                && before.get(before.size() - 1).isEmpty()
                && !after.isEmpty()
                && after.get(after.size() - 1).isEmpty()) {
            before.remove(before.size() - 1);
            after.remove(after.size() - 1);
        }
        return before.isEmpty() ? null : search(file, before, after);
    }
}
