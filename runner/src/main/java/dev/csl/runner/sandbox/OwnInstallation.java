package dev.csl.runner.sandbox;

import dev.csl.fsguard.Installation;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * csl's own files ({@link Installation#running()}) inside a working directory, as they exist now:
 * bubblewrap binds them read-only and Landlock leaves them out of what a command may write, as it
 * does {@code .git} and {@code .csl}. A working directory inside csl's own files is read-only
 * whole.
 */
final class OwnInstallation {
    private OwnInstallation() {}

    static List<Path> inside(Path realRoot) {
        return inside(Installation.running(), realRoot);
    }

    /**
     * The existing files and directories of {@code installation} at or below {@code realRoot} (the
     * root itself when it lies inside one of them); a symlink is left out, since a mount would
     * follow it (Landlock's layer never grants a link anyway).
     */
    static List<Path> inside(Installation installation, Path realRoot) {
        List<Path> out = new ArrayList<>();
        for (Path p : installation.inside(realRoot)) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(p)) {
                out.add(p);
            }
        }
        return out;
    }
}
