package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.cli.serve.CslBackend;
import dev.csl.cli.serve.JsonRpcServer;
import dev.csl.fsguard.Installation;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.Runners;
import dev.csl.runner.WorkerPool;
import dev.csl.runner.approval.ProjectTrust;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.sandbox.ContainerRuntime;
import dev.csl.runner.sandbox.LandlockProbe;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attack battery (issue 11): every case of testdata/guard/attacks/*.attack through each entry
 * point it names — {@code csl apply}, {@code csl serve} (JSON-RPC apply), {@code csl undo} — on the
 * real disk. Every case asserts, besides its own expectation, that nothing outside the working
 * directory changed (names, contents, link targets, modification times) and that no outside secret
 * (file contents or a name never written in the answer) reached the output. To add an attack, add a
 * case to a .attack file (format: {@link Attack}); a new entry point is a new {@code via} branch in
 * {@link #run}.
 *
 * <p>Cases run two at a time ({@link #CASES}); in this JVM no other class runs beside them (each of
 * the module's two test JVMs runs its classes one after the other): each case has its own work
 * directory, outside directory, host /tmp directory, loopback port and victim process, and most of
 * a case's time is spent waiting on the processes it starts (csl's child JVM, bubblewrap, a
 * container, a worker) and on the disk. A case of {@code csl serve} in the test's JVM runs alone:
 * serve's backend, when it closes, ends every process its JVM started (in csl serve, its own), here
 * also other cases'. A child csl JVM starts from {@link CslJar} (one jar and its class caches, as
 * the launcher starts csl.jar), which saves about a quarter of the CPU such a case costs.
 */
class AttackBatteryTest {
    private static final Path ATTACKS = Path.of("..", "testdata", "guard", "attacks");

    /** What the outside directory holds that must never show up in csl's output. */
    private static final List<String> SECRETS = List.of("OUTSIDE-SECRET", "hidden-q7");

    /** {@code -Dcsl.attacks=NAME} runs only the files whose name starts so (while writing one). */
    private static final String ONLY = System.getProperty("csl.attacks", "");

    // (OUTSIDE-SECRET-4 is the secret of $HOSTTMP, a directory of the host's /tmp)

    @TempDir static Path tmp;
    private static WorkerPool pool;
    private static final AtomicInteger counter = new AtomicInteger();

    /** The resident process the {@code resident process} runs of apply cases go through. */
    private static InProcessResident resident;

    /** csl as one jar with its class caches: what every child csl JVM of a case starts from. */
    private static CslJar jar;

    /** How many runs through the resident process it served, and why it declined the others. */
    private static final AtomicInteger residentServed = new AtomicInteger();

    private static final Map<String, Integer> residentDeclined = new ConcurrentSkipListMap<>();

    /**
     * Held alone by a case that runs csl serve in this JVM (its close ends all of the JVM's child
     * processes), shared by every other case.
     */
    private static final ReentrantReadWriteLock ALONE = new ReentrantReadWriteLock(true);

    /**
     * Runs the cases two at a time: first those that share the JVM, then those that run alone
     * (serve in this JVM), so that few wait for the lock; each dynamic test waits for its own
     * case's outcome and reports it (a failure, an error or a skipped layer).
     */
    private static final ExecutorService CASES =
            Executors.newFixedThreadPool(
                    2,
                    r -> {
                        Thread t = new Thread(r, "attack case");
                        t.setDaemon(true);
                        return t;
                    });

    /**
     * The case as a task added to {@code queue} (started later, see {@link #CASES}); the returned
     * test waits for it and reports how it ended.
     */
    private static Executable inTurn(Executable attack, List<FutureTask<Void>> queue) {
        FutureTask<Void> outcome =
                new FutureTask<>(
                        () -> {
                            try {
                                attack.execute();
                                return null;
                            } catch (Exception | Error e) {
                                throw e;
                            } catch (Throwable e) {
                                throw new AssertionError(e);
                            }
                        });
        queue.add(outcome);
        return () -> {
            try {
                outcome.get();
            } catch (ExecutionException e) {
                throw e.getCause();
            }
        };
    }

    /** Whether the case runs csl serve in this JVM (and so runs alone). */
    private static boolean serveInThisJvm(Attack attack, String via) {
        return via.equals("serve") && !attack.needsMount();
    }

    @BeforeAll
    static void startPool() throws Exception {
        pool = Runners.pooled(1);
        resident = new InProcessResident(tmp.resolve("resident"), System.getenv());
        jar = CslJar.build();
    }

    @AfterAll
    static void stopPool() throws InterruptedException, IOException {
        pool.close();
        resident.close();
        jar.close();
        System.out.println(
                "attack battery: the resident process served "
                        + residentServed
                        + " runs and declined "
                        + residentDeclined
                        + " (those ran cold, as the launcher runs them)");
    }

