package dev.csl.interpreter;

import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.ChangeRecorder;
import dev.csl.runner.Deadline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The files of one apply, held in memory: every WRITE and SEARCH works on the in-memory version,
 * and a file reaches the disk once — before a RUN (which could read it) and at the end. Also keeps
 * the journal, the open TASKS transaction and the record of what a dry run read (plan hash).
 */
final class Workspace {
    private final GuardedFiles files;
    private final Journal journal;
    private final Map<Path, FileState> states = new LinkedHashMap<>();
    private final TreeMap<String, String> reads = new TreeMap<>();
    private final Map<String, ErrorInfo> saveFailures = new LinkedHashMap<>();
    private Transaction tx;

    /** {@code journal} is null in a dry run: then nothing is ever saved. */
    Workspace(GuardedFiles files, Journal journal) {
        this.files = files;
        this.journal = journal;
    }

    /** `new.txt/` names a directory: no file is read or created there (ENOTDIR, as the guard). */
    private OpFailure notADirectory(String path, Path resolved) {
        return new OpFailure(
                ErrorCode.IO_ERROR,
                "Not a directory: '"
                        + path
                        + "' (resolves to "
                        + resolved
                        + "; working directory "
                        + files.root()
                        + "). Nothing was changed.",
                "A trailing '/' names a directory; write the file's path without it: '"
                        + trimSlash(path)
                        + "'.");
    }

    private static boolean namesDirectory(String path) {
        return path.endsWith("/") || path.endsWith("/.");
    }

    GuardedFiles files() {
        return files;
    }

    /** Opens the file an operation writes, resolved and verified by the guard. */
    FileState open(String path) throws OpFailure {
        Path resolved;
        try {
            resolved = files.resolveForWrite(path);
        } catch (GuardException e) {
            throw OpFailure.of(e, "Nothing was changed.");
        }
        FileState state = states.get(resolved);
        if (state != null) {
            if (namesDirectory(path)) {
                throw notADirectory(path, resolved); // a file this apply wrote, named as `f.txt/`
            }
            return state;
        }
        String guardPath = History.relative(files.root(), resolved);
        Content content;
        Snapshot opened = null;
        try {
            FileInfo info = files.stat(guardPath);
            if (namesDirectory(path) && info.type() != FileInfo.Type.DIRECTORY) {
                throw notADirectory(path, resolved);
            }
            content =
                    switch (info.type()) {
                        case FILE -> Content.ofBytes(files.readBytes(guardPath));
                        case MISSING -> Content.ABSENT;
                        case SYMLINK -> Content.ABSENT;
                        case DIRECTORY ->
                                throw new OpFailure(
                                        ErrorCode.IS_DIRECTORY,
                                        "'"
                                                + path
                                                + "' is a directory ("
                                                + resolved
                                                + "), not a file. Nothing was changed.",
                                        "Name a file inside it, e.g. '"
                                                + trimSlash(path)
                                                + "/name.ext'.");
                        case OTHER ->
                                throw new OpFailure(
                                        ErrorCode.IO_ERROR,
                                        "'"
                                                + path
                                                + "' is not a regular file ("
                                                + resolved
                                                + "). Nothing was changed.",
                                        "Only regular files can be written.");
                    };
            // The journal records this state when the file is first saved, instead of reading
            // the file again (a link is captured then, as the journal needs its target).
            if (info.type() == FileInfo.Type.FILE) {
                opened = Snapshot.ofFile(content.bytes(), info.posixMode());
            } else if (info.type() == FileInfo.Type.MISSING) {
                opened = Snapshot.ABSENT;
            }
        } catch (GuardException e) {
            throw OpFailure.of(e, "Nothing was changed.");
        } catch (IOException e) {
            throw new OpFailure(
                    ErrorCode.IO_ERROR,
                    "Could not read '" + path + "': " + e.getMessage() + ". Nothing was changed.",
                    "Check the file and try again.");
        }
        if (journal == null) {
            // Only a dry run returns a plan hash; a real apply need not hash what it reads.
            reads.putIfAbsent(
                    guardPath, content.exists() ? Snapshot.sha256(content.bytes()) : "absent");
        }
        state = new FileState(resolved, guardPath, content, opened);
        states.put(resolved, state);
        return state;
    }

