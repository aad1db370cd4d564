package dev.csl.interpreter;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Opens the path guard for a working directory (tests pass other file systems' roots). */
@FunctionalInterface
interface GuardOpener {
    GuardedFiles open(Path workingDir) throws IOException;

    GuardOpener STANDARD = GuardedFiles::open;
}
