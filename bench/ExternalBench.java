import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.node.NodeRunner;
import dev.csl.runner.sandbox.Sandbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Wall-clock cost of csl's second layer, measured through the real launcher and sandbox classes:
 * `sandbox` - one command (/bin/true) started plainly vs inside bubblewrap;
 * `container` - the same plainly, in bubblewrap, in a fresh container, in a warm one (its exec agent, else exec),
 *   and as the first command of a later apply of serve or the resident process (the container kept between applies);
 * `node` - `node -e 0` vs a one-line lang="node" script (guarded-fs preload + permission model),
 * without and with the sandbox. Run by bench/sandbox.sh and bench/node.sh.
 */
public class ExternalBench {
    public static void main(String[] args) throws Exception {
        String what = args.length > 0 ? args[0] : "sandbox";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        Path wd = Files.createTempDirectory("csl-bench-");
        ProcessLauncher launcher = new ProcessLauncher(1 << 20);
        Sandbox off = Sandbox.forMode(SandboxMode.OFF);
        Sandbox on = Sandbox.forMode(SandboxMode.AUTO);
        System.out.println("sandbox layer: " + on.layer() + "; runs per case: " + runs
                + " (cases interleaved, so machine load hits all alike)");
        Map<String, Supplier<CommandOutcome>> cases = new LinkedHashMap<>();
        if (what.equals("container")) {
            // the project names the host's root as its image (Podman, no download), trusted in
            // the user state bench/container.sh points CSL_CONFIG_HOME to
            Files.createDirectories(wd.resolve(".csl"));
            Files.writeString(wd.resolve(".csl/commands.json"), "{\"container\": {\"rootfs\": \"/\"}}\n");
            dev.csl.runner.approval.ProjectTrust.trustAsWritten(wd);
            Sandbox container = Sandbox.forConfig(
                    dev.csl.runner.base.RunnerConfig.defaults(wd).withLayer(dev.csl.runner.base.SandboxLayer.CONTAINER));
            if (container.refusal("the bench") != null) {
                throw new IllegalStateException(container.refusal("the bench").message());
            }
            System.out.println("container layer: " + container.layer());
            List<String> command = List.of("/bin/true");
            cases.put("plain /bin/true", () -> launcher.run("true", off.wrap(command, wd, false), wd, 30));
            cases.put("bwrap /bin/true", () -> launcher.run("true", on.wrap(command, wd, false), wd, 30));
            cases.put("container /bin/true", () -> {
                try (var confined = container.confine(command, wd, wd, false, List.of())) {
                    return launcher.run("true", confined.argv(), wd, 30);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            // as an apply's later commands run: in its warm container (its exec agent), cleared afterwards
            var warm = container.warmContainers();
            Runtime.getRuntime().addShutdownHook(new Thread(warm::close));
            cases.put("container warm /bin/true", () -> {
                try (var confined = container.confineWarm(warm, command, wd, wd, false, List.of())) {
                    return launcher.run("true", confined.argv(), wd, 30);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            // as serve and the resident process run each apply's first command: in the container
            // the last apply of the project handed back to the pool (taken, cleared, checked and
            // handed back again around the command)
            var pool = new dev.csl.runner.sandbox.ContainerPool(4, java.time.Duration.ofMinutes(5));
            Runtime.getRuntime().addShutdownHook(new Thread(pool::close));
            cases.put("container kept, next apply /bin/true", () -> {
                try (var apply = container.warmContainers(pool);
                        var confined = container.confineWarm(apply, command, wd, wd, false, List.of())) {
                    return launcher.run("true", confined.argv(), wd, 30);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } else if (what.equals("sandbox")) {
            List<String> command = List.of("/bin/true");
            cases.put("plain /bin/true", () -> launcher.run("true", off.wrap(command, wd, false), wd, 30));
            cases.put("bwrap /bin/true", () -> launcher.run("true", on.wrap(command, wd, false), wd, 30));
        } else {
            List<String> bare = List.of("node", "-e", "0");
            NodeRunner unboxed = new NodeRunner(wd, off, launcher);
            NodeRunner boxed = new NodeRunner(wd, on, launcher);
            String program = "console.log(require('fs').readdirSync('.').length)";
            cases.put("node -e 0", () -> launcher.run("node -e 0", bare, wd, 30));
            cases.put("lang=node one-liner, no sandbox", () -> outcome(unboxed.run(program, wd, 30)));
            cases.put("lang=node one-liner, sandbox", () -> outcome(boxed.run(program, wd, 30)));
        }
        Map<String, List<Double>> times = new LinkedHashMap<>();
        cases.keySet().forEach(name -> times.put(name, new ArrayList<>()));
        for (int i = -3; i < runs; i++) {
            for (Map.Entry<String, Supplier<CommandOutcome>> entry : cases.entrySet()) {
                long start = System.nanoTime();
                check(entry.getValue().get());
                if (i >= 0) {
                    times.get(entry.getKey()).add((System.nanoTime() - start) / 1e6);
                }
            }
        }
        List<Double> medians = new ArrayList<>();
        times.forEach((name, list) -> medians.add(report(name, list)));
        if (what.equals("container")) {
            System.out.printf("container / bubblewrap, per command: fresh %.1f x, warm %.1f x,"
                            + " next apply's in the kept one %.1f x (medians)%n",
                    medians.get(2) / medians.get(1), medians.get(3) / medians.get(1),
                    medians.get(4) / medians.get(1));
        } else if (what.equals("sandbox")) {
            System.out.printf("added cost of the sandbox per command: %.1f ms (median)%n",
                    medians.get(1) - medians.get(0));
        } else {
            System.out.printf("preload + permission model add %.1f ms to node -e 0, the sandbox %.1f ms more (medians)%n",
                    medians.get(1) - medians.get(0), medians.get(2) - medians.get(1));
        }
        if (what.equals("container")) {
            Files.deleteIfExists(wd.resolve(".csl/commands.json"));
            Files.deleteIfExists(wd.resolve(".csl"));
        }
        Files.deleteIfExists(wd);
    }

    private static CommandOutcome outcome(RunOutcome run) {
        if (!run.ok()) {
            throw new IllegalStateException(run.failure().message() + "\n" + run.commands());
        }
        return new CommandOutcome(run.commands().get(0), null);
    }

    private static double report(String name, List<Double> times) {
        Collections.sort(times);
        double median = times.get(times.size() / 2);
        double p90 = times.get((int) (times.size() * 0.9));
        System.out.printf("%-36s median %7.1f ms   p90 %7.1f ms   min %7.1f ms%n",
                name, median, p90, times.get(0));
        return median;
    }

    private static void check(CommandOutcome outcome) {
        if (!outcome.ok()) {
            throw new IllegalStateException(outcome.failure().message() + ": " + outcome.result().stderr());
        }
    }
}