    /**
     * Whether a case through {@code via} runs a second time through the resident process: every
     * {@code csl apply} (JSON or human output) but those run in a mount namespace of their own (the
     * resident process lives outside it) and those of a csl installed inside the project (the
     * installation is the process's own, from its launcher).
     */
    private static List<Boolean> residentToo(Attack attack, String via) {
        boolean apply = via.equals("apply") || via.equals("human");
        return apply && !attack.needsMount() && installed(attack) == null
                ? List.of(false, true)
                : List.of(false);
    }

    /**
     * The case as the launcher hands it to the resident process: the same arguments, directory and
     * environment as its cold run, sent over the socket. A call the resident process declines runs
     * cold, as the launcher runs it.
     */
    private static String throughResident(
            Attack attack, String via, String layer, Path work, Path root, Steps steps)
            throws Exception {
        String text = steps.substitute(attack.answer());
        Path answer = Files.writeString(work.resolve("answer.md"), text);
        List<String> allow = new ArrayList<>();
        for (String command : attack.allow()) {
            allow.add("--allow");
            allow.add(command);
        }
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        Path cwd = Path.of("").toAbsolutePath();
        List<String> args;
        List<String> from = attack.lines("from", null);
        if (!from.isEmpty()) {
            cwd = root.resolve(from.get(0));
            env.put("HOME", Files.createDirectories(work.resolve("home")).toString());
            env.put("CSL_CONFIG_HOME", work.resolve("state").toString());
            env.remove("XDG_CONFIG_HOME");
            args = List.of("apply", "--json", answer.toString());
        } else {
            args = cslArgs(via, root, answer, allow);
            if (layer != null) {
                env.put(SandboxLayer.VARIABLE, layer);
            }
            for (String dir : attack.lines("path", null)) {
                env.put("PATH", root.resolve(dir) + File.pathSeparator + System.getenv("PATH"));
            }
        }
        InProcessResident.Reply reply = resident.call(cwd, env, args);
        if (reply.declined()) {
            residentDeclined.merge(reply.why(), 1, Integer::sum);
            return run(attack, via, layer, work, root, steps.outside, steps);
        }
        residentServed.incrementAndGet();
        return "exit " + reply.exit() + "\n" + reply.out() + reply.err();
    }

