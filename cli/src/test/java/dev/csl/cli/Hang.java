package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * The one time limit of the cli tests: a test's verdict never depends on the machine's speed, so
 * the only thing that fails on time is a hang, after {@link #LIMIT} (far beyond what the slowest
 * busy machine needs), and the failure names what hung.
 */
public final class Hang {
    /** Longer than any piece of work in a test takes on a busy machine. */
    public static final Duration LIMIT = Duration.ofMinutes(5);

    private Hang() {}

    /** Runs {@code work}; fails saying that {@code what} hung when it takes past the limit. */
    public static <T> T guard(String what, ThrowingSupplier<T> work) {
        return assertTimeoutPreemptively(LIMIT, work, () -> message(what));
    }

    /** Waits for {@code process} to end; kills it and fails naming {@code what} past the limit. */
    public static void waitFor(Process process, String what) throws InterruptedException {
        if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(message(what));
        }
    }

    /**
     * Everything {@code process} prints on its standard output until it ends (read on a thread of
     * its own, so a process that never ends fails the test instead of blocking it).
     */
    public static String output(Process process, String what) throws InterruptedException {
        CompletableFuture<String> out = readAll(process.getInputStream());
        waitFor(process, what);
        return out.join();
    }

    /** {@code in} read to its end on a thread of its own. */
    public static CompletableFuture<String> readAll(InputStream in) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread reader =
                new Thread(
                        () -> {
                            try (in) {
                                text.complete(new String(in.readAllBytes(), UTF_8));
                            } catch (IOException e) {
                                text.completeExceptionally(new UncheckedIOException(e));
                            }
                        },
                        "hang-reader");
        reader.setDaemon(true);
        reader.start();
        return text;
    }

    public static String message(String what) {
        return what + " did not finish within " + LIMIT.toMinutes() + " min: it hung";
    }
}
