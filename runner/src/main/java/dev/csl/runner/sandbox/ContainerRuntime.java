package dev.csl.runner.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The container runtime of this machine for the container layer: Podman where it is installed
 * (rootless where the user runs it so), else Docker; found on PATH's absolute entries, never inside
 * the working directory. Tried once per process: Podman with its default OCI runtime, then with
 * {@code runc} and {@code crun} (a runtime that cannot work here, such as crun on a host with
 * cgroups in hybrid mode, fails the trial), under the same isolation every command gets, so what
 * the trial accepted is what commands get. Docker cannot start a container without an image: its
 * trial is that the engine answers; the image's own trial is {@link ContainerLayer#check}.
 *
 * @param program the runtime's client ({@code podman}, {@code docker}), or {@code null}
 * @param name {@code podman} or {@code docker}
 * @param version the runtime's version
 * @param rootless whether its containers run without root on the host
 * @param global the runtime's own options before {@code run} ({@code --runtime runc})
 * @param why why none works, or "" when it works
 */
public record ContainerRuntime(
        Path program,
        String name,
        String version,
        boolean rootless,
        List<String> global,
        String why) {
    private static final int TRIAL_SECONDS = 60;

    // Tried once per PATH: a resident csl process serves callers whose PATH finds other clients.
    private static final java.util.concurrent.ConcurrentMap<String, Once<ContainerRuntime>> TRIED =
            new java.util.concurrent.ConcurrentHashMap<>();

    public ContainerRuntime {
        global = List.copyOf(global);
    }

    /** The runtime of this machine, tried once per process (no client taken from {@code dir}). */
    public static ContainerRuntime machine(Path workingDir) {
        return machine(workingDir, System.getenv("PATH"));
    }

    /** As {@link #machine(Path)} for a call whose PATH is {@code path}. */
    public static ContainerRuntime machine(Path workingDir, String path) {
        return TRIED.computeIfAbsent(
                        path == null ? "" : path,
                        p ->
                                new Once<>(
                                        "csl-container-probe",
                                        e ->
                                                unavailable(
                                                        "the trial run of the container runtime"
                                                                + " failed: "
                                                                + e)))
                .get(() -> probe(path, workingDir));
    }

    static ContainerRuntime unavailable(String why) {
        return new ContainerRuntime(null, "", "", false, List.of(), why);
    }

    public boolean works() {
        return why.isEmpty();
    }

    /** How results and doctor name it: {@code podman 4.3.1, rootless}. */
    public String describe() {
        return name + " " + version + (rootless ? ", rootless" : ", as root");
    }

    /** The client and its own options, to which {@code run ...} or {@code rm ...} is added. */
    public List<String> client() {
        List<String> argv = new ArrayList<>();
        argv.add(program.toString());
        argv.addAll(global);
        return argv;
    }

    static ContainerRuntime probe(String pathVariable, Path workingDir) {
        Path podman = SandboxProbe.findOnPath("podman", pathVariable, workingDir);
        if (podman != null) {
            return podman(podman, pathVariable, workingDir);
        }
        Path docker = SandboxProbe.findOnPath("docker", pathVariable, workingDir);
        if (docker != null) {
            return docker(docker);
        }
        return unavailable(
                "neither podman nor docker is installed (apt-get install podman runc, or install"
                        + " Docker)");
    }

    private static ContainerRuntime podman(Path podman, String pathVariable, Path workingDir) {
        Output version =
                Output.of(List.of(podman.toString(), "version", "--format", "{{.Client.Version}}"));
        if (version.exit() != 0) {
            return unavailable("podman is installed but does not answer (" + version.text() + ")");
        }
        Output rootless =
                Output.of(
                        List.of(
                                podman.toString(),
                                "info",
                                "--format",
                                "{{.Host.Security.Rootless}}"));
        boolean isRootless = rootless.text().strip().equals("true");
        List<List<String>> candidates = new ArrayList<>();
        candidates.add(List.of());
        for (String oci : List.of("runc", "crun")) {
            Path path =
                    SandboxProbe.findOnPath(
                            oci,
                            pathVariable + File.pathSeparator + "/usr/sbin:/usr/bin",
                            workingDir);
            if (path != null) {
                candidates.add(List.of("--runtime", path.toString()));
            }
        }
        List<String> failures = new ArrayList<>();
        for (List<String> global : candidates) {
            ContainerRuntime runtime =
                    new ContainerRuntime(
                            podman, "podman", version.text().strip(), isRootless, global, "");
            List<String> trial = new ArrayList<>(runtime.client());
            trial.addAll(
                    ContainerArguments.isolation(
                            runtime,
                            "csl-trial-" + ProcessHandle.current().pid(),
                            false,
                            HostLimits.machine(),
                            dev.csl.runner.approval.CommandLimits.DEFAULTS));
            trial.addAll(List.of("--rootfs", "/:O", "true"));
            Output output = Output.of(trial);
            if (output.exit() == 0) {
                return runtime;
            }
            failures.add(
                    (global.isEmpty() ? "default runtime" : String.join(" ", global))
                            + ": "
                            + output.text());
        }
        return unavailable(
                "podman is installed but cannot start a container here ("
                        + String.join("; ", failures)
                        + ")");
    }

    private static ContainerRuntime docker(Path docker) {
        Output version =
                Output.of(List.of(docker.toString(), "version", "--format", "{{.Server.Version}}"));
        if (version.exit() != 0 || version.text().isBlank()) {
            return unavailable(
                    "docker's command line is installed ("
                            + docker
                            + ") but no Docker engine answers it ("
                            + version.text().lines().findFirst().orElse("").strip()
                            + "); start the Docker engine (systemctl start docker), or use Podman,"
                            + " which needs none (apt-get install podman runc)");
        }
        Output info =
                Output.of(List.of(docker.toString(), "info", "--format", "{{.SecurityOptions}}"));
        return new ContainerRuntime(
                docker,
                "docker",
                version.text().strip(),
                info.text().contains("rootless"),
                List.of(),
                "");
    }

    /** A finished client command: its exit status and its output, stdout and stderr together. */
    record Output(int exit, String text) {
        static Output of(List<String> argv) {
            return of(argv, TRIAL_SECONDS);
        }

        static Output of(List<String> argv, int seconds) {
            try {
                Process process =
                        new ProcessBuilder(argv)
                                .redirectErrorStream(true)
                                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                                .start();
                byte[] bytes = process.getInputStream().readAllBytes();
                if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    return new Output(-1, "did not finish within " + seconds + " s");
                }
                String text = new String(bytes, StandardCharsets.UTF_8).strip();
                return new Output(
                        process.exitValue(), text.isEmpty() ? "exit " + process.exitValue() : text);
            } catch (IOException e) {
                return new Output(-1, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Output(-1, "interrupted");
            }
        }
    }
}
