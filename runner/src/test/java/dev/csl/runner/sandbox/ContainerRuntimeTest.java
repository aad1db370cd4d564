package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's probe with stand-in clients on a PATH of their own: Docker's command line without
 * an engine behind it (the usual case on a laptop where Docker Desktop is not running) names what
 * to start or install, in doctor's line too.
 */
class ContainerRuntimeTest {
    @TempDir Path tmp;

    private Path client(String name, String script) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path client = bin.resolve(name);
        Files.writeString(client, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(client, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    @Test
    void dockerWithoutEngine_unavailable_namingTheEngineAndPodman() throws IOException {
        Path bin =
                client(
                        "docker",
                        "echo 'Cannot connect to the Docker daemon at"
                                + " unix:///var/run/docker.sock. Is the docker daemon running?' >&2;"
                                + " exit 1");
        Path project = Files.createDirectories(tmp.resolve("project"));

        ContainerRuntime runtime = ContainerRuntime.probe(bin.toString(), project);

        assertThat(runtime.works()).isFalse();
        assertThat(runtime.why())
                .isEqualTo(
                        "docker's command line is installed ("
                                + bin.resolve("docker")
                                + ") but no Docker engine answers it (Cannot connect to the Docker"
                                + " daemon at unix:///var/run/docker.sock. Is the docker daemon"
                                + " running?); start the Docker engine (systemctl start docker),"
                                + " or use Podman, which needs none (apt-get install podman runc)");
    }

    @Test
    void dockerWithoutEngine_doctorsLine_passesWhereNoProjectAsksForTheLayer() throws IOException {
        Path bin = client("docker", "echo 'Cannot connect to the Docker daemon' >&2; exit 1");
        Path project = Files.createDirectories(tmp.resolve("project"));
        ContainerRuntime runtime = ContainerRuntime.probe(bin.toString(), project);

        ContainerCheck check =
                ContainerCheck.of(project, project, new ProcessLauncher(1 << 20), runtime);

        assertThat(check.ok()).isTrue();
        assertThat(check.detail())
                .startsWith("docker's command line is installed")
                .contains("no Docker engine answers it (Cannot connect to the Docker daemon)")
                .endsWith("(only --sandbox container needs it)");
    }

    @Test
    void doctorsLine_namesAnUntrustedDevcontainerAndHowToTrustIt() throws IOException {
        Path bin = client("docker", "echo 'Cannot connect to the Docker daemon' >&2; exit 1");
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.createDirectories(project.resolve(".devcontainer"));
        Files.writeString(
                project.resolve(".devcontainer/devcontainer.json"), "{\"image\": \"node:22\"}");
        ContainerRuntime runtime = ContainerRuntime.probe(bin.toString(), project);

        ContainerCheck check =
                ContainerCheck.of(project, project, new ProcessLauncher(1 << 20), runtime);

        assertThat(check.detail())
                .endsWith(
                        "; .devcontainer/devcontainer.json names the image node:22, but csl has no"
                                + " record that you reviewed it (a cloned repository chooses it), so"
                                + " it is not used; review it and trust it with `csl trust"
                                + " --devcontainer`");
    }

    @Test
    void dockerWithEngine_works_rootlessFromItsSecurityOptions() throws IOException {
        Path bin =
                client(
                        "docker",
                        "case \"$1\" in version) echo 27.3.1;; info) echo"
                                + " '[name=seccomp,profile=builtin name=rootless]';; esac");
        Path project = Files.createDirectories(tmp.resolve("project"));

        ContainerRuntime runtime = ContainerRuntime.probe(bin.toString(), project);

        assertThat(runtime.works()).as(runtime.why()).isTrue();
        assertThat(runtime.describe()).isEqualTo("docker 27.3.1, rootless");
        assertThat(runtime.client()).containsExactly(bin.resolve("docker").toString());
    }

    @Test
    void noClient_namesBoth() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));

        ContainerRuntime runtime = ContainerRuntime.probe(empty.toString(), tmp);

        assertThat(runtime.why()).contains("neither podman nor docker is installed");
    }

    @Test
    void clientInsideTheWorkingDirectory_neverTaken() throws IOException {
        Path bin = client("docker", "echo 27.3.1");

        ContainerRuntime runtime = ContainerRuntime.probe(bin.toString(), tmp);

        assertThat(runtime.works()).isFalse();
        assertThat(runtime.why()).contains("neither podman nor docker is installed");
    }
}
