package dev.csl.runner.external;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Bridges to the fs-guard factory (replaced by GuardedFiles.open once it is on main). */
final class GuardProvisional {
    private GuardProvisional() {}

    static GuardedFiles open(Path workingDir) throws IOException {
        throw new IOException("the path guard is not available in this build");
    }
}
