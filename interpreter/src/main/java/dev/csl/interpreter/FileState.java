package dev.csl.interpreter;

import java.util.LinkedHashSet;
import java.util.Set;

/** One file an apply works on in memory: what is on disk and what the answer made of it. */
final class FileState {
    /** Where the file is, resolved once by the guard when the apply opened it. */
    final ProjectPath path;

    /** How many SEARCHes ran on this file: from the second on, segment filters pay off. */
    int searches;

    Content disk;
    Content current;

    /** Tasks ("2", "3.1") whose changes are not yet on disk: a failed save is theirs. */
    final Set<String> contributors = new LinkedHashSet<>();

    /**
     * The path as it was when this apply opened it (a file or absent), for the journal; null where
     * the journal must capture it itself.
     */
    final Snapshot opened;

    FileState(ProjectPath path, Content disk, Snapshot opened) {
        this.path = path;
        this.opened = opened;
        this.disk = disk;
        this.current = disk;
    }

    boolean dirty() {
        return current != disk;
    }
}
