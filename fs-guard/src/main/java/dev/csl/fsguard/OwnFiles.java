package dev.csl.fsguard;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Step 5 for csl's own installation: the files of an {@link Installation} that lie inside one
 * working directory, as names below its real root, compared in any letter case (as {@code .git}).
 * Each protects itself and everything below it; one that holds the working directory protects all
 * of it.
 */
final class OwnFiles {
    static final String HINT =
            "csl's launcher, jar and caches run outside the sandbox at csl's next start; leave them"
                    + " alone (a change to csl's sources is fine: the next start builds it)";

    private static final OwnFiles NONE = new OwnFiles(List.of(), List.of());

    private final List<List<String>> names;
    private final List<Path> paths;

    private OwnFiles(List<List<String>> names, List<Path> paths) {
        this.names = names;
        this.paths = paths;
    }

    /** The files of {@code installation} inside {@code realRoot} (on its file system). */
    static OwnFiles inside(Installation installation, Path realRoot) {
        List<List<String>> names = new ArrayList<>();
        List<Path> paths = new ArrayList<>();
        for (Path own : installation.paths()) {
            if (!own.getFileSystem().equals(realRoot.getFileSystem())) {
                continue;
            }
            if (Installation.startsWith(own, realRoot)) {
                List<String> rel = new ArrayList<>();
                for (int i = realRoot.getNameCount(); i < own.getNameCount(); i++) {
                    rel.add(own.getName(i).toString());
                }
                names.add(List.copyOf(rel));
                paths.add(own);
            } else if (Installation.startsWith(realRoot, own)) {
                names.add(List.of()); // the working directory lies inside csl's own files
                paths.add(own);
            }
        }
        return names.isEmpty() ? NONE : new OwnFiles(List.copyOf(names), List.copyOf(paths));
    }

    /** The own file {@code target} (names below the root) is or lies in, or {@code null}. */
    Path covering(List<String> target) {
        for (int i = 0; i < names.size(); i++) {
            if (prefix(names.get(i), target)) {
                return paths.get(i);
            }
        }
        return null;
    }

    /** An own file strictly below {@code dir} (names below the root), or {@code null}. */
    Path below(List<String> dir) {
        for (int i = 0; i < names.size(); i++) {
            List<String> own = names.get(i);
            if (own.size() > dir.size() && prefix(dir, own)) {
                return paths.get(i);
            }
        }
        return null;
    }

    boolean isEmpty() {
        return names.isEmpty();
    }

    private static boolean prefix(List<String> prefix, List<String> names) {
        if (names.size() < prefix.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            if (!prefix.get(i)
                    .toLowerCase(Locale.ROOT)
                    .equals(names.get(i).toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }
}
