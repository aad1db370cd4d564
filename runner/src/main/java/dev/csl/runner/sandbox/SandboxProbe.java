package dev.csl.runner.sandbox;

import dev.csl.runner.process.ProcessLauncher;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Finds out whether bubblewrap actually works on this machine by running {@code true} inside the
 * same kind of sandbox csl uses. Being installed is not enough: nested containers often forbid the
 * namespaces bwrap needs, and only trying tells.
 *
 * @param bwrap the bwrap executable, or {@code null} when no sandbox works
 * @param why a short reason when it does not work (e.g. "bwrap not installed")
 */
public record SandboxProbe(Path bwrap, String why) {

    // Tried once per bwrap executable: the machine does not change while csl runs, but which bwrap
    // a call finds depends on that call's PATH and working directory (a resident csl process serves
    // callers with different ones), so the trial is keyed by the program it runs.
    private static final ConcurrentMap<Path, Once<SandboxProbe>> TRIED = new ConcurrentHashMap<>();

    /** The probe result for this machine under csl's own PATH (doctor, tests). */
    public static SandboxProbe machine() {
        return machine(System.getenv("PATH"), null);
    }

    /**
     * Whether the bwrap found on {@code pathVariable} (never one inside {@code workingDir}: the
     * trial runs the program it finds) works, tried once per bwrap (here, unless it already runs).
     */
    public static SandboxProbe machine(String pathVariable, Path workingDir) {
        if (!isLinux()) {
            return unavailable("no sandbox layer for " + System.getProperty("os.name") + " yet");
        }
        Path bwrap = findOnPath("bwrap", pathVariable, workingDir);
        if (bwrap == null) {
            return NOT_INSTALLED;
        }
        return trial(bwrap).get(() -> tryRunning(bwrap));
    }

    /**
     * Starts the trial of {@code bwrap} on a thread of its own (the thread waits for the trial run,
     * which bubblewrap's {@code --die-with-parent} ties to it), so that {@link #machine} later only
     * waits for what is left.
     */
    static void startTrial(Path bwrap) {
        trial(bwrap).start(() -> tryRunning(bwrap));
    }

    /** True once the trial of {@code bwrap} has an answer. */
    static boolean triedAlready(Path bwrap) {
        return trial(bwrap).done();
    }

    private static Once<SandboxProbe> trial(Path bwrap) {
        return TRIED.computeIfAbsent(
                bwrap,
                b ->
                        new Once<>(
                                "csl-sandbox-probe",
                                e -> unavailable("the trial run of bwrap failed: " + e)));
    }

    private static final SandboxProbe NOT_INSTALLED =
            unavailable("bwrap not installed (apt-get install bubblewrap)");

    /** The bwrap that {@link #probe} would try, without trying it; {@code null} when none. */
    static Path bwrapOnPath(String pathVariable, Path workingDir) {
        return isLinux() ? findOnPath("bwrap", pathVariable, workingDir) : null;
    }

    private static boolean isLinux() {
        return System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .contains("linux");
    }

    /** A probe result saying that no sandbox works, for tests and for {@code --sandbox off}. */
    public static SandboxProbe unavailable(String why) {
        return new SandboxProbe(null, why);
    }

    public boolean works() {
        return bwrap != null;
    }

    static SandboxProbe probe(String pathVariable) {
        return probe(pathVariable, null);
    }

    static SandboxProbe probe(String pathVariable, Path workingDir) {
        if (!isLinux()) {
            return unavailable("no sandbox layer for " + System.getProperty("os.name") + " yet");
        }
        Path bwrap = findOnPath("bwrap", pathVariable, workingDir);
        if (bwrap == null) {
            return NOT_INSTALLED;
        }
        return tryRunning(bwrap);
    }

    /** Runs {@code true} under {@code bwrap} as csl's sandbox would. */
    private static SandboxProbe tryRunning(Path bwrap) {
        List<String> command = new ArrayList<>();
        command.add(bwrap.toString());
        command.addAll(BwrapArguments.isolation(false));
        command.add("--");
        command.add("true");
        try {
            Process process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                            .start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return unavailable("bwrap did not finish a trial run within 10 s");
            }
            if (process.exitValue() != 0) {
                String message =
                        new String(output, java.nio.charset.StandardCharsets.UTF_8).strip();
                return unavailable(
                        "bwrap is installed but cannot create namespaces here ("
                                + (message.isEmpty() ? "exit " + process.exitValue() : message)
                                + ")");
            }
            return new SandboxProbe(bwrap, "");
        } catch (IOException e) {
            return unavailable("bwrap could not be started: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unavailable("interrupted while trying bwrap");
        }
    }

    static Path findOnPath(String program, String pathVariable) {
        return findOnPath(program, pathVariable, null);
    }

    /** As {@link #findOnPath(String, String)}, skipping any candidate inside {@code workingDir}. */
    static Path findOnPath(String program, String pathVariable, Path workingDir) {
        if (pathVariable == null) {
            return null;
        }
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (dir.isEmpty() || !Path.of(dir).isAbsolute()) {
                continue; // a relative entry names a place an answer may write (the project)
            }
            Path candidate = Path.of(dir, program);
            if (Files.isRegularFile(candidate)
                    && Files.isExecutable(candidate)
                    && (workingDir == null || !ProcessLauncher.inside(candidate, workingDir))) {
                return candidate;
            }
        }
        return null;
    }
}
