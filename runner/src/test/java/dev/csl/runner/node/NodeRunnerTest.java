package dev.csl.runner.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real Node scripts against the guarded-fs preload. The bypass battery runs twice: with the OS
 * sandbox, and without it, to show that the preload and Node's permission model hold on their own.
 * The directories live under target/ so that "outside" is not hidden by the sandbox's private /tmp.
 */
class NodeRunnerTest {
    private Path base;
    private Path wd;
    private Path outside;
    private Path secret;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(
                ProcessLauncher.findProgram("node", Path.of(".")).isPresent(),
                "node is not installed");
        Files.createDirectories(Path.of("target"));
        base = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "node-");
        wd = Files.createDirectories(base.resolve("wd"));
        outside = Files.createDirectories(base.resolve("outside"));
        secret = Files.writeString(outside.resolve("secret.txt"), "original\n");
        Files.writeString(
                Files.createDirectories(wd.resolve(".git")).resolve("config"), "[core]\n");
        Files.writeString(wd.resolve("inside.txt"), "hello\n");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (base == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    static Stream<Arguments> bypasses() {
        String abs = "SECRET";
        return Stream.of(
                Arguments.of(
                        "dotdot",
                        "path_escape",
                        "require('fs').writeFileSync('../outside/secret.txt', 'pwned')"),
                Arguments.of(
                        "absolute",
                        "path_escape",
                        "require('fs').writeFileSync('" + abs + "', 'pwned')"),
                Arguments.of(
                        "buffer",
                        "path_escape",
                        "require('fs').writeFileSync(Buffer.from('" + abs + "'), 'pwned')"),
                Arguments.of(
                        "url",
                        "path_escape",
                        "require('fs').writeFileSync(new URL('file://" + abs + "'), 'pwned')"),
                Arguments.of(
                        "promises",
                        "path_escape",
                        "await require('fs').promises.writeFile('" + abs + "', 'pwned')"),
                Arguments.of(
                        "promisesRm",
                        "path_escape",
                        "await require('fs/promises').rm('../outside', {recursive: true})"),
                Arguments.of(
                        "callback",
                        "path_escape",
                        "require('fs').unlink('" + abs + "', (e) => { if (e) throw e; })"),
                Arguments.of(
                        "stream",
                        "path_escape",
                        "require('fs').createWriteStream('../outside/secret.txt').end('pwned')"),
                Arguments.of(
                        "realpathNative",
                        "path_escape",
                        "console.log(require('fs').realpathSync.native('../outside'))"),
                Arguments.of(
                        "symlinkBefore",
                        "path_escape",
                        "require('fs').writeFileSync('out/secret.txt', 'pwned')"),
                Arguments.of(
                        "symlinkChain",
                        "path_escape",
                        "require('fs').writeFileSync('hop/secret.txt', 'pwned')"),
                Arguments.of(
                        "symlinkCreate",
                        "path_escape",
                        "const fs = require('fs'); fs.symlinkSync('../outside', 'mine');"
                                + " fs.writeFileSync('mine/secret.txt', 'pwned')"),
                Arguments.of(
                        "cpFromOutside",
                        "path_escape",
                        "require('fs').cpSync('../outside', 'copy', {recursive: true})"),
                Arguments.of(
                        "cpToOutside",
                        "path_escape",
                        "require('fs').cpSync('inside.txt', '../outside/secret.txt')"),
                Arguments.of(
                        "renameOut",
                        "path_escape",
                        "require('fs').renameSync('inside.txt', '../outside/secret.txt')"),
                Arguments.of(
                        "hardLinkIn",
                        "path_escape",
                        "require('fs').linkSync('../outside/secret.txt', 'alias.txt')"),
                Arguments.of(
                        "chdirOut",
                        "path_escape",
                        "process.chdir('..'); require('fs').writeFileSync('outside/secret.txt', 'x')"),
                Arguments.of(
                        "gitWrite",
                        "protected_path",
                        "require('fs').appendFileSync('.GIT/config', 'evil')"),
                Arguments.of(
                        "fileHandleChmod",
                        "protected_path",
                        "const h = await require('fs/promises').open('.git/config', 'r');"
                                + " await h.chmod(0o777)"),
                Arguments.of(
                        "fileHandleChown",
                        "protected_path",
                        "const h = await require('fs/promises').open('.git/config', 'r');"
                                + " await h.chown(1, 1)"),
                Arguments.of(
                        "fileHandleWrite",
                        "protected_path",
                        "const h = await require('fs/promises').open('.git/config', 'r');"
                                + " await h.write('evil')"),
                Arguments.of(
                        "fdChmod",
                        "protected_path",
                        "const fs = require('fs'); fs.fchmodSync(fs.openSync('.git/config', 'r'), 0o777)"),
                Arguments.of(
                        "removeRoot",
                        "protected_path",
                        "require('fs').rmSync('.', {recursive: true, force: true})"),
                Arguments.of(
                        "tilde", "invalid_path", "require('fs').writeFileSync('~/x', 'pwned')"),
                Arguments.of(
                        "childProcess",
                        "command_not_allowed",
                        "require('child_process').execSync('touch ../outside/new.txt')"),
                Arguments.of(
                        "childProcessSpawn",
                        "command_not_allowed",
                        "require('node:child_process').spawn('sh', ['-c', 'touch ../outside/new'])"),
                Arguments.of(
                        "workerThreads",
                        "command_not_allowed",
                        "const { Worker } = require('worker_threads');"
                                + " new Worker(\"require('fs').writeFileSync('"
                                + abs
                                + "', 'x')\", {eval: true})"),
                Arguments.of("processBinding", "command_not_allowed", "process.binding('fs')"),
                Arguments.of("inspector", "command_not_allowed", "require('inspector').open(0)"),
                Arguments.of(
                        "report",
                        "command_not_allowed",
                        "process.report.writeReport('" + abs + "')"),
                Arguments.of(
                        "wasi",
                        "command_not_allowed",
                        "const { WASI } = require('wasi');"
                                + " new WASI({version: 'preview1', preopens: {'/o': '../outside'}})"),
                Arguments.of("esmImportOutside", "path_escape", "await import('" + abs + "');"),
                Arguments.of("requireOutside", "path_escape", "require('../outside/secret.txt')"),
                Arguments.of(
                        "esmNamedImport",
                        "path_escape",
                        "import { writeFileSync } from 'node:fs';\n"
                                + "writeFileSync('../outside/secret.txt', 'pwned');"),
                Arguments.of(
                        "esmNamedPromises",
                        "path_escape",
                        "import { writeFile } from 'fs/promises';\n"
                                + "await writeFile('"
                                + abs
                                + "', 'pwned');"),
                Arguments.of(
                        "esmDefaultImport",
                        "path_escape",
                        "import fs from 'fs';\nfs.readFileSync('out/secret.txt');"),
                Arguments.of(
                        "readdirRecursiveThroughOutwardLink",
                        "path_escape",
                        "console.log(require('fs').readdirSync('.', {recursive: true}).join())"),
                Arguments.of(
                        "readdirRecursivePromiseThroughOutwardLink",
                        "path_escape",
                        "require('fs').promises.readdir('.', {recursive: true})"
                                + ".then((n) => console.log(n.join()))"),
                Arguments.of(
                        "opendirRecursiveThroughOutwardLink",
                        "path_escape",
                        "require('fs').opendirSync('.', {recursive: true})"),
                Arguments.of(
                        "loadEnvFileThroughOutwardLink",
                        "path_escape",
                        "process.loadEnvFile('out/secret.txt')"),
                // out/package.json names a file inside as "main": without the check first,
                // require follows the outside package.json and loads it.
                Arguments.of("requireThroughDirectoryLink", "path_escape", "require('./out')"),
                Arguments.of("requireBareNameThroughLink", "path_escape", "require('outside-pkg')"),
                Arguments.of(
                        "renameReaimsRelativeLink",
                        "path_escape",
                        "require('fs').renameSync('a/up', 'up')"),
                Arguments.of(
                        "renameTreeReaimsLink",
                        "path_escape",
                        "require('fs').renameSync('a/deep', 'deep2')"),
                Arguments.of(
                        "cpTreeWithOutwardLinkLeavesNoHalfCopy",
                        "path_escape",
                        "require('fs').cpSync('tree', 'copy', {recursive: true})"),
                Arguments.of(
                        "rmTrailingSlashFollowsLink",
                        "path_escape",
                        "require('fs').rmSync('out/', {recursive: true, force: true})"),
                Arguments.of(
                        "fileHandleOpenThroughLink",
                        "path_escape",
                        "await require('fs').promises.open('out/secret.txt', 'w')"),
                Arguments.of(
                        "readStreamClass",
                        "path_escape",
                        "new (require('fs').ReadStream)('out/secret.txt')"),
                Arguments.of(
                        "watchFilePolls",
                        "command_not_allowed",
                        "require('fs').watchFile('inside.txt', () => {})"),
                Arguments.of(
                        "unixSocketOutside",
                        "command_not_allowed",
                        "require('net').connect('out/agent.sock')"));
    }

    @ParameterizedTest(name = "{0} (sandbox)")
    @MethodSource("bypasses")
    void run_bypassWithSandbox_refusedAndOutsideUnchanged(String name, String code, String program)
            throws IOException {
        assumeTrue(SandboxProbe.machine().works(), "no sandbox: " + SandboxProbe.machine().why());
        assertRefused(Sandbox.forMode(SandboxMode.REQUIRED), code, program);
    }

    @ParameterizedTest(name = "{0} (no sandbox)")
    @MethodSource("bypasses")
    void run_bypassWithoutSandbox_refusedAndOutsideUnchanged(
            String name, String code, String program) throws IOException {
        assertRefused(Sandbox.forMode(SandboxMode.OFF), code, program);
    }

    private void assertRefused(Sandbox sandbox, String code, String program) throws IOException {
        Files.createSymbolicLink(wd.resolve("out"), outside);
        Files.createSymbolicLink(wd.resolve("hop"), Path.of("out"));
        plantLinks();
        String gitMode = mode(wd.resolve(".git/config"));
        List<String> outsideBefore = listing(outside);

        RunOutcome outcome =
                runner(sandbox).run(program.replace("SECRET", secret.toString()), wd, 20);

        String stderr = outcome.commands().get(0).stderr();
        assertThat(outcome.failure()).as(stderr).isNotNull();
        boolean hiddenBySandbox =
                sandbox.active()
                        && (stderr.contains("MODULE_NOT_FOUND") || stderr.contains("ENOENT"));
        if (!hiddenBySandbox) {
            // Without the sandbox the preload refuses; inside it the outside may not even exist.
            assertThat(outcome.failure().code().wireName()).as(stderr).isEqualTo(code);
            assertThat(outcome.failure().message()).startsWith("the Node.js program was stopped: ");
        }
        assertThat(stderr).doesNotContain("Access to this API has been restricted");
        assertThat(Files.readString(secret)).isEqualTo("original\n");
        assertThat(listing(outside)).isEqualTo(outsideBefore);
        assertThat(Files.exists(wd.resolve("copy"))).as("half copy").isFalse();
        assertThat(Files.readString(wd.resolve(".git/config"))).isEqualTo("[core]\n");
        assertThat(mode(wd.resolve(".git/config"))).isEqualTo(gitMode);
        assertThat(Files.exists(wd.resolve("inside.txt"))).isTrue();
    }

    /**
     * Links a script cannot make itself (Node's permission model refuses fs.symlink): an outside
     * package whose package.json points back inside, a relative link that a move would re-aim, and
     * a tree holding a link outside.
     */
    private void plantLinks() throws IOException {
        Files.writeString(outside.resolve("package.json"), "{\"main\": \"../lib/index.js\"}\n");
        Files.writeString(
                Files.createDirectories(wd.resolve("lib")).resolve("index.js"),
                "module.exports = 'loaded through the outside package.json';\n");
        Files.writeString(
                Files.createDirectories(wd.resolve("node_modules/lib")).resolve("index.js"),
                "module.exports = 'loaded through the outside package.json';\n");
        Files.createSymbolicLink(wd.resolve("node_modules/outside-pkg"), outside);
        Files.createSymbolicLink(
                Files.createDirectories(wd.resolve("a/deep")).resolve("up"), Path.of("../.."));
        Files.createSymbolicLink(wd.resolve("a/up"), Path.of(".."));
        Files.createDirectories(wd.resolve("tree/sub"));
        Files.writeString(wd.resolve("tree/first.txt"), "first\n");
        Files.createSymbolicLink(wd.resolve("tree/sub/zz-out"), outside);
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(p -> dir.relativize(p) + ":" + p.toFile().length()).sorted().toList();
        }
    }

    /**
     * Check and use are one step: with libuv's thread pool kept busy, an asynchronous read or write
     * would run after the script swapped the checked directory for a link outside.
     */
    @Test
    void run_asyncCallsWhileCheckedDirectoryIsSwappedForOutwardLink_neverReachOutside()
            throws IOException {
        Files.createSymbolicLink(wd.resolve("out"), outside);
        Files.writeString(Files.createDirectories(wd.resolve("sub")).resolve("secret.txt"), "in\n");
        String program =
                String.join(
                        "\n",
                        "const fs = require('fs'), fsp = fs.promises, crypto = require('crypto');",
                        "for (let i = 0; i < 8; i++) crypto.pbkdf2('x', 'y', 200000, 32,"
                                + " 'sha256', () => {});",
                        "const say = (what) => (e, d) => console.log(what, e ? (e.cslCode ||"
                                + " e.code) : String(d).trim());",
                        "fs.readFile('sub/secret.txt', say('readFile'));",
                        "fsp.readFile('sub/secret.txt').then((d) => say('fsp.readFile')(null,"
                                + " d), say('fsp.readFile'));",
                        "fsp.open('sub/secret.txt', 'r+').then((h) => h.readFile()).then((d) =>"
                                + " say('fsp.open')(null, d), say('fsp.open'));",
                        "fs.createReadStream('sub/secret.txt').on('data', (d) =>"
                                + " say('stream')(null, d)).on('error', say('stream'));",
                        "fs.readdir('sub', say('readdir'));",
                        "fs.copyFile('sub/secret.txt', 'copied.txt', (e) =>"
                                + " say('copyFile')(e, e ? '' : fs.readFileSync('copied.txt')));",
                        "fs.appendFile('sub/secret.txt', 'pwned', say('appendFile'));",
                        "fs.renameSync('sub', 'sub2');",
                        "fs.renameSync('out', 'sub');");

        RunOutcome outcome = runner(Sandbox.forMode(SandboxMode.OFF)).run(program, wd, 30);

        String stdout = outcome.commands().get(0).stdout();
        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr()).isNull();
        assertThat(stdout)
                .doesNotContain("original")
                .contains("readFile in")
                .contains("readdir secret.txt")
                .contains("copyFile in")
                .contains("stream in")
                .contains("fsp.readFile in")
                .contains("fsp.open ");
        assertThat(Files.readString(secret)).isEqualTo("original\n");
        assertThat(Files.readString(wd.resolve("sub2/secret.txt"))).isEqualTo("in\npwned");
    }

    @Test
    void run_trailingSlashOnFile_isNotADirectory() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(
                                "try { require('fs').readFileSync('inside.txt/') }"
                                        + " catch (e) { console.log(e.code) }",
                                wd,
                                20);

        assertThat(outcome.commands().get(0).stdout()).isEqualTo("ENOTDIR\n");
    }

    @Test
    void run_refusal_namesPathAsWrittenWhereItResolvedAndWhy() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO))
                        .run("require('fs').readFileSync('../outside/secret.txt')", wd, 20);

        assertThat(outcome.failure().message())
                .contains("'../outside/secret.txt'")
                .contains("climbs above the working directory " + realWd());
    }

    @Test
    void run_symlinkRefusal_namesTheHopThatLeaves() throws IOException {
        Files.createSymbolicLink(wd.resolve("out"), outside);

        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO))
                        .run("require('fs').readFileSync('out/secret.txt')", wd, 20);

        assertThat(outcome.failure().message())
                .contains("'out/secret.txt' leads through the symlink " + realWd().resolve("out"))
                .contains("-> " + outside);
    }

    @Test
    void run_commonJsInsideWorkingDir_readsWritesAndRequires() throws IOException {
        Files.writeString(wd.resolve("lib.js"), "module.exports = (x) => x * 2;\n");
        Files.createDirectories(wd.resolve("sub"));

        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO))
                        .run(
                                "const fs = require('fs');\n"
                                        + "const double = require('./lib');\n"
                                        + "fs.writeFileSync('sub/out.txt', String(double(21)));\n"
                                        + "console.log(fs.readFileSync('inside.txt', 'utf8').trim(),"
                                        + " fs.realpathSync('sub/out.txt'));",
                                wd,
                                20);

        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr()).isNull();
        assertThat(Files.readString(wd.resolve("sub/out.txt"))).isEqualTo("42");
        assertThat(outcome.commands().get(0).stdout())
                .isEqualTo("hello " + realWd().resolve("sub/out.txt") + "\n");
        assertThat(outcome.irreversible()).isTrue();
        assertThat(outcome.commands().get(0).command()).isEqualTo("node (CommonJS, 4 lines)");
    }

    @Test
    void run_readingProtectedFilesAndOpeningWithoutFlags_allowed() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO))
                        .run(
                                "const fs = require('fs');\n"
                                        + "fs.open('.git/config', (e, fd) => {\n"
                                        + "  if (e) throw e;\n"
                                        + "  const b = Buffer.alloc(6); fs.readSync(fd, b);\n"
                                        + "  fs.closeSync(fd);\n"
                                        + "  console.log(b.toString(),"
                                        + " fs.readFileSync('.git/config', 'utf8').length);\n"
                                        + "});",
                                wd,
                                20);

        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr()).isNull();
        assertThat(outcome.commands().get(0).stdout()).isEqualTo("[core] 7\n");
    }

    @Test
    void run_esModuleWithTopLevelAwaitInSubdirectory_runsThere() throws IOException {
        Path sub = Files.createDirectories(wd.resolve("sub"));
        Files.writeString(sub.resolve("data.txt"), "from sub\n");

        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO))
                        .run(
                                "import { readFile } from 'node:fs/promises';\n"
                                        + "const text = await readFile('data.txt', 'utf8');\n"
                                        + "await import('node:path');\n"
                                        + "console.log(text.trim());",
                                sub,
                                20);

        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr()).isNull();
        assertThat(outcome.commands().get(0).stdout()).isEqualTo("from sub\n");
        assertThat(outcome.commands().get(0).command()).isEqualTo("node (ES module, 4 lines)");
    }

    @Test
    void run_commonJsWithTopLevelAwait_runs() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO))
                        .run(
                                "const fsp = require('fs/promises');\n"
                                        + "console.log((await fsp.readFile('inside.txt', 'utf8')).trim());",
                                wd,
                                20);

        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr()).isNull();
        assertThat(outcome.commands().get(0).stdout()).isEqualTo("hello\n");
    }

    @Test
    void run_scriptThrows_isCommandFailedWithExitCode() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO)).run("throw new Error('boom')", wd, 20);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
        assertThat(outcome.failure().details()).containsEntry("exitCode", 1);
        assertThat(outcome.commands().get(0).stderr()).contains("Error: boom");
    }

    @Test
    void run_endlessLoop_isTimeout() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.AUTO)).run("while (true) {}", wd, 1);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.TIMEOUT);
    }

    @Test
    void run_bareAccessDeniedFromNode_translatedWithResource() {
        RunOutcome outcome =
                runner(Sandbox.forMode(SandboxMode.OFF))
                        .run(
                                "const e = new Error('Access to this API has been restricted');"
                                        + " e.code = 'ERR_ACCESS_DENIED';"
                                        + " e.permission = 'FileSystemWrite'; e.resource = '/etc/x';"
                                        + " throw e;",
                                wd,
                                20);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(outcome.failure().message())
                .isEqualTo(
                        "the Node.js program was stopped: Node's permission model refused"
                                + " FileSystemWrite access to '/etc/x', which is outside the"
                                + " working directory");
    }

    @Test
    void run_nodeMissing_isNodeUnavailableWithHint() {
        NodeRunner runner =
                new NodeRunner(
                        wd,
                        Sandbox.forMode(SandboxMode.OFF),
                        new ProcessLauncher(1 << 20),
                        dir -> Optional.empty());

        RunOutcome outcome = runner.run("console.log(1)", wd, 20);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.NODE_UNAVAILABLE);
        assertThat(outcome.failure().hint()).contains("install Node.js");
        assertThat(outcome.commands()).isEmpty();
    }

    @Test
    void run_requiredWithoutSandbox_refusesBeforeStartingNode() throws IOException {
        Sandbox none =
                Sandbox.of(SandboxMode.REQUIRED, SandboxProbe.unavailable("bwrap not installed"));

        RunOutcome outcome =
                runner(none).run("require('fs').writeFileSync('made.txt', 'x')", wd, 20);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
        assertThat(outcome.failure().message()).contains("--sandbox required");
        assertThat(Files.exists(wd.resolve("made.txt"))).isFalse();
    }

    private NodeRunner runner(Sandbox sandbox) {
        return new NodeRunner(wd, sandbox, new ProcessLauncher(1 << 20));
    }

    private Path realWd() {
        try {
            return wd.toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
