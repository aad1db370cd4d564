package dev.csl.cli;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Waits for a file's content to change. A WatchService on its directory wakes it early (editors
 * that save by renaming a new file over the old one, or delete and recreate it, are seen as events
 * of the directory); polling every {@code pollMillis} is the fallback where no events come. New
 * content is returned once {@link SaveSettle} says it is ready, so a save in several steps is one
 * change and half an answer is not taken for an answer. Something other than a file in its place (a
 * directory, a link to one) is said once and watched on. The clock and the wait are given, so tests
 * drive the saves step by step.
 */
final class FileWatch implements AutoCloseable {
    /** Waits up to the given milliseconds (less when the directory reports a change). */
    interface Waiter {
        void await(long millis);
    }

    private final Path file;
    private final long pollMillis;
    private final SaveSettle settle;
    private final Consumer<String> notes;
    private final LongSupplier clock;
    private Waiter waiter;
    private WatchService service;
    private Object lastStat;
    private WatchedFile looked;
    private String lastNotAFile;
    private byte[] lastDigest;
    private Runnable beforeEachLook = () -> {};

    /** On the real clock, woken by the directory's events or every {@code pollMillis}. */
    FileWatch(Path file, long pollMillis, SaveSettle settle, Consumer<String> notes) {
        this(file, pollMillis, settle, notes, () -> System.nanoTime() / 1_000_000, null);
        waiter = this::awaitEvents;
        try {
            service = file.getFileSystem().newWatchService();
            file.toAbsolutePath()
                    .getParent()
                    .register(
                            service,
                            StandardWatchEventKinds.ENTRY_CREATE,
                            StandardWatchEventKinds.ENTRY_MODIFY,
                            StandardWatchEventKinds.ENTRY_DELETE);
        } catch (IOException | UnsupportedOperationException e) {
            service = null; // polling alone
        }
    }

    FileWatch(
            Path file,
            long pollMillis,
            SaveSettle settle,
            Consumer<String> notes,
            LongSupplier clock,
            Waiter waiter) {
        this.file = file;
        this.pollMillis = pollMillis;
        this.settle = settle;
        this.notes = notes;
        this.clock = clock;
        this.waiter = waiter;
    }

    /** Runs before each look at the file (watch puts back a late write to the old file there). */
    FileWatch beforeEachLook(Runnable step) {
        beforeEachLook = step;
        return this;
    }

    /** Takes {@code content} as seen: the watcher's own writes are not changes. */
    void seen(byte[] content) {
        lastDigest = digest(content);
        lastStat = stat();
        looked = new WatchedFile(content, null);
        settle.clear();
    }

    /**
     * The file's new content once it changed and is ready, or null when {@code stop} said so. A
     * deleted file is no change; its next content is.
     */
    byte[] next(BooleanSupplier stop) {
        while (!stop.getAsBoolean()) {
            beforeEachLook.run();
            Object now = stat();
            // While content waits, it is read again at every look: a save within the same
            // modification-time tick must not pass for no change.
            if (looked == null || !now.equals(lastStat) || settle.remaining(time()) >= 0) {
                lastStat = now;
                looked = WatchedFile.look(file);
                sayWhatIsThere(looked);
            }
            byte[] content = looked.content();
            if (content == null || Arrays.equals(digest(content), lastDigest)) {
                settle.clear();
                waiter.await(pollMillis);
                continue;
            }
            byte[] ready = settle.offer(time(), content);
            if (ready != null) {
                lastDigest = digest(ready);
                return ready;
            }
            if (settle.sayOpenBlock(time())) {
                notes.accept(
                        file.getFileName()
                                + ": a block has no END yet; it is processed once complete, or as"
                                + " it is when unchanged for "
                                + seconds(settle.settleMillis()));
            }
            waiter.await(Math.max(1, Math.min(pollMillis, settle.remaining(time()))));
        }
        return null;
    }

    /** Says once when the name holds something other than an answer file, and when it is back. */
    private void sayWhatIsThere(WatchedFile seen) {
        String notAFile = seen.notAFile();
        if (notAFile != null && !notAFile.equals(lastNotAFile)) {
            notes.accept(
                    file.getFileName()
                            + " "
                            + notAFile
                            + ", not an answer file: nothing to apply; still watching for an"
                            + " answer saved under its name");
        } else if (notAFile == null && lastNotAFile != null && seen.content() != null) {
            notes.accept(file.getFileName() + " is a file again");
        }
        if (!seen.missing()) {
            lastNotAFile = notAFile; // deleted, then a file saved: still "a file again"
        }
    }

    private long time() {
        return clock.getAsLong();
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private void awaitEvents(long millis) {
        if (service == null) {
            sleep(millis);
            return;
        }
        try {
            var key = service.poll(millis, TimeUnit.MILLISECONDS);
            if (key != null) {
                key.pollEvents();
                key.reset();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ClosedWatchServiceException e) {
            sleep(millis);
        }
    }

    /**
     * Size, modification time and file key of the name and of what it points to: what changes when
     * any editor saves, or when a link or a directory takes the file's place.
     */
    private Object stat() {
        return Arrays.asList(attributes(LinkOption.NOFOLLOW_LINKS), attributes());
    }

    private Object attributes(LinkOption... options) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, options);
            return Arrays.asList(a.size(), a.lastModifiedTime(), Objects.toString(a.fileKey()));
        } catch (IOException e) {
            return "none";
        }
    }

    static byte[] digest(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        if (service != null) {
            service.close();
        }
    }
}
