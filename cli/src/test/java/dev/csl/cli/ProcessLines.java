package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The lines a csl process prints, as they come, for tests that wait for one of them. */
final class ProcessLines {
    private ProcessLines() {}

    static BlockingQueue<String> of(Process process) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader =
                new Thread(
                        () -> {
                            try (BufferedReader in =
                                    new BufferedReader(
                                            new InputStreamReader(
                                                    process.getInputStream(), UTF_8))) {
                                String line;
                                while ((line = in.readLine()) != null) {
                                    lines.add(line);
                                }
                            } catch (IOException e) {
                                // the process ended
                            }
                        });
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    /** Waits up to a minute for a line holding {@code text}; fails naming what came instead. */
    static void await(BlockingQueue<String> lines, String text) throws InterruptedException {
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line == null) {
                continue;
            }
            seen.append(line).append('\n');
            if (line.contains(text)) {
                return;
            }
        }
        throw new AssertionError("no line with '" + text + "'; got:\n" + seen);
    }
}
