package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.ContainerImage;
import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The argument vectors of the container layer for each runtime, without starting one: Docker has no
 * engine on the build machine, so its path is held here, argument by argument.
 */
class ContainerArgumentsTest {
    private static final HostLimits HOST = new HostLimits(4096, 65536, Long.MAX_VALUE);
    private static final ContainerImage NODE = new ContainerImage("node:22", null);

    @TempDir Path tmp;

    private static ContainerRuntime docker(boolean rootless) {
        return new ContainerRuntime(
                Path.of("/usr/bin/docker"), "docker", "27.3.1", rootless, List.of(), "");
    }

    private static ContainerRuntime podman(boolean rootless) {
        return new ContainerRuntime(
                Path.of("/usr/bin/podman"),
                "podman",
                "4.3.1",
                rootless,
                List.of("--runtime", "/usr/bin/runc"),
                "");
    }

    private static String uidAndGid() throws IOException {
        Path self = Path.of("/proc/self");
        return Files.getAttribute(self, "unix:uid") + ":" + Files.getAttribute(self, "unix:gid");
    }

    @Test
    void isolation_rootfulDocker_theWholeVector() throws IOException {
        List<String> args =
                ContainerArguments.isolation(
                        docker(false), "csl-1-1", false, HOST, CommandLimits.DEFAULTS);

        assertThat(args)
                .containsExactly(
                        "run",
                        "--rm",
                        "--pull=never",
                        "--name",
                        "csl-1-1",
                        "--network",
                        "none",
                        "--cap-drop",
                        "all",
                        "--security-opt",
                        "no-new-privileges",
                        "--read-only",
                        "--tmpfs",
                        "/tmp:rw,nosuid,nodev",
                        "--pids-limit",
                        Long.toString(CommandLimits.DEFAULTS.processes()),
                        "--memory",
                        Long.toString(ProcessLauncher.DEFAULT_MEMORY_CAP_BYTES),
                        "--ulimit",
                        "nofile=4096:4096",
                        "--ulimit",
                        "nproc=32768:32768",
                        "--ulimit",
                        "fsize="
                                + CommandLimits.DEFAULTS.fileSizeBytes()
                                + ":"
                                + CommandLimits.DEFAULTS.fileSizeBytes(),
                        "--log-driver",
                        "none",
                        "--user",
                        uidAndGid());
    }

    @Test
    void isolation_rootlessDocker_rootInsideIsTheUser_noUserOption() {
        List<String> args =
                ContainerArguments.isolation(
                        docker(true), "csl-1-1", false, HOST, CommandLimits.DEFAULTS);

        assertThat(args).doesNotContain("--user", "--userns=keep-id", "--read-only-tmpfs=false");
    }

    @Test
    void isolation_podman_keepsIdWhenRootless_andItsOwnTmpOptions() {
        List<String> rootless =
                ContainerArguments.isolation(
                        podman(true), "csl-1-1", false, HOST, CommandLimits.DEFAULTS);
        List<String> rootful =
                ContainerArguments.isolation(
                        podman(false), "csl-1-1", false, HOST, CommandLimits.DEFAULTS);

        assertThat(rootless).contains("--userns=keep-id").doesNotContain("--user");
        assertThat(rootful).contains("--user").doesNotContain("--userns=keep-id");
        assertThat(rootful)
                .containsSubsequence("--tmpfs", "/tmp:rw,nosuid,nodev,notmpcopyup")
                .contains("--read-only-tmpfs=false");
    }

    @Test
    void isolation_approvedWithNetwork_noNetworkOption() {
        List<String> args =
                ContainerArguments.isolation(
                        docker(false), "csl-1-1", true, HOST, CommandLimits.DEFAULTS);

        assertThat(args).doesNotContain("--network");
    }

    @Test
    void run_docker_mountsOnlyTheProject_readOnlyMetadata_environmentNames_imageLast()
            throws IOException {
        Path root = tmp.toRealPath();
        Path git = Files.createDirectories(root.resolve(".git"));

        List<String> args =
                ContainerArguments.run(
                        docker(false),
                        NODE,
                        "csl-1-2",
                        List.of("npm", "test"),
                        root,
                        root.resolve("sub"),
                        false,
                        List.of(git, root.resolve("gone")),
                        CommandLimits.DEFAULTS,
                        List.of("NPM_TOKEN", "not a name"),
                        false);

        assertThat(args)
                .containsSubsequence(
                        "-v",
                        root + ":" + root,
                        "-v",
                        git + ":" + git + ":ro",
                        "--workdir",
                        root.resolve("sub").toString(),
                        "--env",
                        "LANG",
                        "--env",
                        "CSL_RUN_TOKEN",
                        "--env",
                        "NPM_TOKEN",
                        "--env",
                        "HOME=/tmp",
                        "--env",
                        "TMPDIR=/tmp",
                        "node:22",
                        "npm",
                        "test");
        assertThat(args.subList(args.size() - 3, args.size()))
                .containsExactly("node:22", "npm", "test");
        assertThat(args).doesNotContain("not a name", "-i", "--rootfs");
        assertThat(String.join(" ", args)).doesNotContain("gone"); // a missing path is no mount
        assertThat(args.stream().filter(a -> a.equals("-v"))).hasSize(2);
    }

    @Test
    void warm_docker_detachedWithTheSameMounts_waitsInTheImagesSleep_noCommandEnvironment()
            throws IOException {
        Path root = tmp.toRealPath();

        List<String> args =
                ContainerArguments.warm(
                        docker(false),
                        NODE,
                        "csl-1-3",
                        root,
                        false,
                        List.of(),
                        CommandLimits.DEFAULTS,
                        null,
                        false,
                        null);

        assertThat(args.subList(0, 3)).containsExactly("run", "--detach", "--rm");
        assertThat(args).containsSubsequence("-v", root + ":" + root);
        assertThat(args.subList(args.size() - 3, args.size()))
                .containsExactly("node:22", "sleep", "infinity");
        assertThat(args).doesNotContain("LANG", "CSL_RUN_TOKEN", "--workdir");
    }

