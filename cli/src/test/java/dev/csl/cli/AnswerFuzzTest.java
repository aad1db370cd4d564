package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.cli.mcp.McpServer;
import dev.csl.cli.mcp.McpTools;
import dev.csl.cli.serve.CslBackend;
import dev.csl.cli.serve.JsonRpcServer;
import dev.csl.grammar.AnswerText;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.Undoer;
import dev.csl.runner.Runners;
import dev.csl.runner.WorkerPool;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing (issue 30): real answers from {@code testdata}, spoilt by {@link AnswerMutations}, go
 * through the interpreter (a real or dry apply on a temporary directory), {@code csl serve}'s
 * JSON-RPC server and {@code csl mcp}'s server, both in process over pipes, with a warm worker pool
 * for RUN blocks. Whatever the answer, each must answer (only a hang reaches the bound, {@link
 * Hang#LIMIT}: speed is measured in bench/, never here) with exactly one JSON document that reports
 * no internal error and names no Java class, and nothing outside the working directory may change.
 *
 * <p>The seed is fixed and the tries are few (junit-platform.properties), so a build runs the same
 * 240 answers in well under a minute. A longer, fresh round: {@code mvn -pl cli -am verify
 * -Dtest=AnswerFuzzTest -Dsurefire.failIfNoSpecifiedTests=false -Djqwik.tries.default=2000
 * -Dcsl.fuzz.seed=$RANDOM}.
 */
class AnswerFuzzTest {
    private static final Duration BOUND = Hang.LIMIT;
    private static final Path CORPUS = Path.of("..", "testdata", "apply");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A Java class name of an exception in a message: a bug speaking, not csl. */
    private static final Pattern CLASS_NAME =
            Pattern.compile("\\b(java|javax|jdk|sun|com|org|dev)\\.[\\w.$]+(Exception|Error)\\b");

    private static final long EXTRA_SEED = Long.getLong("csl.fuzz.seed", 0);
    private static final AtomicInteger TRIES = new AtomicInteger();

    private static Path tmp;
    private static WorkerPool pool;
    private static Protocol serve;
    private static Protocol mcp;

    /** A real answer and the tree it was written for ({@code before/}, or none). */
    record Seed(String name, byte[] answer, Path before) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A spoilt answer, named after its seed and what was done to it. */
    record Mutated(String name, byte[] answer, Path before) {
        @Override
        public String toString() {
            return name + " (" + answer.length + " bytes)";
        }
    }

    @BeforeContainer
    static void start() throws IOException {
        tmp = Files.createTempDirectory("csl-fuzz");
        pool = Runners.pooled(2);
        Path serveDir = Files.createDirectories(tmp.resolve("serve"));
        serve =
                Protocol.start(
                        (in, out) ->
                                new JsonRpcServer(
                                                new CslBackend(pool, () -> {}, ParseJson::toJson),
                                                serveDir,
                                                2,
                                                new ObjectMapper(),
                                                new PrintStream(
                                                        OutputStream.nullOutputStream(), true))
                                        .serve(in, out));
        Path mcpDir = Files.createDirectories(tmp.resolve("mcp"));
        McpTools tools =
                new McpTools(
                        new Interpreter(pool),
                        new Undoer(),
                        null,
                        mcpDir,
                        new McpTools.Rendering(
                                AnswerFuzzTest::summary,
                                r -> "undo",
                                ReportJson::write,
                                ReportJson::write),
                        () -> {});
        mcp =
                Protocol.start(
                        (in, out) ->
                                new McpServer(
                                                tools,
                                                () -> "instructions",
                                                "fuzz",
                                                new PrintStream(
                                                        OutputStream.nullOutputStream(), true))
                                        .serve(in, new PrintStream(out, true)));
        mcp.call(
                "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
                        + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}}",
                BOUND);
    }

    @AfterContainer
    static void stop() throws Exception {
        serve.close();
        mcp.close();
        pool.close();
        deleteTree(tmp);
    }

    // ---- the properties ----------------------------------------------------------------------

    @Property(seed = "20261126", shrinking = ShrinkingMode.OFF)
    void interpreter_mutatedAnswer_oneCleanDocumentAndNothingOutside(
            @ForAll("answers") Mutated answer, @ForAll boolean dryRun) throws IOException {
        Trial trial = Trial.of(answer);
        ApplyReport report =
                assertTimeoutPreemptively(
                        BOUND,
                        () ->
                                new Interpreter(pool)
                                        .apply(
                                                AnswerText.decode(answer.answer()),
                                                ApplyOptions.defaults(trial.work)
                                                        .withDryRun(dryRun)),
                        answer::toString);

        JsonNode document = oneDocument(ReportJson.write(report), answer);
        assertThat(document.path("ok").isBoolean()).as(answer.toString()).isTrue();
        trial.assertNothingOutsideChanged(answer);
    }

    @Property(seed = "20261127", shrinking = ShrinkingMode.OFF)
    void serve_mutatedAnswer_oneCleanResponseAndNothingOutside(
            @ForAll("answers") Mutated answer, @ForAll boolean dryRun) throws IOException {
        Trial trial = Trial.of(answer);
        Map<String, Object> params = new TreeMap<>();
        params.put("answer", AnswerText.decode(answer.answer()).text());
        params.put("workingDir", trial.work.toString());
        params.put("dryRun", dryRun);
        String request =
                JSON.writeValueAsString(
                        Map.of("jsonrpc", "2.0", "id", 1, "method", "apply", "params", params));

        String line = serve.call(request, BOUND);

        JsonNode response = oneDocument(line, answer);
        assertThat(response.has("result")).as(answer + ": " + line).isTrue();
        assertThat(response.path("result").path("ok").isBoolean()).isTrue();
        trial.assertNothingOutsideChanged(answer);
    }

    @Property(seed = "20261128", shrinking = ShrinkingMode.OFF)
    void mcp_mutatedAnswer_oneCleanToolResultAndNothingOutside(
            @ForAll("answers") Mutated answer, @ForAll boolean check) throws IOException {
        Trial trial = Trial.of(answer);
        Map<String, Object> arguments = new TreeMap<>();
        arguments.put("answer", AnswerText.decode(answer.answer()).text());
        arguments.put("workingDir", trial.work.toString());
        String request =
                JSON.writeValueAsString(
                        Map.of(
                                "jsonrpc",
                                "2.0",
                                "id",
                                1,
                                "method",
                                "tools/call",
                                "params",
                                Map.of("name", check ? "check" : "apply", "arguments", arguments)));

        String line = mcp.call(request, BOUND);

        JsonNode response = oneDocument(line, answer);
        assertThat(response.has("result")).as(answer + ": " + line).isTrue();
        assertThat(response.path("result").path("isError").isBoolean()).isTrue();
        assertThat(response.path("result").path("structuredContent").path("ok").isBoolean())
                .isTrue();
        trial.assertNothingOutsideChanged(answer);
    }

    /**
     * The inputs issue 30's round found, as they were reported: the three lines where the default
     * delimiters overlap in every part of every operation, the SEARCH pattern and TO text of
     * thousands of blank lines, and 100,000 stray END markers, through all three layers.
     */
    @Example
    void issueInputs_everyLayer_cleanAndBounded() throws IOException {
        for (Mutated input : issueInputs()) {
            interpreter_mutatedAnswer_oneCleanDocumentAndNothingOutside(input, true);
            interpreter_mutatedAnswer_oneCleanDocumentAndNothingOutside(input, false);
            serve_mutatedAnswer_oneCleanResponseAndNothingOutside(input, false);
            mcp_mutatedAnswer_oneCleanToolResultAndNothingOutside(input, true);
        }
    }

    // ---- the answers -------------------------------------------------------------------------

    @Provide
    Arbitrary<Mutated> answers() throws IOException {
        List<Seed> seeds = seeds();
        return Combinators.combine(
                        Arbitraries.of(seeds),
                        Arbitraries.of(AnswerMutations.values()).list().ofMinSize(1).ofMaxSize(3),
                        Arbitraries.longs())
                .as(
                        (seed, mutations, salt) -> {
                            Random random = new Random(salt ^ EXTRA_SEED);
                            byte[] answer = seed.answer();
                            for (AnswerMutations m : mutations) {
                                answer = m.apply(answer, random);
                            }
                            return new Mutated(
                                    seed.name() + " " + mutations + " salt " + salt,
                                    answer,
                                    seed.before());
                        });
    }

    private static List<Seed> seeds() throws IOException {
        List<Seed> out = new ArrayList<>();
        try (Stream<Path> cases = Files.list(CORPUS)) {
            for (Path dir : (Iterable<Path>) cases.sorted()::iterator) {
                Path answer = dir.resolve("answer.md");
                if (Files.exists(answer)) {
                    Path before = dir.resolve("before");
                    out.add(
                            new Seed(
                                    dir.getFileName().toString(),
                                    Files.readAllBytes(answer),
                                    Files.isDirectory(before) ? before : null));
                }
            }
        }
        for (Mutated m : issueInputs()) {
            out.add(new Seed(m.name(), m.answer(), null));
        }
        return out;
    }

    static List<Mutated> issueInputs() {
        List<Mutated> out = new ArrayList<>();
        String write = "<---WRITE file=\"a.txt\"--->\nhello\na\nworld\n<---END--->\n";
        for (String line : new String[] {"<--->", "<---->", "<----->"}) {
            out.add(
                    issue(
                            "overlap " + line,
                            write
                                    + "<---WRITE file=\"b.txt\"--->\n"
                                    + line
                                    + "\n<---END--->\n<---SEARCH file=\"a.txt\"--->\n"
                                    + line
                                    + "\n<---TO--->\n"
                                    + line
                                    + "\n<---REPLACE--->\n"
                                    + line
                                    + "\n<---END--->\n<---RUN--->\n"
                                    + line
                                    + "\n<---END--->\n"));
        }
        out.add(
                issue(
                        "16,000 blank lines and a",
                        write
                                + "<---SEARCH file=\"a.txt\"--->\n"
                                + "\n".repeat(16_000)
                                + "a\n<---REPLACE--->\nb\n<---END--->\n"));
        out.add(
                issue(
                        "TASKS with 100,000 blank lines and a",
                        "<---TASKS--->\n"
                                + write
                                + "<---SEARCH file=\"a.txt\"--->\n"
                                + "\n".repeat(100_000)
                                + "a\n<---REPLACE--->\nb\n<---END--->\n<---END--->\n"));
        out.add(
                issue(
                        "TO text of 8,000 blank lines",
                        write
                                + "<---SEARCH file=\"a.txt\"--->\nhello\n<---TO--->\n"
                                + "\n".repeat(8_000)
                                + "world\n<---REPLACE--->\nb\n<---END--->\n"));
        out.add(issue("100,000 stray END markers", "<---END--->\n".repeat(100_000)));
        return out;
    }

    private static Mutated issue(String name, String answer) {
        return new Mutated("issue 30: " + name, answer.getBytes(StandardCharsets.UTF_8), null);
    }

    // ---- checks ------------------------------------------------------------------------------

    /** Parses exactly one JSON document and checks its text for internal errors. */
    private static JsonNode oneDocument(String text, Mutated answer) throws IOException {
        JsonNode document;
        try (JsonParser parser = JSON.createParser(text)) {
            document = JSON.readTree(parser);
            assertThat(parser.nextToken()).as("%s: more than one JSON document", answer).isNull();
        }
        assertThat(document).as(answer.toString()).isNotNull();
        assertThat(text)
                .as(answer.toString())
                .doesNotContain("bug in csl itself")
                .doesNotContain("\"code\":-32603")
                .doesNotContainPattern(CLASS_NAME);
        return document;
    }

    /** One try's directory: the working directory and a sibling that must stay as it was. */
    private static final class Trial {
        final Path dir;
        final Path work;
        final Path outside;
        final Map<String, String> outsideBefore;

        private Trial(Path dir) throws IOException {
            this.dir = dir;
            this.work = Files.createDirectories(dir.resolve("work"));
            this.outside = Files.createDirectories(dir.resolve("outside"));
            Files.writeString(outside.resolve("secret.txt"), "secret\n");
            Files.writeString(dir.resolve("beside.txt"), "beside\n");
            this.outsideBefore = snapshot(dir, work);
        }

        static Trial of(Mutated answer) throws IOException {
            Trial t = new Trial(tmp.resolve("try-" + TRIES.incrementAndGet()));
            if (answer.before() != null) {
                copyTree(answer.before(), t.work);
            }
            // The a.txt and b.txt the mutations' SEARCH and WRITE blocks name, beside the seed's.
            Files.writeString(t.work.resolve("a.txt"), "hello\na\nworld\n");
            return t;
        }

        void assertNothingOutsideChanged(Mutated answer) throws IOException {
            assertThat(snapshot(dir, work)).as(answer.toString()).isEqualTo(outsideBefore);
            deleteTree(dir);
        }
    }

    /** Every file below {@code root} except inside {@code skip}, with its content. */
    private static Map<String, String> snapshot(Path root, Path skip) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (p.startsWith(skip) || p.equals(root)) {
                    continue;
                }
                out.put(
                        root.relativize(p).toString(),
                        Files.isRegularFile(p) ? Files.readString(p) : "<dir>");
            }
        }
        return out;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted((a, b) -> b.compareTo(a))::iterator) {
                p.toFile().setWritable(true);
                Files.deleteIfExists(p);
            }
        }
    }

    private static String summary(ApplyReport report) {
        StringWriter text = new StringWriter();
        new ApplyRenderer(new PrintWriter(text), false, false).print(report);
        return text.toString().strip();
    }

    /** A server on a thread, spoken to over pipes, one request line and one response line. */
    private static final class Protocol implements AutoCloseable {
        interface Server {
            int serve(java.io.InputStream in, OutputStream out) throws Exception;
        }

        private final PipedOutputStream toServer;
        private final BufferedReader fromServer;
        private final Thread thread;

        private Protocol(PipedOutputStream toServer, BufferedReader fromServer, Thread thread) {
            this.toServer = toServer;
            this.fromServer = fromServer;
            this.thread = thread;
        }

        static Protocol start(Server server) throws IOException {
            PipedOutputStream toServer = new PipedOutputStream();
            PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
            PipedOutputStream serverOut = new PipedOutputStream();
            PipedInputStream fromServer = new PipedInputStream(serverOut, 1 << 16);
            Thread thread =
                    new Thread(
                            () -> {
                                try (serverOut) {
                                    server.serve(serverIn, serverOut);
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            },
                            "fuzz-server");
            thread.setDaemon(true);
            thread.start();
            return new Protocol(
                    toServer,
                    new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8)),
                    thread);
        }

        /**
         * Sends one request line; returns the next line that answers a request, failing after
         * {@code bound}. Both on the caller's thread: a piped stream breaks once the thread that
         * last wrote to it (or read from it) has ended, so no helper thread may touch them.
         */
        synchronized String call(String request, Duration bound) {
            long deadline = System.nanoTime() + bound.toNanos();
            try {
                toServer.write((request + "\n").getBytes(StandardCharsets.UTF_8));
                toServer.flush();
                while (true) {
                    while (!fromServer.ready()) {
                        if (System.nanoTime() > deadline) {
                            throw new AssertionError(Hang.message("the server's response"));
                        }
                        Thread.sleep(2);
                    }
                    String line = fromServer.readLine();
                    if (line == null) {
                        throw new IOException("the server closed its output");
                    }
                    if (line.contains("\"id\"")) {
                        return line;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        @Override
        public void close() throws Exception {
            toServer.close();
            thread.join(10_000);
        }
    }
}
