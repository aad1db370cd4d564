package dev.csl.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A resident process ({@link DaemonServer}) in the test's own JVM, listening in a directory of the
 * test's, and a client that sends it calls over its socket as csl-client does: for tests that run
 * the same cases cold and through the resident process.
 */
final class InProcessResident implements AutoCloseable {
    private final DaemonServer server;
    private final DaemonPlace place;
    private final Thread serving;

    /** What one call got back: declined (nothing happened), or its output and exit status. */
    record Reply(boolean declined, String why, String out, String err, int exit) {}

    /** Starts one in {@code dir} whose own environment is {@code own}. */
    InProcessResident(Path dir, Map<String, String> own) throws IOException, InterruptedException {
        Path jar = Files.writeString(Files.createDirectories(dir).resolve("csl.jar"), "a build");
        Path run = dir.resolve("run");
        Files.createDirectory(
                run,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        place = new DaemonPlace(run, DaemonPlace.hash(jar));
        server =
                new DaemonServer(
                        place,
                        jar,
                        Duration.ofMinutes(15),
                        own,
                        new PrintWriter(new StringWriter()));
        serving =
                new Thread(
                        () -> {
                            try {
                                server.serve();
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        },
                        "in-process resident");
        serving.setDaemon(true);
        serving.start();
        // the socket file appears at bind, a moment before the server listens on it
        while (DaemonCommand.ask(place, "status") == null) {
            if (!serving.isAlive()) {
                throw new IOException("the resident process did not start");
            }
            Thread.sleep(10);
        }
    }

    /** One call, stdin empty, no terminal. */
    Reply call(Path cwd, Map<String, String> environment, List<String> args) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(place.socket()));
            DaemonFrames frames = new DaemonFrames(channel);
            List<String> pairs = new ArrayList<>();
            environment.forEach((k, v) -> pairs.add(k + "=" + v));
            frames.write(
                    DaemonFrames.CALL,
                    new DaemonFrames.Call(args, cwd.toString(), pairs, 0, 0).encode());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            while (true) {
                DaemonFrames.Frame f = frames.read();
                switch (f.type()) {
                    case DaemonFrames.DECLINE:
                        return new Reply(
                                true, new String(f.payload(), StandardCharsets.UTF_8), "", "", -1);
                    case DaemonFrames.ACCEPT:
                        try {
                            frames.write(DaemonFrames.STDIN, new byte[0]);
                        } catch (IOException e) {
                            // a call that ended already closed its side; its output waits unread
                        }
                        break;
                    case DaemonFrames.STDOUT:
                        out.writeBytes(f.payload());
                        break;
                    case DaemonFrames.STDERR:
                        err.writeBytes(f.payload());
                        break;
                    case DaemonFrames.EXIT:
                        return new Reply(
                                false,
                                null,
                                out.toString(StandardCharsets.UTF_8),
                                err.toString(StandardCharsets.UTF_8),
                                ByteBuffer.wrap(f.payload()).getInt());
                    default:
                        break;
                }
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        server.stop("test over");
        serving.join();
    }
}
