package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files a SEARCH of a missing path probably meant: the path with leading directories dropped
 * ({@code ../semver-1.0.14/src/error.rs} is {@code src/error.rs} here), or the one file of that
 * name elsewhere in the tree ({@code itertoolz.py} is {@code toolz/itertoolz.py}). A hint names
 * what exists, so the next answer does not guess again.
 */
final class NearestPath {
    /** Directories never searched for a file of the name: tools' and builds' own trees. */
    private static final Set<String> SKIPPED =
            Set.of(".git", ".csl", "node_modules", "target", "build", "dist", ".venv", "venv");

    /** Entries looked at at most: past this the tree is too large to search on a failure. */
    private static final int MAX_ENTRIES = 50_000;

    /** Candidates named at most. */
    private static final int MAX_NAMED = 3;

    private NearestPath() {}

    /** Existing files the path probably meant, nearest first; empty when none is plausible. */
    static List<String> candidates(GuardedFiles files, String written) {
        String path = written.replace('\\', '/');
        List<String> out = new ArrayList<>();
        // A tail of the path that exists: the answer named the file from outside the project.
        for (int i = path.indexOf('/');
                i >= 0 && i < path.length() - 1;
                i = path.indexOf('/', i + 1)) {
            String tail = path.substring(i + 1);
            if (!tail.startsWith("../") && !tail.equals("..") && isFile(files, tail)) {
                out.add(tail);
                return out;
            }
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (name.isEmpty() || name.equals("..") || name.equals(".")) {
            return out;
        }
        List<String> all;
        try {
            all = files.walk(".", dir -> !SKIPPED.contains(dir));
        } catch (IOException | RuntimeException e) {
            return out;
        }
        if (all.size() > MAX_ENTRIES) {
            return out;
        }
        for (String entry : all) {
            String e = entry.startsWith("./") ? entry.substring(2) : entry;
            if ((e.equals(name) || e.endsWith("/" + name)) && !e.equals(path) && isFile(files, e)) {
                out.add(e);
                if (out.size() > MAX_NAMED) {
                    break;
                }
            }
        }
        return out;
    }

    /**
     * A path leaving the project ({@code path_escape}) whose tail names a file in it: the hint
     * names that file instead of advising to drop the {@code ../}, which would name another missing
     * path. Other failures are returned as they are.
     */
    static OpFailure withNearest(Workspace ws, String file, OpFailure f) {
        if (f.error().code() != ErrorCode.PATH_ESCAPE
                || !file.replace('\\', '/').startsWith("../")) {
            return f;
        }
        String nearest = named(candidates(ws.files(), file));
        if (nearest.isEmpty()) {
            return f;
        }
        ErrorInfo e = f.error();
        return new OpFailure(new ErrorInfo(e.code(), e.message(), nearest, e.details()));
    }

    /** The hint's words for the candidates: "src/error.rs exists", or "" for none. */
    static String named(List<String> candidates) {
        if (candidates.isEmpty()) {
            return "";
        }
        if (candidates.size() == 1) {
            return "The file of that name that exists is "
                    + candidates.get(0)
                    + ": use file=\""
                    + candidates.get(0)
                    + "\".";
        }
        List<String> shown = candidates.subList(0, Math.min(MAX_NAMED, candidates.size()));
        return "Files of that name: "
                + String.join(", ", shown)
                + (candidates.size() > MAX_NAMED ? ", …" : "")
                + "; give the one you mean as file=\"…\".";
    }

    private static boolean isFile(GuardedFiles files, String path) {
        try {
            return files.stat(path, true).type() == FileInfo.Type.FILE;
        } catch (RuntimeException | IOException e) {
            return false;
        }
    }
}
