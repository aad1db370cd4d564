package dev.csl.runner.sandbox;

import dev.csl.runner.approval.CommandsFile;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a sandboxed command sees of the host besides its working directory: the system and its
 * toolchains, but not the home directories (keys, tokens, other projects) nor the directory the
 * project sits in (its sibling projects). Those are covered by an empty read-only tmpfs; what a
 * command needs from them is shown again read-only: the toolchains on PATH, the JDK, csl's own
 * class path, the usual package caches, and the paths listed under {@code read} in {@code
 * .csl/commands.json}.
 *
 * @param hidden directories covered by an empty read-only tmpfs
 * @param shown paths bound read-only again inside them (or inside the fresh /tmp)
 * @param sockets Unix sockets in the paths shown again, each covered by /dev/null
 */
record SandboxView(List<Path> hidden, List<Path> shown, List<Path> sockets) {
    /** Always a fresh tmpfs inside: what is needed from the host's /tmp is shown again. */
    private static final Path TMP = Path.of("/tmp");

    /** Where people keep their own files and projects. */
    static final List<String> PRIVATE_ROOTS = List.of("/home", "/root", "/mnt", "/media", "/srv");

    /**
     * Where the host's services keep their sockets (Docker, databases, D-Bus, ssh and gpg agents):
     * a Unix socket is reachable even without a network, and through Docker's, root on the host.
     * The resolver's files some systems keep there are shown again.
     */
    static final List<String> SERVICE_ROOTS = List.of("/run", "/var/run");

    /** Parents never hidden: the system itself. */
    private static final Set<String> SYSTEM =
            Set.of("/", "/usr", "/etc", "/opt", "/var", "/bin", "/lib", "/lib64", "/sbin", "/nix");

    /** Package caches and toolchains people keep in their home directory. */
    static final List<String> HOME_TOOLCHAINS =
            List.of(
                    ".m2",
                    ".gradle",
                    ".npm",
                    ".cargo",
                    ".rustup",
                    ".pyenv",
                    ".nvm",
                    ".sdkman",
                    ".local/bin",
                    ".local/lib",
                    ".deno",
                    ".bun",
                    ".volta",
                    ".cache/pip");

    /**
     * What a view is made from besides the file system: the working directory's real path, the
     * paths the caller needs shown, the caller's PATH, the absolute paths listed under {@code hide}
     * and {@code read} in the project's commands.json, and the home directory.
     */
    record Request(
            Path realWorkingDir,
            List<Path> readOnly,
            String pathVariable,
            List<Path> hide,
            List<Path> read,
            String home) {
        Request {
            readOnly = List.copyOf(readOnly);
            pathVariable = pathVariable == null ? "" : pathVariable;
            hide = List.copyOf(hide);
            read = List.copyOf(read);
        }
    }

    /** {@code pathVariable}: the caller's PATH, whose directories commands see. */
    static SandboxView of(Path realWorkingDir, List<Path> readOnly, String pathVariable) {
        CommandsFile file;
        try {
            file = CommandsFile.load(realWorkingDir);
        } catch (IOException | RuntimeException e) {
            file = null; // an unreadable commands.json shows nothing extra; approval reports it
        }
        Request request =
                new Request(
                        realWorkingDir,
                        readOnly,
                        pathVariable,
                        listed(file, CommandsFile::hide),
                        listed(file, CommandsFile::read),
                        System.getProperty("user.home"));
        return RememberedViews.enabled()
                ? RememberedViews.view(request)
                : of(request, ViewFacts.DIRECT);
    }

