package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** The bubblewrap command line of csl's sandbox (SPEC §3, second layer). */
final class BwrapArguments {
    private BwrapArguments() {}

    /**
     * Isolation shared by the trial run and real commands: the host read-only, private /dev, /proc
     * and /tmp, own PID namespace and session, no capabilities, dying with csl.
     */
    static List<String> isolation(boolean network) {
        return isolation(network, true);
    }

    /**
     * As {@link #isolation(boolean)}; without {@code privateTmp} the host's /tmp stays visible,
     * read-only like the rest of the host.
     */
    static List<String> isolation(boolean network, boolean privateTmp) {
        List<String> args = new ArrayList<>();
        args.addAll(List.of("--ro-bind", "/", "/"));
        args.addAll(List.of("--dev", "/dev"));
        args.addAll(List.of("--proc", "/proc"));
        if (privateTmp) {
            args.addAll(List.of("--tmpfs", "/tmp"));
        }
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
     * The whole wrapped command: the working directory (real path) is the only writable place; its
     * {@code .git} and {@code .csl} stay read-only; {@code readOnly} paths (a preload script, say)
     * are made visible even when they live under the private /tmp.
     */
    static List<String> wrap(
            Path bwrap,
            List<String> command,
            Path realWorkingDir,
            Path realCwd,
            boolean network,
            List<Path> readOnly) {
        List<String> args = new ArrayList<>();
        args.add(bwrap.toString());
        // A project under /tmp would vanish behind a private /tmp, and a write "outside" it would
        // land in that throw-away tmpfs instead of failing: keep the host's /tmp (read-only) then.
        args.addAll(isolation(network, !realWorkingDir.startsWith("/tmp")));
        SandboxView view = SandboxView.of(realWorkingDir, readOnly);
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
