package dev.csl.cli.serve;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** A real {@code csl serve} process started from the test classpath, driven over its stdio. */
final class ServeProcess implements AutoCloseable {
    final Process process;
    final RpcClient client;

    private ServeProcess(Process process) {
        this.process = process;
        this.client = new RpcClient(process.getOutputStream(), process.getInputStream());
    }

    static ServeProcess start(Path dir, String... extraArgs) throws IOException {
        List<String> command = dev.csl.cli.CslJava.command("serve");
        command.addAll(List.of(extraArgs));
        Process process =
                new ProcessBuilder(command)
                        .directory(dir.toFile())
                        .redirectError(
                                ProcessBuilder.Redirect.appendTo(
                                        dir.resolve("serve-stderr.log").toFile()))
                        .start();
        return new ServeProcess(process);
    }

    /** Waits for the process to exit by itself; returns its exit status. */
    int awaitExit() throws InterruptedException {
        dev.csl.cli.Hang.waitFor(process, "csl serve's stop");
        return process.exitValue();
    }

    static String stderrOf(Path dir) throws IOException {
        File log = dir.resolve("serve-stderr.log").toFile();
        return log.exists() ? java.nio.file.Files.readString(log.toPath()) : "";
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
