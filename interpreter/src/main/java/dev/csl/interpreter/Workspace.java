package dev.csl.interpreter;

import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.ChangeRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of one apply, held in memory: every WRITE and SEARCH works on the in-memory version,
 * and a file reaches the disk once — before a RUN (which could read it) and at the end. The jobs
 * around the buffers are done by {@link FileLoader} (reading), {@link JournaledSaves} (flushing),
 * {@link Transaction} (a TASKS block's rollback) and {@link PlanReads} (a dry run's plan hash).
 */
final class Workspace {
    private final GuardedFiles files;
    private final Journal journal;
    private final Map<Path, FileState> states = new LinkedHashMap<>();

    /** Each path as an operation wrote it, with where the guard resolved it when first opened. */
    private final Map<String, ProjectPath> opened = new HashMap<>();

    private final PlanReads reads = new PlanReads();
    private final JournaledSaves saves;
    private final ApplyBudget budget;
    private Transaction tx;

    /** {@code journal} is null in a dry run: then nothing is ever saved. */
    Workspace(GuardedFiles files, Journal journal) {
        this(files, journal, ApplyBudget.unlimited());
    }

    /** As above, writing and searching within {@code budget}. */
    Workspace(GuardedFiles files, Journal journal, ApplyBudget budget) {
        this.files = files;
        this.journal = journal;
        this.budget = budget;
        this.saves = new JournaledSaves(files, journal, budget);
    }

    /** The apply's budgets. */
    ApplyBudget budget() {
        return budget;
    }

    GuardedFiles files() {
        return files;
    }

    /**
     * Opens the file an operation writes: the guard resolves and verifies the path here, once; the
     * {@link ProjectPath} made of it goes with the file to the journal and the save.
     */
    FileState open(String path) throws OpFailure {
        FileState held = heldAs(path);
        if (held != null) {
            return held;
        }
        ProjectPath target;
        try {
            // the files this apply holds but has not saved count too: WRITEs of x/HEAD,
            // x/objects/… and x/refs/… must not plant a repository together
            target = ProjectPath.of(files.root(), files.resolveForWrite(path, unsaved()));
        } catch (GuardException e) {
            throw OpFailure.of(e, "Nothing was changed.");
        }
        FileState state = states.get(target.resolved());
        if (state != null) {
            if (FileLoader.namesDirectory(path)) {
                // a file this apply wrote, named as `f.txt/`
                throw FileLoader.notADirectory(files, path, target.resolved());
            }
            return state;
        }
        state = FileLoader.load(files, path, target);
        if (journal == null) {
            reads.opened(target.relative(), state.disk);
        }
        states.put(target.resolved(), state);
        opened.put(path, target);
        return state;
    }

    /**
     * The file this apply holds that {@code path}, written just so, opened before: nothing but csl
     * has changed the tree since (a RUN makes the workspace forget), so the guard would resolve it
     * to the same file and find every check passed already. The files opened after it counted in
     * their own checks (the repository shape), and csl's own saves make no link and move nothing.
     */
    private FileState heldAs(String path) {
        ProjectPath known = opened.get(path);
        return known == null ? null : states.get(known.resolved());
    }

    /** Where the files this apply changed in memory and has not saved yet lie. */
    private List<Path> unsaved() {
        List<Path> paths = new ArrayList<>();
        for (FileState state : states.values()) {
            if (state.dirty()) {
                paths.add(state.path.resolved());
            }
        }
        return paths;
    }

    /** Gives the file a new in-memory version, made by {@code task}. */
    void change(FileState state, Content next, String task) {
        if (tx != null) {
            tx.rememberBuffer(state);
        }
        state.current = next;
        state.contributors.add(task);
    }

    /** True when a file this apply holds (written or read) lies below the directory {@code dir}. */
    boolean holdsBelow(Path dir) {
        return states.keySet().stream().anyMatch(p -> p.startsWith(dir) && !p.equals(dir));
    }

    /** Writes every changed file to disk, journaling each first. Failures go to their tasks. */
    void flush() {
        if (journal != null) {
            saves.save(states.values(), tx);
        }
    }

    /**
     * After a RUN the disk may differ from memory: forget what was loaded, and what the guards of
     * the project and of {@code .csl} listed of their directories.
     */
    void forget() {
        states.clear();
        opened.clear();
        files.forgetListings();
        if (journal != null) {
            journal.forgetListings();
        }
    }

    /** Errors of saves that failed, by task. */
    Map<String, ErrorInfo> saveFailures() {
        return saves.failures();
    }

    /** What a RUN's built-ins report before they change a path. */
    ChangeRecorder recorder() {
        return new JournalingRecorder(files, journal, tx);
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
        if (t == null) {
            return new ArrayList<>();
        }
        if (!t.touchedDisk) {
            t.rollBackBuffers(states);
            return new ArrayList<>();
        }
        flush();
        forget();
        return t.rollBackDisk(files);
    }

    /** SHA-256 of the answer and of every file the operations read, as they were on disk. */
    String planHash(String answer) {
        return reads.hash(answer);
    }

    /** The files the operations read, by guard path, with their digests as they were on disk. */
    java.util.Map<String, String> planReads() {
        return reads.files();
    }
}
