package dev.csl.runner.sandbox;

import dev.csl.runner.approval.ContainerImage;
import dev.csl.runner.approval.Devcontainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The container layer as chosen for an apply: the machine's runtime and the user's image (of the
 * trusted commands.json, else of the trusted devcontainer.json). {@link #check} says, before
 * anything runs, why it cannot: no runtime, an image the runtime does not have (csl never pulls
 * one), a root file system that is no directory.
 *
 * @param runtime the machine's container runtime
 * @param image what commands run in, or {@code null} when the user named none
 * @param ignored why the project's devcontainer.json image is not used (untrusted, changed,
 *     unreadable), or {@code null}
 * @param agentIdle after how long without a command a warm container's exec agent ends it, or
 *     {@code null}: never by itself
 */
record ContainerLayer(
        ContainerRuntime runtime, ContainerImage image, String ignored, Duration agentIdle) {
    private static final AtomicLong NAMES = new AtomicLong();

    ContainerLayer(ContainerRuntime runtime, ContainerImage image) {
        this(runtime, image, null);
    }

    ContainerLayer(ContainerRuntime runtime, ContainerImage image, String ignored) {
        this(runtime, image, ignored, null);
    }

    /**
     * The same layer, whose warm containers' exec agents end them after {@code idle} without a
     * command (a container kept between applies outlives a killed server by no more).
     */
    ContainerLayer withAgentIdle(Duration idle) {
        return new ContainerLayer(runtime, image, ignored, idle);
    }

    /**
     * The layer of the project in {@code workingDir}: the image of its trusted commands.json
     * ({@code setting}), else that of its {@code .devcontainer/devcontainer.json} when the user
     * trusted that file, else none, saying why the devcontainer's is not used.
     */
    static ContainerLayer forProject(
            ContainerRuntime runtime, ContainerImage setting, Path workingDir) {
        if (setting != null || workingDir == null) {
            return new ContainerLayer(runtime, setting);
        }
        try {
            Devcontainer devcontainer = Devcontainer.load(workingDir);
            if (devcontainer == null) {
                return new ContainerLayer(runtime, null);
            }
            return devcontainer.trusted()
                    ? new ContainerLayer(runtime, devcontainer.image())
                    : new ContainerLayer(runtime, null, devcontainer.untrusted());
        } catch (IOException | RuntimeException e) {
            return new ContainerLayer(runtime, null, e.getMessage());
        }
    }

    /** Why no command can run in it (with the fix in {@link #hint}), or {@code null}. */
    String check() {
        if (!runtime.works()) {
            return "the container layer was asked for, but " + runtime.why();
        }
        if (image == null && ignored != null) {
            return "the container layer was asked for, but no image is named: " + ignored;
        }
        if (image == null) {
            return "the container layer was asked for, but no image is named: put"
                    + " {\"container\": {\"image\": \"NAME\"}} in .csl/commands.json and trust it"
                    + " with `csl trust`";
        }
        if (image.rootfs() != null) {
            if (!runtime.name().equals("podman")) {
                return "the container layer's root file system "
                        + image.rootfs()
                        + " needs podman ("
                        + runtime.name()
                        + " runs images only)";
            }
            return Files.isDirectory(image.rootfs())
                    ? null
                    : "the container layer's root file system "
                            + image.rootfs()
                            + " is no directory";
        }
        List<String> exists = new ArrayList<>(runtime.client());
        exists.addAll(
                runtime.name().equals("podman")
                        ? List.of("image", "exists", image.image())
                        : List.of("image", "inspect", "--format", "{{.Id}}", image.image()));
        if (ContainerRuntime.Output.of(exists).exit() != 0) {
            return "the container image '"
                    + image.image()
                    + "' is not on this machine (csl never pulls one)";
        }
        return null;
    }

    /** The fix for what {@link #check} said. */
    String hint() {
        if (!runtime.works()) {
            return "apt-get install podman runc (or start Docker), and check with 'csl doctor'";
        }
        if (image == null && ignored != null && ignored.contains("csl trust --devcontainer")) {
            return "review "
                    + Devcontainer.RELATIVE_PATH
                    + " and run `csl trust --devcontainer`, or name the image in .csl/commands.json";
        }
        if (image == null) {
            return "name the image in .csl/commands.json, or run without --sandbox container";
        }
        return image.image() != null
                ? "pull it once with `" + runtime.name() + " pull " + image.image() + "`"
                : "prepare the directory, or name an image instead";
    }

    /** How results and the audit log name the layer: {@code container: podman 4.3.1, ...}. */
    String describe() {
        return "container: "
                + (runtime.works() ? runtime.describe() : "no runtime")
                + (image == null ? "" : ", " + image.describe());
    }

    /** A name for the next container of this process, to remove it if its client is killed. */
    static String nextName() {
        return "csl-" + ProcessHandle.current().pid() + "-" + NAMES.incrementAndGet();
    }

    /** The pid of the csl that named a container {@code csl-PID-N}, else 0. */
    static long ownerOf(String name) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("csl-([0-9]{1,10})-[0-9]+").matcher(name);
        return m.matches() ? Long.parseLong(m.group(1)) : 0;
    }

    /** Removes the container {@code name} if it is still there (after a timeout); quiet. */
    void remove(String name) {
        ContainerRuntime.Output.of(removal(runtime, name));
    }

    /** The client's command line that removes {@code name}, stopping it at once. */
    static List<String> removal(ContainerRuntime runtime, String name) {
        List<String> rm = new ArrayList<>(runtime.client());
        rm.addAll(List.of("rm", "--force"));
        if (runtime.name().equals("podman")) {
            rm.addAll(List.of("--time", "0")); // Docker's rm --force kills at once, knows no --time
        }
        rm.add(name);
        return rm;
    }
}
