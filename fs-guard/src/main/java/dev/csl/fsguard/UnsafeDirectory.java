package dev.csl.fsguard;

import java.nio.file.Path;

/**
 * Why csl will not work in a directory or take settings from it: another user owns it or its {@code
 * .csl/}, or others may write it (the code {@link ErrorCode#UNSAFE_DIRECTORY}).
 *
 * @param path the directory or {@code .csl/} refused
 * @param owner who owns it, or null when the refusal is not about the owner
 * @param message what is wrong, in one sentence
 * @param hint how to go on: mark the directory safe, or work in one of the user's own
 */
public record UnsafeDirectory(Path path, Ownership.Owner owner, String message, String hint) {

    /** {@code path} (the directory {@code dir} or its {@code .csl/}) belongs to {@code owner}. */
    static UnsafeDirectory ownedBy(Path path, Path dir, Ownership.Owner owner, long user) {
        return new UnsafeDirectory(
                path,
                owner,
                path
                        + " is owned by another user ("
                        + owner.describe()
                        + "), not by you (uid "
                        + user
                        + "): csl never works in, nor takes settings from, a directory or .csl/"
                        + " that another user owns",
                "if you trust that user's files, mark the directory safe in your own state with"
                        + " `csl trust --safe-directory "
                        + dir
                        + "` (as git's safe.directory); otherwise work in a directory of your own"
                        + " (-C DIR)");
    }

    /** Others than its owner may write {@code dir}, which csl would have taken as the project. */
    public static UnsafeDirectory writableByOthers(Path dir, String why) {
        return new UnsafeDirectory(
                dir,
                null,
                dir
                        + " "
                        + why
                        + ": others may write it, so csl does not take it as the project from a"
                        + " directory below it",
                "name the directory to work in with -C DIR (" + dir + " itself if you mean it)");
    }
}
