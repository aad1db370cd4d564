package dev.csl.runner.worker;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Misbehaviour on purpose, for the runner's own tests of timeouts, crashes and out-of-memory.
 * Present only in a worker started with {@code -Dcsl.worker.selftest=true}; never in csl's.
 */
final class SelfTests implements Builtin {
    @Override
    public int run(Invocation inv, Context ctx) throws IOException {
        switch (inv.command()) {
            case "__sleep" -> sleep(Long.parseLong(inv.operands().get(0)) * 1000);
            case "__crash" -> Runtime.getRuntime().halt(7);
            case "__oom" -> {
                List<long[]> hog = new ArrayList<>();
                while (true) {
                    hog.add(new long[1 << 20]);
                }
            }
            case "__spawn" -> {
                // A grandchild that would outlive a careless kill of the worker alone.
                Process p = new ProcessBuilder("sleep", "300").start();
                ctx.err.println("spawned " + p.pid());
                System.err.println("spawned " + p.pid());
                sleep(600_000);
            }
            case "__flood" -> {
                long n = Long.parseLong(inv.operands().get(0));
                byte[] line = "0123456789abcdef0123456789abcdef\n".getBytes();
                for (long i = 0; i < n; i++) {
                    ctx.out.write(line);
                }
            }
            default -> throw new IllegalArgumentException(inv.command());
        }
        return 0;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
