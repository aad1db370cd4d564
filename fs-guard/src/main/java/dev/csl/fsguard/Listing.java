package dev.csl.fsguard;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.util.List;

/**
 * The use half of {@link GuardedFiles.Directory}: one verified directory held open, whose entries
 * are looked at, entered and read by their single names relative to it. No operation follows a
 * symlink in the name it is given.
 */
interface Listing extends Closeable {

    /** The names in the directory, unsorted (read once). */
    List<String> names() throws IOException;

    /** The entry {@code name} without following it; {@link Node#MISSING} when absent. */
    Node lstat(String name) throws IOException;

    /** The directory {@code name}, opened relative to this one; anything else is refused. */
    Listing enter(String name) throws IOException;

    /**
     * This directory's own link count ({@code st_nlink}: on most Unix file systems 2 plus its
     * number of subdirectories), or -1 where it is not known to be this directory's.
     */
    int linkCount();

    /** The regular file {@code name}, opened for reading; anything else is refused. */
    SeekableByteChannel read(String name) throws IOException;

    /**
     * As {@link #read}, but {@code null} when {@code name} is not a regular file (a symlink, a
     * directory, a special file) or is gone: one look at it, then the open.
     */
    SeekableByteChannel readIfFile(String name) throws IOException;

    @Override
    void close();
}
