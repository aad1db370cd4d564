package dev.csl.runner.sandbox;

import dev.csl.runner.approval.CommandsFile;
import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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

    /** {@code pathVariable}: the caller's PATH, whose directories commands see. */
    static SandboxView of(Path realWorkingDir, List<Path> readOnly, String pathVariable) {
        Set<Path> hidden = new LinkedHashSet<>();
        for (String root : concat(PRIVATE_ROOTS, SERVICE_ROOTS)) {
            Path p = Path.of(root);
            if (Files.isDirectory(p) && !Files.isSymbolicLink(p)) {
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
        for (Path listed : listed(realWorkingDir, CommandsFile::hide)) {
            Path real = realOrNull(listed);
            // A directory only (a tmpfs covers it); never the working directory or a path in it,
            // which the guard already rules (one above it is hidden around the project); nothing
            // already inside a hidden one.
            if (real != null
                    && Files.isDirectory(real)
                    && real.getParent() != null
                    && !real.startsWith(realWorkingDir)
                    && hidden.stream().noneMatch(real::startsWith)) {
                hidden.add(real);
            }
        }
        // Paths the caller needs (a preload script under the private /tmp) are always shown.
        Set<Path> shown = new LinkedHashSet<>(readOnly);
        List<Path> wanted = new ArrayList<>();
        wanted.addAll(listed(realWorkingDir, CommandsFile::read));
        wanted.add(Path.of(System.getProperty("java.home")));
        Path resolver = realOrNull(Path.of("/etc/resolv.conf"));
        if (resolver != null) {
            // the file only (such as /run/systemd/resolve/stub-resolv.conf): name lookups keep
            // working, and the resolver's socket beside it stays hidden
            wanted.add(resolver);
        }
        for (Path p : ClassPathEntries.all()) {
            wanted.add(Files.isDirectory(p) ? p : p.getParent()); // a jar's archive sits beside it
        }
        String path = pathVariable == null ? "" : pathVariable;
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                wanted.add(Path.of(dir));
            }
        }
        String home = System.getProperty("user.home");
        if (home != null) {
            for (String name : HOME_TOOLCHAINS) {
                wanted.add(Path.of(home, name));
            }
        }
        List<Path> reals = new ArrayList<>();
        for (Path p : wanted) {
            Path real = realOrNull(p);
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
                List.copyOf(hidden), List.copyOf(shown), sockets(shown, realWorkingDir));
    }

    /**
     * The Unix sockets in the directories shown again outside the working directory, and one level
     * below them: a read-only mount does not stop a connect, so each is covered. Deeper ones are
     * not looked for (a package cache is large); docs/external.md says so.
     */
    private static List<Path> sockets(Set<Path> shown, Path realWorkingDir) {
        List<Path> sockets = new ArrayList<>();
        for (Path dir : shown) {
            if (dir.startsWith(realWorkingDir)) {
                continue;
            }
            if (isSocket(dir)) {
                sockets.add(dir);
            } else {
                collectSockets(dir, 2, sockets);
            }
        }
        return List.copyOf(sockets);
    }

    private static void collectSockets(Path dir, int depth, List<Path> sockets) {
        if (depth == 0 || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                BasicFileAttributes attrs =
                        Files.readAttributes(
                                entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (attrs.isOther() && isSocket(entry)) {
                    sockets.add(entry);
                } else if (attrs.isDirectory()) {
                    collectSockets(entry, depth - 1, sockets);
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable directory is unreadable inside the sandbox as well
        }
    }

    private static boolean isSocket(Path entry) {
        try {
            Object mode = Files.getAttribute(entry, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return mode instanceof Integer m && (m & 0170000) == 0140000;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The absolute paths of one list ({@code read}, {@code hide}) in .csl/commands.json. */
    private static List<Path> listed(
            Path realWorkingDir, java.util.function.Function<CommandsFile, List<String>> list) {
        List<Path> paths = new ArrayList<>();
        try {
            for (String entry : list.apply(CommandsFile.load(realWorkingDir))) {
                Path p = Path.of(entry);
                if (p.isAbsolute()) {
                    paths.add(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable commands.json shows nothing extra; approval reports the file itself
        }
        return paths;
    }

    private static Path realOrNull(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
