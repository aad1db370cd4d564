package dev.csl.runner.node;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardRules;
import dev.csl.fsguard.Installation;
import dev.csl.fsguard.Mounts;
import dev.csl.runner.approval.CommandsFile;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.CeilingFailures;
import dev.csl.runner.sandbox.Confined;
import dev.csl.runner.sandbox.MetadataSnapshot;
import dev.csl.runner.sandbox.Sandbox;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a {@code lang="node"} block: the program is fed to {@code node -} on stdin (so relative
 * {@code require} and {@code import} resolve against the RUN directory), with the guarded-fs
 * preload, Node's permission model confining reads and writes to the working directory (no child
 * processes, no workers), inside the OS sandbox when there is one. The network is off (the preload
 * refuses sockets, DNS and fetch; the sandbox has no network) unless the user lists {@code node}
 * under {@code network} in {@code .csl/commands.json}, which an answer cannot write.
 */
public final class NodeRunner {
    private static final String PRELOAD = "preload.cjs";

    /**
     * The entry of {@code network} in {@code .csl/commands.json} that turns it on for Node blocks.
     */
    static final String NETWORK_ENTRY = "node";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern REFUSAL = Pattern.compile("CslRefusal: ([a-z_]+): (.*)");

    private static final Pattern PERMISSION = Pattern.compile("permission: '([A-Za-z.]+)'");
    private static final Pattern RESOURCE = Pattern.compile("resource: '([^']*)'");

    private final Path workingDir;
    private final Sandbox sandbox;
    private final ProcessLauncher launcher;
    private final Function<Path, Optional<Path>> findNode;

    /** What the preload reads from its environment, passed on into a container. */
    private static final List<String> PRELOAD_VARIABLES =
            List.of("CSL_ROOT", "CSL_MOUNTS", "CSL_OWN", "CSL_RULES", "CSL_NETWORK");

    private NodeVersion version;

    public NodeRunner(Path workingDir, Sandbox sandbox, ProcessLauncher launcher) {
        // A node block runs without approval: never a node an answer could have written.
        this(workingDir, sandbox, launcher, dir -> ProcessLauncher.findOutside("node", workingDir));
    }

    /** As {@link #NodeRunner(Path, Sandbox, ProcessLauncher)}, finding node on the call's PATH. */
    public NodeRunner(Path workingDir, Sandbox sandbox, ProcessLauncher launcher, String path) {
        this(
                workingDir,
                sandbox,
                launcher,
                dir -> ProcessLauncher.findOutside("node", workingDir, path));
    }

    /** With another way to find {@code node} (tests simulate a machine without it). */
    NodeRunner(
            Path workingDir,
            Sandbox sandbox,
            ProcessLauncher launcher,
            Function<Path, Optional<Path>> findNode) {
        this.workingDir = workingDir;
        this.sandbox = sandbox;
        this.launcher = launcher;
        this.findNode = findNode;
    }

    /**
     * Why a program in {@code dir} would not run ({@code --sandbox required} without a sandbox,
     * Node.js not installed), or {@code null}; starts nothing.
     */
    public RunFailure check(Path dir) {
        RunFailure refusal = sandbox.refusal("the Node.js program");
        if (refusal != null) {
            return refusal;
        }
        if (sandbox.kind() == SandboxLayer.CONTAINER) {
            return null; // the image's node, asked when the program runs
        }
        return findNode.apply(dir).isEmpty() ? unavailable() : null;
    }

    /** The image's {@code node}: its version, or why the image has none that runs. */
    private RunFailure containerNode(Path realRoot) throws IOException {
        CommandOutcome outcome;
        try (Confined confined =
                sandbox.inContainer(
                        List.of("node", "--version"),
                        realRoot,
                        realRoot,
                        false,
                        List.of(),
                        false)) {
            outcome = launcher.quiet().run("node --version", confined.argv(), realRoot, 120);
        }
        if (!outcome.ok() || !outcome.result().stdout().startsWith("v")) {
            return new RunFailure(
                    ErrorCode.NODE_UNAVAILABLE,
                    "the container ("
                            + sandbox.layer()
                            + ") has no node that runs: "
                            + (outcome.result().stderr() + outcome.result().stdout()).strip(),
                    "use an image with Node.js 20 or later, or write the step as RUN commands"
                            + " without lang=\"node\"",
                    Map.of());
        }
        version = NodeVersion.parse(outcome.result().stdout());
        return null;
    }

