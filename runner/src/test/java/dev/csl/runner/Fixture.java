package dev.csl.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Builds the fixture tree of testdata/runner/fixture.txt (the same one generate.py builds). */
final class Fixture {
    static final Path TESTDATA = Path.of("..", "testdata", "runner");
    static final FileTime TIME = FileTime.from(Instant.parse("2020-06-15T12:00:00Z"));

    private Fixture() {}

    static void create(Path root) throws IOException {
        List<String> lines = Files.readAllLines(TESTDATA.resolve("fixture.txt"));
        List<String> heads = new ArrayList<>();
        List<List<String>> bodies = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("== ")) {
                heads.add(line.substring(3));
                bodies.add(new ArrayList<>());
            } else if (!heads.isEmpty()) {
                bodies.get(bodies.size() - 1).add(line);
            }
        }
        Files.createDirectories(root);
        for (int i = 0; i < heads.size(); i++) {
            String head = heads.get(i);
            List<String> body = bodies.get(i);
            while (!body.isEmpty() && body.get(body.size() - 1).isEmpty()) {
                body.remove(body.size() - 1);
            }
            if (head.contains(" -> ")) {
                String[] parts = head.split(" -> ");
                Path link = root.resolve(parts[0]);
                Files.createSymbolicLink(link, Path.of(parts[1]));
                setTime(link);
            } else if (head.endsWith("/")) {
                Files.createDirectories(root.resolve(head));
            } else {
                boolean noNewline = head.endsWith(" (no newline)");
                Path file = root.resolve(head.replace(" (no newline)", ""));
                Files.createDirectories(file.getParent());
                String text = String.join("\n", body);
                if (!noNewline && !body.isEmpty()) {
                    text += "\n";
                }
                Files.writeString(file, text, StandardCharsets.UTF_8);
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
                setTime(file);
            }
        }
        List<Path> dirs = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).forEach(dirs::add);
        }
        for (int i = dirs.size() - 1; i >= 0; i--) {
            Files.setPosixFilePermissions(
                    dirs.get(i), PosixFilePermissions.fromString("rwxr-xr-x"));
            setTime(dirs.get(i));
        }
    }

    private static void setTime(Path p) throws IOException {
        Files.getFileAttributeView(p, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(TIME, null, null);
    }

    /** Every path below {@code root}, directories ending in /, as generate.py lists them. */
    static List<String> listing(Path root) throws IOException {
        TreeSet<String> out = new TreeSet<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> !p.equals(root))
                    .forEach(
                            p -> {
                                String rel = root.relativize(p).toString();
                                boolean dir = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
                                out.add(dir ? rel + "/" : rel);
                            });
        }
        return new ArrayList<>(out);
    }
}
