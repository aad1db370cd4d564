package dev.csl.cli;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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

/**
 * Waits for a file's content to change. A WatchService on its directory wakes it early (editors
 * that save by renaming a new file over the old one, or delete and recreate it, are seen as events
 * of the directory); polling every {@code pollMillis} is the fallback where no events come. A burst
 * of saves is one change: the content must stay the same for {@code quietMillis} first.
 */
final class FileWatch implements AutoCloseable {
    private final Path file;
    private final long pollMillis;
    private final long quietMillis;
    private WatchService service;
    private Object lastStat;
    private byte[] lastDigest;

    FileWatch(Path file, long pollMillis, long quietMillis) {
        this.file = file;
        this.pollMillis = pollMillis;
        this.quietMillis = quietMillis;
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

    /** Takes {@code content} as seen: the watcher's own writes are not changes. */
    void seen(byte[] content) {
        lastDigest = digest(content);
        lastStat = stat();
    }

    /**
     * The file's new content once it changed and settled, or null when {@code stop} said so. A
     * deleted file is no change; its next content is.
     */
    byte[] next(BooleanSupplier stop) throws IOException {
        while (!stop.getAsBoolean()) {
            await();
            Object now = stat();
            if (now == null || now.equals(lastStat)) {
                continue;
            }
            byte[] content = settled(stop);
            if (content == null) {
                continue;
            }
            lastStat = stat();
            byte[] d = digest(content);
            if (!Arrays.equals(d, lastDigest)) {
                lastDigest = d;
                return content;
            }
        }
        return null;
    }

    /** The content once two reads {@code quietMillis} apart agree; null if the file went away. */
    private byte[] settled(BooleanSupplier stop) throws IOException {
        byte[] before = read();
        while (before != null && !stop.getAsBoolean()) {
            sleep(quietMillis);
            byte[] after = read();
            if (after == null || Arrays.equals(before, after)) {
                return after;
            }
            before = after;
        }
        return before;
    }

    private void await() {
        if (service == null) {
            sleep(pollMillis);
            return;
        }
        try {
            var key = service.poll(pollMillis, TimeUnit.MILLISECONDS);
            if (key != null) {
                key.pollEvents();
                key.reset();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ClosedWatchServiceException e) {
            sleep(pollMillis);
        }
    }

    private byte[] read() throws IOException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** Size, modification time and file key: what changes when any editor saves. */
    private Object stat() {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return Arrays.asList(a.size(), a.lastModifiedTime(), Objects.toString(a.fileKey()));
        } catch (IOException e) {
            return null;
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
