package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Puts the changed files of a workspace on disk: first every one is recorded in the journal (so
 * undo and recovery can put it back), then each new content is written and forced to a temporary
 * file through the guard (ParallelSaves), and the files of a directory are renamed into place once
 * all of them are written, with one force of the directory ({@link GuardedFiles#commitWrites}). A
 * failed save is kept by task and the file goes back to what is on disk.
 */
final class JournaledSaves {
    private final GuardedFiles files;
    private final Journal journal;
    private final Map<String, ErrorInfo> failures = new LinkedHashMap<>();
    private final ApplyBudget budget;

    JournaledSaves(GuardedFiles files, Journal journal, ApplyBudget budget) {
        this.files = files;
        this.journal = journal;
        this.budget = budget;
    }

    /**
     * Saves every dirty file of {@code states}; {@code tx}, the open TASKS transaction or null,
     * learns of each directory the saves will create, so that a rollback removes it again.
     */
    void save(Collection<FileState> states, Transaction tx) {
        List<FileState> dirty = new ArrayList<>();
        Map<ProjectPath, Snapshot> prior = new LinkedHashMap<>();
        Map<ProjectPath, String> intended = new LinkedHashMap<>();
        for (FileState s : states) {
            if (s.dirty()) {
                dirty.add(s);
                if (!s.disk.exists()) {
                    ProjectPath top = topMissingParent(s.path);
                    if (top != null) {
                        prior.put(top, Snapshot.ABSENT);
                        if (tx != null) {
                            tx.rememberDisk(top, Snapshot.ABSENT);
                        }
                    }
                }
                prior.put(s.path, s.opened);
                intended.put(
                        s.path,
                        s.current.exists()
                                ? Snapshot.fileFingerprint(s.current.bytes())
                                : "absent");
            }
        }
        if (dirty.isEmpty()) {
            return;
        }
        ErrorInfo overBudget = spend(dirty);
        if (overBudget != null) {
            for (FileState s : dirty) {
                fail(s, overBudget);
            }
            return;
        }
        try {
            journal.recordAll(prior, intended);
        } catch (IOException e) {
            ErrorInfo error =
                    ErrorInfo.of(
                            ErrorCode.IO_ERROR,
                            "Could not record the journal under .csl/history before saving: "
                                    + e.getMessage()
                                    + ". Nothing was saved.",
                            "Make sure .csl/ in the working directory is writable.");
            for (FileState s : dirty) {
                fail(s, error);
            }
            return;
        }
        // Every new content to a temporary file, forced (on a few threads), deletes done; a
        // directory's files are renamed as soon as all of them are written, with one force of
        // the directory after them, by the thread that wrote the last: durability paid per
        // directory, not per file, and the forces of different directories overlap.
        GuardedFiles.PendingWrite[] prepared = new GuardedFiles.PendingWrite[dirty.size()];
        IOException[] renames = new IOException[dirty.size()];
        List<List<Integer>> directories = byDirectory(dirty);
        int[] directoryOf = new int[dirty.size()];
        AtomicInteger[] unwritten = new AtomicInteger[directories.size()];
        for (int d = 0; d < directories.size(); d++) {
            unwritten[d] = new AtomicInteger(directories.get(d).size());
            for (int i : directories.get(d)) {
                directoryOf[i] = d;
            }
        }
        List<Integer> indexes = new ArrayList<>(dirty.size());
        for (int i = 0; i < dirty.size(); i++) {
            indexes.add(i);
        }
        IOException[] failed =
                ParallelSaves.run(
                        indexes,
                        i -> {
                            try {
                                prepared[i] = prepare(dirty.get(i));
                            } finally {
                                int d = directoryOf[i];
                                if (unwritten[d].decrementAndGet() == 0) {
                                    commit(directories.get(d), prepared, renames);
                                }
                            }
                        });
        for (int i = 0; i < dirty.size(); i++) {
            saved(dirty.get(i), failed[i] != null ? failed[i] : renames[i]);
        }
    }

    /**
     * Takes the whole batch from the apply's write budget before anything is written: a batch that
     * would overdraw it, or leave the file system below its free-space floor, is refused whole.
     */
    private ErrorInfo spend(List<FileState> dirty) {
        long bytes = 0;
        long count = 0;
        String what = null;
        for (FileState s : dirty) {
            if (s.current.exists()) {
                bytes += s.current.bytes().length;
                count++;
                what = "'" + s.path.relative() + "'";
            }
        }
        if (count == 0) {
            return null;
        }
        try {
            budget.writes().spend(count == 1 ? what : count + " files", bytes, count);
            return null;
        } catch (GuardException e) {
            return ErrorInfo.of(e.code(), e.getMessage(), e.hint());
        }
    }

    /** The indexes of {@code dirty}, grouped by the directory each file lies in. */
    private static List<List<Integer>> byDirectory(List<FileState> dirty) {
        Map<ProjectPath, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < dirty.size(); i++) {
            groups.computeIfAbsent(dirty.get(i).path.parent(), d -> new ArrayList<>()).add(i);
        }
        return new ArrayList<>(groups.values());
    }

    /**
     * Renames the written files of one directory ({@code group}, indexes into {@code prepared})
     * into place and forces the directory; failures go to {@code renames} by index. Runs once per
     * directory, on the thread that wrote its last file (whose counter's update makes every other
     * thread's {@code prepared} entry visible here).
     */
    private void commit(
            List<Integer> group, GuardedFiles.PendingWrite[] prepared, IOException[] renames) {
        List<GuardedFiles.PendingWrite> writes = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        for (int i : group) {
            if (prepared[i] != null) {
                writes.add(prepared[i]);
                at.add(i);
            }
        }
        if (writes.isEmpty()) {
            return;
        }
        IOException[] failures = files.commitWrites(writes);
        for (int k = 0; k < failures.length; k++) {
            renames[at.get(k)] = failures[k];
        }
    }

    /** Errors of saves that failed, by task. */
    Map<String, ErrorInfo> failures() {
        return failures;
    }

    private void fail(FileState s, ErrorInfo error) {
        for (String task : s.contributors) {
            failures.put(task, error);
        }
        s.current = s.disk;
        s.contributors.clear();
    }

    /**
     * Puts one file's new version into a temporary file beside it (returned, to be renamed over
     * it), or deletes the file; runs on a saving thread (ParallelSaves).
     */
    private GuardedFiles.PendingWrite prepare(FileState s) throws IOException {
        if (s.current.exists()) {
            return files.prepareWrite(s.path.relative(), s.current.bytes());
        }
        if (s.disk.exists()) {
            files.delete(s.path.relative());
        }
        return null;
    }

    /** Records how one file's save ended (back on the applying thread). */
    private void saved(FileState s, IOException e) {
        if (e == null) {
            s.disk = s.current;
            s.contributors.clear();
        } else {
            fail(
                    s,
                    e instanceof GuardException g
                            ? OpFailure.of(g, "The file was not changed.").error()
                            : ErrorInfo.of(
                                    ErrorCode.IO_ERROR,
                                    "Could not save '"
                                            + s.path.relative()
                                            + "': "
                                            + e.getMessage()
                                            + ". The file was not changed.",
                                    "Check permissions and free space, then apply again."));
        }
    }

    /**
     * The outermost directory the save of {@code file} will create, or null if none. Asked through
     * the guard like every other look at the project (lstat: a link in the way counts as there, and
     * so does a parent the guard refuses, whose save will fail with that refusal anyway).
     */
    private ProjectPath topMissingParent(ProjectPath file) {
        ProjectPath top = null;
        for (ProjectPath p = file.parent(); p != null && !p.isRoot(); p = p.parent()) {
            if (!missing(p)) {
                break;
            }
            top = p;
        }
        return top;
    }

    private boolean missing(ProjectPath dir) {
        try {
            return files.stat(dir.relative()).type() == FileInfo.Type.MISSING;
        } catch (GuardException e) {
            return false;
        }
    }
}
