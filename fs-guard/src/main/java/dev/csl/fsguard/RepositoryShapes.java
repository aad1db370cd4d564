package dev.csl.fsguard;

import java.util.Collection;
import java.util.Locale;

/**
 * The second half of step 5 of the guard: a directory that git would take for a repository. When
 * the user runs git in a directory, git tries each directory on the way up as a repository of its
 * own (a bare one): one holding {@code HEAD} together with {@code objects} and {@code refs}, or
 * {@code HEAD} with a {@code commondir} file that names where objects and refs are. Its {@code
 * config} is then read, and a key such as {@code core.fsmonitor} runs a program. So such a
 * directory is as protected as {@code .git}: it may not be created, and nothing inside it may be
 * written or deleted. Names are compared in any letter case (a case-folding file system, or a copy
 * of the project on one, sees {@code head} as {@code HEAD}). A {@code .git} file (a worktree's
 * pointer) is covered by the protected name {@code .git} itself.
 */
final class RepositoryShapes {
    private RepositoryShapes() {}

    /** True when a directory holding entries with these names is repository-shaped. */
    static boolean shaped(Collection<String> names) {
        boolean head = false;
        boolean objects = false;
        boolean refs = false;
        boolean commondir = false;
        for (String name : names) {
            if (!partLength(name)) {
                continue;
            }
            switch (name.toLowerCase(Locale.ROOT)) {
                case "head" -> head = true;
                case "objects" -> objects = true;
                case "refs" -> refs = true;
                case "commondir" -> commondir = true;
                default -> {}
            }
        }
        return head && ((objects && refs) || commondir);
    }

    /** True when a directory holding {@code names} and then also {@code added} is shaped. */
    static boolean shapedWith(Collection<String> names, String added) {
        if (shaped(names)) {
            return true;
        }
        return isPart(added) && shaped(withAdded(names, added));
    }

    /** True for a name that is part of the shape ({@code HEAD}, {@code objects}, ...). */
    static boolean isPart(String name) {
        if (!partLength(name)) {
            return false;
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "head", "objects", "refs", "commondir" -> true;
            default -> false;
        };
    }

    /**
     * Whether {@code name} has the length of a part: lower-casing never makes a name shorter, and
     * where it makes one longer (İ) the result holds a character no part has, so only names of a
     * part's length can be one. Spares the lower-casing of every other name a listing holds.
     */
    private static boolean partLength(String name) {
        int n = name.length();
        return n == 4 || n == 7 || n == 9;
    }

    /**
     * False only when no name of {@code path} (split on {@code /} and {@code \\}) can be part of
     * the shape: a quick look at a path's text before its names are worked out.
     */
    static boolean mayHoldPart(String path) {
        int start = 0;
        for (int i = 0; i <= path.length(); i++) {
            if (i == path.length() || path.charAt(i) == '/' || path.charAt(i) == '\\') {
                if (partAt(path, start, i - start)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private static boolean partAt(String path, int from, int length) {
        for (String part : PARTS) {
            if (part.length() == length && path.regionMatches(true, from, part, 0, length)) {
                return true;
            }
        }
        return false;
    }

    private static final String[] PARTS = {"head", "objects", "refs", "commondir"};

    private static Collection<String> withAdded(Collection<String> names, String added) {
        java.util.List<String> all = new java.util.ArrayList<>(names);
        all.add(added);
        return all;
    }
}
