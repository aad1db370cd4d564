package dev.csl.runner;

import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.Invocation;
import dev.csl.runner.worker.Protocol;
import dev.csl.runner.worker.WorkerRequest;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A class-data-sharing archive of the worker's classes next to csl.jar, so that a worker maps its
 * classes instead of loading them and starts about a third faster: on a JDK 25 or later an AOT
 * cache ({@code csl-worker.aot}, JEP 483/514: classes loaded and linked ahead of time, like the
 * launcher's), else a dynamic CDS archive ({@code csl-worker.jsa}). Recorded once per build by a
 * training worker that runs a few commands on a scratch directory; used only while it is newer than
 * the jar. Applies only when csl runs from one jar in a writable directory (not from a Maven class
 * path).
 */
final class WorkerArchive {
    private static final Duration STALE_TRAINING = Duration.ofMinutes(5);

    private final Path jar;
    private final Path archive;
    private final Path lock;

    /** Whether this JVM (whose java binary starts the workers) has AOT caches. */
    static final boolean AOT = Runtime.version().feature() >= 25;

    private final String name;

    private WorkerArchive(Path jar) {
        this.jar = jar;
        this.name = AOT ? "csl-worker.aot" : "csl-worker.jsa";
        this.archive = jar.resolveSibling(name);
        this.lock = jar.resolveSibling(name + ".training");
    }

    /** The archive for this class path, or {@code null} when it is not a single writable jar. */
    static WorkerArchive forClassPath(String classPath) {
        if (classPath == null
                || classPath.contains(File.pathSeparator)
                || !classPath.endsWith(".jar")) {
            return null;
        }
        Path jar = Path.of(classPath).toAbsolutePath();
        Path dir = jar.getParent();
        if (dir == null || !Files.isRegularFile(jar) || !Files.isWritable(dir)) {
            return null;
        }
        return new WorkerArchive(jar);
    }

    /** Whether a recorded archive matches the jar. */
    boolean ready() {
        try {
            return Files.isRegularFile(archive)
                    && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar))
                            >= 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * JVM flags that map the archive (silently ignored by the JVM if it does not fit); they take
     * the place of {@code -Xshare:auto}, which a JVM refuses beside an AOT cache.
     */
    List<String> jvmArgs() {
        if (AOT) {
            return List.of("-XX:AOTCache=" + archive, "-Xlog:aot=off", "-Xlog:cds=off");
        }
        return List.of(
                "-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    }

    /**
     * Records the archive in a background thread unless it is ready or another csl is recording it.
     * Returns the thread, which the caller may join before exiting, or {@code null}.
     */
    Thread trainInBackground(List<String> workerCommand) {
        if (ready() || !takeLock()) {
            return null;
        }
        Thread t = new Thread(() -> train(workerCommand), "csl-worker-archive");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private boolean takeLock() {
        try {
            // The lock and the archive sit beside csl's own jar, never in a project.
            Files.createFile(lock); // beside csl's jar, never in a project
            return true;
        } catch (FileAlreadyExistsException e) {
            try {
                FileTime started = Files.getLastModifiedTime(lock);
                if (started.toInstant().isBefore(Instant.now().minus(STALE_TRAINING))) {
                    Files.setLastModifiedTime(lock, FileTime.from(Instant.now()));
                    return true; // an earlier csl died while recording
                }
            } catch (IOException ignored) {
                // someone else just finished
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private void train(List<String> workerCommand) {
        Path scratch = null;
        Path tmp = archive.resolveSibling(name + "." + ProcessHandle.current().pid());
        Path config = archive.resolveSibling(tmp.getFileName() + ".config"); // AOT's first step
        try {
            // A temporary directory of csl's own under the system's temporary directory, never a
            // project, filled with two files whose names are fixed here.
            scratch = Files.createTempDirectory("csl-worker-training");
            Files.createDirectories(scratch.resolve("src")); // inside that temporary directory
            Files.writeString(scratch.resolve("a.txt"), "alpha\nbeta\n"); // fixed name, same
            Files.writeString(scratch.resolve("src/b.txt"), "beta\ngamma\n"); // fixed, same
            List<String> cmd = new ArrayList<>(workerCommand);
            int main = cmd.indexOf(WorkerLauncher.MAIN);
            if (AOT) {
                cmd.remove("-Xshare:auto"); // not allowed beside an AOT cache
                main = cmd.indexOf(WorkerLauncher.MAIN);
                cmd.add(main - 2, "-XX:AOTCacheOutput=" + tmp); // before -cp CLASSPATH
                cmd.add(main - 2, "-Xlog:aot=off");
            } else {
                cmd.add(main - 2, "-XX:ArchiveClassesAtExit=" + tmp); // before -cp CLASSPATH
            }
            cmd.add(main - 2, "-Xlog:cds=off");
            cmd.add(main - 2, "-Xlog:cds+dynamic=off");
            cmd.set(cmd.size() - 1, scratch.toRealPath().toString());
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (OutputStream in = p.getOutputStream()) {
                long id = 0;
                for (Invocation inv : trainingInvocations()) {
                    String json =
                            Protocol.encode(
                                    new WorkerRequest(
                                            ++id,
                                            scratch.toRealPath().toString(),
                                            scratch.toRealPath().toString(),
                                            4096,
                                            inv));
                    in.write((json + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 && Files.size(tmp) > 0) {
                // The recorded archive to its place beside csl's jar (both paths are csl's own).
                Files.move(
                        tmp,
                        archive,
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } else {
                p.destroyForcibly();
            }
        } catch (IOException | RuntimeException e) {
            // no archive this time: workers start without it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            deleteQuietly(tmp);
            deleteQuietly(config);
            deleteQuietly(lock);
            if (scratch != null) {
                try (Stream<Path> s = Files.walk(scratch)) {
                    s.sorted(Comparator.reverseOrder()).forEach(WorkerArchive::deleteQuietly);
                } catch (IOException ignored) {
                    // a scratch directory in the temp dir is harmless
                }
            }
        }
    }

    /**
     * The training commands that the command table declares, read against the table like any RUN
     * line: the common uses of each command, whose classes the archive should hold.
     */
    static List<Invocation> trainingInvocations() {
        List<Invocation> all = new ArrayList<>();
        for (List<String> words : CommandTable.trainingLines()) {
            all.add(invocation(words));
        }
        return all;
    }

    private static Invocation invocation(List<String> words) {
        CommandSpec spec = CommandTable.builtins().command(words.get(0)).orElseThrow();
        OptionParser.Parsed parsed = OptionParser.parse(spec, words, String.join(" ", words));
        if (parsed.invocation() == null) {
            throw new IllegalStateException("bad training command: " + parsed.failure());
        }
        return parsed.invocation();
    }

    /**
     * Removes one of csl's own training files: a scratch file, the unfinished archive or the lock.
     */
    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p); // only paths this class made (see the callers), no project
        } catch (IOException ignored) {
            // best effort
        }
    }
}
