package dev.csl.runner.external;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Opens the path guard of a working directory (the real one, or a test double). */
@FunctionalInterface
interface GuardOpener {
    GuardedFiles open(Path workingDir) throws IOException;
}
