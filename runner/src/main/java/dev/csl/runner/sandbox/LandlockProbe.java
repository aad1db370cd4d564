package dev.csl.runner.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds out whether the Landlock layer works here: the kernel's Landlock ABI (asked through {@code
 * csl-confine --abi}), then a trial run of {@code true} restricted the way commands are, since a
 * container's seccomp profile may forbid what the ABI promises.
 *
 * @param abi the kernel's Landlock ABI version, 0 when Landlock is off or could not be asked
 * @param why a short reason when the layer does not work, empty when it does
 */
public record LandlockProbe(int abi, String why) {

    private static final class Cached {
        // Computed once per JVM: the machine does not change while csl runs.
        static final LandlockProbe RESULT = probe(ConfineLauncher.machine());
    }

    /** The probe result for this machine, computed once (only when something asks for it). */
    public static LandlockProbe machine() {
        return Cached.RESULT;
    }

    public static LandlockProbe unavailable(int abi, String why) {
        return new LandlockProbe(abi, why);
    }

    public boolean works() {
        return why.isEmpty();
    }

    static LandlockProbe probe(ConfineLauncher launcher) {
        if (!launcher.available()) {
            return unavailable(0, launcher.why());
        }
        String launcherPath = launcher.path().toString();
        Result asked = run(List.of(launcherPath, "--abi"));
        if (asked.exit != 0) {
            return unavailable(
                    0, "csl-confine does not run on this machine (" + asked.output + ")");
        }
        int abi;
        try {
            abi = Integer.parseInt(asked.output);
        } catch (NumberFormatException e) {
            return unavailable(
                    0, "csl-confine answered '" + asked.output + "' for the Landlock ABI");
        }
        if (abi < 1) {
            return unavailable(
                    0,
                    "Landlock is off in this kernel (Linux 5.13 or later with lsm=landlock needed)");
        }
        List<String> trialCommand =
                new ArrayList<>(List.of(launcherPath, "--landlock", "--no-net"));
        LandlockArguments.grant(trialCommand, "--ro", Path.of("/"));
        trialCommand.addAll(List.of("--", "true"));
        Result trial = run(trialCommand);
        if (trial.exit != 0) {
            return unavailable(
                    abi, "Landlock ABI " + abi + " is there but a trial failed: " + trial.output);
        }
        return new LandlockProbe(abi, "");
    }

    private record Result(int exit, String output) {}

    private static Result run(List<String> command) {
        try {
            Process process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                            .start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "no answer within 10 s");
            }
            return new Result(
                    process.exitValue(), new String(output, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }
}
