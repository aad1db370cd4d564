package dev.csl.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A third-party JavaScript client for the protocol tests, from the project's own package.json and
 * lock file under {@code cli/src/test/js/NAME}: copied to target/js/NAME and installed there with
 * {@code npm ci} on first use. A machine without node or npm (or without the npm registry) skips
 * the test with the reason.
 */
public final class NpmClient {
    private NpmClient() {}

    /**
     * The installed client's directory, holding {@code files} (its scripts) beside node_modules.
     */
    public static Path install(String name, String installedPackage, List<String> files)
            throws IOException, InterruptedException {
        assumeTrue(
                Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                        .anyMatch(d -> Files.isExecutable(Path.of(d, "node"))),
                "node is not installed");
        Path source = Path.of("src", "test", "js", name);
        Path target = Path.of("target", "js", name).toAbsolutePath();
        Files.createDirectories(target);
        for (String file :
                Stream.concat(Stream.of("package.json", "package-lock.json"), files.stream())
                        .toList()) {
            Files.copy(
                    source.resolve(file),
                    target.resolve(file),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(target.resolve("node_modules").resolve(installedPackage))) {
            Process npm;
            try {
                npm =
                        new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
                                .directory(target.toFile())
                                .redirectErrorStream(true)
                                .start();
            } catch (IOException e) {
                assumeTrue(false, "npm is not installed: " + e.getMessage());
                throw e;
            }
            String log = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = npm.waitFor(300, TimeUnit.SECONDS);
            assumeTrue(
                    done && npm.exitValue() == 0,
                    "npm ci of " + installedPackage + " failed: " + log);
        }
        return target;
    }

    /** Runs {@code node SCRIPT ARGS...} and returns its standard output; it must exit 0. */
    public static String run(Path script, String... args) throws IOException, InterruptedException {
        List<String> command =
                Stream.concat(Stream.of("node", script.toString()), Stream.of(args)).toList();
        Process node =
                new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = Hang.output(node, "node " + script);
        if (node.exitValue() != 0) {
            throw new AssertionError("node " + script + " exited " + node.exitValue() + ": " + out);
        }
        return out;
    }
}
