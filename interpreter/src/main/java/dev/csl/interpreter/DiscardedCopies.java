package dev.csl.interpreter;

import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.util.Collection;

/**
 * A forced undo throws away what changed since the apply (hand edits, a later apply); it first
 * keeps a copy of those paths as they are, under {@code .csl/discarded/ID/} with their own relative
 * paths, so nothing typed is lost. Regular files are copied (a directory's files too); links and
 * special files are not. csl never reads these copies back: they are the user's.
 */
final class DiscardedCopies {
    static final String DIR = "discarded";

    private DiscardedCopies() {}

    /**
     * Copies {@code paths} of the project into a fresh {@code discarded/ID[-N]} below {@code .csl};
     * returns it as seen from the working directory, or null when there was no file to keep.
     */
    static String keep(
            GuardedFiles files, StateDirectory state, String id, Collection<String> paths)
            throws IOException {
        if (paths.isEmpty()) {
            return null;
        }
        String base = DIR + "/" + id;
        for (int n = 2; state.exists(base); n++) {
            base = DIR + "/" + id + "-" + n;
        }
        int kept = 0;
        for (String path : paths) {
            kept += copy(state, base + "/" + path, Snapshot.capture(files, path));
        }
        return kept == 0 ? null : StateDirectory.NAME + "/" + base;
    }

    private static int copy(StateDirectory state, String to, Snapshot now) throws IOException {
        switch (now.kind()) {
            case FILE -> {
                state.createDirectories(to.substring(0, to.lastIndexOf('/')));
                state.write(to, now.bytes());
                return 1;
            }
            case DIRECTORY -> {
                int kept = 0;
                for (var child : now.children().entrySet()) {
                    kept += copy(state, to + "/" + child.getKey(), child.getValue());
                }
                return kept;
            }
            default -> {
                return 0;
            }
        }
    }
}
