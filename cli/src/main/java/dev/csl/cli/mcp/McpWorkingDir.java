package dev.csl.cli.mcp;

import static dev.csl.cli.options.ApplyOption.DIR;

import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.Ownership;
import dev.csl.fsguard.UnsafeDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a tool call works: {@code -C DIR}, else inside one of the client's roots, else inside the
 * directory the server was started in (the model writes the tool arguments, so {@code workingDir}
 * is as untrusted as the answer). None of these counts when it is the file system's root, the home
 * directory or an ancestor of it ({@link NotAProject}), and the directory a call works in must be
 * this user's, with its {@code .csl/} ({@link Ownership}).
 */
final class McpWorkingDir {
    private final Path fixedDir;
    private final Path serverDir;
    private final Path home;
    private final Ownership owners;
    private volatile List<Path> roots = List.of();

    /**
     * @param fixedDir the {@code -C} directory, or null
     * @param serverDir where the server was started
     * @param home the user's home directory, or null
     * @param owners whose directories calls may work in
     */
    McpWorkingDir(Path fixedDir, Path serverDir, Path home, Ownership owners) {
        this.fixedDir = fixedDir;
        this.serverDir = serverDir;
        this.home = home;
        this.owners = owners;
    }

    void roots(List<Path> newRoots) {
        roots = List.copyOf(newRoots);
    }

    /** The description of the argument {@code workingDir} in each tool's input schema. */
    String schemaDescription() {
        return fixedDir != null
                ? "Must be absent or " + fixedDir + " (the server's -C)."
                : "The project directory, inside one of the client's roots (default: the first"
                        + " root), or without roots inside the directory the server was started"
                        + " in (default: that directory).";
    }

    /** A working directory the client may not use: a tool error, with the reason and the fix. */
    static final class Refused extends Exception {
        final ErrorCode code;
        final String hint;

        Refused(String message, String hint) {
            this(ErrorCode.INVALID_WORKING_DIRECTORY, message, hint);
        }

        Refused(ErrorCode code, String message, String hint) {
            super(message);
            this.code = code;
            this.hint = hint;
        }
    }

    /** The client's roots that may be projects (not {@code /}, the home directory or above). */
    private List<Path> projectRoots() {
        return roots.stream().filter(root -> NotAProject.why(root, home) == null).toList();
    }

    /** A refusal naming each of {@code dirs} that is no project, and why. */
    private String whyNone(List<Path> dirs) {
        StringBuilder text = new StringBuilder();
        for (Path dir : dirs) {
            String why = NotAProject.why(dir, home);
            if (why != null) {
                text.append(text.length() == 0 ? "" : "; ").append(dir).append(" is ").append(why);
            }
        }
        return text.toString();
    }

