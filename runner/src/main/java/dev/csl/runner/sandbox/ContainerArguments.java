package dev.csl.runner.sandbox;

import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.ContainerImage;
import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code run} arguments of the container layer: a fresh container removed when its command
 * ends, no capabilities and no new privileges, a read-only root with a fresh tmpfs {@code /tmp}, no
 * network unless approved, the ceilings as the cgroup's {@code --pids-limit} and {@code --memory}
 * and explicit ulimits within the host's hard limits, the user's uid; of the host only the working
 * directory (read-write, at its real path) with its {@code .git}, {@code .csl} and
 * repository-shaped directories and csl's own files bound read-only over it, and the environment
 * names a command may see (the image's PATH, not the host's).
 */
final class ContainerArguments {
    /** Passed on when csl's command environment has them; PATH and HOME are the image's. */
    private static final List<String> ENVIRONMENT =
            List.of(
                    "LANG",
                    "LANGUAGE",
                    "LC_ALL",
                    "LC_CTYPE",
                    "LC_MESSAGES",
                    "LC_COLLATE",
                    "LC_NUMERIC",
                    "LC_TIME",
                    "TERM",
                    "TZ",
                    "COLORTERM",
                    "NO_COLOR",
                    // lets csl find what a command left behind, also inside the container
                    "CSL_RUN_TOKEN");

    private ContainerArguments() {}

    /** {@code run} and the isolation every container gets, up to the mounts. */
    static List<String> isolation(
            ContainerRuntime runtime,
            String name,
            boolean network,
            HostLimits host,
            CommandLimits limits) {
        boolean podman = runtime.name().equals("podman");
        List<String> args = new ArrayList<>(List.of("run", "--rm", "--pull=never", "--name", name));
        if (!network) {
            args.addAll(List.of("--network", "none"));
        }
        args.addAll(
                List.of(
                        "--cap-drop",
                        "all",
                        "--security-opt",
                        "no-new-privileges",
                        "--read-only",
                        "--tmpfs",
                        podman ? "/tmp:rw,nosuid,nodev,notmpcopyup" : "/tmp:rw,nosuid,nodev"));
        if (podman) {
            // Podman's read-only default also mounts /run and /var/tmp, copying the image's /run
            // up: with a host directory as the root that copies the host's /run.
            args.add("--read-only-tmpfs=false");
        }
        args.addAll(
                List.of(
                        "--pids-limit",
                        Long.toString(limits.processes()),
                        "--memory",
                        Long.toString(ProcessLauncher.DEFAULT_MEMORY_CAP_BYTES),
                        "--ulimit",
                        pair("nofile", host.containerOpenFiles()),
                        "--ulimit",
                        pair("nproc", host.containerProcesses()),
                        "--ulimit",
                        pair("fsize", host.containerFileSize(limits.fileSizeBytes())),
                        "--log-driver",
                        "none"));
        if (podman && runtime.rootless()) {
            args.add("--userns=keep-id"); // the user's uid inside is the user's uid outside
        } else if (!runtime.rootless()) {
            args.addAll(List.of("--user", userAndGroup()));
        } // rootless Docker: root inside is the user outside
        return args;
    }

    /**
     * The whole {@code run} after the client: {@code command} in {@code cwd} of {@code image}.
     *
     * @throws IOException when a path cannot be mounted (it holds a ':' or ',')
     */
    static List<String> run(
            ContainerRuntime runtime,
            ContainerImage image,
            String name,
            List<String> command,
            Path root,
            Path cwd,
            boolean network,
            List<Path> readOnly,
            CommandLimits limits,
            List<String> environment,
            boolean stdin)
            throws IOException {
        List<String> args =
                new ArrayList<>(isolation(runtime, name, network, HostLimits.machine(), limits));
        args.addAll(mounts(root, readOnly));
        args.addAll(List.of("--workdir", mountable(cwd)));
        args.addAll(environment(environment));
        if (stdin) {
            args.add("-i");
        }
        args.addAll(image.runArguments());
        args.addAll(command);
        return args;
    }

