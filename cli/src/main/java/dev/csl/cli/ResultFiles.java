package dev.csl.cli;

import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardedFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * The files {@code csl watch} writes beside the project for the user: FILE.out, and FILE itself
 * with the result at its top. A project may ship either name as a link ({@code answer.md.out ->
 * ~/.bashrc}) or as a hard link to a file elsewhere, so neither is ever written through: the new
 * content goes to a temporary file in the same directory, renamed over the name itself, whatever
 * entry the name holds (a link is replaced, its target untouched; another hard link of the old file
 * keeps the old content).
 */
final class ResultFiles {
    private final Path workingDir;
    // FILE's file as it was before csl's last result replaced it, still open: a late write to it
    // is found and put back (rescueLateWrite).
    private FileChannel oldFile;
    private Path oldName;
    private byte[] oldContent;
    private byte[] ours;

    /** Files written for an apply in {@code workingDir} (there they are guarded as the project). */
    ResultFiles(Path workingDir) {
        this.workingDir = workingDir;
    }

    /**
     * Puts {@code content} at {@code target} atomically without following a link at its name. A
     * target inside the working directory goes through the working directory's guard (so .csl and
     * .git stay protected); one elsewhere (FILE may live outside the project) through a guard
     * rooted at its own directory. The permission bits of a regular file there are kept (without
     * execute bits); a link or a new file gets the default.
     */
    void replace(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent().toRealPath();
        Path at = dir.resolve(target.getFileName().toString());
        Path root = workingDir.toRealPath();
        GuardedFiles files;
        String name;
        if (at.startsWith(root) && !at.equals(root)) {
            files = GuardedFiles.open(root);
            name = root.relativize(at).toString();
        } else {
            files = GuardedFiles.open(dir);
            name = at.getFileName().toString();
        }
        FileInfo now = files.stat(name);
        int mode =
                now.type() == FileInfo.Type.FILE && now.posixMode() >= 0
                        ? now.posixMode() & 0666
                        : -1;
        files.restoreFile(name, content, mode);
    }

    /**
     * Puts {@code content} at {@code file} only while the file still holds {@code expected}
     * (compare-and-swap), so a save of the user's is never overwritten: true when written. The file
     * is re-read just before the atomic rename, through a handle that keeps the old file; a write
     * that lands in the old file after that check (an editor writing in place, now or later while
     * it holds the file open) is found there ({@link #rescueLateWrite}) and put back under the
     * name, unless the name already holds something newer than csl's own content. A save by
     * renaming a new file over the name in the microseconds between the check and csl's rename is
     * the one case this cannot see.
     */
    boolean replaceIfStill(Path file, byte[] expected, byte[] content) throws IOException {
        return replaceIfStill(file, expected, content, () -> {});
    }

    /** As above; {@code beforeRename} runs between the check and the rename (for tests). */
    boolean replaceIfStill(Path file, byte[] expected, byte[] content, IoStep beforeRename)
            throws IOException {
        Object key = fileKey(file);
        if (key == null) {
            return false;
        }
        FileChannel held;
        try {
            held = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            return false;
        }
        try {
            if (!Arrays.equals(readAll(held), expected) || !key.equals(fileKey(file))) {
                held.close();
                return false;
            }
            beforeRename.run();
            replace(file, content);
        } catch (IOException | RuntimeException e) {
            held.close();
            throw e;
        }
        closeOldFile();
        oldFile = held;
        oldName = file;
        oldContent = expected;
        ours = content;
        return !rescueLateWrite();
    }

    /**
     * A write that reached FILE's old file after csl renamed its result over the name (an editor or
     * a script still holding the old file open) is put back under the name, while the name still
     * holds csl's own content, so that it is processed: true when that happened. Asked at every
     * look of the watcher, until the next result replaces the name again.
     */
    boolean rescueLateWrite() {
        if (oldFile == null) {
            return false;
        }
        try {
            byte[] now = readAll(oldFile);
            if (Arrays.equals(now, oldContent)) {
                return false;
            }
            closeOldFile();
            if (!Arrays.equals(WatchedFile.look(oldName).content(), ours)) {
                return false; // the name holds a newer save: it wins
            }
            replace(oldName, now);
            return true;
        } catch (IOException e) {
            closeOldFile();
            return false;
        }
    }

    /** Stops looking at the old file. */
    void closeOldFile() {
        if (oldFile != null) {
            try {
                oldFile.close();
            } catch (IOException e) {
                // nothing was written through it
            }
            oldFile = null;
        }
    }

    /** A step on the disk. */
    interface IoStep {
        void run() throws IOException;
    }

    private static Object fileKey(Path file) {
        try {
            BasicFileAttributes a =
                    Files.readAttributes(
                            file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isRegularFile() ? Arrays.asList(a.fileKey(), a.lastModifiedTime()) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static byte[] readAll(FileChannel channel) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        long at = 0;
        int n;
        while ((n = channel.read(buffer, at)) > 0) {
            bytes.write(buffer.array(), 0, n);
            at += n;
            buffer.clear();
        }
        return bytes.toByteArray();
    }

    /**
     * Why the result is not put at the top of {@code file}, or null when it may be: a symlink, or a
     * file with more than one hard link, is another file's content, which csl does not rewrite.
     */
    static String whyNotRewritten(Path file) {
        if (Files.isSymbolicLink(file)) {
            return "is a symbolic link";
        }
        try {
            Object links = Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
            if (links instanceof Integer n && n > 1) {
                return "has " + n + " hard links";
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no link count on this file system: one name per file
        }
        return null;
    }
}
