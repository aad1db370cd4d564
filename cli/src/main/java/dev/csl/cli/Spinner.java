package dev.csl.cli;

import java.io.PrintWriter;

/**
 * An elapsed-time line on the terminal while an apply runs long ({@code ⠋ working… 12 s}), so a
 * slow build or test does not look like a hang. It appears after a second, is redrawn in place on
 * stderr, and is wiped before anything else is printed ({@link #hidden}) and when the apply ends.
 */
final class Spinner implements AutoCloseable {
    private static final String FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏";
    private static final long FIRST_AFTER_MILLIS = 1000;
    private static final long EVERY_MILLIS = 100;

    private final PrintWriter err;
    private final long start = System.nanoTime();
    private final Thread thread;
    private boolean shown;
    private boolean closed;

    private Spinner(PrintWriter err) {
        this.err = err;
        this.thread = new Thread(this::loop, "csl-spinner");
        thread.setDaemon(true);
    }

    /** Starts one on {@code err}. */
    static Spinner start(PrintWriter err) {
        Spinner spinner = new Spinner(err);
        spinner.thread.start();
        return spinner;
    }

    private void loop() {
        try {
            Thread.sleep(FIRST_AFTER_MILLIS);
            for (int frame = 0; ; frame++) {
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                    err.print(
                            "\r"
                                    + FRAMES.charAt(frame % FRAMES.length())
                                    + " working… "
                                    + seconds
                                    + " s");
                    err.flush();
                    shown = true;
                }
                Thread.sleep(EVERY_MILLIS);
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** Runs {@code print} with the line wiped, so what it prints starts at the left margin. */
    synchronized void hidden(Runnable print) {
        wipe();
        print.run();
    }

    private void wipe() {
        if (shown) {
            err.print("\r\u001B[K");
            err.flush();
            shown = false;
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            wipe();
        }
        thread.interrupt();
    }
}
