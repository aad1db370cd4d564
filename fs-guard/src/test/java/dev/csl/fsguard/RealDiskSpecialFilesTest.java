package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** FIFOs, sockets and devices on the real disk: never read or written, never blocking. */
@Timeout(20)
class RealDiskSpecialFilesTest {
    @TempDir Path tmp;
    Workspace w;
    GuardedFiles guard;
    Map<String, String> outsideBefore;

    @BeforeEach
    void setUp() throws IOException {
        w = Workspace.create(tmp);
        guard = GuardedFiles.open(w.root);
        outsideBefore = w.snapshotOutside();
    }

    @AfterEach
    void outsideUnchanged() throws IOException {
        assertThat(w.snapshotOutside()).isEqualTo(outsideBefore);
    }

    private static boolean run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }

    private void assertRefusedEverywhere(String name, String kind) {
        for (GuardedOp op : GuardedOp.values()) {
            GuardCode code = op.codeOf(guard, name);
            assertThat(code).as("%s on %s", op, name).isEqualTo(GuardCode.INVALID_PATH);
        }
        try {
            guard.readBytes(name);
        } catch (GuardException e) {
            assertThat(e.getMessage()).contains(kind).contains(name);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    enum GuardedOp {
        READ,
        READ_TEXT,
        WRITE,
        APPEND,
        LIST;

        GuardCode codeOf(GuardedFiles g, String path) {
            try {
                switch (this) {
                    case READ -> g.readBytes(path);
                    case READ_TEXT -> g.readText(path);
                    case WRITE -> g.writeAtomic(path, "x".getBytes(UTF_8));
                    case APPEND -> g.append(path, "x".getBytes(UTF_8));
                    case LIST -> g.list(path);
                }
                return null;
            } catch (GuardException e) {
                return e.code();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void fifo_readAndWrite_refusedWithoutBlocking() throws Exception {
        assumeThat(run("mkfifo", w.root.resolve("pipe").toString())).isTrue();
        assertRefusedEverywhere("pipe", "FIFO");
        w.link("pipe-link", w.root.getFileSystem().getPath("pipe"));
        assertRefusedEverywhere("pipe-link", "FIFO");
        guard.delete("pipe");
        assertThat(Files.exists(w.root.resolve("pipe"))).isFalse();
    }

    @Test
    void socket_readAndWrite_refused() throws Exception {
        Path sock = w.root.resolve("s.sock");
        try (ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.bind(UnixDomainSocketAddress.of(sock));
            assertRefusedEverywhere("s.sock", "socket");
        }
    }

    @Test
    void device_insideViaMknod_refused() throws Exception {
        assumeThat(run("mknod", w.root.resolve("null").toString(), "c", "1", "3")).isTrue();
        assertRefusedEverywhere("null", "character device");
    }

    @Test
    void device_viaSymlinkToDevNull_refusedAsEscape() throws IOException {
        w.link("devnull", w.root.getFileSystem().getPath("/dev/null"));
        assertThat(GuardedOp.READ.codeOf(guard, "devnull")).isEqualTo(GuardCode.PATH_ESCAPE);
        assertThat(GuardedOp.WRITE.codeOf(guard, "devnull")).isEqualTo(GuardCode.PATH_ESCAPE);
    }
}