    /** Runs {@code program} in {@code dir} (already checked to be inside the working directory). */
    public RunOutcome run(String program, Path dir, int timeoutSeconds) {
        NodeProgram parsed = NodeProgram.of(program);
        String display =
                "node ("
                        + (parsed.module() ? "ES module" : "CommonJS")
                        + ", "
                        + parsed.lines()
                        + (parsed.lines() == 1 ? " line)" : " lines)");
        RunFailure refusal = check(dir);
        if (refusal != null) {
            return new RunOutcome(List.of(), refusal, sandbox.layer(), false);
        }
        boolean inContainer = sandbox.kind() == SandboxLayer.CONTAINER;
        Optional<Path> node = inContainer ? Optional.of(Path.of("node")) : findNode.apply(dir);
        if (node.isEmpty()) {
            return new RunOutcome(List.of(), unavailable(), sandbox.layer(), false);
        }
        Path preloadDir = null;
        try {
            if (version == null && inContainer) {
                RunFailure none = containerNode(workingDir.toRealPath());
                if (none != null) {
                    return new RunOutcome(List.of(), none, sandbox.layer(), false);
                }
            } else if (version == null) {
                version = NodeVersion.of(node.get());
            }
            preloadDir = Files.createTempDirectory("csl-node-");
            Path preload = preloadDir.resolve(PRELOAD);
            try (InputStream in = NodeRunner.class.getResourceAsStream(PRELOAD)) {
                Files.copy(in, preload);
            }
            Path realRoot = workingDir.toRealPath();
            List<String> argv = command(node.get(), realRoot, preloadDir.toRealPath(), parsed);
            boolean network = networkOn();
            MetadataSnapshot metadata = MetadataSnapshot.take(realRoot);
            RunFailure unchecked = metadata.refusal("'" + display + "'");
            if (unchecked != null) {
                return new RunOutcome(List.of(), unchecked, sandbox.layer(), false);
            }
            List<Path> readOnly = new ArrayList<>(metadata.readOnly());
            readOnly.add(preloadDir.toRealPath());
            Confined confined =
                    inContainer
                            ? sandbox.inContainer(
                                    argv, realRoot, dir, network, readOnly, true, PRELOAD_VARIABLES)
                            : new Confined(
                                    sandbox.wrap(argv, realRoot, dir, network, readOnly),
                                    null,
                                    null);
            CommandOutcome outcome =
                    launcher.run(
                            display,
                            confined.argv(),
                            dir,
                            timeoutSeconds,
                            parsed.source().getBytes(StandardCharsets.UTF_8),
                            Map.of(
                                    "CSL_ROOT",
                                    realRoot.toString(),
                                    "CSL_MOUNTS",
                                    mountsJson(realRoot),
                                    "CSL_OWN",
                                    ownJson(realRoot),
                                    "CSL_RULES",
                                    GuardRules.json(),
                                    "CSL_NETWORK",
                                    network ? "1" : "0"));
            if (outcome.failure() != null && outcome.failure().code() == ErrorCode.TIMEOUT) {
                confined.removeLeftover();
            }
            CommandOutcome ceilings = CeilingFailures.explain(outcome, Sandbox.limits(realRoot));
            RunFailure planted = metadata.removePlanted("the Node.js program");
            return new RunOutcome(
                    List.of(outcome.result()),
                    planted != null ? planted : explain(ceilings),
                    sandbox.layer(),
                    true);
        } catch (IOException e) {
            return new RunOutcome(
                    List.of(new CommandResult(display, -1, "", "", 0)),
                    new RunFailure(
                            ErrorCode.IO_ERROR,
                            "the Node.js program could not be prepared: " + e.getMessage(),
                            "check that the temporary directory is writable",
                            Map.of()),
                    sandbox.layer(),
                    false);
        } finally {
            deleteQuietly(preloadDir);
        }
    }