    /**
     * The {@code run} of a warm container, detached, that commands then join with {@link #exec}:
     * the same isolation and mounts as {@link #run}, its first process {@code init} (one that only
     * waits), and no environment of a command's (each {@code exec} passes the caller's own).
     *
     * <p>With {@code agent}, {@code initProgram} is the exec agent ({@link ExecAgent}), listening
     * on a small tmpfs of its own at {@link #AGENT_DIR}, and ending the container after {@code
     * agentIdle} without a command ({@code null}: never).
     *
     * @throws IOException when a path cannot be mounted (it holds a ':' or ',')
     */
    static List<String> warm(
            ContainerRuntime runtime,
            ContainerImage image,
            String name,
            Path root,
            boolean network,
            List<Path> readOnly,
            CommandLimits limits,
            Path initProgram,
            boolean agent,
            java.time.Duration agentIdle)
            throws IOException {
        List<String> args =
                new ArrayList<>(isolation(runtime, name, network, HostLimits.machine(), limits));
        args.add(1, "--detach");
        args.addAll(mounts(root, readOnly));
        if (initProgram != null) {
            args.addAll(List.of("-v", mountable(initProgram) + ":" + INIT + ":ro"));
        }
        if (agent) {
            // the container's own, bounded, gone with it: nothing of the host for a command to fill
            args.addAll(
                    List.of("--tmpfs", AGENT_DIR + ":rw,size=64k,mode=1777,noexec,nosuid,nodev"));
        }
        args.addAll(List.of("--env", "HOME=/tmp", "--env", "TMPDIR=/tmp"));
        args.addAll(image.runArguments());
        if (agent) {
            args.addAll(List.of(INIT, "agent", AGENT_DIR));
            if (agentIdle != null) {
                args.add(Long.toString(Math.max(1, agentIdle.toSeconds())));
            }
        } else {
            // catatonit's pause mode; without it the image's own sleep
            args.addAll(initProgram != null ? List.of(INIT, "-P") : List.of("sleep", "infinity"));
        }
        return args;
    }

    /** Where a warm container's init program is mounted. */
    static final String INIT = "/.csl-init";

    /** Where a warm container's exec agent listens (a tmpfs of the container's own). */
    static final String AGENT_DIR = "/.csl-agent";

    /**
     * The names of the caller's environment a command in a warm container gets, as {@link #exec}
     * passes them ({@code HOME} and {@code TMPDIR} are the container's own).
     */
    static List<String> passedNames(List<String> environment) {
        List<String> names = new ArrayList<>(ENVIRONMENT);
        for (String variable : environment) {
            if (variable.matches("[A-Za-z_][A-Za-z0-9_]*")
                    && !names.contains(variable)
                    && !variable.equals("HOME")
                    && !variable.equals("TMPDIR")) {
                names.add(variable);
            }
        }
        return names;
    }

    /**
     * The {@code exec} of {@code command} in the warm container {@code name}, in {@code cwd}, with
     * the environment names a command may see (their values the client's: the caller's own).
     *
     * @throws IOException when {@code cwd} cannot be named (it holds a ':' or ',')
     */
    static List<String> exec(
            String name, List<String> command, Path cwd, List<String> environment, boolean stdin)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("exec"));
        if (stdin) {
            args.add("-i");
        }
        args.addAll(List.of("--workdir", mountable(cwd)));
        args.addAll(environment(environment));
        args.add(name);
        args.addAll(command);
        return args;
    }

    /** The working directory read-write at its path, and {@code readOnly} over it. */
    private static List<String> mounts(Path root, List<Path> readOnly) throws IOException {
        List<String> args = new ArrayList<>(List.of("-v", mountable(root) + ":" + root));
        Set<Path> shown = new LinkedHashSet<>(readOnly);
        for (Path path : shown) {
            // csl's own choice: metadata and csl's files inside, the Node preload outside
            if (!path.equals(root) && Files.exists(path)) {
                args.addAll(List.of("-v", mountable(path) + ":" + path + ":ro"));
            }
        }
        return args;
    }

    /** {@code --env NAME} for each name a command may see, then HOME and TMPDIR. */
    private static List<String> environment(List<String> environment) {
        List<String> args = new ArrayList<>();
        for (String variable : ENVIRONMENT) {
            args.addAll(List.of("--env", variable));
        }
        for (String variable : environment) {
            if (variable.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                args.addAll(List.of("--env", variable));
            }
        }
        args.addAll(List.of("--env", "HOME=/tmp", "--env", "TMPDIR=/tmp"));
        return args;
    }

    private static String pair(String name, long value) {
        return name + "=" + value + ":" + value;
    }

    private static String mountable(Path path) throws IOException {
        String text = path.toString();
        if (text.contains(":") || text.contains(",")) {
            throw new IOException(
                    path + " holds a ':' or ',', which a container runtime cannot mount");
        }
        return text;
    }

    private static String userAndGroup() {
        try {
            Path self = Path.of("/proc/self");
            return Files.getAttribute(self, "unix:uid")
                    + ":"
                    + Files.getAttribute(self, "unix:gid");
        } catch (IOException | RuntimeException e) {
            return "65534:65534"; // nobody, rather than root
        }
    }
}
