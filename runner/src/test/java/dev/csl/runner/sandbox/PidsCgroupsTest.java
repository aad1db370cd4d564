package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.sandbox.PidsCgroups.Candidate;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Where csl looks for a cgroup to make commands' cgroups in, from the kernel's own tables. */
class PidsCgroupsTest {
    private static final String V2_MOUNT =
            "30 25 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2"
                    + " rw,nsdelegate\n";
    private static final String V1_PIDS_MOUNT =
            "40 25 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids\n";

    @Test
    void candidates_cgroupV2_ownCgroupFirstThenAncestorsThatHandOnPids() {
        String membership = "0::/user.slice/user-1000.slice/session-3.scope\n";
        Set<Path> delegating =
                Set.of(
                        Path.of("/sys/fs/cgroup/user.slice/user-1000.slice"),
                        Path.of("/sys/fs/cgroup"));

        List<Candidate> found = PidsCgroups.candidates(membership, V2_MOUNT, delegating::contains);

        assertThat(found)
                .containsExactly(
                        new Candidate(
                                Path.of("/sys/fs/cgroup/user.slice/user-1000.slice"), "cgroup v2"),
                        new Candidate(Path.of("/sys/fs/cgroup"), "cgroup v2"));
    }

    @Test
    void candidates_hybridMachine_v2WithoutPidsFallsBackToTheV1PidsHierarchy() {
        String membership = "8:pids:/\n4:memory:/process_api/5f9f\n0::/\n";
        String mounts =
                "50 25 0:40 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
                        + "41 25 0:37 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
                        + V1_PIDS_MOUNT;

        List<Candidate> found = PidsCgroups.candidates(membership, mounts, dir -> false);

        assertThat(found)
                .containsExactly(new Candidate(Path.of("/sys/fs/cgroup/pids"), "cgroup v1"));
    }

    @Test
    void candidates_containerMountOfItsOwnCgroup_pathTakenBelowTheMountsRoot() {
        String membership = "3:pids:/docker/abc/job\n";
        String mounts = "40 25 0:36 /docker/abc /sys/fs/cgroup/pids ro - cgroup cgroup rw,pids\n";

        List<Candidate> found = PidsCgroups.candidates(membership, mounts, dir -> false);

        assertThat(found)
                .containsExactly(new Candidate(Path.of("/sys/fs/cgroup/pids/job"), "cgroup v1"));
    }

    @Test
    void candidates_cgroupOutsideTheMountedPart_noCandidate() {
        String membership = "3:pids:/elsewhere\n";
        String mounts = "40 25 0:36 /docker/abc /sys/fs/cgroup/pids ro - cgroup cgroup rw,pids\n";

        assertThat(PidsCgroups.candidates(membership, mounts, dir -> true)).isEmpty();
    }

    @Test
    void candidates_noPidsAnywhere_none() {
        String membership = "0::/init.scope\n";

        assertThat(PidsCgroups.candidates(membership, V2_MOUNT, dir -> false)).isEmpty();
    }
}
