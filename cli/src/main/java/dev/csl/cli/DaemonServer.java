package dev.csl.cli;

import dev.csl.runner.Runners;
import dev.csl.runner.WorkerPool;
import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The resident process (docs/daemon.md): one per user and csl build, listening on {@link
 * DaemonPlace}'s socket. Every connection is checked to come from this user (SO_PEERCRED), then its
 * call is either declined ({@link DaemonCalls}) or run on a thread of its own through {@link
 * Main#run(CallContext, String[])} in a {@link CallContext} made of the caller's directory,
 * environment and streams. It stops after an idle time, on {@code csl daemon stop}, and when its
 * jar changes (a rebuild).
 */
final class DaemonServer {
    /** Warm worker JVMs kept at most, over every project (docs/daemon.md). */
    static final int WORKERS = 4;

    /** How long a warm worker waits unused before it is stopped. */
    static final Duration WORKER_IDLE = Duration.ofMinutes(5);

    private final DaemonPlace place;
    private final Path jar;
    private final Duration idle;
    private final DaemonCalls calls;
    private final PrintWriter log;
    private final Instant started = Instant.now();
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong declined = new AtomicLong();
    private volatile long lastActivity = System.nanoTime();
    private volatile String stopping;
    private ServerSocketChannel server;
    private final WorkerPool workers;
    private volatile String ownerName;

    DaemonServer(
            DaemonPlace place, Path jar, Duration idle, Map<String, String> own, PrintWriter log) {
        this.place = place;
        this.jar = jar;
        this.idle = idle;
        this.calls = new DaemonCalls(own);
        this.log = log;
        this.workers = Runners.resident(WORKERS, WORKER_IDLE);
    }

    /**
     * Serves until stopped; returns false at once when another resident process of this build holds
     * the place.
     */
    boolean serve() throws IOException {
        place.prepare();
        // The lock and the socket live in DaemonPlace's directory (the user's own, 0700, checked by
        // prepare), never in a working directory: not the guard's to reach.
        try (FileChannel lockFile =
                        FileChannel.open(
                                place.lock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockFile.tryLock()) {
            if (lock == null) {
                workers.close();
                return false;
            }
            Files.deleteIfExists(place.socket()); // a socket left by one that was killed
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(place.socket()));
            ScheduledExecutorService watch =
                    Executors.newSingleThreadScheduledExecutor(
                            r -> {
                                Thread t = new Thread(r, "csl-daemon-watch");
                                t.setDaemon(true);
                                return t;
                            });
            watch.scheduleWithFixedDelay(this::check, 5, 5, TimeUnit.SECONDS);
            log.println("csl daemon: serving on " + place.socket());
            try {
                while (stopping == null) {
                    SocketChannel channel;
                    try {
                        channel = server.accept();
                    } catch (IOException e) {
                        break; // closed by stop()
                    }
                    lastActivity = System.nanoTime();
                    Thread t = new Thread(() -> connection(channel), "csl-daemon-call");
                    t.setDaemon(true);
                    t.start();
                }
            } finally {
                watch.shutdownNow();
                Files.deleteIfExists(place.socket()); // its own socket, in DaemonPlace's directory
                log.println("csl daemon: stopped (" + stopping + ")");
            }
            waitForCalls();
            workers.close();
            return true;
        }
    }

    /** Stops taking calls; those running finish. */
    void stop(String why) {
        if (stopping == null) {
            stopping = why;
        }
        try {
            if (server != null) {
                server.close();
            }
        } catch (IOException e) {
            // closing is all that is left to do
        }
    }

    private void waitForCalls() {
        while (active.get() > 0) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Idle long enough, or the jar rebuilt: stop. */
    private void check() {
        if (!jarUnchanged()) {
            stop("its jar changed");
        } else if (active.get() == 0 && System.nanoTime() - lastActivity > idle.toNanos()) {
            stop("idle for " + idle.toMinutes() + " min");
        }
    }

    private boolean jarUnchanged() {
        try {
            return jar == null || DaemonPlace.hash(jar).equals(place.hash());
        } catch (IOException e) {
            return false;
        }
    }

    private void connection(SocketChannel channel) {
        active.incrementAndGet();
        try (channel) {
            DaemonFrames frames = new DaemonFrames(channel);
            if (!fromThisUser(channel)) {
                return; // another user: no word
            }
            DaemonFrames.Frame first = frames.read();
            if (first.type() != DaemonFrames.CALL) {
                return;
            }
            DaemonFrames.Call call = DaemonFrames.Call.decode(first.payload());
            Map<String, String> env = environment(call.environment());
            List<String> args = call.args();
            if (args.size() == 2 && args.get(0).equals("daemon")) {
                control(frames, args.get(1));
                return;
            }
            String why = stopping != null || !jarUnchanged() ? "stopping" : null;
            if (why == null) {
                why = calls.decline(args, env, call.flags());
            }
            if (why == null && !Path.of(call.directory()).isAbsolute()) {
                why = "no working directory";
            }
            if (why != null) {
                declined.incrementAndGet();
                frames.write(DaemonFrames.DECLINE, why.getBytes(StandardCharsets.UTF_8));
                return;
            }
            frames.write(DaemonFrames.ACCEPT, new byte[0]);
            served.incrementAndGet();
            frames.exit(run(frames, call, env));
        } catch (IOException | RuntimeException e) {
            // the client went away, or sent nonsense: its call ends here
            log.println("csl daemon: a call ended early: " + e);
            e.printStackTrace(log);
            log.flush();
        } catch (Error e) {
            log.println("csl daemon: a call failed: " + e);
            e.printStackTrace(log);
            log.flush();
            throw e;
        } finally {
            lastActivity = System.nanoTime();
            active.decrementAndGet();
        }
    }

    private int run(DaemonFrames frames, DaemonFrames.Call call, Map<String, String> env) {
        PrintStream out =
                new PrintStream(
                        new java.io.BufferedOutputStream(
                                frames.output(DaemonFrames.STDOUT), 1 << 16),
                        true,
                        StandardCharsets.UTF_8);
        PrintStream err =
                new PrintStream(
                        new java.io.BufferedOutputStream(
                                frames.output(DaemonFrames.STDERR), 1 << 12),
                        true,
                        StandardCharsets.UTF_8);
        String home = env.get("HOME");
        CallContext context =
                new CallContext(
                        Path.of(call.directory()),
                        env,
                        home == null || !home.startsWith("/") ? null : Path.of(home),
                        frames.input(),
                        out,
                        err,
                        () ->
                                new CallContext.Terminal(
                                        (call.flags() & 1) != 0,
                                        (call.flags() & 3) == 3,
                                        (call.flags() & 4) != 0,
                                        call.width() > 0
                                                ? call.width()
                                                : CallContext.width(env.get("COLUMNS"))));
        int code;
        try {
            code =
                    StandardRunners.within(
                            workers, () -> Main.run(context, call.args().toArray(new String[0])));
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            err.println("csl: internal error: " + e);
            code = ExitCodes.USAGE;
        }
        out.flush();
        err.flush();
        return code;
    }

    private void control(DaemonFrames frames, String verb) throws IOException {
        frames.write(DaemonFrames.ACCEPT, new byte[0]);
        String text;
        if (verb.equals("stop")) {
            text =
                    "csl daemon: stopping the resident process "
                            + ProcessHandle.current().pid()
                            + "\n";
            stop("csl daemon stop");
        } else {
            text = status();
        }
        frames.write(DaemonFrames.STDOUT, text.getBytes(StandardCharsets.UTF_8));
        frames.exit(ExitCodes.OK);
    }

    private String status() {
        long idleSeconds = (System.nanoTime() - lastActivity) / 1_000_000_000L;
        return "csl daemon: running, pid "
                + ProcessHandle.current().pid()
                + "\n  socket: "
                + place.socket()
                + "\n  build: "
                + place.hash()
                + " ("
                + jar
                + ")\n  up: "
                + Duration.between(started, Instant.now()).toSeconds()
                + " s; calls served: "
                + served.get()
                + ", declined (run cold): "
                + declined.get()
                + ", running now: "
                + (active.get() - 1)
                + "\n  stops after "
                + idle.toMinutes()
                + " min without calls (idle "
                + idleSeconds
                + " s), on csl daemon stop, and when its jar changes\n"
                + "  holds: the JVM and csl's loaded classes; each call gets its own directory,"
                + " environment, streams, trust and approvals\n  workers: "
                + workers.describe()
                + "\n  containers: "
                + workers.describeContainers()
                + "\n";
    }

    /** The peer is this user (SO_PEERCRED), as the socket's directory is. */
    private boolean fromThisUser(SocketChannel channel) throws IOException {
        jdk.net.UnixDomainPrincipal peer =
                channel.getOption(jdk.net.ExtendedSocketOptions.SO_PEERCRED);
        return peer.user().getName().equals(owner());
    }

    /** The socket directory's owner, looked up once (the user database, not a call's cost). */
    private String owner() throws IOException {
        String name = ownerName;
        if (name == null) {
            name = Files.getOwner(place.directory()).getName();
            ownerName = name;
        }
        return name;
    }

    private static Map<String, String> environment(List<String> pairs) {
        Map<String, String> env = new HashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                env.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return env;
    }
}
