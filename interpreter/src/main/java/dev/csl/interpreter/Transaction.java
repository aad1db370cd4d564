package dev.csl.interpreter;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The undo log of one TASKS block, and its rollback. In memory it remembers each file's content
 * before the block first touched it; once a RUN made the block touch the disk, it also holds disk
 * snapshots taken just before each built-in change, so the rollback can put everything back byte
 * for byte.
 */
final class Transaction {
    /** One thing to put back, in the order it was first changed. */
    record Record(ProjectPath path, Content bufferPrior, Snapshot diskPrior) {}

    final List<Record> records = new ArrayList<>();
    private final Set<ProjectPath> buffered = new HashSet<>();

    /** True once a RUN started inside the block: the rollback must then work on disk. */
    boolean touchedDisk;

    void rememberBuffer(FileState state) {
        if (buffered.add(state.path)) {
            records.add(new Record(state.path, state.current, null));
        }
    }

    void rememberDisk(ProjectPath path, Snapshot prior) {
        records.add(new Record(path, null, prior));
    }

    /** Before any RUN: the block changed memory only, so memory alone is put back. */
    void rollBackBuffers(Map<Path, FileState> states) {
        for (Record r : newestFirst()) {
            FileState s = states.get(r.path().resolved());
            if (s != null && r.bufferPrior() != null) {
                s.current = r.bufferPrior();
            }
        }
    }

    /**
     * After a RUN, with memory already saved: puts every path back on disk; returns problems, if
     * any. Everything goes back through the guard: a directory that a command swapped for a symlink
     * leading out is refused and reported, never followed.
     */
    List<String> rollBackDisk(GuardedFiles files) {
        List<String> problems = new ArrayList<>();
        for (Record r : newestFirst()) {
            String rel = r.path().relative();
            try {
                if (r.diskPrior() != null) {
                    r.diskPrior().restore(files, rel);
                } else if (r.bufferPrior().exists()) {
                    files.writeAtomic(rel, r.bufferPrior().bytes());
                } else {
                    Snapshot.deleteTree(files, rel);
                }
            } catch (IOException e) {
                problems.add(rel + ": " + e.getMessage());
            }
        }
        return problems;
    }

    private List<Record> newestFirst() {
        List<Record> reversed = new ArrayList<>(records);
        Collections.reverse(reversed);
        return reversed;
    }
}
