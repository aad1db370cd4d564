package dev.csl.runner.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An attacker's Node script against the preload's rule "check what Node will use": arguments that
 * answer the check one way and Node another (getters, Proxies, Symbol.toPrimitive, toString, URL
 * subclasses, Buffers changed after the call, options whose getters change), replaced built-ins,
 * sockets, DNS and fetch with the network off, signals to other processes and directories shaped
 * like a repository. Each case runs with the sandbox off and under bubblewrap; afterwards nothing
 * may exist in {@code .git/hooks}, {@code .git/config} and {@code .csl} must be unchanged, nothing
 * may be written outside, the victim process must live and no server may have been reached.
 */
class NodeTricksTest {
    private Path base;
    private Path wd;
    private Path outside;
    private Process victim;
    private HttpServer http;
    private final AtomicInteger httpHits = new AtomicInteger();
    private ServerSocketChannel unixServer;
    private Path socket;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(
                ProcessLauncher.findProgram("node", Path.of(".")).isPresent(),
                "node is not installed");
        Files.createDirectories(Path.of("target"));
        // Under target/, so that "outside" is not hidden by the sandbox's private /tmp.
        base =
                Files.createTempDirectory(Path.of("target").toAbsolutePath(), "tricks-")
                        .toRealPath();
        wd = Files.createDirectories(base.resolve("wd"));
        outside = Files.createDirectories(base.resolve("outside"));
        Files.createDirectories(wd.resolve(".git/hooks"));
        Files.writeString(wd.resolve(".git/config"), "[core]\n");
        Files.writeString(
                Files.createDirectories(wd.resolve(".csl")).resolve("commands.json"),
                "{\"allowed\": []}\n");
        Files.createDirectories(wd.resolve("tree"));
        Files.writeString(wd.resolve("tree/a.txt"), "a\n");
        Files.createSymbolicLink(wd.resolve("tree/out"), outside);
        Files.writeString(
                Files.createDirectories(wd.resolve("nested/.git")).resolve("config"), "[n]\n");
        victim = new ProcessBuilder("sleep", "120").start();
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext(
                "/",
                exchange -> {
                    httpHits.incrementAndGet();
                    exchange.sendResponseHeaders(200, -1);
                    exchange.close();
                });
        http.start();
        socket = outside.resolve("agent.sock");
        unixServer = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        unixServer.bind(UnixDomainSocketAddress.of(socket));
        unixServer.configureBlocking(false);
    }

    @AfterEach
    void tearDown() throws IOException {
        if (base == null) {
            return;
        }
        victim.destroyForcibly();
        http.stop(0);
        unixServer.close();
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** Name, the refusal code the script dies of ("ok": it runs, harmlessly), the program. */
    static Stream<Arguments> tricks() {
        String hook = "'.git/hooks/pre-commit'";
        List<Arguments> cases = new ArrayList<>();
        cases.add(
                Arguments.of(
                        "urlLikeObjectWhosePathnameChanges",
                        "invalid_path",
                        "let n = 0; const fake = { href: 'file://ROOT/ok.txt', protocol: 'file:',"
                                + " get pathname() { return n++ === 0 ? 'ROOT/ok.txt'"
                                + " : 'ROOT/.git/hooks/pre-commit'; } };"
                                + " require('fs').writeFileSync(fake, '#!/bin/sh\\nevil');"));
        cases.add(
                Arguments.of(
                        "urlSubclassWithOwnPathname_writesWhereItsHrefSays",
                        "ok",
                        "class U extends URL { get pathname() { return 'ROOT/.git/config'; } }"
                                + " require('fs').writeFileSync(new U('file://ROOT/ok.txt'), 'x');"));
        cases.add(
                Arguments.of(
                        "proxyOfUrl",
                        "invalid_path",
                        "let n = 0; const p = new Proxy(new URL('file://ROOT/ok.txt'), { get(t, k) {"
                                + " if (k === 'pathname' && n++ > 0) return 'ROOT/.csl/commands.json';"
                                + " const v = Reflect.get(t, k, t); return typeof v === 'function'"
                                + " ? v.bind(t) : v; } });"
                                + " require('fs').writeFileSync(p, '{\"allowed\":[\"*\"]}');"));
        cases.add(
                Arguments.of(
                        "symbolToPrimitive",
                        "invalid_path",
                        "let n = 0; require('fs').writeFileSync({ [Symbol.toPrimitive]() {"
                                + " return n++ ? "
                                + hook
                                + " : 'ok.txt'; } }, 'evil');"));
        cases.add(
                Arguments.of(
                        "toStringThatChanges",
                        "invalid_path",
                        "let n = 0; require('fs').promises.writeFile({ toString() { return n++ ?"
                                + " 'OUT/pwned.txt' : 'ok.txt'; } }, 'evil').catch((e) => {"
                                + " throw e; });"));
        cases.add(
                Arguments.of(
                        "fileHandleLookAlikeThatIsAlsoAUrl",
                        "invalid_path",
                        "let n = 0; await require('fs/promises').writeFile({ fd: 1, close() {},"
                                + " href: 'file://ROOT/ok.txt', protocol: 'file:', get pathname() {"
                                + " return n++ ? 'ROOT/.git/config' : 'ROOT/ok.txt'; } }, 'evil');"));
        cases.add(
                Arguments.of(
                        "bufferChangedAfterTheCall_writesWhatWasChecked",
                        "ok",
                        "const b = Buffer.from('okokokokokokokokok.tx'); const fs = require('fs');"
                                + " fs.writeFile(b, 'x', (e) => { if (e) throw e; });"
                                + " b.write('.git/hooks/pre-commit');"
                                + " const c = Buffer.from('okokokokokokokokok.ty');"
                                + " fs.promises.writeFile(c, 'y'); c.write('.git/hooks/pre-commit');"));
        cases.add(
                Arguments.of(
                        "cpOptionsWhoseRecursiveChanges_copiesAsFirstAnswered",
                        "command_failed",
                        "let n = 0; require('fs').cpSync('tree', 'copy', { get recursive() {"
                                + " return n++ > 0; } });"));
        cases.add(
                Arguments.of(
                        "cpFilterThatPlantsARepository",
                        "protected_path",
                        "const fs = require('fs'); fs.mkdirSync('src'); fs.writeFileSync('src/HEAD',"
                                + " 'ref: refs/heads/main'); fs.mkdirSync('dst');"
                                + " fs.cpSync('src', 'dst', { recursive: true, filter: (s) => {"
                                + " if (!fs.existsSync('dst/objects')) { fs.mkdirSync('dst/objects');"
                                + " fs.mkdirSync('dst/refs'); } return true; } });"));
        cases.add(
                Arguments.of(
                        "streamConstructorFromAnInstance",
                        "protected_path",
                        "const fs = require('fs'); const s = fs.createWriteStream('ok.txt');"
                                + " new s.constructor("
                                + hook
                                + ").end('evil');"));
        cases.add(
                Arguments.of(
                        "replacedProcessCwdAfterChdirIntoGit",
                        "protected_path",
                        "process.chdir('.git'); process.cwd = () => 'ROOT';"
                                + " require('fs').writeFileSync('hooks/pre-commit', 'evil');"));
        cases.add(
                Arguments.of(
                        "replacedStringAndArrayMethods",
                        "protected_path",
                        "try { String.prototype.startsWith = () => true;"
                                + " Array.prototype.includes = () => false;"
                                + " String.prototype.toLowerCase = () => 'x'; } catch (e) {}"
                                + " require('fs').writeFileSync("
                                + hook
                                + ", 'evil');"));
        cases.add(
                Arguments.of(
                        "replacedStatsIsSymbolicLink",
                        "path_escape",
                        "try { require('fs').Stats.prototype.isSymbolicLink = () => false; }"
                                + " catch (e) {} require('fs').writeFileSync('tree/out/pwned.txt',"
                                + " 'evil');"));
        cases.add(
                Arguments.of(
                        "chdirWithToString",
                        "invalid_path",
                        "let n = 0; process.chdir({ toString() { return n++ ? '..' : '.'; } });"));
        cases.add(
                Arguments.of(
                        "repositoryShapedDirectory",
                        "protected_path",
                        "const fs = require('fs'); fs.mkdirSync('x/objects', { recursive: true });"
                                + " fs.mkdirSync('x/REFS'); fs.writeFileSync('x/config',"
                                + " '[core]\\n\\tfsmonitor = evil'); fs.writeFileSync('x/HEAD',"
                                + " 'ref: refs/heads/main');"));
        cases.add(
                Arguments.of(
                        "repositoryShapeAtTheRoot",
                        "protected_path",
                        "const fs = require('fs'); fs.mkdirSync('objects'); fs.mkdirSync('refs');"
                                + " fs.writeFileSync('config', '[core]'); fs.writeFileSync('HEAD',"
                                + " 'ref: refs/heads/main');"));
        cases.add(
                Arguments.of(
                        "repositoryShapeWithCommondir",
                        "protected_path",
                        "const fs = require('fs'); fs.mkdirSync('w'); fs.writeFileSync('w/HEAD', 'x');"
                                + " fs.writeFileSync('w/commondir', '../x');"));
        cases.add(
                Arguments.of(
                        "readFileWithATruncatingFlag",
                        "protected_path",
                        "require('fs').readFileSync('.git/config', { flag: 'w' });"));
        cases.add(
                Arguments.of(
                        "rmdirRecursiveOfANestedRepository",
                        "protected_path",
                        "require('fs').rmdirSync('nested', { recursive: true });"));
        cases.add(
                Arguments.of(
                        "gitFileAtDepth",
                        "protected_path",
                        "const fs = require('fs'); fs.mkdirSync('sub');"
                                + " fs.writeFileSync('sub/.Git', 'gitdir: ../x');"));
        cases.add(
                Arguments.of(
                        "netConnectToUnixSocketOutside",
                        "command_not_allowed",
                        "require('net').connect('SOCK');"));
        cases.add(
                Arguments.of(
                        "netConnectOptionsWithPathGetter",
                        "command_not_allowed",
                        "let n = 0; require('net').connect({ get path() { return n++ ? 'SOCK' :"
                                + " 'in.sock'; } });"));
        cases.add(
                Arguments.of(
                        "httpToLocalhost",
                        "command_not_allowed",
                        "require('http').get('http://127.0.0.1:PORT/');"));
        cases.add(
                Arguments.of(
                        "fetchToLocalhost",
                        "command_not_allowed",
                        "await fetch('http://127.0.0.1:PORT/');"));
        cases.add(
                Arguments.of(
                        "dnsLookup",
                        "command_not_allowed",
                        "require('dns').lookup('x.example', () => {});"));
        cases.add(
                Arguments.of(
                        "dnsPromises",
                        "command_not_allowed",
                        "await require('dns').promises.resolveTxt('x.example');"));
        cases.add(
                Arguments.of(
                        "udp",
                        "command_not_allowed",
                        "require('dgram').createSocket('udp4').send('x', 53, '127.0.0.1');"));
        cases.add(
                Arguments.of(
                        "killAnotherProcess",
                        "command_not_allowed",
                        "process.kill(VICTIM, 'SIGKILL');"));
        cases.add(
                Arguments.of(
                        "killWithValueOfThatChanges",
                        "command_not_allowed",
                        "let n = 0; process.kill({ valueOf() { return n++ ? VICTIM : process.pid; }"
                                + " }, 'SIGKILL');"));
        cases.add(Arguments.of("internalKill", "command_not_allowed", "process._kill(VICTIM, 9);"));
        cases.add(
                Arguments.of(
                        "setPriorityOfAnotherProcess",
                        "command_not_allowed",
                        "require('os').setPriority(VICTIM, 19);"));
        cases.add(
                Arguments.of(
                        "debugAnotherProcess",
                        "command_not_allowed",
                        "process._debugProcess(VICTIM);"));
        cases.add(
                Arguments.of(
                        "traceEventsLogIntoGit",
                        "command_not_allowed",
                        "process.chdir('.git'); const t = require('trace_events')"
                                + ".createTracing({ categories: ['node.perf'] }); t.enable();"));
        cases.add(
                Arguments.of(
                        "reportOnCrashIntoGit",
                        "command_not_allowed",
                        "process.report.directory = '.git';"
                                + " process.report.reportOnUncaughtException = true;"
                                + " throw new Error('crash');"));
        cases.add(
                Arguments.of(
                        "v8FlagsAtRunTime",
                        "command_not_allowed",
                        "require('v8').setFlagsFromString('--heapsnapshot-near-heap-limit=1');"));
        cases.add(
                Arguments.of(
                        "linkedBinding", "command_not_allowed", "process._linkedBinding('fs');"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} (no sandbox)")
    @MethodSource("tricks")
    void run_trickWithoutSandbox_refusedAndNothingPlanted(String name, String code, String program)
            throws Exception {
        assertHeld(Sandbox.forMode(SandboxMode.OFF), code, program);
    }

    @ParameterizedTest(name = "{0} (sandbox)")
    @MethodSource("tricks")
    void run_trickWithSandbox_refusedAndNothingPlanted(String name, String code, String program)
            throws Exception {
        assumeTrue(SandboxProbe.machine().works(), "no sandbox: " + SandboxProbe.machine().why());
        assertHeld(Sandbox.forMode(SandboxMode.AUTO), code, program);
    }

    private void assertHeld(Sandbox sandbox, String code, String program) throws Exception {
        RunOutcome outcome = runner(sandbox).run(fill(program), wd, 20);

        String stderr = outcome.commands().get(0).stderr();
        if (code.equals("ok")) {
            assertThat(outcome.failure()).as(stderr).isNull();
        } else {
            assertThat(outcome.failure()).as(stderr).isNotNull();
            assertThat(outcome.failure().code().wireName()).as(stderr).isEqualTo(code);
            if (!code.equals("command_failed")) {
                assertThat(outcome.failure().message())
                        .startsWith("the Node.js program was stopped: ");
            }
        }
        assertNothingPlanted();
    }

    private void assertNothingPlanted() throws IOException, InterruptedException {
        try (Stream<Path> git = Files.list(wd.resolve(".git"))) {
            assertThat(git)
                    .containsExactlyInAnyOrder(wd.resolve(".git/config"), wd.resolve(".git/hooks"));
        }
        try (Stream<Path> hooks = Files.list(wd.resolve(".git/hooks"))) {
            assertThat(hooks).isEmpty();
        }
        assertThat(Files.readString(wd.resolve(".git/config"))).isEqualTo("[core]\n");
        assertThat(Files.readString(wd.resolve("nested/.git/config"))).isEqualTo("[n]\n");
        try (Stream<Path> state = Files.list(wd.resolve(".csl"))) {
            assertThat(state).containsExactly(wd.resolve(".csl/commands.json"));
        }
        assertThat(Files.readString(wd.resolve(".csl/commands.json")))
                .isEqualTo("{\"allowed\": []}\n");
        try (Stream<Path> out = Files.list(outside)) {
            assertThat(out).containsExactly(socket);
        }
        assertThat(Files.exists(wd.resolve("x/HEAD"))).as("x/HEAD").isFalse();
        assertThat(Files.exists(wd.resolve("HEAD"))).as("HEAD").isFalse();
        assertThat(Files.exists(wd.resolve("w/commondir"))).as("w/commondir").isFalse();
        assertThat(Files.exists(wd.resolve("sub/.Git"))).as("sub/.Git").isFalse();
        assertThat(Files.exists(wd.resolve("dst/HEAD"))).as("dst/HEAD").isFalse();
        assertThat(Files.exists(wd.resolve("copy"))).as("half copy").isFalse();
        assertThat(victim.waitFor(10, TimeUnit.MILLISECONDS)).as("victim killed").isFalse();
        assertThat(httpHits).as("requests the HTTP server received").hasValue(0);
        try (SocketChannel accepted = unixServer.accept()) {
            assertThat(accepted).as("a connection to the outside socket").isNull();
        }
    }

    @Test
    void run_urlSubclassAndChangedBuffer_writeWhatWasChecked() throws Exception {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(
                                fill(
                                        "class U extends URL { get pathname() { return"
                                                + " 'ROOT/.git/config'; } }\n"
                                                + "const fs = require('fs');\n"
                                                + "fs.writeFileSync(new U('file://ROOT/ok.txt'),"
                                                + " 'by url');\n"
                                                + "const b = Buffer.from('okokokokokokokokok.tx');\n"
                                                + "fs.writeFileSync(b, 'by buffer');\n"
                                                + "b.write('.git/hooks/pre-commit');"),
                                wd,
                                20);

        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr()).isNull();
        assertThat(Files.readString(wd.resolve("ok.txt"))).isEqualTo("by url");
        assertThat(Files.readString(wd.resolve("okokokokokokokokok.tx"))).isEqualTo("by buffer");
        assertNothingPlanted();
    }

    @Test
    void run_lookAlikeUrl_refusalSaysWhy() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(
                                fill(
                                        "require('fs').writeFileSync({ href: 'file://ROOT/a',"
                                                + " protocol: 'file:', pathname: 'ROOT/a' }, 'x')"),
                                wd,
                                20);

        assertThat(outcome.failure().message())
                .isEqualTo(
                        "the Node.js program was stopped: a path was refused: it is a plain object"
                                + " but not a string, a Buffer or a real URL (csl checks one copy"
                                + " of a path and hands Node that copy, so a look-alike or a Proxy"
                                + " that could answer twice is refused)");
    }

    @Test
    void run_repositoryShape_refusalNamesTheDirectoryAndWhy() throws IOException {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(
                                "const fs = require('fs'); fs.mkdirSync('x/objects', { recursive:"
                                        + " true }); fs.writeFileSync('x/HEAD', 'ref: x');"
                                        + " fs.mkdirSync('x/refs');",
                                wd,
                                20);

        assertThat(outcome.failure().message())
                .isEqualTo(
                        "the Node.js program was stopped: 'x/refs' resolves to "
                                + wd.resolve("x/refs")
                                + ": "
                                + wd.resolve("x")
                                + " would then be a directory git takes for a repository (HEAD"
                                + " with objects/ and refs/), whose configuration could run a"
                                + " program when git is used there; csl does not let a script"
                                + " make one");
        assertThat(Files.exists(wd.resolve("x/refs"))).isFalse();
    }

    @Test
    void run_writeInsideARepositoryShapedDirectory_refused() throws IOException {
        Files.createDirectories(wd.resolve("planted/objects"));
        Files.createDirectories(wd.resolve("planted/refs"));
        Files.writeString(wd.resolve("planted/HEAD"), "ref: refs/heads/main\n");

        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run("require('fs').writeFileSync('planted/config', 'x')", wd, 20);

        assertThat(outcome.failure().message())
                .contains(
                        "inside "
                                + wd.resolve("planted")
                                + ", a directory git takes for a repository")
                .contains("csl does not write or delete inside one");
        assertThat(Files.exists(wd.resolve("planted/config"))).isFalse();
    }

    @Test
    void run_networkListedForNode_reachesLocalhost() throws Exception {
        Files.writeString(wd.resolve(".csl/commands.json"), "{\"network\": [\"node\"]}\n");
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(
                wd); // the user trusts what the test wrote

        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(
                                fill(
                                        "const r = await fetch('http://127.0.0.1:PORT/');"
                                                + " console.log(r.status);"),
                                wd,
                                20);

        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr()).isNull();
        assertThat(outcome.commands().get(0).stdout()).isEqualTo("200\n");
        assertThat(httpHits).hasValue(1);
    }

    @Test
    void run_networkListedForNode_unixSocketOutsideStillRefused() throws Exception {
        Files.writeString(wd.resolve(".csl/commands.json"), "{\"network\": [\"node\"]}\n");
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(
                wd); // the user trusts what the test wrote

        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(fill("require('net').connect('SOCK');"), wd, 20);

        assertThat(outcome.failure().code().wireName()).isEqualTo("path_escape");
        assertThat(outcome.failure().message()).contains("'" + socket + "' is outside the working");
        try (SocketChannel accepted = unixServer.accept()) {
            assertThat(accepted).isNull();
        }
    }

    @Test
    void run_networkOff_refusalSaysHowToTurnItOn() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(fill("await fetch('http://127.0.0.1:PORT/');"), wd, 20);

        assertThat(outcome.failure().message())
                .isEqualTo(
                        "the Node.js program was stopped: fetch() was refused: the network is off"
                                + " for lang=\"node\" blocks unless the user lists \"node\" under"
                                + " \"network\" in .csl/commands.json");
        assertThat(outcome.failure().hint()).contains("\"network\" in .csl/commands.json");
    }

    @Test
    void run_killOwnProcess_allowedAndOthersRefusedWithReason() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(
                                fill(
                                        "process.kill(process.pid, 0); console.log('own');"
                                                + " process.kill(VICTIM);"),
                                wd,
                                20);

        assertThat(outcome.commands().get(0).stdout()).isEqualTo("own\n");
        assertThat(outcome.failure().message())
                .startsWith(
                        "the Node.js program was stopped: process.kill("
                                + victim.pid()
                                + ") was refused: a csl Node script may only signal its own"
                                + " process (pid ");
        assertThat(victim.isAlive()).isTrue();
    }

    private String fill(String program) {
        return program.replace("ROOT", wd.toString())
                .replace("OUT", outside.toString())
                .replace("SOCK", socket.toString())
                .replace("PORT", String.valueOf(http.getAddress().getPort()))
                .replace("VICTIM", String.valueOf(victim.pid()));
    }

    private NodeRunner runner(Sandbox sandbox) {
        return new NodeRunner(wd, sandbox, new ProcessLauncher(1 << 20));
    }
}
