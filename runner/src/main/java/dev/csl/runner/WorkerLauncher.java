package dev.csl.runner;

import dev.csl.fsguard.Installation;
import dev.csl.runner.sandbox.Sandbox;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a worker JVM: this JVM's own java binary and class path (so it works from the
 * shaded csl.jar and from a test class path alike), a capped heap, and the flags that make a small
 * JVM start fast.
 */
final class WorkerLauncher {
    static final String MAIN = "dev.csl.runner.worker.WorkerMain";
    static final int HEAP_MB = 256;

    private final List<String> extraJvmArgs;
    private final WorkerArchive archive;
    private final boolean longLived;

    WorkerLauncher(List<String> extraJvmArgs) {
        this(extraJvmArgs, false);
    }

    private WorkerLauncher(List<String> extraJvmArgs, boolean longLived) {
        this.extraJvmArgs = List.copyOf(extraJvmArgs);
        this.archive = WorkerArchive.forClassPath(System.getProperty("java.class.path"));
        this.longLived = longLived;
    }

    /** Workers of one apply: C1 only, the quickest start for a few commands. */
    static WorkerLauncher standard() {
        return new WorkerLauncher(List.of());
    }

    /**
     * Workers a pool keeps warm for many applies ({@code csl serve}): the optimizing compiler too,
     * so a repeated {@code grep -r} on a large tree runs compiled by C2 (about a quarter faster
     * once warm, docs/performance.md).
     */
    static WorkerLauncher longLived() {
        return new WorkerLauncher(List.of(), true);
    }

    /**
     * The command starting a worker for {@code root}, inside the OS sandbox when one is active (the
     * working directory the only writable place, no network), so that even a bug in a built-in
     * cannot write outside.
     */
    List<String> command(Path root, Sandbox sandbox) {
        List<String> readOnly = new ArrayList<>();
        // /tmp is private inside the sandbox: class path entries there must be shown to it.
        for (String entry : classPath().split(File.pathSeparator)) {
            if (entry.startsWith("/tmp/")) {
                readOnly.add(entry);
            }
        }
        return sandbox.wrap(
                command(root), root, root, false, readOnly.stream().map(Path::of).toList());
    }

    /**
     * Starts recording the class-data archive in the background when csl runs from a jar that has
     * none yet; returns the recording thread (join it before exiting) or {@code null}.
     */
    Thread prepareArchive(Path root) {
        return archive == null ? null : archive.trainInBackground(command(root, false));
    }

    /** The command starting a worker for {@code root} (no sandbox). */
    List<String> command(Path root) {
        return command(root, archive != null && archive.ready());
    }

    private List<String> command(Path root, boolean useArchive) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        cmd.add("-Xmx" + HEAP_MB + "m");
        cmd.add("-Xss1m");
        cmd.add("-XX:+UseSerialGC");
        if (!longLived) {
            cmd.add("-XX:TieredStopAtLevel=1");
        }
        if (!useArchive) {
            cmd.add("-Xshare:auto"); // the archive's flags take its place
        }
        cmd.add("-XX:-UsePerfData");
        cmd.add("-Dfile.encoding=UTF-8");
        // stdout is the protocol: every message of the JVM itself goes to stderr.
        cmd.add("-XX:+DisplayVMOutputToStderr");
        cmd.add("-Xlog:disable");
        cmd.add("-Xlog:all=warning:stderr");
        if (useArchive) {
            cmd.addAll(archive.jvmArgs());
        }
        cmd.addAll(extraJvmArgs);
        // The worker's guard protects the same installation as this JVM's: tell it the launcher.
        for (String property : Installation.PROPERTIES) {
            String value = System.getProperty(property);
            if (value != null) {
                cmd.add("-D" + property + "=" + value);
            }
        }
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(MAIN);
        if (root != null) {
            cmd.add(root.toString());
        }
        return cmd;
    }

    /**
     * This JVM's class path with every entry absolute: the worker starts in the working directory
     * (inside the sandbox, at its path there), where {@code java -jar cli/target/csl.jar}'s
     * relative entry names nothing.
     */
    static String classPath() {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(Path.of(entry).toAbsolutePath().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    static String javaBinary() {
        return ProcessHandle.current()
                .info()
                .command()
                .filter(c -> c.endsWith("java"))
                .orElse(
                        System.getProperty("java.home")
                                + File.separator
                                + "bin"
                                + File.separator
                                + "java");
    }
}
