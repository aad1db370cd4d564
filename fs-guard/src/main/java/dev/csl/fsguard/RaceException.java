package dev.csl.fsguard;

import java.io.IOException;

/**
 * A use found the path different from what resolution verified (a directory became a symlink, or a
 * file appeared where none was): nothing outside was touched, the operation was abandoned.
 */
final class RaceException extends IOException {
    private static final long serialVersionUID = 1L;

    RaceException(String message) {
        super(message);
    }
}
