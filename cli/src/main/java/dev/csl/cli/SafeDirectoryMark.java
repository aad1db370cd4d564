package dev.csl.cli;

import dev.csl.fsguard.Ownership;
import dev.csl.fsguard.SafeDirectories;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * {@code csl trust --safe-directory DIR}: marks a directory another user owns safe in this user's
 * own state, so csl works in it and takes its {@code .csl/} settings (git's {@code safe.directory}
 * is the model); {@code --revoke} takes the mark back, {@code --show} lists the marks.
 */
final class SafeDirectoryMark {
    private SafeDirectoryMark() {}

    static int run(String given, boolean show, boolean revoke, PrintWriter out, PrintWriter err) {
        SafeDirectories safe = SafeDirectories.of(UserState.current());
        try {
            if (show) {
                out.println("Directories marked safe (" + safe.location() + "):");
                for (String entry : safe.list()) {
                    out.println("  " + entry);
                }
                out.flush();
                return ExitCodes.OK;
            }
            String entry = entry(given);
            if (entry == null) {
                err.println(
                        "csl trust: --safe-directory "
                                + given
                                + " is not an existing directory (or * for every directory)");
                return ExitCodes.USAGE;
            }
            if (revoke) {
                out.println(
                        safe.remove(entry)
                                ? "Forgot the mark: csl no longer works in "
                                        + entry
                                        + " unless it and its .csl/ are yours."
                                : entry + " was not marked safe; nothing changed.");
                out.flush();
                return ExitCodes.OK;
            }
            safe.add(entry);
            Ownership.Owner owner =
                    entry.equals(SafeDirectories.EVERY) ? null : Ownership.ownerOf(Path.of(entry));
            out.println(
                    "Marked "
                            + (owner == null
                                    ? "every directory"
                                    : entry + " (owned by uid " + owner.uid() + ")")
                            + " safe: csl works there and takes the settings of its .csl/ even"
                            + " when another user owns them. `csl trust --safe-directory "
                            + given
                            + " --revoke` takes it back; the marks are kept in "
                            + safe.location()
                            + ".");
            out.flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("csl trust: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    /** The entry for {@code given}: the directory's real path, or {@code *}; null if none. */
    private static String entry(String given) {
        if (given.equals(SafeDirectories.EVERY)) {
            return given;
        }
        try {
            Path dir = Path.of(given).toAbsolutePath();
            return Files.isDirectory(dir) ? dir.toRealPath().toString() : null;
        } catch (IOException | InvalidPathException e) {
            return null;
        }
    }
}
