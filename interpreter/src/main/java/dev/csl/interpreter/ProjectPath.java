package dev.csl.interpreter;

import java.nio.file.Path;

/**
 * A path inside the working directory, worked out once from the guard's resolution and then
 * carried: {@code resolved}, the absolute path, names the file to the workspace, the journal and a
 * TASKS transaction; {@code relative} (to the root, {@code /} between names, {@code .} for the root
 * itself) is what they hand back to the guard and what the journal records. Nothing on a WRITE's
 * way to disk works out one from the other again.
 */
record ProjectPath(Path resolved, String relative) {

    /** {@code resolved}, a path inside {@code root} as the guard resolved it. */
    static ProjectPath of(Path root, Path resolved) {
        Path abs = resolved.toAbsolutePath().normalize();
        StringBuilder sb = new StringBuilder();
        for (Path part : root.relativize(abs)) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(part.toString());
        }
        return new ProjectPath(abs, sb.length() == 0 ? "." : sb.toString());
    }

    // Written out, though a record has them: it is a map key on every apply, and a record's own
    // equals and hashCode are bootstrapped through method handles that the AOT cache does not keep,
    // ~10 ms of a cold apply (docs/coldstart.md).
    @Override
    public boolean equals(Object other) {
        return other instanceof ProjectPath that
                && relative.equals(that.relative)
                && resolved.equals(that.resolved);
    }

    @Override
    public int hashCode() {
        return relative.hashCode();
    }

    boolean isRoot() {
        return relative.equals(".");
    }

    /** The directory holding this path (the root for a top-level name), or null for the root. */
    ProjectPath parent() {
        if (isRoot()) {
            return null;
        }
        int slash = relative.lastIndexOf('/');
        return new ProjectPath(
                resolved.getParent(), slash < 0 ? "." : relative.substring(0, slash));
    }
}
