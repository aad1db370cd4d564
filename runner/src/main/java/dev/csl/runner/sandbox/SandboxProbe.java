package dev.csl.runner.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    private static final class Cached {
        // Computed once per JVM: the machine does not change while csl runs.
        static final SandboxProbe RESULT = probe(System.getenv("PATH"));
    }

    /** The probe result for this machine, computed once. */
    public static SandboxProbe machine() {
        return Cached.RESULT;
    }

    /** A probe result saying that no sandbox works, for tests and for {@code --sandbox off}. */
    public static SandboxProbe unavailable(String why) {
        return new SandboxProbe(null, why);
    }

    public boolean works() {
        return bwrap != null;
    }

    static SandboxProbe probe(String pathVariable) {
        if (!System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .contains("linux")) {
            return unavailable("no sandbox layer for " + System.getProperty("os.name") + " yet");
        }
        Path bwrap = findOnPath("bwrap", pathVariable);
        if (bwrap == null) {
            return unavailable("bwrap not installed (apt-get install bubblewrap)");
        }
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
        if (pathVariable == null) {
            return null;
        }
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
