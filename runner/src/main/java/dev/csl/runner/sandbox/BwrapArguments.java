package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** The bubblewrap command line of csl's sandbox (docs/external.md, "The OS sandbox"). */
final class BwrapArguments {
    private BwrapArguments() {}

    /**
     * Isolation shared by the trial run and real commands: the host read-only; a fresh, empty and
     * writable /tmp and /dev/shm (private /dev and /proc); own PID namespace, IPC and session; no
     * network unless asked; no capabilities; dying with csl.
     */
    static List<String> isolation(boolean network) {
        List<String> args = new ArrayList<>();
        args.addAll(List.of("--ro-bind", "/", "/"));
        args.addAll(List.of("--dev", "/dev"));
        args.addAll(List.of("--tmpfs", "/dev/shm"));
        args.addAll(List.of("--proc", "/proc"));
        args.addAll(List.of("--tmpfs", "/tmp"));
        args.add("--unshare-pid");
        args.add("--unshare-ipc");
        if (!network) {
            args.add("--unshare-net");
        }
        // A new session keeps a command from pushing keystrokes into csl's terminal (TIOCSTI).
        args.add("--new-session");
        args.add("--die-with-parent");
        // Run as root, bwrap would otherwise keep every capability and the command could simply
        // remount / read-write.
        args.addAll(List.of("--cap-drop", "ALL"));
        return args;
    }

    /**
     * The whole wrapped command: the working directory (real path) is the only writable place
     * besides the fresh /tmp and /dev/shm; its {@code .git} and {@code .csl} stay read-only; what
     * {@code view} hides is covered and what it shows again (a preload script under the fresh /tmp,
     * the nested {@code .git} and {@code .csl} of a {@link MetadataSnapshot}) is bound read-only,
     * then {@code alsoShown} (files of csl's own, such as its launcher). {@code tmpdir} is the
     * caller's TMPDIR, made in the fresh /tmp when it lies there.
     */
    static List<String> wrap(
            Path bwrap,
            List<String> command,
            Path realWorkingDir,
            Path realCwd,
            boolean network,
            SandboxView view,
            List<Path> alsoShown,
            String tmpdir) {
        List<String> args = new ArrayList<>();
        args.add(bwrap.toString());
        // /tmp is always fresh: a project under /tmp is bound into it (below), and the directories
        // around it are empty read-only covers, so nothing of the host's /tmp (files, the sockets
        // of tmux, ssh agents, X11) is there.
        args.addAll(isolation(network));
        // A TMPDIR under /tmp (passed on to commands) must exist in the fresh /tmp too.
        if (tmpdir != null
                && Path.of(tmpdir).isAbsolute()
                && Path.of(tmpdir).normalize().startsWith("/tmp/")) {
            args.addAll(List.of("--dir", Path.of(tmpdir).normalize().toString()));
        }
        for (Path hidden : view.hidden()) {
            args.addAll(List.of("--tmpfs", hidden.toString()));
        }
        args.addAll(List.of("--bind", realWorkingDir.toString(), realWorkingDir.toString()));
        for (Path protectedDir : protectedEntries(realWorkingDir)) {
            args.addAll(List.of("--ro-bind", protectedDir.toString(), protectedDir.toString()));
        }
        for (Path path : view.shown()) {
            args.addAll(List.of("--ro-bind", path.toString(), path.toString()));
        }
        for (Path path : alsoShown) {
            args.addAll(List.of("--ro-bind", path.toString(), path.toString()));
        }
        // A Unix socket stays connectable on a read-only mount: each one in a directory shown
        // again becomes /dev/null.
        for (Path socket : view.sockets()) {
            args.addAll(List.of("--ro-bind", "/dev/null", socket.toString()));
        }
        // Last, once every mount point in them exists: writes "outside" fail instead of landing
        // in a throw-away tmpfs.
        for (Path hidden : view.hidden()) {
            args.addAll(List.of("--remount-ro", hidden.toString()));
        }
        args.addAll(List.of("--chdir", realCwd.toString()));
        args.add("--");
        args.addAll(command);
        return args;
    }

    /** {@code .git} and {@code .csl} in any letter case, as they exist right now. */
    private static List<Path> protectedEntries(Path realWorkingDir) {
        List<Path> entries = new ArrayList<>();
        try (Stream<Path> children = Files.list(realWorkingDir)) {
            children.filter(
                            child -> {
                                String name =
                                        child.getFileName().toString().toLowerCase(Locale.ROOT);
                                // A worktree's .git is a file pointing at the real one.
                                return (name.equals(".git") || name.equals(".csl"))
                                        && (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)
                                                || Files.isRegularFile(
                                                        child, LinkOption.NOFOLLOW_LINKS));
                            })
                    .sorted()
                    .forEach(entries::add);
        } catch (IOException e) {
            // An unreadable working directory fails the command itself with a clear error.
        }
        return entries;
    }
}
