package dev.csl.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * Makes a long-running server (serve, mcp) give memory back once an answer is done. A multi-MB
 * answer makes the JVM grow its heap for the garbage of one apply (the answer, its AST, the files,
 * the JSON); the default G1 keeps that heap committed for ever (serve stayed at 2.2 GB). These
 * settings are HotSpot's manageable flags, so they hold however the JVM was started: an idle G1
 * collects every few seconds and returns what it does not use (JEP 346), and every collection
 * shrinks the heap to at most a third more than what is live.
 */
final class IdleMemory {
    /** How long a server must be idle before G1 collects and uncommits, in milliseconds. */
    static final String PERIODIC_GC_MILLIS = "2000";

    private IdleMemory() {}

    /** Sets the flags where the VM has them; another VM or collector keeps its own defaults. */
    static void giveBackWhenIdle() {
        try {
            HotSpotDiagnosticMXBean vm =
                    ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            // Min before max: the VM refuses a minimum above the maximum of the moment.
            set(vm, "MinHeapFreeRatio", "10");
            set(vm, "MaxHeapFreeRatio", "30");
            set(vm, "G1PeriodicGCInterval", PERIODIC_GC_MILLIS);
        } catch (RuntimeException | LinkageError e) {
            // No HotSpot management here: memory is given back as that VM sees fit.
        }
    }

    private static void set(HotSpotDiagnosticMXBean vm, String flag, String value) {
        try {
            vm.setVMOption(flag, value);
        } catch (IllegalArgumentException e) {
            // Not a flag of this VM, or not manageable in it.
        }
    }
}
