package dev.csl.runner.approval;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a project's {@code .csl/commands.json} grants, with the bytes it holds: two values are equal
 * only when neither the file nor its trust changed, so what a long-lived process keeps warm for a
 * project (a worker JVM, a container) is retired when either does.
 */
public final class SettingsFingerprint {
    private SettingsFingerprint() {}

    /** The project's commands.json as written and as granted; its read error when unreadable. */
    public static Object of(Path root) {
        try {
            CommandsFile.Written written = CommandsFile.loadAsWritten(root);
            if (written.sha256() == null) {
                return "none";
            }
            return List.of(written.sha256(), CommandsFile.load(root));
        } catch (IOException | RuntimeException e) {
            return "unreadable: " + e.getMessage();
        }
    }
}
