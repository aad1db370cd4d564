package dev.csl.runner.worker;

/** What an operand of a built-in command is; decides how the guard checks it before running. */
public enum OperandKind {
    /** Not a path (a pattern, a suffix, text to print). */
    TEXT,
    /** A path that is read (must stay inside; may be missing until the command runs). */
    READ,
    /** A path that is created or changed (also refused under .git and .csl). */
    WRITE,
    /** A path that is removed or moved away (also refused: the working directory itself). */
    DELETE,
    /** A path that is only named, never opened (dirname, basename): guarded all the same. */
    NAME
}
