package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident process as users reach it: the real {@code ./csl} launcher with {@code CSL_DAEMON=1}
 * and the built {@code csl-client}, real processes, a private HOME and runtime and cache
 * directories, the resident process stopped at the end. Waits are bounded only so that a hang fails
 * instead of stopping the suite; nothing here depends on how fast the machine is.
 */
class DaemonLauncherTest {
    /** Long enough for a loaded 2-core machine; only a hang ever reaches it. */
    private static final long LIVENESS_SECONDS = 300;

    private static final Pattern PID = Pattern.compile("pid (\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path tmp;
    private Path launcher;
    private Path client;
    private Path jar;
    private Map<String, String> env;
    private final Set<Long> residents = new TreeSet<>();

    /** What one caller got: its own streams and status. */
    record Outcome(int exit, String out, String err) {}

    @BeforeEach
    void checkout() throws IOException {
        Path built = Path.of("target", "csl-client").toAbsolutePath();
        Assumptions.assumeTrue(
                Files.isExecutable(built),
                "no csl-client: it is built only where /usr/bin/cc exists (cli/pom.xml)");
        launcher = LauncherCheckout.create(tmp).toRealPath();
        client = launcher.resolveSibling("cli/target/csl-client");
        Files.copy(built, client, StandardCopyOption.COPY_ATTRIBUTES);
        jar = launcher.resolveSibling("cli/target/csl.jar");
        env = new HashMap<>(System.getenv());
        for (String name :
                List.of(
                        "CSL_SANDBOX_LAYER",
                        "CSL_CONFIG_HOME",
                        "XDG_CONFIG_HOME",
                        "XDG_STATE_HOME",
                        "XDG_DATA_HOME")) {
            env.remove(name);
        }
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("XDG_RUNTIME_DIR", Files.createDirectories(tmp.resolve("run")).toString());
        env.put("XDG_CACHE_HOME", Files.createDirectories(tmp.resolve("cache")).toString());
        env.put("CSL_DAEMON", "1");
        env.put("CSL_CDS", "0");
    }

    @AfterEach
    void stopResidents() throws Exception {
        if (launcher == null) {
            return;
        }
        residentPid().ifPresent(residents::add);
        run(tmp, "daemon", "stop");
        for (long pid : residents) {
            Optional<ProcessHandle> handle = ProcessHandle.of(pid);
            if (handle.isPresent()) {
                try {
                    handle.get().onExit().get(LIVENESS_SECONDS, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    handle.get().destroyForcibly();
                }
            }
        }
        assertThat(residentPid()).as("a resident process left behind").isEmpty();
    }

    @Test
    void thirtyTwoCallers_eightProjects_eachGetsItsOwnOutputStatusAndFiles() throws Exception {
        startResident();
        Path answers = Files.createDirectories(tmp.resolve("answers"));
        List<Path> projects = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            projects.add(Files.createDirectories(tmp.resolve("project" + p + "/.csl")).getParent());
        }
        for (int n = 0; n < 32; n++) {
            Files.writeString(projects.get(n % 8).resolve("s" + n + ".txt"), "seed " + n + "\n");
            Files.writeString(answers.resolve("answer" + n + ".md"), answer(n));
        }

        ExecutorService callers = Executors.newFixedThreadPool(32);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        for (int n = 0; n < 32; n++) {
            Path answer = answers.resolve("answer" + n + ".md");
            Path project = projects.get(n % 8);
            outcomes.add(callers.submit(() -> run(project, "apply", answer.toString(), "--json")));
        }
        callers.shutdown();

        for (int n = 0; n < 32; n++) {
            Outcome o = outcomes.get(n).get(LIVENESS_SECONDS, TimeUnit.SECONDS);
            String both = o.out() + o.err();
            assertThat(o.exit()).as("caller " + n + ": " + both).isEqualTo(expectedExit(n));
            JsonNode report = JSON.readTree(o.out());
            assertThat(report.path("workingDir").asText())
                    .as(both)
                    .isEqualTo(projects.get(n % 8).toString());
            if (kind(n) != Kind.SYNTAX) {
                assertThat(o.out()).contains("w" + n + ".txt", "s" + n + ".txt");
            }
            if (kind(n) != Kind.SYNTAX && n % 3 == 0) {
                assertThat(o.out()).contains("tok" + n + "x");
            }
            for (int m = 0; m < 32; m++) {
                if (m != n) {
                    assertThat(both)
                            .as("caller " + n + " shows caller " + m + "'s work")
                            .doesNotContain("w" + m + ".txt", "s" + m + ".txt", "tok" + m + "x");
                }
            }
        }
        for (int p = 0; p < 8; p++) {
            Map<String, String> expected = new TreeMap<>();
            for (int n = p; n < 32; n += 8) {
                boolean applied = kind(n) != Kind.SYNTAX;
                expected.put(
                        "s" + n + ".txt",
                        applied ? "replaced by caller " + n + "\n" : "seed " + n + "\n");
                if (applied) {
                    expected.put("w" + n + ".txt", "written by caller " + n + "\n");
                }
            }
            assertThat(files(projects.get(p))).as("project " + p).isEqualTo(expected);
        }
        assertThat(status()).as("the calls went to the resident process").contains("served: ");
        assertThat(served()).isGreaterThanOrEqualTo(32);
    }

    @Test
    void residentKilledMidApply_everyFileOldOrNew_nextCallRollsBackAndNothingTwice()
            throws Exception {
        long pid = startResident();
        int projectsCount = 8;
        int filesEach = 60;
        String padding = "p".repeat(40_000) + "\n";
        List<Path> projects = new ArrayList<>();
        Path answers = Files.createDirectories(tmp.resolve("answers"));
        for (int p = 0; p < projectsCount; p++) {
            Path project =
                    Files.createDirectories(tmp.resolve("project" + p + "/.csl")).getParent();
            projects.add(project);
            StringBuilder answer = new StringBuilder();
            for (int i = 0; i < filesEach; i++) {
                Files.writeString(project.resolve("f" + i + ".txt"), old(p, i) + padding);
                answer.append("<---WRITE file=\"f")
                        .append(i)
                        .append(".txt\"--->\n")
                        .append(fresh(p, i))
                        .append(padding)
                        .append("<---END--->\n");
            }
            Files.writeString(answers.resolve("big" + p + ".md"), answer.toString());
        }

        ExecutorService callers = Executors.newFixedThreadPool(projectsCount);
        List<Future<Outcome>> outcomes = new ArrayList<>();
        for (int p = 0; p < projectsCount; p++) {
            Path project = projects.get(p);
            Path answer = answers.resolve("big" + p + ".md");
            outcomes.add(callers.submit(() -> run(project, "apply", answer.toString(), "--json")));
        }
        callers.shutdown();
        // Kill as soon as any apply has begun to change its project (its journal exists).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIVENESS_SECONDS);
        while (projects.stream().noneMatch(DaemonLauncherTest::hasHistory)
                && !callers.isTerminated()
                && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        ProcessHandle.of(pid).ifPresent(h -> h.onExit().join());

        List<Outcome> got = new ArrayList<>();
        for (int p = 0; p < projectsCount; p++) {
            Outcome o = outcomes.get(p).get(LIVENESS_SECONDS, TimeUnit.SECONDS);
            got.add(o);
            // finished before the kill (or ran cold, never having reached it), or cut short and
            // said so; never run a second time cold after the resident process had accepted it
            if (o.exit() == 0) {
                assertThat(JSON.readTree(o.out()).path("ok").asBoolean()).as(o.out()).isTrue();
            } else {
                assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(2);
                assertThat(o.err()).contains("the resident csl process ended during this call");
            }
            assertEveryFileOldOrNew(projects.get(p), p, filesEach);
        }

        // The next call in each project: the first cold (the socket is a dead one's), the rest
        // to the resident process that call starts.
        Path next = Files.writeString(answers.resolve("next.md"), nextAnswer());
        for (int p = 0; p < projectsCount; p++) {
            if (p == 1) {
                waitForResident();
            }
            boolean interrupted = interrupted(projects.get(p));
            Outcome o = run(projects.get(p), "apply", next.toString(), "--json");
            assertThat(o.exit()).as(o.out() + o.err()).isZero();
            JsonNode report = JSON.readTree(o.out());
            assertThat(projects.get(p).resolve("after.txt")).hasContent("after the kill\n");
            Set<String> states = assertEveryFileOldOrNew(projects.get(p), p, filesEach);
            if (got.get(p).exit() == 0) {
                assertThat(states).as("a finished apply stays").containsExactly("new");
            } else {
                assertThat(states)
                        .as("an apply cut short is rolled back whole, or was done whole")
                        .hasSize(1);
            }
            assertThat(report.has("recovered"))
                    .as("rolled back first exactly when an apply was cut short: " + o.out())
                    .isEqualTo(interrupted);
            // one history entry for the killed apply at most, one for the next: none twice
            try (Stream<Path> entries = Files.list(projects.get(p).resolve(".csl/history"))) {
                List<Path> all = entries.filter(Files::isDirectory).toList();
                assertThat(all.size()).as(all.toString()).isBetween(1, 2);
                for (Path entry : all) {
                    assertThat(cutShort(entry))
                            .as("an interrupted apply left as it was: " + entry)
                            .isFalse();
                }
            }
        }
        assertThat(served()).as("the later calls went to a new resident process").isPositive();
    }

    @Test
    void byDefault_theFirstCallRunsColdAndStartsIt_laterCallsGoToIt() throws Exception {
        env.remove("CSL_DAEMON");
        Path project = Files.createDirectories(tmp.resolve("p/.csl")).getParent();
        Path answer = Files.writeString(tmp.resolve("a.md"), nextAnswer());

        Outcome first = run(project, "apply", answer.toString(), "--json");
        waitForResident();
        Outcome second = run(project, "apply", answer.toString(), "--json");

        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(served()).isEqualTo(1);
    }

    @Test
    void turnedOff_byTheUsersSettingOrCslDaemon0_callsRunCold() throws Exception {
        startResident(); // CSL_DAEMON=1: started whatever the setting says
        Path project = Files.createDirectories(tmp.resolve("p/.csl")).getParent();
        Path answer = Files.writeString(tmp.resolve("a.md"), nextAnswer());
        env.put("CSL_DAEMON", "0");
        assertThat(run(project, "apply", answer.toString(), "--json").exit()).isZero();
        assertThat(served()).as("CSL_DAEMON=0").isZero();

        env.remove("CSL_DAEMON");
        Outcome off = run(tmp, "daemon", "off");
        assertThat(off.out()).as(off.err()).contains("off for this user");
        assertThat(residentPid()).as("off stops the one running").isEmpty();
        env.put("CSL_DAEMON", "1");
        startResident();
        env.remove("CSL_DAEMON");
        assertThat(run(project, "apply", answer.toString(), "--json").exit()).isZero();
        assertThat(served()).as("the user's setting").isZero();

        assertThat(run(tmp, "daemon", "on").exit()).isZero();
        assertThat(run(project, "apply", answer.toString(), "--json").exit()).isZero();
        assertThat(served()).as("on again").isEqualTo(1);
    }

    @Test
    void aMainSourceNewerThanTheJar_isBuiltFirst_aTestSourceIsNot() throws Exception {
        startResident();
        Path checkout = launcher.getParent();
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path mvn =
                Files.writeString(
                        bin.resolve("mvn"), "#!/bin/sh\necho '[ERROR] no build here'\nexit 1\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        env.put("PATH", bin + ":" + env.get("PATH"));
        FileTime later = FileTime.from(Files.getLastModifiedTime(jar).toInstant().plusSeconds(10));

        Path test = checkout.resolve("cli/src/test/java/T.java");
        Files.createDirectories(test.getParent());
        Files.setLastModifiedTime(Files.writeString(test, "class T {}\n"), later);
        Outcome served = run(tmp, "--version");
        assertThat(served.exit()).as(served.err()).isZero();
        assertThat(served()).as("a test source: the resident process answers").isEqualTo(1);

        Path main = checkout.resolve("cli/src/main/java/M.java");
        Files.createDirectories(main.getParent());
        Files.setLastModifiedTime(Files.writeString(main, "class M {}\n"), later);
        Outcome built = run(tmp, "--version");
        assertThat(built.err()).contains("csl: building with Maven").contains("no build here");
        assertThat(built.exit()).isEqualTo(1);
        assertThat(served()).as("a main source: the launcher builds first").isEqualTo(1);
        // the checkout up to date again, so that stopping the resident process builds nothing
        Files.delete(main);
    }

    private enum Kind {
        OK,
        FAILS,
        SYNTAX
    }

    private static Kind kind(int n) {
        if (n % 7 == 3) {
            return Kind.SYNTAX;
        }
        return n % 5 == 1 ? Kind.FAILS : Kind.OK;
    }

    private static int expectedExit(int n) {
        return switch (kind(n)) {
            case OK -> ExitCodes.OK;
            case FAILS -> ExitCodes.FAILED;
            case SYNTAX -> 3;
        };
    }

    /**
     * Caller n's answer: a WRITE of its own file, a SEARCH/REPLACE of its own seeded file, every
     * third a RUN echo of its own token; some with a SEARCH that finds nothing (exit 1), some cut
     * off (a syntax error: exit 3, nothing applied).
     */
    private static String answer(int n) {
        StringBuilder a = new StringBuilder();
        a.append("<---WRITE file=\"w")
                .append(n)
                .append(".txt\"--->\nwritten by caller ")
                .append(n)
                .append("\n<---END--->\n");
        a.append("<---SEARCH file=\"s")
                .append(n)
                .append(".txt\"--->\nseed ")
                .append(n)
                .append("\n<---REPLACE--->\nreplaced by caller ")
                .append(n)
                .append("\n<---END--->\n");
        if (n % 3 == 0) {
            a.append("<---RUN--->\necho tok").append(n).append("x\n<---END--->\n");
        }
        switch (kind(n)) {
            case FAILS ->
                    a.append("<---SEARCH file=\"s")
                            .append(n)
                            .append(".txt\"--->\nno such line\n<---REPLACE--->\nz\n<---END--->\n");
            case SYNTAX -> a.append("<---WRITE file=\"cut.txt\"--->\nunterminated\n");
            case OK -> {}
        }
        return a.toString();
    }

    private static String nextAnswer() {
        return "<---WRITE file=\"after.txt\"--->\nafter the kill\n<---END--->\n";
    }

    private static String old(int p, int i) {
        return "old " + p + " " + i + "\n";
    }

    private static String fresh(int p, int i) {
        return "new " + p + " " + i + "\n";
    }

    /** Each f*.txt holds its whole old or whole new content; which of the two, for all of them. */
    private static Set<String> assertEveryFileOldOrNew(Path project, int p, int filesEach)
            throws IOException {
        Set<String> states = new TreeSet<>();
        String padding = "p".repeat(40_000) + "\n";
        for (int i = 0; i < filesEach; i++) {
            String text = Files.readString(project.resolve("f" + i + ".txt"));
            if (text.equals(old(p, i) + padding)) {
                states.add("old");
            } else {
                assertThat(text)
                        .as("f" + i + ".txt of project " + p + " torn")
                        .isEqualTo(fresh(p, i) + padding);
                states.add("new");
            }
        }
        return states;
    }

    /**
     * Whether the project holds an apply that changed something and neither finished nor was rolled
     * back (one killed before its first change leaves nothing to roll back).
     */
    private static boolean interrupted(Path project) throws IOException {
        if (!hasHistory(project)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(project.resolve(".csl/history"))) {
            return entries.filter(Files::isDirectory).anyMatch(DaemonLauncherTest::cutShort);
        }
    }

    private static boolean cutShort(Path entry) {
        Path journal = entry.resolve("journal.jsonl");
        try {
            return !Files.exists(entry.resolve("commit.json"))
                    && !Files.exists(entry.resolve("undone.json"))
                    && Files.exists(journal)
                    && Files.size(journal) > 0;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean hasHistory(Path project) {
        return Files.isDirectory(project.resolve(".csl/history"));
    }

    /** The project's regular files and their contents, csl's own .csl/ aside. */
    private static Map<String, String> files(Path project) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(project)) {
            for (Path f : walk.toList()) {
                String name = project.relativize(f).toString();
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
                        && !name.startsWith(".csl/")) {
                    files.put(name, Files.readString(f));
                }
            }
        }
        return files;
    }

    /** ./csl ARGS in {@code dir} with the test's environment; its own stdout, stderr and status. */
    private Outcome run(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        return start(dir, command);
    }

    private Outcome start(Path dir, List<String> command) throws IOException, InterruptedException {
        return start(dir, command, env);
    }

    private Outcome start(Path dir, List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        Path streams = Files.createTempDirectory(tmp, "call");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().putAll(environment);
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.redirectOutput(streams.resolve("out").toFile());
        pb.redirectError(streams.resolve("err").toFile());
        Process process = pb.start();
        if (!process.waitFor(LIVENESS_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("hung: " + command);
        }
        return new Outcome(
                process.exitValue(),
                Files.readString(streams.resolve("out"), UTF_8),
                Files.readString(streams.resolve("err"), UTF_8));
    }

    /** The resident process's own answer to {@code daemon status}, through the client. */
    private String status() throws IOException, InterruptedException {
        // asked whatever CSL_DAEMON says (the client answers nothing under CSL_DAEMON=0)
        Map<String, String> asking = new HashMap<>(env);
        asking.remove("CSL_DAEMON");
        Outcome o =
                start(tmp, List.of(client.toString(), jar.toString(), "daemon", "status"), asking);
        return o.exit() == 0 ? o.out() : "";
    }

    private long served() throws IOException, InterruptedException {
        Matcher m = Pattern.compile("calls served: (\\d+)").matcher(status());
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    private Optional<Long> residentPid() throws IOException, InterruptedException {
        Matcher m = PID.matcher(status());
        return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }

    /** The first call starts the resident process in the background (and runs cold itself). */
    private long startResident() throws Exception {
        Outcome first = run(tmp, "--version");
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).startsWith("csl ");
        return waitForResident();
    }

    private long waitForResident() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIVENESS_SECONDS);
        while (System.nanoTime() < deadline) {
            Optional<Long> pid = residentPid();
            if (pid.isPresent()) {
                residents.add(pid.get());
                return pid.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no resident process came up");
    }
}
