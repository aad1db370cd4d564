package dev.csl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What the watched name holds right now: an answer's bytes (a regular file, or a symbolic link to
 * one), nothing, or something that is not an answer file. A directory, a link to a directory or to
 * nothing, a pipe or a device in its place is named, never read: reading a directory fails and
 * reading a pipe blocks, and neither is a reason for watch to stop.
 *
 * @param content the bytes, or null
 * @param notAFile why there are no bytes although the name exists ("is a directory"), or null
 */
record WatchedFile(byte[] content, String notAFile) {
    static final WatchedFile MISSING = new WatchedFile(null, null);

    boolean missing() {
        return content == null && notAFile == null;
    }

    static WatchedFile look(Path file) {
        BasicFileAttributes own;
        try {
            own = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return MISSING;
        } catch (IOException e) {
            return new WatchedFile(null, "cannot be read (" + e.getMessage() + ")");
        }
        String link = "";
        BasicFileAttributes target = own;
        if (own.isSymbolicLink()) {
            link = "is a symbolic link to ";
            try {
                target = Files.readAttributes(file, BasicFileAttributes.class);
            } catch (IOException e) {
                return new WatchedFile(null, link + "nothing (its target does not exist)");
            }
        }
        if (target.isDirectory()) {
            return new WatchedFile(null, link.isEmpty() ? "is a directory" : link + "a directory");
        }
        if (!target.isRegularFile()) {
            String what = "a special file (a pipe, socket or device)";
            return new WatchedFile(null, link.isEmpty() ? "is " + what : link + what);
        }
        try {
            return new WatchedFile(Files.readAllBytes(file), null);
        } catch (NoSuchFileException e) {
            return MISSING;
        } catch (IOException e) {
            // Swapped for a directory between the look and the read, or unreadable.
            return new WatchedFile(null, "cannot be read (" + e.getMessage() + ")");
        }
    }
}