    /** The view {@code request} asks for, reading the file system through {@code facts}. */
    static SandboxView of(Request request, ViewFacts facts) {
        Path realWorkingDir = request.realWorkingDir();
        Set<Path> hidden = new LinkedHashSet<>();
        for (String root : concat(PRIVATE_ROOTS, SERVICE_ROOTS)) {
            Path p = Path.of(root);
            if (facts.kind(p) == ViewFacts.Kind.DIRECTORY) { // a directory, not a link to one
                hidden.add(p);
            }
        }
        Path parent = realWorkingDir.getParent();
        if (parent != null
                && !SYSTEM.contains(parent.toString())
                && hidden.stream().noneMatch(parent::startsWith)
                && !parent.equals(Path.of("/tmp"))) {
            hidden.add(parent); // sibling projects
        }
        for (Path listed : request.hide()) {
            Path real = facts.real(listed);
            // A directory only (a tmpfs covers it); never the working directory or a path in it,
            // which the guard already rules (one above it is hidden around the project); nothing
            // already inside a hidden one.
            if (real != null
                    && facts.kind(real) == ViewFacts.Kind.DIRECTORY
                    && real.getParent() != null
                    && !real.startsWith(realWorkingDir)
                    && hidden.stream().noneMatch(real::startsWith)) {
                hidden.add(real);
            }
        }
        // Paths the caller needs (a preload script under the private /tmp) are always shown.
        List<Path> readOnly = request.readOnly();
        Set<Path> shown = new LinkedHashSet<>(readOnly);
        List<Path> wanted = new ArrayList<>(request.read());
        wanted.add(Path.of(System.getProperty("java.home")));
        Path resolver = facts.real(Path.of("/etc/resolv.conf"));
        if (resolver != null) {
            // the file only (such as /run/systemd/resolve/stub-resolv.conf): name lookups keep
            // working, and the resolver's socket beside it stays hidden
            wanted.add(resolver);
        }
        for (Path p : ClassPathEntries.all()) {
            wanted.add(facts.isDirectory(p) ? p : p.getParent()); // a jar's archive sits beside it
        }
        for (String dir : request.pathVariable().split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                wanted.add(Path.of(dir));
            }
        }
        String home = request.home();
        if (home != null) {
            for (String name : HOME_TOOLCHAINS) {
                wanted.add(Path.of(home, name));
            }
        }
        List<Path> reals = new ArrayList<>();
        for (Path p : wanted) {
            Path real = facts.real(p);
            if (real != null) {
                reals.add(real);
            }
        }
        reals.sort((a, b) -> Integer.compare(a.getNameCount(), b.getNameCount()));
        for (Path real : reals) {
            if (!real.startsWith(realWorkingDir)
                    && (hidden.stream().anyMatch(real::startsWith) || real.startsWith(TMP))
                    && shown.stream().noneMatch(s -> real.startsWith(s) && !readOnly.contains(s))) {
                shown.add(real);
            }
        }
        return new SandboxView(
                List.copyOf(hidden), List.copyOf(shown), sockets(shown, realWorkingDir, facts));
    }

    /**
     * The Unix sockets in the directories shown again outside the working directory, and one level
     * below them: a read-only mount does not stop a connect, so each is covered. Deeper ones are
     * not looked for (a package cache is large); docs/external.md says so.
     */
    private static List<Path> sockets(Set<Path> shown, Path realWorkingDir, ViewFacts facts) {
        List<Path> sockets = new ArrayList<>();
        for (Path dir : shown) {
            if (dir.startsWith(realWorkingDir)) {
                continue;
            }
            ViewFacts.Kind kind = facts.kind(dir);
            if (kind == ViewFacts.Kind.SOCKET) {
                sockets.add(dir);
            } else if (kind == ViewFacts.Kind.DIRECTORY) {
                collectSockets(dir, 2, sockets, facts);
            }
        }
        return List.copyOf(sockets);
    }

    private static void collectSockets(Path dir, int depth, List<Path> sockets, ViewFacts facts) {
        if (depth == 0) {
            return;
        }
        for (ViewFacts.Entry entry : facts.entries(dir)) {
            if (entry.kind() == ViewFacts.Kind.SOCKET) {
                sockets.add(entry.path());
            } else if (entry.kind() == ViewFacts.Kind.DIRECTORY) {
                collectSockets(entry.path(), depth - 1, sockets, facts);
            }
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The absolute paths of one list ({@code read}, {@code hide}) in .csl/commands.json. */
    private static List<Path> listed(
            CommandsFile file, java.util.function.Function<CommandsFile, List<String>> list) {
        List<Path> paths = new ArrayList<>();
        if (file == null) {
            return paths;
        }
        try {
            for (String entry : list.apply(file)) {
                Path p = Path.of(entry);
                if (p.isAbsolute()) {
                    paths.add(p);
                }
            }
        } catch (RuntimeException e) {
            // a list csl cannot read shows nothing more
        }
        return paths;
    }
}
