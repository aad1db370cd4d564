package dev.csl.cli.serve;

/** Counts requests that have been accepted but not yet answered, so shutdown can wait for them. */
final class InFlight {
    private int count;

    synchronized void begin() {
        count++;
    }

    synchronized void end() {
        count--;
        if (count == 0) {
            notifyAll();
        }
    }

    synchronized void awaitZero() throws InterruptedException {
        while (count > 0) {
            wait();
        }
    }
}
