package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A command reads its caller's directory, environment, home and streams from its {@code
 * CallContext}, never from the process: in the resident process (docs/daemon.md) the process's
 * belong to whoever started it. This scan of every module's main code fails on a direct read
 * outside the classes listed here, each with the reason it may.
 */
class ProcessReadsTest {
    private static final Pattern READ =
            Pattern.compile(
                    "System\\.getenv|System\\.getProperty\\(\"user\\.(home|dir)\"\\)"
                            + "|Paths?\\.(of|get)\\(\"\"\\)|System\\.console\\(\\)"
                            + "|System\\.(out|err|in)\\b|System\\.set(Out|Err|In)\\(");

    /** The classes that may read the process, and why. */
    private static final Map<String, String> ALLOWED =
            Map.ofEntries(
                    Map.entry("CallContext", "builds the context of a process's own call"),
                    Map.entry(
                            "CdsTraining",
                            "the launcher's training run, a process of its own with no caller"),
                    Map.entry(
                            "LocaleRelaunch",
                            "restarts this JVM under a UTF-8 locale before any call is read"),
                    Map.entry("Utf8Streams", "makes this process's own streams UTF-8 at its start"),
                    Map.entry(
                            "ConsolePrompter",
                            "talks to the terminal itself; the resident process serves no call"
                                    + " with a terminal"),
                    Map.entry(
                            "McpCommand",
                            "points the JVM's System.out at stderr while it serves: a server runs"
                                    + " in a process of its own, never in the resident process"),
                    Map.entry("ServeCommand", "as McpCommand"),
                    Map.entry(
                            "MethodTable",
                            "serve's requests: serve runs in a process of its own, started in its"
                                    + " project"),
                    Map.entry("McpTools", "as MethodTable, for mcp"),
                    Map.entry(
                            "Diagnostics",
                            "csl doctor describes the process it runs in; the resident process"
                                    + " never serves it"),
                    Map.entry(
                            "WorkerMain",
                            "the worker JVM's own entry: its stdin and stdout are csl's pipe"),
                    Map.entry("SelfTests", "the worker JVM's self tests (a process of its own)"),
                    Map.entry(
                            "Sandbox",
                            "its forms without a caller (doctor, bench) read this process's PATH"
                                    + " and CSL_SANDBOX_LAYER; a call's sandbox takes the call's"
                                    + " (forConfig, forCaller)"),
                    Map.entry(
                            "SandboxProbe",
                            "machine() without a PATH: doctor's and tests' probe of this process;"
                                    + " a call's probe takes its PATH"),
                    Map.entry(
                            "SandboxView",
                            "user.home: the password database's home of the one user the resident"
                                    + " process serves, the same for every call"),
                    Map.entry(
                            "ProcessLauncher",
                            "its forms without a caller (doctor, tests) look programs up on this"
                                    + " process's PATH; a call's take the call's"),
                    Map.entry(
                            "Installation",
                            "the cache directory (XDG_CACHE_HOME, HOME): read once per process,"
                                    + " so the resident process serves only calls with its own"
                                    + " (DaemonCalls)"),
                    Map.entry(
                            "UserState",
                            "the user's state directory (CSL_CONFIG_HOME, XDG_CONFIG_HOME, HOME): as"
                                    + " Installation"),
                    Map.entry(
                            "HomeDirectory",
                            "HOME for Installation and UserState: as Installation"),
                    Map.entry(
                            "ContainerRuntime",
                            "machine(dir) without a PATH: doctor's check of this process; a call's"
                                    + " runtime is found on its PATH"));

    @Test
    void mainCode_readsTheProcessOnlyInAllowedClasses() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.toList()) {
                Path sources = module.resolve("src/main/java");
                if (!Files.isDirectory(sources)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(sources)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        String name = file.getFileName().toString().replace(".java", "");
                        if (ALLOWED.containsKey(name)) {
                            continue;
                        }
                        List<String> lines = Files.readAllLines(file);
                        for (int i = 0; i < lines.size(); i++) {
                            String line = lines.get(i).strip();
                            if (line.startsWith("//") || line.startsWith("*")) {
                                continue;
                            }
                            Matcher m = READ.matcher(line);
                            if (m.find()) {
                                found.add(file.getFileName() + ":" + (i + 1) + ": " + m.group());
                            }
                        }
                    }
                }
            }
        }
        assertThat(found)
                .as("read the CallContext instead (or add the class here with the reason)")
                .isEmpty();
    }

    @Test
    void allowList_namesOnlyClassesThatExist() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of(".."))) {
            files.filter(f -> f.toString().contains("src/main/java"))
                    .forEach(f -> names.add(f.getFileName().toString().replace(".java", "")));
        }
        assertThat(names).containsAll(ALLOWED.keySet());
    }
}