    private static String trimSlash(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** Gives the file a new in-memory version, made by {@code task}. */
    void change(FileState state, Content next, String task) {
        if (tx != null) {
            tx.rememberBuffer(state);
        }
        state.current = next;
        state.contributors.add(task);
    }

    /** Writes every changed file to disk, journaling each first. Failures go to their tasks. */
    void flush() {
        if (journal == null) {
            return;
        }
        List<FileState> dirty = new ArrayList<>();
        Map<Path, Snapshot> prior = new LinkedHashMap<>();
        Map<Path, String> intended = new LinkedHashMap<>();
        for (FileState s : states.values()) {
            if (s.dirty()) {
                dirty.add(s);
                if (!s.disk.exists()) {
                    Path top = topMissingParent(s.resolved);
                    if (top != null) {
                        prior.put(top, Snapshot.ABSENT);
                        if (tx != null) {
                            tx.rememberDisk(top, Snapshot.ABSENT);
                        }
                    }
                }
                prior.put(s.resolved, s.opened);
                intended.put(
                        s.resolved,
                        s.current.exists()
                                ? Snapshot.fileFingerprint(s.current.bytes())
                                : "absent");
            }
        }
        if (dirty.isEmpty()) {
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
        IOException[] failures = ParallelSaves.run(dirty, this::write);
        for (int i = 0; i < dirty.size(); i++) {
            saved(dirty.get(i), failures[i]);
        }
    }

    private void fail(FileState s, ErrorInfo error) {
        for (String task : s.contributors) {
            saveFailures.put(task, error);
        }
        s.current = s.disk;
        s.contributors.clear();
    }

    /** Puts one file's new version on disk; runs on a saving thread (ParallelSaves). */
    private void write(FileState s) throws IOException {
        if (s.current.exists()) {
            files.writeAtomic(s.guardPath, s.current.bytes());
        } else if (s.disk.exists()) {
            files.delete(s.guardPath);
        }
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
                                            + s.guardPath
                                            + "': "
                                            + e.getMessage()
                                            + ". The file was not changed.",
                                    "Check permissions and free space, then apply again."));
        }
    }

    private Path topMissingParent(Path file) {
        Path root = files.root();
        Path top = null;
        for (Path p = file.getParent();
                p != null && p.startsWith(root) && !p.equals(root);
                p = p.getParent()) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                break;
            }
            top = p;
        }
        return top;
    }

    /** After a RUN the disk may differ from memory: forget what was loaded. */
    void forget() {
        states.clear();
    }

    /** Errors of saves that failed, by task. */
    Map<String, ErrorInfo> saveFailures() {
        return saveFailures;
    }

    /** What a RUN's built-ins report before they change a path. */
    ChangeRecorder recorder() {
        return new ChangeRecorder() {
            @Override
            public void willChange(Path path) throws IOException {
                willChange(path, Deadline.NONE);
            }

            @Override
            public void willChange(Path path, Deadline deadline) throws IOException {
                boolean journalNeedsIt = journal != null && !journal.hasRecorded(path);
                Snapshot snapshot = null;
                if (tx != null || journalNeedsIt) {
                    snapshot =
                            Snapshot.capture(files, History.relative(files.root(), path), deadline);
                }
                if (tx != null) {
                    tx.rememberDisk(path, snapshot);
                }
                if (journal != null) {
                    journal.record(path, snapshot);
                }
            }
        };
    }

    void begin() {
        tx = new Transaction();
    }

    /** Marks that a RUN is about to run inside the open transaction. */
    void touchDisk() {
        if (tx != null) {
            tx.touchedDisk = true;
        }
    }

    void commit() {
        tx = null;
    }

    /** Puts back everything the open transaction changed; returns problems, if any. */
    List<String> rollback() {
        Transaction t = tx;
        tx = null;
        List<String> problems = new ArrayList<>();
        if (t == null) {
            return problems;
        }
        List<Transaction.Record> records = new ArrayList<>(t.records);
        java.util.Collections.reverse(records);
        if (!t.touchedDisk) {
            for (Transaction.Record r : records) {
                FileState s = states.get(r.path());
                if (s != null && r.bufferPrior() != null) {
                    s.current = r.bufferPrior();
                }
            }
            return problems;
        }
        flush();
        forget();
        // Everything goes back through the guard: a directory that a command swapped for a symlink
        // leading out is refused and reported, never followed.
        for (Transaction.Record r : records) {
            String rel = History.relative(files.root(), r.path());
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

    /** SHA-256 of the answer and of every file the operations read, as they were on disk. */
    String planHash(String answer) {
        StringBuilder sb = new StringBuilder("csl-plan-1\n").append(answer).append('\0');
        reads.forEach((path, hash) -> sb.append(path).append('\0').append(hash).append('\n'));
        return Snapshot.sha256(sb.toString().getBytes(StandardCharsets.UTF_8));
    }
}