    @TestFactory
    Stream<DynamicTest> attack_throughEveryEntryPoint_refusedAndNothingOutsideChangedOrShown()
            throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        List<FutureTask<Void>> shared = new ArrayList<>();
        List<FutureTask<Void>> alone = new ArrayList<>();
        try (Stream<Path> files = Files.list(ATTACKS)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".attack"))
                            .filter(f -> f.getFileName().toString().startsWith(ONLY))
                            .sorted()
                            .toList()) {
                for (Attack attack : Attack.parse(file)) {
                    List<String> layers =
                            attack.layers().isEmpty()
                                    ? java.util.Collections.singletonList(null)
                                    : attack.layers();
                    for (String via : attack.via()) {
                        for (String layer : layers) {
                            for (boolean resident : residentToo(attack, via)) {
                                tests.add(
                                        DynamicTest.dynamicTest(
                                                attack.file()
                                                        + ": "
                                                        + attack.name()
                                                        + " ["
                                                        + via
                                                        + (resident ? ", resident process" : "")
                                                        + (layer == null ? "" : ", " + layer)
                                                        + "]",
                                                inTurn(
                                                        () -> check(attack, via, layer, resident),
                                                        serveInThisJvm(attack, via)
                                                                ? alone
                                                                : shared)));
                            }
                        }
                    }
                }
            }
        }
        assertThat(tests).hasSizeGreaterThan(ONLY.isEmpty() ? 40 : 0);
        shared.forEach(CASES::execute);
        alone.forEach(CASES::execute);
        return tests.stream();
    }

    /** Skips a case whose layer this machine lacks. */
    private static void assumeLayer(String layer) {
        if (layer == null) {
            return;
        }
        SandboxLayer kind = SandboxLayer.parse(layer);
        assertThat(kind).as("a layer: " + layer).isNotNull();
        switch (kind) {
            case BUBBLEWRAP ->
                    Assumptions.assumeTrue(
                            SandboxProbe.machine().works(), SandboxProbe.machine().why());
            case LANDLOCK ->
                    Assumptions.assumeTrue(
                            LandlockProbe.machine().works(), LandlockProbe.machine().why());
            case CONTAINER -> {
                ContainerRuntime runtime = ContainerRuntime.machine(null);
                Assumptions.assumeTrue(runtime.works(), runtime.why());
                Assumptions.assumeTrue(
                        runtime.name().equals("podman"),
                        "the battery's image is a root file system directory, which needs podman");
            }
            case NONE -> {}
        }
    }

    /**
     * Under the container layer the project names its image, the host's root through an overlay (no
     * download), in a commands.json the user trusted, as a user would: the case's own settings kept
     * beside it; or, at setup step {@code image}, the file as it is then, which a cloned
     * commands.json the case plants afterwards replaces, untrusted (no image is then named).
     */
    private static void useContainerImage(Path root) throws IOException {
        Path file = root.resolve(".csl/commands.json");
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode settings =
                Files.exists(file)
                        ? (com.fasterxml.jackson.databind.node.ObjectNode)
                                json.readTree(file.toFile())
                        : json.createObjectNode();
        settings.putObject("container").put("rootfs", "/");
        Files.createDirectories(file.getParent());
        Files.writeString(file, json.writeValueAsString(settings) + "\n");
        ProjectTrust.trustAsWritten(root);
    }

    /**
     * Takes the case's share of {@link #ALONE}, then runs it; a case that hangs csl (a FIFO opened
     * by csl itself) fails after {@link Hang#LIMIT} instead of stopping the suite (the wait for the
     * lock not counted).
     */
    private static void check(Attack given, String via, String layer, boolean resident)
            throws Exception {
        Lock lock = serveInThisJvm(given, via) ? ALONE.writeLock() : ALONE.readLock();
        lock.lockInterruptibly();
        try {
            assertTimeoutPreemptively(
                    Hang.LIMIT,
                    () -> checkCase(given, via, layer, resident),
                    () -> Hang.message("the attack " + given.name() + " through " + via));
        } finally {
            lock.unlock();
        }
    }

    private static void checkCase(Attack given, String via, String layer, boolean resident)
            throws Exception {
        assumeLayer(layer);
        // $HOSTTMP: a directory of the host's own /tmp beside (not around) the case, for attacks
        // on the sandbox's view of /tmp; its secret must stay unseen and it must stay unchanged
        Path hostTmp = Files.createTempDirectory(Path.of("/tmp"), "csl-hosttmp-");
        Files.writeString(hostTmp.resolve("secret.txt"), "OUTSIDE-SECRET-4\n");
        Attack attack = given.withAnswer(given.answer().replace("$HOSTTMP", hostTmp.toString()));
        Steps steps = null;
        try {
            boolean container = "container".equals(layer);
            // setup `image` places the user's image file at that step (before a cloned
            // commands.json replaces it); otherwise it is added after the setup
            boolean imageStep = attack.setup().contains("image");
            steps = prepare(attack, hostTmp, container);
            if (container && !imageStep) {
                useContainerImage(steps.root);
            }
            check(attack, via, layer, steps, resident);
        } catch (AssertionError e) {
            // dynamic tests lose their names in surefire's reports: the failure carries it
            throw new AssertionError(
                    attack.file()
                            + ": "
                            + attack.name()
                            + " ["
                            + via
                            + (resident ? ", resident process" : "")
                            + ", "
                            + layer
                            + "]: "
                            + e.getMessage(),
                    e);
        } finally {
            if (steps != null) {
                steps.close();
            }
            try (Stream<Path> walk = Files.walk(hostTmp)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static Steps prepare(Attack attack, Path hostTmp, boolean container) throws Exception {
        Path work = Files.createDirectories(tmp.resolve("case" + counter.incrementAndGet()));
        Path root = Files.createDirectories(work.resolve("proj"));
        Path outside = Files.createDirectories(work.resolve("outside"));
        Files.createDirectories(outside.resolve("dir/sub"));
        Files.writeString(outside.resolve("secret.txt"), "OUTSIDE-SECRET-1\n");
        Files.writeString(outside.resolve("dir/hidden-q7.txt"), "OUTSIDE-SECRET-2\n");
        Files.writeString(outside.resolve("dir/sub/deep.txt"), "OUTSIDE-SECRET-3\n");
        Files.writeString(root.resolve("notes.txt"), "hi\n");
        Files.createDirectories(root.resolve("sub"));
        Files.writeString(root.resolve("sub/x.txt"), "x\n");
        Steps steps = new Steps(work, root, outside, hostTmp);
        for (String step : attack.setup()) {
            if (step.equals("image")) {
                if (container) {
                    useContainerImage(root);
                }
                continue;
            }
            steps.apply(step);
        }
        steps.before = snapshot(outside);
        steps.hostTmpBefore = snapshot(hostTmp);
        return steps;
    }

    private static void check(
            Attack attack, String via, String layer, Steps steps, boolean resident)
            throws Exception {
        Path work = steps.work;
        Path root = steps.root;
        Path outside = steps.outside;
        String output =
                resident
                        ? throughResident(attack, via, layer, work, root, steps)
                        : run(attack, via, layer, work, root, outside, steps);

        if (attack.value("outside", layer, "unchanged").equals("changed")) {
            assertThat(snapshot(outside)).as("outside after: " + output).isNotEqualTo(steps.before);
        } else {
            assertThat(snapshot(outside)).as("outside after: " + output).isEqualTo(steps.before);
        }
        assertThat(snapshot(steps.hostTmp))
                .as("host /tmp after: " + output)
                .isEqualTo(steps.hostTmpBefore);
        for (String secret : SECRETS) {
            if (!attack.answer().contains(secret)) {
                assertThat(output).as("an outside secret in the output").doesNotContain(secret);
            }
        }
        // csl's own state (journal, history, audit) must not have copied anything from outside
        // (a hard link's content is the project's own as much as the outside name's: not checked)
        boolean hardLinked = attack.setup().stream().anyMatch(s -> s.startsWith("hardlink "));
        if (Files.isDirectory(root.resolve(".csl")) && !hardLinked) {
            for (var entry : snapshot(root.resolve(".csl")).entrySet()) {
                for (String secret : SECRETS) {
                    if (attack.answer().contains(secret)) {
                        continue;
                    }
                    assertThat(entry.getKey() + entry.getValue())
                            .as(".csl/" + entry.getKey())
                            .doesNotContain(secret);
                }
            }
        }
        if (via.equals("watch") || via.equals("human")) {
            // text for people, without colour: whatever the answer, the files or the commands
            // held, no control character but newline and tab reaches it raw
            assertThat(output.chars().filter(c -> c < 0x20 && c != '\n' && c != '\t' || c == 0x7f))
                    .as("raw control characters in the human output: " + output)
                    .isEmpty();
        }
        for (String text : attack.lines("output", layer)) {
            assertThat(output).as("output").contains(text);
        }
        for (String text : attack.lines("nooutput", layer)) {
            assertThat(output).as("output").doesNotContain(text);
        }
        if (steps.server != null) {
            String reached = attack.value("reached", layer, "no");
            assertThat(steps.reached(reached.equals("yes")) ? "yes" : "no")
                    .as("a connection to the loopback server: " + output)
                    .isEqualTo(reached);
        }
        if (steps.victim != null) {
            String killed = attack.value("killed", layer, "no");
            // A kill sent has been delivered by the time csl returned; how soon the victim is
            // reaped depends on the machine: wait as long as a hang when a kill is expected.
            boolean died =
                    killed.equals("yes")
                            ? steps.victim.waitFor(Hang.LIMIT.toSeconds(), TimeUnit.SECONDS)
                            : steps.victim.waitFor(200, TimeUnit.MILLISECONDS);
            assertThat(died ? "yes" : "no")
                    .as(
                            "the unrelated process killed ("
                                    + (died ? steps.victim.exitValue() : "alive")
                                    + "): "
                                    + output)
                    .isEqualTo(killed);
        }
        for (String token : attack.value("expect", layer, attack.expect()).split("\\s+")) {
            if (via.equals("watch") || via.equals("human")) {
                // watch and human output report in words: watch's status line and csl apply's
                // human output (FILE.out)
                if (token.equals("ok")) {
                    assertThat(output).contains(" 0 failed, 0 skipped");
                } else if (token.startsWith("status=")) {
                    assertThat(output).contains("applied: ");
                } else {
                    assertThat(output).as("expected " + token).contains(token);
                }
                continue;
            }
            if (token.equals("ok")) {
                assertThat(output).contains("\"ok\":true");
            } else if (token.startsWith("status=")) {
                assertThat(output).contains("\"status\":\"" + token.substring(7) + "\"");
            } else {
                assertThat(output)
                        .as("expected " + token)
                        .containsAnyOf("\"code\":\"" + token + "\"", "(" + token + ")");
            }
        }
        for (String p : attack.lines("exists", layer)) {
            assertThat(Files.exists(root.resolve(p), LinkOption.NOFOLLOW_LINKS)).as(p).isTrue();
        }
        for (String p : attack.lines("absent", layer)) {
            assertThat(Files.exists(root.resolve(p), LinkOption.NOFOLLOW_LINKS)).as(p).isFalse();
        }
        for (String c : attack.lines("content", layer)) {
            int space = c.indexOf(' ');
            assertThat(Files.readString(root.resolve(c.substring(0, space))))
                    .as(c)
                    .isEqualTo(c.substring(space + 1).replace("\\n", "\n"));
        }
    }

    private static String run(
            Attack attack,
            String via,
            String layer,
            Path work,
            Path root,
            Path outside,
            Steps steps)
            throws Exception {
        String text = steps.substitute(attack.answer());
        Path answer = Files.writeString(work.resolve("answer.md"), text);
        if (attack.needsMount()) {
            return inMountNamespace(attack, via, work, root, outside, answer);
        }
        List<String> from = attack.lines("from", null);
        if (!from.isEmpty()) {
            return fromSubdirectory(via, work, root.resolve(from.get(0)), answer);
        }
        List<String> allow = new ArrayList<>();
        for (String command : attack.allow()) {
            allow.add("--allow");
            allow.add(command);
        }
        if (layer != null) {
            RunSessionFactory forced =
                    config -> pool.open(config.withLayer(SandboxLayer.parse(layer)));
            return switch (via) {
                    // csl's own process told through its environment, as a user would
                case "apply" ->
                        inChildJvm(
                                layer,
                                cslArgs("apply", root, answer, allow),
                                root,
                                attack.lines("path", null),
                                installed(attack));
                case "human", "watch" ->
                        inChildJvm(
                                        layer,
                                        cslArgs(via, root, answer, allow),
                                        root,
                                        attack.lines("path", null),
                                        installed(attack))
                                + outputFile(via, answer);
                case "serve" -> serve(forced, root, text, attack.allow());
                case "mcp" -> mcp(forced, root, text);
                default -> throw new IllegalArgumentException("no layers through " + via);
            };
        }
        return switch (via) {
            case "apply" -> {
                List<String> args =
                        new ArrayList<>(List.of("apply", "--json", "-C", root.toString()));
                args.addAll(allow);
                args.add(answer.toString());
                yield csl(args.toArray(String[]::new));
            }
            case "serve" -> serve(pool, root, text, attack.allow());
            case "mcp" -> mcp(pool, root, text);
            case "human", "watch" ->
                    csl(cslArgs(via, root, answer, allow).toArray(String[]::new))
                            + outputFile(via, answer);
            case "undo" -> {
                String applied = csl("apply", "--json", "-C", root.toString(), answer.toString());
                assertThat(applied).as("the apply before undo").contains("\"ok\":true");
                for (String step : attack.then()) {
                    steps.apply(step);
                }
                yield csl("undo", "--force", "--json", "-C", root.toString());
            }
            default -> throw new IllegalArgumentException("unknown entry point " + via);
        };
    }

    /**
     * csl's arguments for an entry point: {@code apply} (JSON), {@code human} (csl apply's human
     * output, no colour) or {@code watch} (the answer saved into a watched file, processed once).
     */
    private static List<String> cslArgs(String via, Path root, Path answer, List<String> allow) {
        List<String> args =
                new ArrayList<>(
                        switch (via) {
                            case "apply" -> List.of("apply", "--json", "-C", root.toString());
                            case "human" ->
                                    List.of("apply", "--color=never", "-C", root.toString());
                            case "watch" ->
                                    List.of(
                                            "watch",
                                            answer.toString(),
                                            "-C",
                                            root.toString(),
                                            "--once",
                                            "--no-clipboard");
                            default -> throw new IllegalArgumentException(via);
                        });
        args.addAll(allow);
        if (!via.equals("watch")) {
            args.add(answer.toString());
        }
        return args;
    }

    /** watch's report is FILE.out, after its status lines. */
    private static String outputFile(String via, Path answer) throws IOException {
        Path companion = answer.resolveSibling(answer.getFileName() + ".out");
        return via.equals("watch") && Files.exists(companion) ? Files.readString(companion) : "";
    }

    private static String csl(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return "exit " + code + "\n" + out + err;
    }

    /** The directory of the {@code install DIR} setup step, or {@code null}. */
    private static String installed(Attack attack) {
        for (String step : attack.setup()) {
            if (step.startsWith("install ")) {
                return step.substring("install ".length()).trim();
            }
        }
        return null;
    }

    /**
     * {@code csl apply --json ANSWER} or {@code csl watch ANSWER --once} (then its FILE.out) in a
     * child JVM started in {@code dir}, without {@code -C}: which directory csl takes from there is
     * what the case is about. Its home and user state are directories of the case's own.
     */
    private static String fromSubdirectory(String via, Path work, Path dir, Path answer)
            throws Exception {
        List<String> args =
                switch (via) {
                    case "apply" -> List.of("apply", "--json", answer.toString());
                    case "watch" -> List.of("watch", answer.toString(), "--once", "--no-clipboard");
                    default -> throw new IllegalArgumentException("no from: through " + via);
                };
        List<String> command = new ArrayList<>(jar.command()); // as the launcher starts csl
        command.add("-Duser.home=" + Files.createDirectories(work.resolve("home")));
        command.add("dev.csl.cli.Main");
        command.addAll(args);
        ProcessBuilder pb =
                new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("CSL_CONFIG_HOME", work.resolve("state").toString());
        pb.environment().remove("XDG_CONFIG_HOME");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Path companion = answer.resolveSibling(answer.getFileName() + ".out");
        return "exit "
                + p.exitValue()
                + "\n"
                + out
                + (via.equals("watch") && Files.exists(companion)
                        ? Files.readString(companion)
                        : "");
    }

    /** csl with {@code args} in a child JVM whose environment forces {@code layer}. */
    private static String inChildJvm(
            String layer, List<String> args, Path root, List<String> pathDirs, String installed)
            throws Exception {
        List<String> command = new ArrayList<>(jar.command()); // as the launcher starts csl
        if (installed != null) {
            // csl run from the installation in the project, as its launcher starts it there
            Path home = root.resolve(installed);
            command.add("-D" + Installation.LAUNCHER + "=" + home.resolve("csl"));
            command.add("-D" + Installation.BUILD + "=" + home.resolve("cli/target"));
        }
        command.add("dev.csl.cli.Main");
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put(SandboxLayer.VARIABLE, layer);
        if (installed != null) {
            // csl's cache (csl-confine) in the project too, as for a project in the home directory
            pb.environment().put("XDG_CACHE_HOME", root.resolve("cache").toString());
        }
        for (String dir : pathDirs) { // a project directory on PATH, as direnv's PATH_add makes
            pb.environment()
                    .put("PATH", root.resolve(dir) + File.pathSeparator + System.getenv("PATH"));
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return "exit " + p.exitValue() + "\n" + out;
    }

    /** One apply request through the JSON-RPC server, as an IDE sends it. */
    private static String serve(
            RunSessionFactory runners, Path root, String answer, List<String> allow)
            throws Exception {
        ObjectMapper json = new ObjectMapper();
        String request = serveRequest(root, answer, allow);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        JsonRpcServer server =
                new JsonRpcServer(
                        new CslBackend(runners, () -> {}, ParseJson::toJson),
                        root,
                        1,
                        json,
                        new PrintStream(log, true, StandardCharsets.UTF_8));
        server.serve(new ByteArrayInputStream(request.getBytes(StandardCharsets.UTF_8)), out);
        // compact, so that "code":"x" reads the same as in the CLI's JSON
        return json.readTree(out.toString(StandardCharsets.UTF_8)).toString()
                + "\n"
                + log.toString(StandardCharsets.UTF_8);
    }

    /** One apply tool call through csl mcp, as an agent sends it after initializing. */
    private static String mcp(RunSessionFactory runners, Path root, String answer)
            throws Exception {
        String session = mcpSession(answer);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        dev.csl.cli.mcp.McpTools tools =
                new dev.csl.cli.mcp.McpTools(
                        new dev.csl.interpreter.Interpreter(runners),
                        new dev.csl.interpreter.Undoer(),
                        root,
                        root,
                        new dev.csl.cli.mcp.McpTools.Rendering(
                                r -> "", r -> "", ReportJson::write, ReportJson::write),
                        () -> {});
        new dev.csl.cli.mcp.McpServer(
                        tools, () -> "", "test", new PrintStream(log, true, StandardCharsets.UTF_8))
                .serve(
                        new ByteArrayInputStream(session.getBytes(StandardCharsets.UTF_8)),
                        new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8) + "\n" + log.toString(StandardCharsets.UTF_8);
    }

    /** One JSON-RPC apply request for {@code root}, as an IDE sends it to csl serve. */
    private static String serveRequest(Path root, String answer, List<String> allow)
            throws IOException {
        Map<String, Object> params = new TreeMap<>();
        params.put("workingDir", root.toString());
        params.put("answer", answer);
        if (!allow.isEmpty()) {
            params.put("allow", allow);
        }
        return new ObjectMapper()
                        .writeValueAsString(
                                Map.of(
                                        "jsonrpc", "2.0", "id", 1, "method", "apply", "params",
                                        params))
                + "\n";
    }

    /** An MCP session: initialize, then one apply tool call. */
    private static String mcpSession(String answer) throws IOException {
        ObjectMapper json = new ObjectMapper();
        return json.writeValueAsString(
                        Map.of(
                                "jsonrpc",
                                "2.0",
                                "id",
                                1,
                                "method",
                                "initialize",
                                "params",
                                Map.of(
                                        "protocolVersion", "2025-11-25",
                                        "capabilities", Map.of(),
                                        "clientInfo", Map.of("name", "t", "version", "1"))))
                + "\n"
                + json.writeValueAsString(
                        Map.of(
                                "jsonrpc",
                                "2.0",
                                "id",
                                2,
                                "method",
                                "tools/call",
                                "params",
                                Map.of("name", "apply", "arguments", Map.of("answer", answer))))
                + "\n";
    }

    /**
     * Runs csl in a child JVM inside {@code unshare -rm}, after bind-mounting the outside directory
     * at each {@code mount PATH} of the setup (a real mount needs its own namespace). Each entry
     * point is the real command there: {@code csl apply --json}, {@code csl serve} and {@code csl
     * mcp -C} fed the same requests as in-process, {@code csl watch --once} followed by its
     * FILE.out.
     */
    private static String inMountNamespace(
            Attack attack, String via, Path work, Path root, Path outside, Path answer)
            throws Exception {
        Assumptions.assumeTrue(unshareWorks(), "unshare -rm is refused here: no bind mount");
        StringBuilder script = new StringBuilder("set -e\n");
        for (String step : attack.setup()) {
            if (step.startsWith("mount ")) {
                script.append("mount --bind '")
                        .append(outside)
                        .append("' '")
                        .append(root.resolve(step.substring(6).trim()))
                        .append("'\n");
            }
        }
        StringBuilder csl = new StringBuilder();
        for (String word : jar.command()) {
            csl.append('\'').append(word.replace("'", "'\\''")).append("' ");
        }
        csl.append("dev.csl.cli.Main ");
        switch (via) {
            case "apply" ->
                    script.append("exec ")
                            .append(csl)
                            .append("apply --json -C '")
                            .append(root)
                            .append("' '")
                            .append(answer)
                            .append("'\n");
            case "serve" -> {
                Path request =
                        Files.writeString(
                                work.resolve("request.jsonl"),
                                serveRequest(root, attack.answer(), attack.allow()));
                script.append("cd '")
                        .append(root)
                        .append("'\nexec ")
                        .append(csl)
                        .append("serve < '")
                        .append(request)
                        .append("'\n");
            }
            case "mcp" -> {
                Path session =
                        Files.writeString(
                                work.resolve("session.jsonl"), mcpSession(attack.answer()));
                script.append("exec ")
                        .append(csl)
                        .append("mcp -C '")
                        .append(root)
                        .append("' < '")
                        .append(session)
                        .append("'\n");
            }
            case "watch" ->
                    script.append(csl)
                            .append("watch '")
                            .append(answer)
                            .append("' -C '")
                            .append(root)
                            .append("' --once --no-clipboard\ncat '")
                            .append(answer)
                            .append(".out'\n");
            default -> throw new IllegalArgumentException("no mount namespace for " + via);
        }
        ProcessBuilder pb =
                new ProcessBuilder("unshare", "-rm", "sh", "-c", script.toString())
                        .redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return "exit " + p.exitValue() + "\n" + out;
    }

    private static boolean unshareWorks() {
        try {
            Process p =
                    new ProcessBuilder("unshare", "-rm", "true")
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            return p.waitFor(Hang.LIMIT.toSeconds(), TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Names, kinds, contents, link targets and modification times of everything in a tree. */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> tree = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String kind;
                if (Files.isSymbolicLink(p)) {
                    kind = "link " + Files.readSymbolicLink(p);
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    kind = "file " + new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
                } else {
                    kind = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir" : "other";
                }
                tree.put(
                        dir.relativize(p).toString(),
                        kind
                                + " @"
                                + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS)
                                        .toMillis());
            }
        }
        return tree;
    }

    /**
     * The setup and then steps of an attack, on the real disk, and what they started: a loopback
     * server ({@code server}) and an unrelated process ({@code victim}).
     */
    private static final class Steps implements AutoCloseable {
        final Path work;
        final Path root;
        final Path outside;
        final Path hostTmp;
        final List<AutoCloseable> running = new ArrayList<>();
        Map<String, String> before;
        Map<String, String> hostTmpBefore;
        java.net.ServerSocket server;
        final java.util.concurrent.atomic.AtomicBoolean connected =
                new java.util.concurrent.atomic.AtomicBoolean();
        Process victim;

        Steps(Path work, Path root, Path outside, Path hostTmp) {
            this.work = work;
            this.root = root;
            this.outside = outside;
            this.hostTmp = hostTmp;
        }

        String substitute(String text) {
            String out = controls(text);
            if (server != null) {
                out = out.replace("$PORT", Integer.toString(server.getLocalPort()));
            }
            if (victim != null) {
                out = out.replace("$VICTIM", Long.toString(victim.pid()));
            }
            return out;
        }

        /**
         * Whether the server saw a connection; an accept may still be on its way, so when one is
         * {@code expected} it is waited for as long as a hang.
         */
        boolean reached(boolean expected) throws InterruptedException {
            long deadline =
                    System.nanoTime()
                            + (expected
                                    ? Hang.LIMIT.toNanos()
                                    : TimeUnit.MILLISECONDS.toNanos(100));
            while (!connected.get() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            return connected.get();
        }

        /**
         * {@code $ESC}, {@code $BEL} and {@code $CR}: control characters an answer or file holds.
         */
        static String controls(String text) {
            return text.replace("$ESC", "\u001b").replace("$BEL", "\u0007").replace("$CR", "\r");
        }

        void apply(String step) throws IOException, InterruptedException {
            String[] w =
                    controls(step)
                            .replace("$OUT", outside.toString())
                            .replace("$ROOT", root.toString())
                            .replace("$HOSTTMP", hostTmp.toString())
                            .split("\\s+", 3);
            switch (w[0]) {
                case "trust" -> // the user trusts the project's commands.json as it stands
                        ProjectTrust.trustAsWritten(root);
                case "file" -> {
                    Files.createDirectories(at(w[1]).getParent());
                    Files.writeString(at(w[1]), w.length > 2 ? w[2].replace("\\n", "\n") : "");
                }
                case "exec" -> { // an executable file, as an earlier answer can leave one
                    Files.createDirectories(at(w[1]).getParent());
                    Files.writeString(at(w[1]), w[2].replace("\\n", "\n"));
                    at(w[1]).toFile().setExecutable(true);
                }
                case "dir" -> Files.createDirectories(at(w[1]));
                case "install" -> { // a csl checkout with its build in the project
                    Path home = at(w[1]);
                    Files.createDirectories(home.resolve("cli/target"));
                    Files.createDirectories(home.resolve("cli/src/main/java"));
                    Files.writeString(home.resolve("csl"), "#!/bin/sh\necho csl\n");
                    home.resolve("csl").toFile().setExecutable(true);
                    Files.writeString(home.resolve("pom.xml"), "<project/>\n");
                    Files.writeString(home.resolve("cli/target/csl.jar"), "PK-JAR\n");
                    Files.writeString(home.resolve("cli/target/csl.aot"), "AOT\n");
                    Files.writeString(
                            home.resolve("cli/src/main/java/Main.java"), "class Main {}\n");
                }
                case "link" -> {
                    Files.createDirectories(at(w[1]).getParent());
                    // ln -s keeps the target's text as written (`../`, `..//x`); Path.of would
                    // normalize the slashes away, and the guard must see what an attacker writes
                    Process ln = new ProcessBuilder("ln", "-s", w[2], at(w[1]).toString()).start();
                    Assumptions.assumeTrue(ln.waitFor() == 0, "ln -s failed");
                }
                case "hardlink" -> Files.createLink(at(w[1]), Path.of(w[2]));
                case "fifo" -> {
                    Process p = new ProcessBuilder("mkfifo", at(w[1]).toString()).start();
                    Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo failed");
                }
                case "move" -> Files.move(at(w[1]), at(w[2]));
                case "remove" -> Files.delete(at(w[1]));
                case "chown" -> { // another user's file: only root may give one away
                    Assumptions.assumeTrue(
                            dev.csl.fsguard.Ownership.current().uid() == 0,
                            "chown to another user needs root; run the battery as root");
                    Files.setAttribute(at(w[1]), "unix:uid", Integer.parseInt(w[2]));
                }
                case "mode" -> // e.g. 1777: a shared sticky directory as /tmp
                        Files.setAttribute(at(w[1]), "unix:mode", Integer.parseInt(w[2], 8));
                case "mount" -> Files.createDirectories(at(w[1]));
                case "git" -> {
                    Files.createDirectories(at(w[1]));
                    Process p =
                            new ProcessBuilder("git", "init", "-q", at(w[1]).toString())
                                    .redirectErrorStream(true)
                                    .start();
                    Assumptions.assumeTrue(p.waitFor() == 0, "git init failed");
                }
                case "server" -> {
                    server =
                            new java.net.ServerSocket(
                                    0, 5, java.net.InetAddress.getLoopbackAddress());
                    Thread accept =
                            new Thread(
                                    () -> {
                                        try (var s = server.accept()) {
                                            connected.set(true);
                                        } catch (IOException e) {
                                            // closed at the end of the case
                                        }
                                    });
                    accept.setDaemon(true);
                    accept.start();
                }
                case "victim" -> victim = new ProcessBuilder("sleep", "120").start();
                case "socket" -> {
                    var server =
                            java.nio.channels.ServerSocketChannel.open(
                                    java.net.StandardProtocolFamily.UNIX);
                    server.bind(java.net.UnixDomainSocketAddress.of(at(w[1])));
                    running.add(server);
                }
                case "tmux" -> {
                    Path socket = at(w[1]);
                    Process p =
                            new ProcessBuilder(
                                            "tmux",
                                            "-S",
                                            socket.toString(),
                                            "new-session",
                                            "-d",
                                            "sleep 600")
                                    .redirectErrorStream(true)
                                    .start();
                    Assumptions.assumeTrue(p.waitFor() == 0, "tmux could not start a server");
                    running.add(
                            () ->
                                    new ProcessBuilder(
                                                    "tmux", "-S", socket.toString(), "kill-server")
                                            .start()
                                            .waitFor());
                }
                default -> throw new IllegalArgumentException("unknown step: " + step);
            }
        }

        private Path at(String path) {
            return root.resolve(path);
        }

        @Override
        public void close() throws IOException {
            if (server != null) {
                server.close();
            }
            if (victim != null) {
                victim.destroyForcibly();
            }
            for (AutoCloseable r : running) {
                try {
                    r.close();
                } catch (Exception e) {
                    throw new IOException(e);
                }
            }
        }
    }
}
