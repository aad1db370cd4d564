package dev.csl.fsguard;

import java.util.List;
import java.util.Optional;

/**
 * Step 5 of the guard: {@code .git} and {@code .csl} (in any letter case, at any depth, so a nested
 * repository and a case-folding file system are covered) may be read but never written or deleted.
 * Applied to the resolved names, so a symlink to {@code .git} does not slip past.
 */
final class ProtectedPaths {
    private static final List<String> NAMES = List.of(".git", ".csl");

    private ProtectedPaths() {}

    /** The protected name the path lies under, if any. */
    static Optional<String> protectedName(List<String> names) {
        for (String name : names) {
            for (String p : NAMES) {
                if (p.equalsIgnoreCase(name)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }
}
