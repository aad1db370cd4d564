package dev.csl.interpreter;

import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.ChangeRecorder;
import dev.csl.runner.Deadline;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What a RUN's built-ins report before they change a path: the path as it is goes to the journal
 * (for undo) and to the open TASKS transaction (for its rollback).
 */
final class JournalingRecorder implements ChangeRecorder {
    private final GuardedFiles files;
    private final Journal journal;
    private final Transaction tx;

    /** {@code journal} is null in a dry run, {@code tx} outside a TASKS block. */
    JournalingRecorder(GuardedFiles files, Journal journal, Transaction tx) {
        this.files = files;
        this.journal = journal;
        this.tx = tx;
    }

    @Override
    public void willChange(Path path) throws IOException {
        willChange(path, Deadline.NONE);
    }

    @Override
    public void willChange(Path path, Deadline deadline) throws IOException {
        // The runner names the path as the guard resolved it: its relative form is made here,
        // once, for the snapshot, the journal and the transaction.
        ProjectPath target = ProjectPath.of(files.root(), path);
        boolean journalNeedsIt = journal != null && !journal.hasRecorded(target);
        Snapshot snapshot = null;
        if (tx != null || journalNeedsIt) {
            snapshot = Snapshot.capture(files, target.relative(), deadline);
        }
        if (tx != null) {
            tx.rememberDisk(target, snapshot);
        }
        if (journal != null) {
            journal.record(target, snapshot);
        }
    }
}
