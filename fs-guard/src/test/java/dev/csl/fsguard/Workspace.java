package dev.csl.fsguard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A working directory {@code work/proj} next to a sibling {@code work/outside}, filled with the
 * files and symlinks the hostile-path corpus refers to.
 */
final class Workspace {
    final Path work;
    final Path root;
    final Path outside;

    private Workspace(Path work) {
        this.work = work;
        this.root = work.resolve("proj");
        this.outside = work.resolve("outside");
    }

    static Workspace create(Path parent) throws IOException {
        Workspace w = new Workspace(parent.resolve("work"));
        w.populate();
        return w;
    }

    private void populate() throws IOException {
        Files.createDirectories(root.resolve("sub"));
        Files.createDirectories(outside.resolve("dir"));
        write(outside.resolve("secret.txt"), "secret\n");
        write(outside.resolve("dir/x.txt"), "x\n");
        write(root.resolve("a.txt"), "a\n");
        write(root.resolve("sub/file.txt"), "file\n");
        Files.createDirectories(root.resolve(".git/hooks"));
        write(root.resolve(".git/config"), "[core]\n");
        Files.createDirectories(root.resolve(".csl"));
        write(root.resolve(".csl/commands.json"), "{}\n");
        link("link-out", rel("../outside"));
        link("link-out-abs", outside);
        link("file-out", rel("../outside/secret.txt"));
        link("link-in", rel("sub"));
        link("link-in-abs", root.resolve("sub"));
        link("chain1", rel("chain2"));
        link("chain2", rel("../outside/../proj/sub"));
        link("chain-out1", rel("chain-out2"));
        link("chain-out2", rel("link-out"));
        link("loop1", rel("loop2"));
        link("loop2", rel("loop1"));
        link("self", rel("self"));
        link("dangling-out", rel("../outside/new.txt"));
        link("dangling-in", rel("sub/new.txt"));
        link("git-link", rel(".git"));
        link("sub/up", rel(".."));
        link("sub/up2", rel("../.."));
        link("root-link", root.getRoot());
        // Link targets as ln -s writes them: a trailing slash, ./ and // kept in the link's text
        // (the JDK hands them back raw from readSymbolicLink; Jimfs normalizes them).
        rawLink("up-slash", "../");
        rawLink("in-sub-up", "sub/../../");
        rawLink("dot-up-slash", "./../");
        rawLink("dslash-out", "..//outside");
        rawLink("dotdot-dslash", "..//");
        rawLink("dot-dslash-up", ".//..//");
        rawLink("in-slash", "sub/");
        rawLink("in-dslash", "sub//");
        rawLink("file-slash", "a.txt/");
        if (root.getFileSystem() == java.nio.file.FileSystems.getDefault()) {
            rawLink("abs-dslash", slashed(root).replace("/proj", "//proj//") + "sub/");
            rawLink("abs-out-slash", slashed(outside) + "/");
        } else { // other file systems' paths are absolute in their own syntax
            link("abs-dslash", root.resolve("sub"));
            link("abs-out-slash", outside);
        }
    }

    /**
     * A symlink whose target is exactly {@code target}: on the real disk through symlink(2) itself
     * ({@link RawSymlink}), as the JDK would normalize the slashes away; on other file systems
     * through their own paths.
     */
    void rawLink(String name, String target) throws IOException {
        Path link = root.resolve(name);
        if (root.getFileSystem() != java.nio.file.FileSystems.getDefault()) {
            link(name, root.getFileSystem().getPath(target));
            return;
        }
        RawSymlink.create(target, link);
    }

    private Path rel(String target) {
        return root.getFileSystem().getPath(target);
    }

    void link(String name, Path target) throws IOException {
        Files.createSymbolicLink(root.resolve(name), target);
    }

    static void write(Path p, String s) throws IOException {
        Files.write(p, s.getBytes(StandardCharsets.UTF_8));
    }

    static String read(Path p) throws IOException {
        return Files.readString(p);
    }

    /** The absolute path written with / (so also on a Windows-like file system). */
    static String slashed(Path p) {
        StringBuilder b = new StringBuilder();
        for (Path n : p) {
            b.append('/').append(n);
        }
        return b.length() == 0 ? "/" : b.toString();
    }

    String expand(String path) {
        return path.replace("@ROOT@", slashed(root)).replace("@OUT@", slashed(outside));
    }

    /** Every entry of the outside directory with its type, contents or link target. */
    Map<String, String> snapshotOutside() throws IOException {
        return snapshot(outside);
    }

    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        out.put(".", describe(dir));
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                out.put(dir.relativize(p).toString(), describe(p));
            }
        }
        return out;
    }

    private static String describe(Path p) throws IOException {
        if (Files.isSymbolicLink(p)) {
            return "L:" + Files.readSymbolicLink(p);
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            return "D:" + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
        }
        if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
            return "F:"
                    + HexFormat.of().formatHex(Files.readAllBytes(p))
                    + ":"
                    + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
        }
        return "O";
    }
}
