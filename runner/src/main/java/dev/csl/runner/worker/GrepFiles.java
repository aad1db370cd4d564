package dev.csl.runner.worker;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The files one grep searches, in the order the walk meets them. Where the machine has more than
 * one core and no context lines tie one file's output to the last ({@code -A}, {@code -B}, {@code
 * -C}, {@code -q}), files are searched on a few threads while the walk goes on, handed over {@link
 * #BATCH} at a time (a hand-over per file cost more than a small file's search); each batch's
 * output is kept apart and printed in walk order, so the output is the same as one thread's. At
 * most {@link #window} batches are in flight, and no more than {@link #IN_FLIGHT_BYTES} of their
 * output.
 */
final class GrepFiles implements AutoCloseable {
    /** The most output the batches in flight may hold together. */
    static final long IN_FLIGHT_BYTES = 64L << 20;

    /** How many files a thread is handed at once. */
    static final int BATCH = 16;

    /** A file to search, or (with {@code in} null) a line for stderr, in walk order. */
    private record Item(ReadableByteChannel in, String shown) {}

    /** One batch's output, printed when its turn comes. */
    private record Done(Output out, Output err, boolean matched, boolean failed) {}

    private final GrepCommand.Job job;
    private final ExecutorService pool;

    /** The calling thread's search, and one per thread of the pool (which dies with it). */
    private final GrepScan own;

    private final ThreadLocal<GrepScan> scans;
    private final Deque<Future<Done>> pending = new ArrayDeque<>();
    private List<Item> batch = new ArrayList<>(BATCH);
    private final int window;

    GrepFiles(GrepCommand.Job job, int threads) {
        this.job = job;
        this.own = new GrepScan(job);
        this.scans = ThreadLocal.withInitial(() -> new GrepScan(job));
        long cap = Math.max(1, job.ctx.out.cap());
        int window = (int) Math.min(2L * threads, IN_FLIGHT_BYTES / cap);
        boolean parallel =
                threads > 1 && window > 1 && job.before + job.after == 0 && !job.inv.has("-q");
        this.window = parallel ? window : 0;
        this.pool = parallel ? Executors.newFixedThreadPool(threads, GrepFiles::daemon) : null;
    }

    private static Thread daemon(Runnable r) {
        Thread t = new Thread(r, "csl-grep");
        t.setDaemon(true);
        return t;
    }

    /** Searches {@code in} (and closes it); its output comes after every earlier file's. */
    void search(ReadableByteChannel in, String shown) throws IOException {
        if (pool == null) {
            try (in) {
                GrepScan.Found found = own.search(in, shown, job.ctx.out);
                summary(found, shown, job.ctx.out, job.ctx.err);
                job.matched |= found.count() > 0;
            }
            return;
        }
        batch.add(new Item(in, shown));
        if (batch.size() >= BATCH) {
            handOver();
        }
    }

    /** Gives the batch gathered so far to the threads, after printing what a full window holds. */
    private void handOver() {
        while (pending.size() >= window) {
            print(pending.pollFirst());
        }
        List<Item> items = batch;
        batch = new ArrayList<>(BATCH);
        pending.addLast(pool.submit(() -> searchApart(items)));
    }

    private Done searchApart(List<Item> items) {
        Output out = new Output(job.ctx.out.cap());
        Output err = new Output(job.ctx.err.cap());
        GrepScan scan = scans.get();
        boolean matched = false;
        boolean failed = false;
        for (Item item : items) {
            if (item.in() == null) {
                err.println(item.shown());
                continue;
            }
            try (ReadableByteChannel in = item.in()) {
                GrepScan.Found found = scan.search(in, item.shown(), out);
                summary(found, item.shown(), out, err);
                matched |= found.count() > 0;
            } catch (IOException e) {
                failed = true;
                if (!job.inv.has("-s")) {
                    err.println("grep: " + item.shown() + ": " + Context.reason(e));
                }
            }
        }
        return new Done(out, err, matched, failed);
    }

    /** A line on stderr (a file that could not be searched), after the files before it. */
    void error(String line) {
        if (pool == null || pending.isEmpty() && batch.isEmpty()) {
            job.ctx.err.println(line);
            return;
        }
        batch.add(new Item(null, line));
    }

    /** True once the output is full: the walk may stop (files in flight still print). */
    boolean full() {
        return job.ctx.out.full();
    }

    /** What grep prints for a whole file after its lines: -l, -L, -c, "binary file matches". */
    private void summary(GrepScan.Found found, String shown, Output out, Output err) {
        Invocation inv = job.inv;
        if (inv.has("-l") && found.count() > 0) {
            out.println(shown);
        } else if (inv.has("-L") && found.count() == 0) {
            out.println(shown);
        } else if (job.countOnly) {
            out.println(job.names ? shown + ":" + found.count() : Long.toString(found.count()));
        } else if (found.binaryMatch() && !inv.has("-q")) {
            err.println("grep: " + shown + ": binary file matches");
        }
    }

    private void print(Future<Done> next) {
        Done done;
        try {
            done = next.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while searching", e);
        }
        job.ctx.out.append(done.out());
        job.ctx.err.append(done.err());
        job.matched |= done.matched();
        job.error |= done.failed();
    }

    /** Prints what is still in flight, in order, and stops the threads. */
    @Override
    public void close() {
        try {
            if (pool != null && !batch.isEmpty()) {
                handOver();
            }
            while (!pending.isEmpty()) {
                print(pending.pollFirst());
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }
}