    @Test
    void warm_withCatatonit_mountedReadOnly_inPauseMode() throws IOException {
        Path root = tmp.toRealPath();
        Path init = Files.writeString(tmp.resolve("catatonit"), "");

        List<String> args =
                ContainerArguments.warm(
                        podman(false),
                        new ContainerImage(null, Path.of("/")),
                        "csl-1-4",
                        root,
                        false,
                        List.of(),
                        CommandLimits.DEFAULTS,
                        init,
                        false,
                        null);

        assertThat(args).containsSubsequence("-v", init + ":" + ContainerArguments.INIT + ":ro");
        assertThat(args.subList(args.size() - 4, args.size()))
                .containsExactly("--rootfs", "/:O", ContainerArguments.INIT, "-P");
    }

    @Test
    void warm_withTheExecAgent_itsFirstProcess_listeningOnASmallTmpfsOfItsOwn() throws IOException {
        Path root = tmp.toRealPath();
        Path agent = Files.writeString(tmp.resolve("csl-exec"), "");

        List<String> args =
                ContainerArguments.warm(
                        podman(false),
                        new ContainerImage(null, Path.of("/")),
                        "csl-1-4",
                        root,
                        false,
                        List.of(),
                        CommandLimits.DEFAULTS,
                        agent,
                        true,
                        null);

        assertThat(args).containsSubsequence("-v", agent + ":" + ContainerArguments.INIT + ":ro");
        assertThat(args)
                .containsSubsequence(
                        "--tmpfs",
                        ContainerArguments.AGENT_DIR
                                + ":rw,size=64k,mode=1777,noexec,nosuid,nodev");
        assertThat(args.stream().filter(arg -> arg.startsWith("-v")).count())
                .as("nothing of the host mounted for it but the program")
                .isEqualTo(2);
        assertThat(args.subList(args.size() - 5, args.size()))
                .containsExactly(
                        "--rootfs",
                        "/:O",
                        ContainerArguments.INIT,
                        "agent",
                        ContainerArguments.AGENT_DIR);
    }

    @Test
    void warm_keptBetweenApplies_theAgentEndsItAfterTheIdleTime() throws IOException {
        Path root = tmp.toRealPath();
        Path agent = Files.writeString(tmp.resolve("csl-exec"), "");

        List<String> args =
                ContainerArguments.warm(
                        podman(false),
                        new ContainerImage(null, Path.of("/")),
                        "csl-1-4",
                        root,
                        false,
                        List.of(),
                        CommandLimits.DEFAULTS,
                        agent,
                        true,
                        java.time.Duration.ofMinutes(5));

        assertThat(args.subList(args.size() - 4, args.size()))
                .containsExactly(
                        ContainerArguments.INIT, "agent", ContainerArguments.AGENT_DIR, "300");
    }

    @Test
    void passedNames_theCallersListedNames_butHomeAndTmpdir() {
        assertThat(ContainerArguments.passedNames(List.of("NPM_TOKEN", "HOME", "TMPDIR", "1X")))
                .contains("LANG", "CSL_RUN_TOKEN", "NPM_TOKEN")
                .doesNotContain("HOME", "TMPDIR", "1X", "PATH");
    }

    @Test
    void exec_theCallersEnvironmentNames_workdir_nameBeforeTheCommand() throws IOException {
        List<String> args =
                ContainerArguments.exec(
                        "csl-1-3", List.of("make", "-j2"), Path.of("/p/sub"), List.of("CC"), false);

        assertThat(args.subList(0, 3)).containsExactly("exec", "--workdir", "/p/sub");
        assertThat(args).containsSubsequence("--env", "CC", "--env", "HOME=/tmp");
        assertThat(args.subList(args.size() - 3, args.size()))
                .containsExactly("csl-1-3", "make", "-j2");
    }

    @Test
    void paths_holdingAColonOrComma_refused() {
        assertThatThrownBy(
                        () ->
                                ContainerArguments.exec(
                                        "csl-1-3",
                                        List.of("true"),
                                        Path.of("/p/a:b"),
                                        List.of(),
                                        false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("holds a ':' or ','");
    }

    @Test
    void removal_docker_knowsNoTime_podmanStopsAtOnce() {
        assertThat(ContainerLayer.removal(docker(false), "csl-1-1"))
                .containsExactly("/usr/bin/docker", "rm", "--force", "csl-1-1");
        assertThat(ContainerLayer.removal(podman(false), "csl-1-1"))
                .containsExactly(
                        "/usr/bin/podman",
                        "--runtime",
                        "/usr/bin/runc",
                        "rm",
                        "--force",
                        "--time",
                        "0",
                        "csl-1-1");
    }

    @Test
    void rootfs_underDocker_refusedNamingPodman() throws IOException {
        ContainerLayer layer =
                new ContainerLayer(docker(false), new ContainerImage(null, tmp.toRealPath()));

        assertThat(layer.check()).contains("needs podman (docker runs images only)");
    }

    @Test
    void ownerOf_readsTheCslPidOfAContainerName() {
        assertThat(ContainerLayer.ownerOf("csl-4242-7")).isEqualTo(4242);
        assertThat(ContainerLayer.ownerOf("csl-trial-4242")).isZero();
        assertThat(ContainerLayer.ownerOf("other")).isZero();
    }
}
