package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * One running container of the container layer that the commands of an apply join, so that the
 * runtime's start is paid once: started detached with the mounts and network of {@link
 * ContainerArguments#warm}, its first process the exec agent ({@link ExecAgent}) that forks each
 * command in it, or, where the agent cannot run, an init that only waits, and each command then
 * joins it with {@code exec}. Between two commands {@link #clear} kills every process but that init
 * and empties {@code /tmp}, {@code /dev/shm} and {@code /dev/mqueue}, from the host through {@code
 * /proc} (no program of the image's is needed), so nothing of one command reaches the next.
 *
 * @param layer the runtime and image it runs
 * @param name its name ({@code csl-PID-N}: whose csl it is)
 * @param network whether it has the network
 * @param mounts what is mounted read-only over the working directory
 * @param init the host's pid of its first process
 * @param agent where its exec agent listens ({@link ExecAgent}, its first process then), or {@code
 *     null}: commands join it with {@code exec}
 * @param agentProgram the agent's host-side program, or {@code null}
 */
record WarmContainer(
        ContainerLayer layer,
        String name,
        boolean network,
        List<Path> mounts,
        long init,
        AgentSocket agent,
        Path agentProgram) {
    /** How long the exec agent may take to listen once its container runs. */
    private static final long AGENT_MILLIS = 3000;

    /** Rounds of killing before giving up on a command that keeps forking. */
    private static final int ROUNDS = 50;

    /** catatonit, statically linked, where Podman installs it: the init of a warm container. */
    private static final List<Path> INIT_PROGRAMS =
            List.of(Path.of("/usr/libexec/podman/catatonit"), Path.of("/usr/bin/catatonit"));

    WarmContainer {
        mounts = List.copyOf(mounts);
    }

    /**
     * Starts one; removed again when anything of the start fails.
     *
     * @throws IOException naming what failed
     */
    static WarmContainer start(
            ContainerLayer layer,
            Path root,
            boolean network,
            List<Path> mounts,
            dev.csl.runner.approval.CommandLimits limits)
            throws IOException {
        return start(layer, root, network, mounts, limits, ExecAgent.machine());
    }

    /**
     * As above, its first process {@code agent} where that is available and listens in the
     * container; else (the image cannot run it, say) one joined with {@code exec}.
     */
    static WarmContainer start(
            ContainerLayer layer,
            Path root,
            boolean network,
            List<Path> mounts,
            dev.csl.runner.approval.CommandLimits limits,
            ExecAgent agent)
            throws IOException {
        if (agent.available()) {
            WarmContainer warm = null;
            try {
                warm = start(layer, root, network, mounts, limits, agent.path(), true);
                AgentSocket listening =
                        new AgentSocket(warm.init(), 0).awaitListening(AGENT_MILLIS);
                if (listening != null && trial(agent, listening, root)) {
                    return new WarmContainer(
                            layer,
                            warm.name(),
                            network,
                            mounts,
                            warm.init(),
                            listening,
                            agent.path());
                }
            } catch (IOException e) {
                // the image cannot run the agent: a container joined with exec instead
            }
            if (warm != null) {
                warm.remove();
            }
        }
        return start(layer, root, network, mounts, limits, initProgram(), false);
    }

    /**
     * Whether a trial command ({@code csl-exec true}, the agent's own program) runs through the
     * agent from here: a runtime whose pids are not the host's (a daemon in a PID namespace of its
     * own) fails it, and the container is then joined with {@code exec}.
     */
    private static boolean trial(ExecAgent agent, AgentSocket socket, Path root) {
        List<String> argv =
                agent.client(
                        socket.socket(),
                        socket.init(),
                        root,
                        List.of(),
                        List.of(ContainerArguments.INIT, "true"));
        try {
            ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
            builder.environment().clear();
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            Process process = builder.start();
            if (!process.waitFor(AGENT_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static WarmContainer start(
            ContainerLayer layer,
            Path root,
            boolean network,
            List<Path> mounts,
            dev.csl.runner.approval.CommandLimits limits,
            Path initProgram,
            boolean agent)
            throws IOException {
        String name = ContainerLayer.nextName();
        List<String> run = new ArrayList<>(layer.runtime().client());
        run.addAll(
                ContainerArguments.warm(
                        layer.runtime(),
                        layer.image(),
                        name,
                        root,
                        network,
                        mounts,
                        limits,
                        initProgram,
                        agent,
                        layer.agentIdle()));
        ContainerRuntime.Output started = ContainerRuntime.Output.of(run);
        if (started.exit() != 0) {
            layer.remove(name);
            throw new IOException("the container did not start: " + started.text());
        }
        List<String> inspect = new ArrayList<>(layer.runtime().client());
        inspect.addAll(List.of("inspect", "--format", "{{.State.Pid}}", name));
        ContainerRuntime.Output pid = ContainerRuntime.Output.of(inspect);
        try {
            long init = Long.parseLong(pid.text().strip());
            if (pid.exit() != 0 || init <= 1) {
                throw new NumberFormatException(pid.text());
            }
            return new WarmContainer(layer, name, network, mounts, init, null, null);
        } catch (NumberFormatException e) {
            layer.remove(name);
            throw new IOException("the container's first process was not found: " + pid.text());
        }
    }

    /** The host's catatonit, or {@code null}: then the image's {@code sleep}. */
    private static Path initProgram() {
        for (Path path : INIT_PROGRAMS) {
            try {
                if (Files.isRegularFile(path)) {
                    return path.toRealPath();
                }
            } catch (IOException e) {
                // the next one
            }
        }
        return null;
    }

    /** Whether it still runs (its first process is alive). */
    boolean alive() {
        return Files.isDirectory(Path.of("/proc", Long.toString(init), "ns"))
                && pidNamespace() != null;
    }

    /**
     * The whole command line that runs {@code command} in it: the exec agent's client while the
     * agent's socket is intact, else the runtime's {@code exec} client.
     */
    List<String> exec(List<String> command, Path cwd, List<String> environment) throws IOException {
        if (usesAgent()) {
            return new ExecAgent(agentProgram, "")
                    .client(
                            agent.socket(),
                            init,
                            cwd,
                            ContainerArguments.passedNames(environment),
                            command);
        }
        List<String> argv = new ArrayList<>(layer.runtime().client());
        argv.addAll(ContainerArguments.exec(name, command, cwd, environment, false));
        return argv;
    }

    /**
     * Kills every process in the container but its init (what a command left behind, also one that
     * timed out, with its whole group) and empties its {@code /tmp}, {@code /dev/shm} and {@code
     * /dev/mqueue}, links removed, never followed. Quiet: what it cannot do, {@link #remove} at the
     * end of the apply does.
     */
    void clear() {
        String namespace = pidNamespace();
        if (namespace == null) {
            return;
        }
        for (int round = 0; round < ROUNDS; round++) {
            if (killOthers(namespace) == 0) {
                break;
            }
        }
        Path root = Path.of("/proc", Long.toString(init), "root");
        emptyTmp(root.resolve("tmp"));
        // the container's own shared memory and message queues: a command's files there would
        // otherwise wait for the next command, as in /tmp
        emptyTmp(root.resolve("dev/shm"));
        emptyTmp(root.resolve("dev/mqueue"));
    }

    /** How many processes but its init run in it now (-1: it is gone). */
    int others() {
        String namespace = pidNamespace();
        return namespace == null ? -1 : others(namespace, false);
    }

    /** Whether commands run through its exec agent (it listens, its socket untouched). */
    boolean usesAgent() {
        return agent != null && agentProgram != null && agent.intact();
    }

    void remove() {
        layer.remove(name);
    }

    private String pidNamespace() {
        return namespaceOf(init);
    }

    private static String namespaceOf(long pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "ns", "pid"))
                    .toString();
        } catch (IOException | RuntimeException e) {
            return null; // gone, or a zombie
        }
    }

    /** Kills the container's processes but init; how many were alive. */
    private int killOthers(String namespace) {
        return others(namespace, true);
    }

    /** The container's processes but init, killed when {@code kill}; how many were alive. */
    private int others(String namespace, boolean kill) {
        int found = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc"))) {
            for (Path entry : entries) {
                String file = entry.getFileName().toString();
                if (!file.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                long pid = Long.parseLong(file);
                if (pid != init && namespace.equals(namespaceOf(pid))) {
                    found++;
                    if (kill) {
                        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        if (found > 0 && kill) {
            try {
                Thread.sleep(5); // init reaps them
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return found;
    }

    /**
     * Empties the container's own tmpfs, reached through its init, by directory handles only
     * (openat, unlinkat): a command still running in the container could swap a directory for a
     * link meanwhile, and a path walked from the host through {@code /proc/PID/root} resolves an
     * absolute link against the host's root, so deleting by path could delete the host's files.
     * Links are removed, never followed, and a directory of another file system (a working
     * directory under the host's /tmp is mounted inside this one) is never entered.
     */
    static void emptyTmp(Path tmp) {
        try (DirectoryStream<Path> opened = Files.newDirectoryStream(tmp)) {
            if (!(opened instanceof SecureDirectoryStream<Path> dir)) {
                return; // no handle-relative deletion here: left for the container's removal
            }
            String device = device(dir);
            if (device != null) {
                empty(dir, device);
            }
        } catch (IOException | RuntimeException e) {
            // what stays in /tmp goes with the container at the end of the apply
        }
    }

    private static void empty(SecureDirectoryStream<Path> dir, String device) {
        List<Path> names = new ArrayList<>();
        for (Path entry : dir) {
            names.add(entry.getFileName());
        }
        for (Path name : names) {
            try {
                BasicFileAttributes attrs =
                        dir.getFileAttributeView(
                                        name,
                                        BasicFileAttributeView.class,
                                        LinkOption.NOFOLLOW_LINKS)
                                .readAttributes();
                if (!attrs.isDirectory()) {
                    // not the guard's to do: the container's own tmpfs, never the project
                    dir.deleteFile(name); // a link itself, never what it names
                    continue;
                }
                try (SecureDirectoryStream<Path> sub =
                        dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                    if (!device.equals(device(sub))) {
                        continue; // a mount: the project, say
                    }
                    empty(sub, device);
                }
                dir.deleteDirectory(name); // the container's tmpfs, emptied by handle above
            } catch (IOException | RuntimeException e) {
                // left for the end of the apply, which removes the container
            }
        }
    }

    /** The device of the directory a handle holds, from its file key "(dev=...,ino=...)". */
    private static String device(SecureDirectoryStream<Path> dir) throws IOException {
        Object key =
                dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
        if (key == null) {
            return null;
        }
        String text = key.toString();
        int at = text.indexOf("dev=");
        int end = text.indexOf(',', at);
        return at < 0 || end < 0 ? null : text.substring(at + 4, end);
    }
}