    /**
     * Whether the user turned the network on for Node blocks: {@code "network": ["node"]} (or an
     * entry that matches the command {@code node}, such as {@code "*"}) in {@code
     * .csl/commands.json}. A file that cannot be read keeps it off.
     */
    private boolean networkOn() {
        try {
            return CommandsFile.load(workingDir).networkFor(List.of(NETWORK_ENTRY));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The mount points inside the working directory, for the preload: its recursive calls do not
     * cross into another file system, and the permission model keeps it from reading the table.
     */
    private static String mountsJson(Path realRoot) throws IOException {
        List<String> points = Mounts.below(realRoot).stream().map(Path::toString).sorted().toList();
        return JSON.writeValueAsString(points);
    }

    /** csl's own files inside the working directory, which the preload protects like .git. */
    private static String ownJson(Path realRoot) throws IOException {
        return JSON.writeValueAsString(
                Installation.running().inside(realRoot).stream().map(Path::toString).toList());
    }

    private List<String> command(Path node, Path realRoot, Path preloadDir, NodeProgram program) {
        List<String> argv = new ArrayList<>();
        argv.add(node.toString());
        if (version.permissionFlag() != null) {
            argv.add(version.permissionFlag());
            Set<String> readable = new LinkedHashSet<>();
            readable.add(realRoot.toString());
            readable.add(workingDir.toAbsolutePath().normalize().toString());
            readable.add(preloadDir.toString());
            for (String path : readable) {
                argv.add("--allow-fs-read=" + path);
            }
            argv.add("--allow-fs-write=" + realRoot);
        }
        argv.add(version.quietPermissionWarning());
        argv.add("--require");
        argv.add(preloadDir.resolve(PRELOAD).toString());
        if (program.module()) {
            argv.add("--input-type=module");
        }
        argv.add("-");
        return argv;
    }

    /** A script that died of a guard refusal fails with the refusal's code, not just exit 1. */
    static RunFailure explain(CommandOutcome outcome) {
        RunFailure failure = outcome.failure();
        if (failure == null || failure.code() != ErrorCode.COMMAND_FAILED) {
            return failure;
        }
        Matcher refusal = REFUSAL.matcher(outcome.result().stderr());
        if (!refusal.find()) {
            return permissionModel(outcome, failure);
        }
        // The preload's refusal names its code in stderr: the one place a runner code is read back.
        ErrorCode code = ErrorCode.fromWireName(refusal.group(1));
        return new RunFailure(
                code,
                "the Node.js program was stopped: " + refusal.group(2),
                hint(code, refusal.group(2)),
                failure.details());
    }

    private static String hint(ErrorCode code, String message) {
        if (code != ErrorCode.COMMAND_NOT_ALLOWED) {
            return "use paths inside the working directory; relative paths start at the RUN dir";
        }
        if (message.contains("the network is off")) {
            return "do without the network, or ask the user to add \""
                    + NETWORK_ENTRY
                    + "\" to \"network\" in "
                    + CommandsFile.RELATIVE_PATH;
        }
        if (message.contains("only signal its own process")) {
            return "a csl Node script may signal only itself; stop other processes outside csl";
        }
        return "run other programs as lines of a RUN block without lang, not from Node";
    }

    /**
     * A refusal by Node's permission model that the preload did not see first: said with the
     * resource and the reason instead of Node's bare "Access to this API has been restricted".
     */
    private static RunFailure permissionModel(CommandOutcome outcome, RunFailure failure) {
        String stderr = outcome.result().stderr();
        if (!stderr.contains("ERR_ACCESS_DENIED")) {
            return failure;
        }
        Matcher permission = PERMISSION.matcher(stderr);
        Matcher resource = RESOURCE.matcher(stderr);
        String what = permission.find() ? permission.group(1) : "an API";
        String path = resource.find() ? " to '" + resource.group(1) + "'" : "";
        boolean files = what.startsWith("FileSystem");
        return new RunFailure(
                files ? ErrorCode.PATH_ESCAPE : ErrorCode.COMMAND_NOT_ALLOWED,
                "the Node.js program was stopped: Node's permission model refused "
                        + what
                        + " access"
                        + path
                        + (files
                                ? ", which is outside the working directory"
                                : "; csl scripts may only use files inside the working directory"),
                files
                        ? "use paths inside the working directory; relative paths start at the"
                                + " RUN dir"
                        : "do it with RUN commands instead of from Node",
                failure.details());
    }

    static RunFailure unavailable() {
        return new RunFailure(
                ErrorCode.NODE_UNAVAILABLE,
                "Node.js is not installed on this machine (no 'node' on PATH)",
                "install Node.js 20 or later so that 'node' is on PATH, or write the step as"
                        + " RUN commands without lang=\"node\"",
                Map.of());
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try {
            Files.deleteIfExists(dir.resolve(PRELOAD));
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // A leftover file in the temporary directory harms nobody.
        }
    }
}
