package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link SandboxView} reads of the file system: real paths, what a path is, and which entries
 * a directory holds. {@link #DIRECT} asks the file system each time; {@link WitnessedFacts} also
 * notes every directory an answer depends on, so that a view can be remembered while they stay
 * unchanged ({@link RememberedViews}).
 */
interface ViewFacts {
    /** What a path names, its last name not followed. */
    enum Kind {
        DIRECTORY,
        SOCKET,
        LINK,
        OTHER
    }

    /** An entry of a directory and what it is (not followed). */
    record Entry(Path path, Kind kind) {}

    /** The real path of {@code p} (links followed), or {@code null} when it cannot be resolved. */
    Path real(Path p);

    /** Whether {@code p} is a directory, links followed. */
    boolean isDirectory(Path p);

    /** What {@code p} is, its last name not followed; {@code null} when it is not there. */
    Kind kind(Path p);

    /** The entries of the directory {@code dir}; empty when it cannot be read. */
    List<Entry> entries(Path dir);

    static Kind kindOf(int mode) {
        return switch (mode & 0170000) {
            case 0040000 -> Kind.DIRECTORY;
            case 0140000 -> Kind.SOCKET;
            case 0120000 -> Kind.LINK;
            default -> Kind.OTHER;
        };
    }

    /** The file system as it is now, asked each time. */
    ViewFacts DIRECT =
            new ViewFacts() {
                @Override
                public Path real(Path p) {
                    try {
                        return p.toRealPath();
                    } catch (IOException | RuntimeException e) {
                        return null;
                    }
                }

                @Override
                public boolean isDirectory(Path p) {
                    return Files.isDirectory(p);
                }

                @Override
                public Kind kind(Path p) {
                    try {
                        return kindOf(
                                (Integer)
                                        Files.getAttribute(
                                                p, "unix:mode", LinkOption.NOFOLLOW_LINKS));
                    } catch (IOException | RuntimeException e) {
                        return null;
                    }
                }

                @Override
                public List<Entry> entries(Path dir) {
                    List<Entry> out = new ArrayList<>();
                    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                        for (Path entry : entries) {
                            Kind kind = kind(entry);
                            if (kind != null) {
                                out.add(new Entry(entry, kind));
                            }
                        }
                    } catch (IOException | RuntimeException e) {
                        // an unreadable directory is unreadable inside the sandbox as well
                    }
                    return out;
                }
            };
}
