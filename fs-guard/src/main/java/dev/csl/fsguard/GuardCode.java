package dev.csl.fsguard;

/** The error codes the guard and the guarded file operations raise (SPEC §3, §5). */
public enum GuardCode {
    INVALID_PATH,
    PATH_ESCAPE,
    PROTECTED_PATH,
    IS_DIRECTORY,
    FILE_NOT_FOUND,
    PERMISSION_DENIED,
    IO_ERROR;

    /** The stable wire name, e.g. {@code path_escape}. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
