package dev.csl.runner.external;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SandboxFailuresTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/usr/bin/cp: cannot create regular file '/home/u/x.txt': Read-only file system"
                        + "|/home/u/x.txt",
                "sh: 1: cannot create /etc/x: Read-only file system|/etc/x",
                "touch: cannot touch '/opt/a b': Read-only file system|/opt/a b",
                "OSError: [Errno 30] Read-only file system: '/srv/data'|/srv/data",
            })
    void refusedPath_toolMessages_pathTheToolCouldNotWrite(String line, String path) {
        assertThat(SandboxFailures.refusedPath(line)).isEqualTo(path);
    }
}
