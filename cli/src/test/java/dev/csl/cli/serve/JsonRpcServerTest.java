package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.UndoReport;
import dev.csl.runner.external.Diagnostics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protocol and scheduling of the server, in process, over a backend that records calls. */
class JsonRpcServerTest {
    @TempDir Path tmp;

    private final FakeBackend backend = new FakeBackend();
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private RpcClient client;
    private Thread serverThread;
    private final AtomicInteger exitCode = new AtomicInteger(-1);
    private Path dirA;
    private Path dirB;

    @BeforeEach
    void start() throws IOException {
        dirA = Files.createDirectory(tmp.resolve("a"));
        dirB = Files.createDirectory(tmp.resolve("b"));
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedOutputStream serverOut = new PipedOutputStream();
        PipedInputStream fromServer = new PipedInputStream(serverOut, 1 << 16);
        JsonRpcServer server =
                new JsonRpcServer(
                        backend,
                        tmp,
                        4,
                        RpcClient.JSON,
                        new PrintStream(log, true, StandardCharsets.UTF_8));
        serverThread =
                new Thread(
                        () -> {
                            try (serverOut) {
                                exitCode.set(server.serve(serverIn, serverOut));
                            } catch (Exception e) {
                                throw new AssertionError(e);
                            }
                        });
        serverThread.start();
        client = new RpcClient(toServer, fromServer);
    }

    @AfterEach
    void stop() throws InterruptedException {
        backend.releaseAll();
        client.closeInput();
        serverThread.join(10_000); // clean-up only: no verdict depends on it
    }

    private Map<String, Object> apply(Path dir, String answer) {
        return Map.of("workingDir", dir.toString(), "answer", answer);
    }

