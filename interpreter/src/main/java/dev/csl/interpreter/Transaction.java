package dev.csl.interpreter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The undo log of one TASKS block. In memory it remembers each file's content before the block
 * first touched it; once a RUN made the block touch the disk, it also holds disk snapshots taken
 * just before each built-in change, so the rollback can put everything back byte for byte.
 */
final class Transaction {
    /** One thing to put back, in the order it was first changed. */
    record Record(Path path, Content bufferPrior, Snapshot diskPrior) {}

    final List<Record> records = new ArrayList<>();
    private final Set<Path> buffered = new HashSet<>();

    /** True once a RUN started inside the block: the rollback must then work on disk. */
    boolean touchedDisk;

    void rememberBuffer(FileState state) {
        if (buffered.add(state.resolved)) {
            records.add(new Record(state.resolved, state.current, null));
        }
    }

    void rememberDisk(Path path, Snapshot prior) {
        records.add(new Record(path, null, prior));
    }
}
