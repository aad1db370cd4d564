package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A container's limits stay within the hard limits csl runs under (/proc/self/limits). */
class HostLimitsTest {
    private static final String LIMITS =
            "Limit                     Soft Limit           Hard Limit           Units     \n"
                    + "Max file size             unlimited            unlimited            bytes     \n"
                    + "Max processes             96364                96364                processes \n"
                    + "Max open files            1024                 20000                files     \n";

    @Test
    void parse_procLimits_hardValuesBoundTheContainers() {
        HostLimits limits = HostLimits.parse(LIMITS);

        assertThat(limits.containerOpenFiles()).isEqualTo(20000);
        assertThat(limits.containerProcesses()).isEqualTo(32768);
        assertThat(limits.containerFileSize(1L << 30)).isEqualTo(1L << 30);
        assertThat(
                        HostLimits.parse(
                                        LIMITS.replace(
                                                "96364                96364",
                                                "100                  100"))
                                .containerProcesses())
                .isEqualTo(100);
    }
}
