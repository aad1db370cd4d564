package dev.csl.fsguard;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A guard whose writes are taken from a {@link WriteBudget} before they start: the content of a
 * write, the whole tree of a recursive copy (counted before anything is copied), each directory and
 * link made. Putting files back (undo, rollback, {@link #restoreProtected}) is never refused: it
 * only returns the tree to what it was. Everything else is the wrapped guard's.
 */
final class BudgetedFiles implements GuardedFiles {
    private final GuardedFiles files;
    private final WriteBudget budget;

    BudgetedFiles(GuardedFiles files, WriteBudget budget) {
        this.files = files;
        this.budget = budget;
    }

    @Override
    public GuardedFiles withBudget(WriteBudget other) {
        return new BudgetedFiles(files, other);
    }

    @Override
    public void writeAtomic(String path, byte[] content) throws IOException {
        files.resolveForWrite(path); // a refused path is refused as such, not as a budget
        budget.spend("'" + path + "'", content.length, 1);
        files.writeAtomic(path, content);
    }

    @Override
    public PendingWrite prepareWrite(String path, byte[] content) throws IOException {
        files.resolveForWrite(path);
        budget.spend("'" + path + "'", content.length, 1);
        return files.prepareWrite(path, content);
    }

    @Override
    public void append(String path, byte[] content) throws IOException {
        files.resolveForWrite(path);
        // an append replaces the whole file atomically: all of it is written again
        FileInfo info = files.stat(path, true);
        long old = info.type() == FileInfo.Type.FILE ? info.size() : 0;
        budget.spend("'" + path + "'", old + content.length, 1);
        files.append(path, content);
    }

    @Override
    public void createDirectories(String path) throws IOException {
        files.resolveForWrite(path);
        budget.spend("'" + path + "'", 0, missingDirectories(path));
        files.createDirectories(path);
    }

    /** How many directories of {@code path} do not exist yet (at least one is counted). */
    private long missingDirectories(String path) {
        long missing = 0;
        String prefix = "";
        for (String name : path.split("/", -1)) {
            if (name.isEmpty() || name.equals(".")) {
                prefix = prefix.isEmpty() && path.startsWith("/") ? "/" : prefix;
                continue;
            }
            prefix = prefix.isEmpty() || prefix.equals("/") ? prefix + name : prefix + "/" + name;
            try {
                if (files.stat(prefix, true).type() == FileInfo.Type.MISSING) {
                    missing++;
                }
            } catch (GuardException e) {
                missing++; // createDirectories reports the refusal itself
            }
        }
        return Math.max(1, missing);
    }

    @Override
    public void copy(String from, String to, boolean recursive) throws IOException {
        files.resolveForWrite(to);
        FileInfo top = files.stat(from, true);
        long bytes = top.type() == FileInfo.Type.FILE ? top.size() : 0;
        long count = 1;
        if (recursive && top.type() == FileInfo.Type.DIRECTORY) {
            for (String entry : files.walk(from)) {
                FileInfo info = files.stat(from + "/" + entry);
                count++;
                if (info.type() == FileInfo.Type.FILE) {
                    bytes += info.size();
                }
            }
        }
        budget.spend("the copy of '" + from + "' to '" + to + "'", bytes, count);
        files.copy(from, to, recursive);
    }

    @Override
    public void createSymlink(String path, String target) throws IOException {
        budget.spend("'" + path + "'", 0, 1);
        files.createSymlink(path, target);
    }

    // Everything below writes nothing new, or only puts back what was there.

    @Override
    public Path root() {
        return files.root();
    }

    @Override
    public Path base() {
        return files.base();
    }

    @Override
    public String mode() {
        return files.mode();
    }

    @Override
    public GuardedFiles withBase(String dir) throws GuardException {
        return new BudgetedFiles(files.withBase(dir), budget);
    }

    @Override
    public GuardedFiles rememberingListings() {
        return new BudgetedFiles(files.rememberingListings(), budget);
    }

    @Override
    public void forgetListings() {
        files.forgetListings();
    }

    @Override
    public Path resolveForRead(String path) throws GuardException {
        return files.resolveForRead(path);
    }

    @Override
    public Path resolveForWrite(String path) throws GuardException {
        return files.resolveForWrite(path);
    }

    @Override
    public Path resolveForWrite(String path, Collection<Path> pending) throws GuardException {
        return files.resolveForWrite(path, pending);
    }

    @Override
    public Path resolveForDelete(String path) throws GuardException {
        return files.resolveForDelete(path);
    }

    @Override
    public boolean exists(String path) throws GuardException {
        return files.exists(path);
    }

    @Override
    public FileInfo stat(String path) throws GuardException {
        return files.stat(path);
    }

    @Override
    public FileInfo stat(String path, boolean followLinks) throws GuardException {
        return files.stat(path, followLinks);
    }

    @Override
    public byte[] readBytes(String path) throws IOException {
        return files.readBytes(path);
    }

    @Override
    public ReadableByteChannel openRead(String path) throws IOException {
        return files.openRead(path);
    }

    @Override
    public String readText(String path) throws IOException {
        return files.readText(path);
    }

    @Override
    public IOException[] commitWrites(List<PendingWrite> writes) {
        return files.commitWrites(writes);
    }

    @Override
    public List<String> list(String path) throws IOException {
        return files.list(path);
    }

    @Override
    public void move(String from, String to) throws IOException {
        files.move(from, to);
    }

    @Override
    public void delete(String path) throws IOException {
        files.delete(path);
    }

    @Override
    public void deleteRecursive(String path) throws IOException {
        files.deleteRecursive(path);
    }

    @Override
    public List<String> walk(String path) throws IOException {
        return files.walk(path);
    }

    @Override
    public List<String> walk(String path, Predicate<String> descend) throws IOException {
        return files.walk(path, descend);
    }

    @Override
    public void deletePlanted(String path) throws IOException {
        files.deletePlanted(path);
    }

    @Override
    public void restoreProtected(String path, byte[] content) throws IOException {
        files.restoreProtected(path, content);
    }

    @Override
    public Directory openDirectory(String path) throws IOException {
        return files.openDirectory(path);
    }

    @Override
    public Set<Path> mountPoints() {
        return files.mountPoints();
    }

    @Override
    public void setLastModified(String path, Instant time) throws IOException {
        files.setLastModified(path, time);
    }

    @Override
    public void restoreFile(String path, byte[] content, int posixMode) throws IOException {
        files.restoreFile(path, content, posixMode);
    }

    @Override
    public void setMode(String path, int posixMode) throws IOException {
        files.setMode(path, posixMode);
    }
}
