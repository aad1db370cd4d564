package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * csl as a user runs it, in child processes whose home and user state are the test's own: from a
 * git repository's subdirectory it anchors on the repository's root; it never works in another
 * user's directory (uid 65534 fixtures; chown needs root) through apply, watch, serve or mcp until
 * the user marks it safe with {@code csl trust --safe-directory}.
 */
class OwnershipCommandsTest {
    private static final String WRITE = "<---WRITE file=\"src/x.txt\"--->\nhello\n<---END--->\n";

    @TempDir Path tmp;
    private Path home;
    private Path state;

    @BeforeEach
    void user() throws IOException {
        home = Files.createDirectories(tmp.resolve("home"));
        state = tmp.resolve("state");
    }

    /** Exit status and everything printed, of csl ARGS run in {@code dir} with {@code input}. */
    private String csl(Path dir, String input, String... args) throws Exception {
        List<String> command = new ArrayList<>(CslJava.command(args));
        command.add(1, "-Duser.home=" + home);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.redirectErrorStream(true);
        pb.environment().put("CSL_CONFIG_HOME", state.toString());
        pb.environment().remove("XDG_CONFIG_HOME");
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return "exit " + p.exitValue() + "\n" + out;
    }

    private static void giveToNobody(Path path) throws IOException {
        Assumptions.assumeTrue(
                dev.csl.fsguard.Ownership.current().uid() == 0,
                "giving a fixture to another user (chown) needs root; run the suite as root");
        Files.setAttribute(path, "unix:uid", 65534);
    }

    @Test
    void apply_fromASubdirectoryOfAGitRepository_pathsFromTheRootAndCslThere() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Path deep = Files.createDirectories(repo.resolve("src/deep"));

        String out = csl(deep, WRITE, "apply", "-");

        assertThat(out).startsWith("exit 0").contains("working in " + repo);
        assertThat(repo.resolve("src/x.txt")).hasContent("hello");
        assertThat(deep.resolve("src")).doesNotExist();
        assertThat(deep.resolve(".csl")).doesNotExist();
        assertThat(repo.resolve(".csl")).isDirectory();
    }

    @Test
    void apply_belowACslOfAnotherUser_notAdopted() throws Exception {
        Path proj = Files.createDirectories(tmp.resolve("proj"));
        Files.createDirectories(proj.resolve(".csl"));
        Files.writeString(proj.resolve(".csl/commands.json"), "{\"allowed\": [\"*\"]}");
        giveToNobody(proj.resolve(".csl"));
        Path mine = Files.createDirectories(proj.resolve("mine"));

        String out = csl(mine, WRITE, "apply", "-");

        assertThat(out).startsWith("exit 0").contains("did not take " + proj.resolve(".csl"));
        assertThat(mine.resolve("src/x.txt")).hasContent("hello");
        assertThat(proj.resolve("src")).doesNotExist();
    }

    @Test
    void apply_belowAPlantedCslInAStickySharedDirectory_worksInTheCurrentOne() throws Exception {
        Path shared = Files.createDirectories(tmp.resolve("sharedtmp"));
        Files.setAttribute(shared, "unix:mode", 01777);
        Files.createDirectories(shared.resolve(".csl"));
        Path mine = Files.createDirectories(shared.resolve("mywork"));

        String out = csl(mine, WRITE, "apply", "-");

        assertThat(out).startsWith("exit 0").contains("sticky");
        assertThat(mine.resolve("src/x.txt")).hasContent("hello");
        assertThat(shared.resolve("src")).doesNotExist();
    }

    @Test
    void applyAndWatch_dashCOnADirectoryOfAnotherUser_unsafeUntilMarkedSafe() throws Exception {
        Path theirs = Files.createDirectories(tmp.resolve("theirs"));
        giveToNobody(theirs);
        Path answer = Files.writeString(tmp.resolve("answer.md"), WRITE);

        String json = csl(tmp, WRITE, "apply", "--json", "-C", theirs.toString(), "-");
        String watch =
                csl(
                        tmp,
                        "",
                        "watch",
                        answer.toString(),
                        "-C",
                        theirs.toString(),
                        "--once",
                        "--no-clipboard");

        assertThat(json)
                .startsWith("exit 2")
                .contains("\"code\":\"unsafe_directory\"")
                .contains("uid 65534")
                .contains("csl trust --safe-directory " + theirs);
        assertThat(watch).startsWith("exit 2").contains("owned by another user");
        assertThat(theirs.resolve("src")).doesNotExist();

        String marked = csl(tmp, "", "trust", "--safe-directory", theirs.toString());
        String applied = csl(tmp, WRITE, "apply", "-C", theirs.toString(), "-");

        assertThat(marked).startsWith("exit 0").contains("safe");
        assertThat(Files.readString(state.resolve("safe-directories")))
                .contains(theirs.toRealPath().toString());
        assertThat(applied).startsWith("exit 0");
        assertThat(theirs.resolve("src/x.txt")).hasContent("hello");

        String revoked = csl(tmp, "", "trust", "--safe-directory", theirs.toString(), "--revoke");
        assertThat(revoked).startsWith("exit 0");
        assertThat(csl(tmp, WRITE, "apply", "-C", theirs.toString(), "-")).startsWith("exit 2");
    }

    @Test
    void serve_workingDirOfAnotherUser_refusedWithTheCode() throws Exception {
        Path theirs = Files.createDirectories(tmp.resolve("theirs"));
        giveToNobody(theirs);
        String request =
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"apply\",\"params\":{\"workingDir\":\""
                        + theirs
                        + "\",\"answer\":\"<---WRITE file=\\\"a.txt\\\"--->\\n"
                        + "x\\n"
                        + "<---END--->\\n"
                        + "\"}}\n";

        String out = csl(tmp, request, "serve");

        assertThat(out).contains("-32602").contains("\"code\":\"unsafe_directory\"");
        assertThat(theirs.resolve("a.txt")).doesNotExist();
    }

    @Test
    void mcp_dashCOnADirectoryOfAnotherUser_refusedAtStart() throws Exception {
        Path theirs = Files.createDirectories(tmp.resolve("theirs"));
        giveToNobody(theirs);

        String out = csl(tmp, "", "mcp", "-C", theirs.toString());

        assertThat(out).startsWith("exit 2").contains("unsafe_directory").contains("uid 65534");
    }

    @Test
    void mcp_dashCOnTheHomeDirectory_refusedAtStart() throws Exception {
        String out = csl(tmp, "", "mcp", "-C", home.toString());

        assertThat(out).startsWith("exit 2").contains("your home directory").contains("no project");
    }
}