    /**
     * The directory a call works in. With {@code -C}, that directory; else inside one of the
     * client's roots; else inside the directory the server started in. The model writes {@code
     * workingDir}, so it is untrusted: it is resolved against the base, symlinks included, and must
     * lie inside (a link inside that leads out is outside).
     */
    Path resolve(JsonNode args) throws Refused {
        JsonNode value = args.get(DIR.json());
        String given = value == null || value.isNull() ? null : value.asText();
        if (value != null && !value.isNull() && !value.isTextual()) {
            throw new Refused(
                    "workingDir must be a string (a directory path), not " + value + ".",
                    allowedHint());
        }
        List<Path> all = roots;
        List<Path> shared = projectRoots();
        if (fixedDir != null && NotAProject.why(fixedDir, home) != null) {
            throw new Refused(
                    "This server works in "
                            + fixedDir
                            + " (-C), which is "
                            + NotAProject.why(fixedDir, home)
                            + " and no project; nothing was done.",
                    "Start csl mcp with -C naming the project's own directory.");
        }
        if (fixedDir == null && !all.isEmpty() && shared.isEmpty()) {
            throw new Refused(
                    "The client shares no project: "
                            + whyNone(all)
                            + ", where the model could name any of your files; nothing was done.",
                    "Share the project's own directory as a root, or start csl mcp with -C DIR.");
        }
        Path base = fixedDir != null ? fixedDir : shared.isEmpty() ? serverDir : shared.get(0);
        Path dir;
        try {
            dir = given == null ? base : base.resolve(given).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new Refused(
                    "workingDir '"
                            + given
                            + "' is not a path this system can use: "
                            + e.getReason()
                            + "; nothing was done.",
                    allowedHint());
        }
        Path real = realOrSelf(dir);
        if (fixedDir != null) {
            if (!dir.equals(fixedDir) && !real.equals(realOrSelf(fixedDir))) {
                throw new Refused(
                        "This server works in "
                                + fixedDir
                                + " (-C), so workingDir '"
                                + given
                                + "' was refused; nothing was done.",
                        allowedHint());
            }
            dir = fixedDir;
        } else if (!shared.isEmpty()) {
            if (shared.stream().noneMatch(real::startsWith)) {
                throw new Refused(
                        "The working directory "
                                + describe(dir, real)
                                + " is outside every root the client shares ("
                                + shared
                                + (shared.size() < all.size()
                                        ? "; not counted, being no project: " + whyNone(all)
                                        : "")
                                + "), so nothing was done.",
                        allowedHint());
            }
        } else {
            String why = NotAProject.why(serverDir, home);
            if (why != null) {
                throw new Refused(
                        "This server was started in "
                                + serverDir
                                + ", "
                                + why
                                + ", and has neither -C nor roots from the client, so it has no"
                                + " project to work in; nothing was done.",
                        "Start csl mcp with -C DIR, or from the project directory, or share the"
                                + " project as a root.");
            }
            if (!real.startsWith(realOrSelf(serverDir))) {
                throw new Refused(
                        "The working directory "
                                + describe(dir, real)
                                + " is outside the directory this server was started in ("
                                + serverDir
                                + "), so nothing was done. Without -C and without roots from the"
                                + " client, only that directory and the directories below it are"
                                + " allowed.",
                        allowedHint());
            }
        }
        if (!Files.isDirectory(dir)) {
            throw new Refused(
                    "The working directory "
                            + dir
                            + " is not an existing directory; nothing was"
                            + " done.",
                    allowedHint());
        }
        if (GuardedFiles.isFileSystemRoot(dir)) {
            throw new Refused(
                    "The working directory "
                            + dir
                            + " is the root of the file system, which csl never works in; start"
                            + " csl mcp with -C DIR or share a project directory as a root.",
                    allowedHint());
        }
        UnsafeDirectory unsafe = owners.check(real);
        if (unsafe != null) {
            throw new Refused(
                    ErrorCode.UNSAFE_DIRECTORY,
                    "The working directory " + unsafe.message() + "; nothing was done.",
                    unsafe.hint());
        }
        // What was checked is what is used: the real path, not the name that led there.
        return fixedDir != null ? dir : real;
    }

    /** The path as resolved, and where symlinks lead when that differs. */
    private static String describe(Path dir, Path real) {
        return real.equals(dir) ? dir.toString() : dir + " (which leads to " + real + ")";
    }

    /** What workingDir may be on this server. */
    private String allowedHint() {
        if (fixedDir != null) {
            return "Leave workingDir out: this server works in " + fixedDir + " only.";
        }
        List<Path> shared = projectRoots();
        if (!shared.isEmpty()) {
            return "Leave workingDir out (the first root, "
                    + shared.get(0)
                    + ") or pass a directory inside one of the client's roots: "
                    + shared
                    + ".";
        }
        return "Leave workingDir out (the server's directory, "
                + serverDir
                + ") or pass a directory inside it, relative to it or absolute.";
    }

    private static Path realOrSelf(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir;
        }
    }
}
