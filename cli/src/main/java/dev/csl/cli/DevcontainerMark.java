package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.approval.Devcontainer;
import dev.csl.runner.approval.DevcontainerTrust;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code csl trust --devcontainer}: shows the image the project's {@code
 * .devcontainer/devcontainer.json} names and records the file, as it stands, as reviewed by the
 * user; the container layer then runs commands in that image when commands.json names none. With
 * {@code --show} only says whether it is trusted; with {@code --revoke} forgets the record.
 */
final class DevcontainerMark {
    private DevcontainerMark() {}

    static int run(
            Path workingDir, boolean show, boolean revoke, PrintWriter out, PrintWriter err) {
        Path location = workingDir.resolve(Devcontainer.RELATIVE_PATH);
        try {
            if (revoke) {
                DevcontainerTrust.of(workingDir).revoke();
                out.println(
                        "Forgot your trust of "
                                + location
                                + ": its image is not used until you run csl trust --devcontainer"
                                + " again.");
                out.flush();
                return ExitCodes.OK;
            }
            Devcontainer devcontainer = Devcontainer.load(workingDir);
            if (devcontainer == null) {
                out.println(
                        "No image named in "
                                + location
                                + ": nothing to trust (csl takes only its \"image\" field).");
                out.flush();
                return ExitCodes.OK;
            }
            out.println(
                    location
                            + " names the "
                            + TerminalText.line(devcontainer.image().describe())
                            + " (csl takes only this field; the container layer runs commands in"
                            + " it when .csl/commands.json names no image).");
            if (show) {
                out.println(
                        devcontainer.trusted()
                                ? "Trusted: you trusted this file as it stands."
                                : "Not trusted"
                                        + (devcontainer.everTrusted()
                                                ? ": it changed since you trusted it."
                                                : ".")
                                        + " Run csl trust --devcontainer to use its image.");
            } else {
                DevcontainerTrust.of(workingDir).trust(devcontainer.sha256());
                out.println(
                        "Trusted: the container layer may now run commands in this image. A later"
                                + " change to the file needs csl trust --devcontainer again.");
            }
            out.flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("csl trust: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }
}
