package dev.csl.cli;

import dev.csl.runner.approval.CommandsFile;
import dev.csl.runner.approval.ProjectTrust;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one note an apply gives when the project's commands.json grants things the user never made or
 * reviewed: said once per content of that file, at the first apply with a RUN block (the only
 * operation those grants are for), so a cloned repository's file is pointed out without nagging.
 */
final class UntrustedNote {
    private UntrustedNote() {}

    /** The note for an apply of {@code answer} in {@code workingDir}, or null. */
    static String forApply(Path workingDir, String answer) {
        if (!answer.contains("RUN") || !Files.isDirectory(workingDir)) {
            return null; // no commands to grant anything to; most applies stop here
        }
        try {
            CommandsFile.Written written = CommandsFile.loadAsWritten(workingDir);
            return written.sha256() == null ? null : ProjectTrust.of(workingDir).noteOnce(written);
        } catch (IOException e) {
            return null; // an unreadable file is reported by the RUN that needs it
        }
    }
}
