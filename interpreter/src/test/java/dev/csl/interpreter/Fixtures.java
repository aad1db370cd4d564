package dev.csl.interpreter;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** File systems the interpreter is tested on, and tree helpers. */
final class Fixtures {
    private Fixtures() {}

    enum Fs {
        UNIX,
        WINDOWS,
        MACOS,
        DISK
    }

    /** A fresh empty working directory on {@code fs}; {@code tmp} is used for the real disk. */
    static Path workingDir(Fs fs, Path tmp) throws IOException {
        Path dir;
        switch (fs) {
            case UNIX ->
                    dir =
                            newJimfs(
                                            Configuration.unix().toBuilder()
                                                    .setAttributeViews("basic", "posix")
                                                    .build())
                                    .getPath("/work");
            case WINDOWS -> dir = newJimfs(Configuration.windows()).getPath("C:\\work");
            case MACOS ->
                    dir =
                            newJimfs(
                                            Configuration.osX().toBuilder()
                                                    .setAttributeViews("basic", "posix")
                                                    .build())
                                    .getPath("/work");
            default -> dir = tmp.resolve("work");
        }
        Files.createDirectories(dir);
        return dir;
    }

    private static FileSystem newJimfs(Configuration config) {
        return Jimfs.newFileSystem(config);
    }

    /** Copies a tree from the real disk into {@code to} (any file system). */
    static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path rel = from.relativize(p);
                Path target = to;
                for (Path part : rel) {
                    target = target.resolve(part.toString());
                }
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.write(target, Files.readAllBytes(p));
                }
            }
        }
    }

    /** Every file below {@code root} (not .csl) by relative path with forward slashes. */
    static Map<String, String> tree(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String rel = relative(root, p);
                if (rel.equals(".") || rel.equals(".csl") || rel.startsWith(".csl/")) {
                    continue;
                }
                if (Files.isSymbolicLink(p)) {
                    out.put(rel, "symlink -> " + Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.put(rel + "/", "dir");
                } else {
                    out.put(
                            rel,
                            new String(
                                    Files.readAllBytes(p),
                                    java.nio.charset.StandardCharsets.ISO_8859_1));
                }
            }
        }
        return out;
    }

    /** Like {@link #tree} but only files (golden trees cannot hold empty directories). */
    static Map<String, String> files(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>(tree(root));
        out.keySet().removeIf(k -> k.endsWith("/"));
        return out;
    }

    /** {@code p} below {@code root} as names joined with {@code /} ({@code .} for the root). */
    private static String relative(Path root, Path p) {
        StringBuilder sb = new StringBuilder();
        for (Path part : root.relativize(p)) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(part);
        }
        return sb.length() == 0 ? "." : sb.toString();
    }

    /** {@code rel} (names joined with {@code /}) below {@code root}, on any file system. */
    private static Path resolve(Path root, String rel) {
        Path p = root;
        for (String part : rel.split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                p = p.resolve(part);
            }
        }
        return p;
    }

    /** POSIX permission bits of the entry itself, or -1 where the file system has none. */
    static int modeOf(Path path) {
        try {
            int mode = 0;
            for (java.nio.file.attribute.PosixFilePermission p :
                    Files.getPosixFilePermissions(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                mode |= 1 << (8 - p.ordinal());
            }
            return mode;
        } catch (UnsupportedOperationException | IOException e) {
            return -1;
        }
    }

    /** Tree plus permission bits, for byte-and-mode identity checks. */
    static Map<String, String> treeWithModes(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (var e : tree(root).entrySet()) {
            String rel =
                    e.getKey().endsWith("/")
                            ? e.getKey().substring(0, e.getKey().length() - 1)
                            : e.getKey();
            int mode = modeOf(resolve(root, rel));
            out.put(e.getKey(), e.getValue() + "|mode=" + Integer.toOctalString(Math.max(mode, 0)));
        }
        return out;
    }
}
