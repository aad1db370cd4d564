package dev.csl.runner.sandbox;

import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.CommandsFile;
import dev.csl.runner.approval.ContainerImage;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code csl doctor}'s line for the container layer: the runtime, its version, rootless or not, and
 * a trial container run the way commands run (a write in the working directory succeeds, one to
 * {@code /} fails, only the loopback interface exists), in the image the current project's trusted
 * commands.json names, else (Podman) with the host's root as the root file system. The layer is
 * used only when asked for, so a machine without a runtime fails this line only where the project
 * asks for the layer.
 *
 * @param ok whether the line passes
 * @param detail what was found
 * @param hint the fix, empty when nothing is to fix
 */
public record ContainerCheck(boolean ok, String detail, String hint) {
    private static final String TRIAL =
            "touch inside-container && ! touch /csl-doctor-probe 2>/dev/null"
                    + " && [ \"$(grep -c : /proc/net/dev)\" = 1 ] && echo trial-ok";

    /** The check for the project in {@code here}, trying a container in {@code scratch}. */
    public static ContainerCheck of(Path here, Path scratch, ProcessLauncher launcher) {
        return of(here, scratch, launcher, ContainerRuntime.machine(here));
    }

    /** As {@link #of(Path, Path, ProcessLauncher)} with {@code runtime} as the machine's. */
    static ContainerCheck of(
            Path here, Path scratch, ProcessLauncher launcher, ContainerRuntime runtime) {
        ContainerLayer project = ContainerLayer.forProject(runtime, chosenImage(here), here);
        ContainerCheck check = trial(scratch, launcher, runtime, project.image());
        if (project.ignored() == null) {
            return check;
        }
        // an untrusted or changed devcontainer.json: said on the line, with how to trust it
        return new ContainerCheck(
                check.ok(),
                check.detail() + "; " + project.ignored(),
                check.hint().isEmpty() ? project.hint() : check.hint());
    }

    private static ContainerCheck trial(
            Path scratch,
            ProcessLauncher launcher,
            ContainerRuntime runtime,
            ContainerImage chosen) {
        if (!runtime.works()) {
            return new ContainerCheck(
                    chosen == null,
                    runtime.why()
                            + (chosen == null
                                    ? " (only --sandbox container needs it)"
                                    : "; this project names the " + chosen.describe()),
                    chosen == null
                            ? ""
                            : "apt-get install podman runc (or start Docker), or remove"
                                    + " \"container\" from .csl/commands.json");
        }
        ContainerImage image =
                chosen != null
                        ? chosen
                        : runtime.name().equals("podman")
                                ? new ContainerImage(null, Path.of("/"))
                                : null;
        if (image == null) {
            return new ContainerCheck(
                    true,
                    runtime.describe()
                            + ": the engine answers; no image named here to try (put"
                            + " {\"container\": {\"image\": \"NAME\"}} in .csl/commands.json)",
                    "");
        }
        ContainerLayer layer = new ContainerLayer(runtime, image);
        String missing = layer.check();
        if (missing != null) {
            return new ContainerCheck(false, runtime.describe() + "; " + missing, layer.hint());
        }
        try {
            Path root = scratch.toRealPath();
            List<String> argv = new ArrayList<>(runtime.client());
            String name = ContainerLayer.nextName();
            argv.addAll(
                    ContainerArguments.run(
                            runtime,
                            image,
                            name,
                            List.of("sh", "-c", TRIAL),
                            root,
                            root,
                            false,
                            List.of(),
                            CommandLimits.DEFAULTS,
                            List.of(),
                            false));
            CommandOutcome outcome = launcher.run("container trial", argv, root, 120);
            boolean wrote = Files.exists(root.resolve("inside-container"));
            if (outcome.ok() && wrote && outcome.result().stdout().contains("trial-ok")) {
                return new ContainerCheck(
                        true,
                        runtime.describe()
                                + (runtime.global().isEmpty()
                                        ? ""
                                        : " (" + String.join(" ", runtime.global()) + ")")
                                + "; trial in the "
                                + image.describe()
                                + ": working directory writable, root read-only, no network"
                                + (chosen == null ? " (used only with --sandbox container)" : ""),
                        "");
            }
            layer.remove(name);
            return new ContainerCheck(
                    false,
                    runtime.describe()
                            + "; the trial container failed: "
                            + (outcome.result().stderr() + outcome.result().stdout()).strip(),
                    "check the runtime with '"
                            + runtime.name()
                            + " run --rm "
                            + String.join(" ", image.runArguments())
                            + " true'");
        } catch (IOException e) {
            return new ContainerCheck(
                    false, runtime.describe() + "; no trial: " + e.getMessage(), "");
        }
    }

    private static ContainerImage chosenImage(Path here) {
        if (here == null) {
            return null;
        }
        try {
            return CommandsFile.load(here).container();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
