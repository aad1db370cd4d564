package dev.csl.runner.process;

import java.util.List;

/** The processes of this machine still alive, for tests that look for a command's stragglers. */
public final class RunningProcesses {
    private RunningProcesses() {}

    /** Those with {@code argument} among their arguments (a marker such as a unique sleep time). */
    public static List<ProcessHandle> withArgument(String argument) {
        return ProcessHandle.allProcesses()
                .filter(
                        p ->
                                p.info()
                                        .arguments()
                                        .map(a -> List.of(a).contains(argument))
                                        .orElse(false))
                .filter(ProcessHandle::isAlive)
                .toList();
    }
}
