package dev.csl.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * csl as one jar with its class caches, for a test that starts many child csl JVMs (the attack
 * battery). The jar holds csl's classes (the class directories of the test's class path, tests left
 * out) and its manifest names every library jar of that class path: a child started from it finds
 * the same classes as one started from the class path, and starts as the launcher starts csl.jar.
 * It maps its own classes from a class-data-sharing archive recorded once from {@link CdsTraining}
 * (as the launcher records csl.jsa), and the worker JVMs it starts map theirs from the archive csl
 * records beside a single jar (csl-worker.jsa): a child apply with a RUN costs about a quarter less
 * CPU (1.2 s instead of 1.55 s).
 *
 * <p>The jar lies in a directory of its own under the module's target directory, never around a
 * test's project (csl protects its installation, the jar's directory, from every command).
 */
final class CslJar implements AutoCloseable {
    private final Path dir;
    private final Path jar;
    private final Path archive;

    private CslJar(Path dir, Path jar, Path archive) {
        this.dir = dir;
        this.jar = jar;
        this.archive = archive;
    }

    /** Builds the jar from this JVM's test class path and records the archive of its classes. */
    static CslJar build() throws IOException, InterruptedException {
        Path dir =
                Files.createDirectories(
                        Path.of("target", "csl-jar-" + ProcessHandle.current().pid())
                                .toAbsolutePath());
        List<Path> classes = new ArrayList<>();
        List<String> libraries = new ArrayList<>();
        for (String entry : testClassPath()) {
            Path p = Path.of(entry).toAbsolutePath();
            if (Files.isDirectory(p)) {
                if (!p.getFileName().toString().equals("test-classes")) {
                    classes.add(p);
                }
            } else if (Files.isRegularFile(p)) {
                libraries.add(p.toUri().toString());
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", libraries));
        Path jar = dir.resolve("csl.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            Set<String> written = new HashSet<>();
            for (Path root : classes) {
                copyTree(root, out, written);
            }
        }
        Path archive = dir.resolve("csl.jsa");
        return new CslJar(dir, jar, record(jar, archive) ? archive : null);
    }

    private static List<String> testClassPath() {
        return List.of(
                System.getProperty(
                                "surefire.test.class.path", System.getProperty("java.class.path"))
                        .split(File.pathSeparator));
    }

    private static void copyTree(Path root, JarOutputStream out, Set<String> written)
            throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                String name = root.relativize(p).toString().replace(File.separatorChar, '/');
                if (!Files.isRegularFile(p) || !written.add(name)) {
                    continue; // the first class path entry wins, as on the class path
                }
                out.putNextEntry(new JarEntry(name));
                Files.copy(p, out);
                out.closeEntry();
            }
        }
    }

    /** Records the archive as the launcher records csl.jsa; false when that failed. */
    private static boolean record(Path jar, Path archive) throws IOException, InterruptedException {
        Path scratch = Files.createTempDirectory(jar.getParent(), "training");
        try {
            List<String> command = new ArrayList<>(List.of(java()));
            command.addAll(CslJava.shortCommandFlags());
            command.addAll(
                    List.of(
                            "-XX:ArchiveClassesAtExit=" + archive,
                            "-Xlog:cds=off",
                            "-Xlog:cds+dynamic=off",
                            "-cp",
                            jar.toString(),
                            CdsTraining.class.getName(),
                            scratch.toString(),
                            "apply-run"));
            Process p =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            if (!p.waitFor(Hang.LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return false;
            }
            return p.exitValue() == 0 && Files.isRegularFile(archive) && Files.size(archive) > 0;
        } finally {
            delete(scratch);
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * {@code java}, the launcher's flags for a short command with the archive, and the class path:
     * add properties, then {@code dev.csl.cli.Main ARGS}.
     */
    List<String> command() {
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(CslJava.shortCommandFlags());
        if (archive != null) {
            command.addAll(
                    List.of(
                            "-XX:SharedArchiveFile=" + archive,
                            "-Xlog:cds=off",
                            "-Xlog:cds+dynamic=off"));
        }
        command.addAll(List.of("-cp", jar.toString()));
        return command;
    }

    /** The jar, the archives and what the training left. */
    @Override
    public void close() throws IOException {
        delete(dir);
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