    @Nested
    class Errors {
        @Test
        void serve_lineIsNotJson_answersParseErrorWithTheIdItShowsAndReadsOn() {
            client.sendLine("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ");
            JsonNode error = client.next();
            client.sendLine("{\"jsonrpc\": \"2.0\", \"method\": \"parse\", \"id\" 3}");
            JsonNode noId = client.next();
            JsonNode ok = client.call(2, "parse", Map.of("answer", "x"));

            // The id lets the client match the error to its request; where the line breaks
            // before it, there is none to give.
            assertThat(error.path("id").asInt()).isEqualTo(1);
            assertThat(noId.path("id").isNull()).isTrue();
            assertThat(noId.at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(error.at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(ok.at("/result/answer").asText()).isEqualTo("x");
        }

        @Test
        void serve_unknownMethod_answersMethodNotFoundWithItsId() {
            JsonNode response = client.call("abc", "applyAll", Map.of());

            assertThat(response.path("id").asText()).isEqualTo("abc");
            assertThat(response.at("/error/code").asInt()).isEqualTo(-32601);
            assertThat(response.at("/error/message").asText()).contains("applyAll");
        }

        @Test
        void serve_missingAnswer_answersInvalidParamsNamingIt() {
            JsonNode response = client.call(3, "apply", Map.of("workingDir", dirA.toString()));

            assertThat(response.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(response.at("/error/message").asText()).contains("'answer'");
            assertThat(backend.calls).isEmpty();
        }

        @Test
        void serve_workingDirThatDoesNotExist_answersInvalidParamsAndCreatesNothing() {
            JsonNode response =
                    client.call(
                            3,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    "projct",
                                    "answer",
                                    "<---WRITE file=\"a\"--->\nx\n<---END--->"));

            assertThat(response.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(response.at("/error/message").asText())
                    .contains("'projct'", "not an existing directory");
            assertThat(backend.calls).isEmpty();
            assertThat(tmp.resolve("projct")).doesNotExist();
        }

        @Test
        void serve_workingDirIsFileSystemRoot_answersInvalidParams() {
            JsonNode response =
                    client.call(
                            3,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    "/",
                                    "answer",
                                    "<---WRITE file=\"a\"--->\nx\n<---END--->"));

            assertThat(response.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(response.at("/error/message").asText()).contains("root of the file system");
            assertThat(backend.calls).isEmpty();
        }

        @Test
        void serve_misspeltParameter_isRefusedInsteadOfIgnored() {
            JsonNode response =
                    client.call(
                            4,
                            "apply",
                            Map.of("workingDir", dirA.toString(), "answer", "x", "dry_run", true));

            assertThat(response.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(response.at("/error/message").asText()).contains("dry_run");
            assertThat(backend.calls).isEmpty();
        }

        @Test
        void serve_delimiterWithLineBreak_refusedAsOnTheCommandLine() {
            JsonNode parse =
                    client.call(
                            11,
                            "parse",
                            Map.of("answer", "x", "startDelimiter", "<\n", "endDelimiter", ">"));
            JsonNode empty =
                    client.call(
                            12,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    dirA.toString(),
                                    "answer",
                                    "x",
                                    "delimiters",
                                    Map.of("start", "", "end", ">")));

            assertThat(parse.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(parse.at("/error/message").asText())
                    .isEqualTo("Delimiters must not contain line breaks");
            assertThat(empty.at("/error/message").asText())
                    .isEqualTo("Delimiters must not be empty");
            assertThat(backend.calls).isEmpty();
        }

        @Test
        void serve_workingDirEmpty_answersInvalidParams() {
            JsonNode response = client.call(5, "undo", Map.of("workingDir", ""));

            assertThat(response.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(response.at("/error/message").asText()).contains("workingDir");
        }

        @Test
        void serve_wrongParamType_answersInvalidParams() {
            JsonNode response =
                    client.call(
                            6,
                            "apply",
                            Map.of("workingDir", dirA.toString(), "answer", "x", "dryRun", "yes"));

            assertThat(response.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(response.at("/error/message").asText()).contains("dryRun");
        }

        @Test
        void serve_notJsonRpc2_answersInvalidRequest() {
            client.sendLine("{\"id\": 7, \"method\": \"parse\", \"params\": {\"answer\": \"x\"}}");
            client.sendLine("42");
            client.sendLine("{\"jsonrpc\": \"2.0\", \"id\": {\"x\": 1}, \"method\": \"parse\"}");

            JsonNode noVersion = client.next();
            JsonNode notObject = client.next();
            JsonNode badId = client.next();
            assertThat(noVersion.path("id").asInt()).isEqualTo(7);
            for (JsonNode response : List.of(noVersion, notObject, badId)) {
                assertThat(response.at("/error/code").asInt()).isEqualTo(-32600);
            }
            assertThat(badId.path("id").isNull()).isTrue();
        }

        @Test
        void serve_positionalParams_answersInvalidParams() {
            client.sendLine(
                    "{\"jsonrpc\": \"2.0\", \"id\": 8, \"method\": \"parse\", \"params\": [1]}");

            assertThat(client.next().at("/error/code").asInt()).isEqualTo(-32602);
        }

        @Test
        void serve_backendThrows_answersInternalErrorAndStaysUp() {
            JsonNode failed = client.call(9, "parse", Map.of("answer", "explode"));
            JsonNode ok = client.call(10, "parse", Map.of("answer", "fine"));

            assertThat(failed.at("/error/code").asInt()).isEqualTo(-32603);
            assertThat(failed.at("/error/message").asText()).contains("kaboom");
            assertThat(ok.at("/result/answer").asText()).isEqualTo("fine");
        }
    }

    @Nested
    class Messages {
        @Test
        void serve_applyParams_reachBackendChecked() throws IOException {
            JsonNode response =
                    client.call(
                            1,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    dirA.toString(),
                                    "answer",
                                    "x",
                                    "dryRun",
                                    true,
                                    "allow",
                                    List.of("npm test"),
                                    "timeout",
                                    5,
                                    "atomic",
                                    true,
                                    "delimiters",
                                    Map.of("start", "@[[", "end", "]]@")));

            ApplyOptions call = (ApplyOptions) backend.calls.get(0);
            assertThat(response.at("/result/dryRun").asBoolean()).isTrue();
            assertThat(call.workingDir()).isEqualTo(dirA.toAbsolutePath());
            assertThat(call.allow()).containsExactly("npm test");
            assertThat(call.timeoutSeconds()).isEqualTo(5);
            assertThat(call.atomic()).isTrue();
            assertThat(call.delimiters()).isEqualTo(new Delimiters("@[[", "]]@"));
        }

        @Test
        void serve_notification_runsButGetsNoResponse() {
            // Same directory: the notification has run by the time the request after it is done.
            client.sendLine(
                    "{\"jsonrpc\": \"2.0\", \"method\": \"apply\", \"params\": {\"answer\": \"n\","
                            + " \"workingDir\": \"a\"}}");
            JsonNode next = client.call(2, "apply", apply(dirA, "r"));

            assertThat(next.path("id").asInt()).isEqualTo(2);
            assertThat(backend.calls).containsExactly("apply:n", "apply:r");
        }

        @Test
        void serve_batch_answersOneArrayWithEveryResponse() {
            client.sendLine(
                    "[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"parse\", \"params\":"
                            + " {\"answer\": \"a\"}},"
                            + " {\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"nope\"}]");

            JsonNode batch = client.next();
            assertThat(batch.isArray()).isTrue();
            assertThat(batch).hasSize(2);
        }

        @Test
        void serve_relativeWorkingDir_resolvesAgainstServerDir() throws IOException {
            client.call(1, "undo", Map.of("workingDir", "b", "force", true));

            assertThat(backend.calls).contains("undo:" + dirB.toAbsolutePath() + ":true");
        }
    }

    @Nested
    class Scheduling {
        @Test
        void serve_differentDirs_runConcurrentlyAndAnswerOutOfOrder() {
            client.send(1, "apply", apply(dirA, "block"));
            backend.awaitBlocked(1);
            JsonNode second = client.call(2, "apply", apply(dirB, "quick"));

            // B was answered while A was still running.
            assertThat(second.at("/result/planHash").asText()).isEqualTo("quick");
            backend.releaseAll();
            assertThat(client.awaitId(1).at("/result/planHash").asText()).isEqualTo("block");
        }

        @Test
        void serve_sameDirThroughTwoSpellings_runsOneAfterTheOther() throws Exception {
            Path link = Files.createSymbolicLink(tmp.resolve("link-to-a"), dirA);
            client.send(1, "apply", apply(dirA, "block"));
            backend.awaitBlocked(1);
            client.send(2, "apply", apply(link, "quick"));
            client.send(3, "apply", apply(dirB, "other"));
            client.awaitId(3);

            // The same directory reached through a symlink waits for the first request.
            assertThat(backend.calls).doesNotContain("apply:quick");
            backend.releaseAll();
            client.awaitId(2);
            assertThat(backend.calls).containsSubsequence("apply:block", "apply:quick").hasSize(3);
            assertThat(backend.maxConcurrentPerDir.get()).isEqualTo(1);
        }

        @Test
        void serve_shutdown_answersInFlightRequestsFirstThenStops() throws Exception {
            client.send(1, "apply", apply(dirA, "block"));
            backend.awaitBlocked(1);
            client.send(2, "shutdown", null);
            client.send(3, "parse", Map.of("answer", "after shutdown"));
            backend.releaseAll();

            List<String> rest = client.rest();
            assertThat(rest).hasSize(2);
            assertThat(RpcClient.JSON.readTree(rest.get(0)).path("id").asInt()).isEqualTo(1);
            JsonNode last = RpcClient.JSON.readTree(rest.get(1));
            assertThat(last.path("id").asInt()).isEqualTo(2);
            assertThat(last.has("result")).isTrue();
            serverThread.join(dev.csl.cli.Hang.LIMIT.toMillis());
            assertThat(serverThread.isAlive())
                    .as(dev.csl.cli.Hang.message("the server's stop"))
                    .isFalse();
            assertThat(exitCode.get()).isZero();
            assertThat(backend.closed).isTrue();
            assertThat(backend.calls).doesNotContain("parse:after shutdown");
        }

        @Test
        void serve_endOfInput_finishesPendingWorkAndCloses() throws Exception {
            client.send(1, "apply", apply(dirA, "block"));
            backend.awaitBlocked(1);
            client.closeInput();
            backend.releaseAll();

            List<String> rest = client.rest();
            assertThat(rest).hasSize(1);
            serverThread.join(dev.csl.cli.Hang.LIMIT.toMillis());
            assertThat(serverThread.isAlive())
                    .as(dev.csl.cli.Hang.message("the server's stop"))
                    .isFalse();
            assertThat(exitCode.get()).isZero();
            assertThat(backend.closed).isTrue();
        }
    }

    /**
     * Records calls; an answer "block" waits until released; "explode" throws. Its apply report
     * carries the answer as its plan hash, so that tests can tell the responses apart.
     */
    static final class FakeBackend implements ServeBackend {
        final List<Object> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger maxConcurrentPerDir = new AtomicInteger();
        private final Map<Path, AtomicInteger> runningPerDir = new ConcurrentHashMap<>();
        private final CountDownLatch release = new CountDownLatch(1);
        private final AtomicInteger blocked = new AtomicInteger();
        volatile boolean closed;

        @Override
        public ObjectNode parse(String answer, Delimiters delimiters) {
            if (answer.equals("explode")) {
                throw new IllegalStateException("kaboom");
            }
            calls.add("parse:" + answer);
            return JsonNodeFactory.instance.objectNode().put("ok", true).put("answer", answer);
        }

        @Override
        public ApplyReport apply(String answer, ApplyOptions options) throws InterruptedException {
            AtomicInteger running =
                    runningPerDir.computeIfAbsent(
                            real(options.workingDir()), d -> new AtomicInteger());
            maxConcurrentPerDir.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                if (answer.equals("block")) {
                    blocked.incrementAndGet();
                    release.await(dev.csl.cli.Hang.LIMIT.toSeconds(), TimeUnit.SECONDS);
                }
                calls.add(answer.equals("x") ? options : "apply:" + answer);
                return new ApplyReport(
                        true,
                        options.workingDir().toString(),
                        options.dryRun(),
                        List.of(),
                        List.of(),
                        answer,
                        null);
            } finally {
                running.decrementAndGet();
            }
        }

        @Override
        public UndoReport undo(Path workingDir, boolean force) {
            calls.add("undo:" + workingDir + ":" + force);
            return new UndoReport(true, workingDir.toString(), null, List.of(), List.of(), null);
        }

        @Override
        public Diagnostics.Report doctor() {
            return Diagnostics.document(List.of());
        }

        @Override
        public void close() {
            closed = true;
        }

        private static Path real(Path dir) {
            try {
                return dir.toRealPath();
            } catch (IOException e) {
                return dir;
            }
        }

        void awaitBlocked(int n) {
            long deadline = System.nanoTime() + dev.csl.cli.Hang.LIMIT.toNanos();
            while (blocked.get() < n) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(
                            dev.csl.cli.Hang.message("the wait for " + n + " blocked applies"));
                }
                Thread.onSpinWait();
            }
        }

        void releaseAll() {
            release.countDown();
        }
    }
}
