package dev.csl.runner.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code csl-exec}, the small static C program (runner/src/main/c/csl-exec.c) that is a warm
 * container's first process and runs each command of the apply in it, started by the host's side of
 * the same program over a socket: a command costs a fork in the container instead of a {@code
 * podman exec} (a client, the runtime's monitor, the runtime's exec). Built where a C compiler
 * exists, copied to csl's cache directory as {@link ConfineLauncher} is; without it, or when the
 * image cannot run it, the warm container is joined with {@code exec}.
 *
 * @param path the extracted program, or {@code null} when there is none
 * @param why why there is none (empty when there is one)
 */
record ExecAgent(Path path, String why) {
    static final String RESOURCE = "csl-exec";

    private static final Once<ExecAgent> MACHINE =
            new Once<>("csl-exec-extract", e -> new ExecAgent(null, "not extracted: " + e));

    /** The agent of this installation, extracted once per process. */
    static ExecAgent machine() {
        return MACHINE.get(ExecAgent::extract);
    }

    boolean available() {
        return path != null;
    }

    /**
     * The host's command line that runs {@code command} through the agent listening on {@code
     * socket}, refusing any listener but the process {@code init}, in {@code cwd}, passing on the
     * caller's values of {@code names}.
     */
    List<String> client(
            Path socket, long init, Path cwd, List<String> names, List<String> command) {
        List<String> argv =
                new ArrayList<>(
                        List.of(
                                path.toString(),
                                "run",
                                socket.toString(),
                                Long.toString(init),
                                cwd.toString()));
        for (String name : names) {
            argv.addAll(List.of("--env", name));
        }
        argv.add("--");
        argv.addAll(command);
        return argv;
    }

    private static ExecAgent extract() {
        if (!System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .contains("linux")) {
            return new ExecAgent(null, "csl-exec is built for Linux only");
        }
        try (InputStream in = ExecAgent.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return new ExecAgent(null, "this csl was built without csl-exec");
            }
            byte[] program = in.readAllBytes();
            return new ExecAgent(
                    ConfineLauncher.copyInto(ConfineLauncher.cacheDirectory(), RESOURCE, program),
                    "");
        } catch (IOException | RuntimeException e) {
            return new ExecAgent(null, "csl-exec could not be copied: " + e.getMessage());
        }
    }
}
