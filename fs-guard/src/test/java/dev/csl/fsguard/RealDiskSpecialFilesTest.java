package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FIFOs, sockets, devices and hard links on the real disk, each through read, write, append, delete
 * and list (outcome letters as in testdata/guard/hostile-paths.tsv). Special files are never opened
 * (so a FIFO never blocks), and a hard link to a file outside never carries a write out: the
 * outside directory is compared byte for byte afterwards. An operation that opened a FIFO would
 * block forever: each one fails after {@link #HANG}, a limit no busy machine reaches, naming it.
 */
class RealDiskSpecialFilesTest {
    static final Duration HANG = Duration.ofMinutes(5);
    static final String[] OPERATIONS = {"read", "write", "append", "delete", "list"};

    @TempDir Path tmp;

    enum Kind {
        FIFO,
        FIFO_VIA_LINK,
        SOCKET,
        CHAR_DEVICE,
        DEV_NULL_VIA_LINK,
        HARD_LINK_TO_OUTSIDE
    }

    static Stream<Arguments> cases() {
        // read, write, append, delete, list
        return Stream.of(
                Arguments.of(Kind.FIFO, "IIIKI"),
                Arguments.of(Kind.FIFO_VIA_LINK, "IIIKI"),
                Arguments.of(Kind.SOCKET, "IIIKI"),
                Arguments.of(Kind.CHAR_DEVICE, "IIIKI"),
                Arguments.of(Kind.DEV_NULL_VIA_LINK, "EEEKE"),
                Arguments.of(Kind.HARD_LINK_TO_OUTSIDE, "KKKKO"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void specialFile_eachOperation_refusedAndOutsideUnchanged(Kind kind, String expected)
            throws Exception {
        for (int op = 0; op < 5; op++) {
            Workspace w = Workspace.create(Files.createDirectory(tmp.resolve(kind + "-" + op)));
            Map<String, String> before = w.snapshotOutside();
            try (ServerSocketChannel socket = make(kind, w)) {
                GuardedFiles guard = GuardedFiles.open(w.root);
                int o = op;
                String outcome =
                        assertTimeoutPreemptively(
                                HANG,
                                () -> run(guard, o, "special"),
                                () -> "the guard's " + OPERATIONS[o] + " of a " + kind + " hung");
                assertThat(outcome)
                        .as("%s op %d", kind, op)
                        .isEqualTo(expected.substring(op, op + 1));
            }
            assertThat(w.snapshotOutside())
                    .as("outside after %s op %d", kind, op)
                    .isEqualTo(before);
        }
    }

    @org.junit.jupiter.api.Test
    void readFifo_message_namesKindPathAndRoot() throws Exception {
        Workspace w = Workspace.create(tmp);
        make(Kind.FIFO, w);
        GuardedFiles guard = GuardedFiles.open(w.root);
        GuardException e =
                assertTimeoutPreemptively(
                        HANG,
                        () -> {
                            try {
                                guard.readText("special");
                                return null;
                            } catch (GuardException refused) {
                                return refused;
                            }
                        },
                        () -> "the guard's read of a FIFO hung");

        assertThat(e).as("the FIFO was read").isNotNull();
        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PATH);
        assertThat(e.getMessage())
                .contains("a FIFO")
                .contains("'special'")
                .contains(guard.root().toString());
        assertThat(e.hint()).contains("regular files");
    }

    /** Creates {@code special} in the working directory; returns a socket to close, or null. */
    private static ServerSocketChannel make(Kind kind, Workspace w) throws Exception {
        Path special = w.root.resolve("special");
        switch (kind) {
            case FIFO -> assumeThat(run("mkfifo", special.toString())).isTrue();
            case FIFO_VIA_LINK -> {
                assumeThat(run("mkfifo", w.root.resolve("pipe").toString())).isTrue();
                Files.createSymbolicLink(special, w.root.getFileSystem().getPath("pipe"));
            }
            case SOCKET -> {
                ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                ch.bind(UnixDomainSocketAddress.of(special));
                return ch;
            }
            case CHAR_DEVICE ->
                    assumeThat(run("mknod", special.toString(), "c", "1", "3"))
                            .as("mknod needs root")
                            .isTrue();
            case DEV_NULL_VIA_LINK -> Files.createSymbolicLink(special, Path.of("/dev/null"));
            case HARD_LINK_TO_OUTSIDE -> Files.createLink(special, w.outside.resolve("secret.txt"));
        }
        return null;
    }

    private static boolean run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }

    private static String run(GuardedFiles guard, int op, String path) {
        byte[] text = "x\n".getBytes(UTF_8);
        try {
            switch (op) {
                case 0 -> guard.readBytes(path);
                case 1 -> guard.writeAtomic(path, text);
                case 2 -> guard.append(path, text);
                case 3 -> guard.delete(path);
                default -> guard.list(path);
            }
            return "K";
        } catch (GuardException e) {
            return switch (e.code()) {
                case INVALID_PATH -> "I";
                case PATH_ESCAPE -> "E";
                case PROTECTED_PATH -> "P";
                case FILE_NOT_FOUND -> "N";
                case IS_DIRECTORY -> "D";
                case IO_ERROR -> "O";
                case PERMISSION_DENIED -> "A";
                default -> "?" + e.code().wireName(); // not a guard code: the expectation fails
            };
        } catch (IOException e) {
            return "!" + e;
        }
    }
}
