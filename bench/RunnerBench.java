import dev.csl.runner.ChangeRecorder;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.RunRequest;
import dev.csl.runner.RunSession;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.Runners;
import dev.csl.runner.base.SandboxMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Benchmark of the runner's built-ins (see bench/runner.sh): the first RUN of an apply (worker JVM
 * start included), the round trip of `cat small.txt` through a warm worker, and a plain
 * ProcessBuilder start of /bin/cat on the same file, measured in the same run.
 */
public class RunnerBench {
    public static void main(String[] args) throws Exception {
        int firstRuns = Integer.parseInt(args[0]);
        int warmRuns = Integer.parseInt(args[1]);
        SandboxMode mode = SandboxMode.valueOf(args[2].toUpperCase());
        Path dir = Files.createTempDirectory("csl-runner-bench");
        Files.writeString(dir.resolve("small.txt"), "hello\nworld\n");
        RunnerConfig base = RunnerConfig.defaults(dir);
        RunnerConfig config =
                new RunnerConfig(dir, base.defaultTimeoutSeconds(), base.outputCapBytes(), mode,
                        List.of(), false, null);
        RunRequest cat = new RunRequest("cat small.txt", null, null, null, ChangeRecorder.NONE);

        // Warm up the csl side (class loading, JIT of the parent) once, as a long-lived serve would
        // be; a CLI apply pays this too, but it is csl's start, not the worker's.
        try (RunSession s = Runners.standard().open(config)) {
            check(s.run(cat));
        }

        double[] first = new double[firstRuns];
        String layer = "";
        for (int i = 0; i < firstRuns; i++) {
            try (RunSession s = Runners.standard().open(config)) {
                long t0 = System.nanoTime();
                RunOutcome o = s.run(cat);
                first[i] = (System.nanoTime() - t0) / 1e6;
                check(o);
                layer = o.sandboxLayer();
            }
        }

        double[] warm = new double[warmRuns];
        try (RunSession s = Runners.standard().open(config)) {
            check(s.run(cat));
            for (int i = 0; i < warmRuns; i++) {
                long t0 = System.nanoTime();
                RunOutcome o = s.run(cat);
                warm[i] = (System.nanoTime() - t0) / 1e6;
                check(o);
            }
        }

        double[] proc = new double[Math.min(warmRuns, 500)];
        for (int i = 0; i < proc.length; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder("/bin/cat", "small.txt").directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            p.getInputStream().readAllBytes();
            p.waitFor();
            proc[i] = (System.nanoTime() - t0) / 1e6;
        }

        // Calibration under the machine's current load: the cheapest JVM start there is.
        String java = ProcessHandle.current().info().command().orElse("java");
        double[] jvm = new double[firstRuns];
        for (int i = 0; i < jvm.length; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1",
                    "-XX:+UseSerialGC", "-XX:-UsePerfData", "-version")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            p.waitFor();
            jvm[i] = (System.nanoTime() - t0) / 1e6;
        }

        System.out.printf("sandbox layer of the worker: %s%n", layer);
        report("first RUN, worker start included (" + firstRuns + "x)", first);
        report("warm round trip, cat small.txt (" + warmRuns + "x)", warm);
        report("ProcessBuilder start of /bin/cat small.txt (" + proc.length + "x)", proc);
        report("bare JVM start, java -version (" + jvm.length + "x)", jvm);
    }

    private static void check(RunOutcome o) {
        if (!o.ok() || !o.commands().get(0).stdout().equals("hello\nworld\n")) {
            throw new IllegalStateException("unexpected outcome: " + o);
        }
    }

    private static void report(String what, double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        System.out.printf("%-55s median %8.3f ms   p90 %8.3f ms   min %8.3f ms%n",
                what, s[s.length / 2], s[(int) (s.length * 0.9)], s[0]);
    }
}
