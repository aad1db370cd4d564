import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Load test of one {@code csl serve} process (run by bench/serve-load.sh).
 *
 * <p>CLIENTS threads share the server's stdio, as the tabs of an IDE would, and for SECONDS each
 * sends, back to back, an apply of an answer to one of DIRS directories picked at random. Answers
 * overlap on purpose: every answer is a TASKS that appends its id to log.txt, rewrites the region
 * of state.txt that names the last writer, and rewrites the client's own file. Appends and
 * region rewrites are read-modify-write, so any two applies on one directory that ran at the same
 * time would lose a line.
 *
 * <p>Checks afterwards: every acknowledged apply's id is in its directory's log.txt exactly once
 * (no lost update); each directory's tree equals a sequential replay, in a fresh directory, of the
 * same answers in the order log.txt records (the server serialized them); no request stayed
 * unanswered (no deadlock). Reports requests/s, p50/p99 latency and the server's resident memory
 * over time (flat = no leak).
 */
public final class ServeLoad {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process server;
    private final OutputStream toServer;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    private ServeLoad(Process server) {
        this.server = server;
        this.toServer = server.getOutputStream();
        Thread reader = new Thread(this::readResponses, "responses");
        reader.setDaemon(true);
        reader.start();
    }

    public static void main(String[] args) throws Exception {
        String jar = args[0];
        int seconds = Integer.parseInt(args[1]);
        int clients = Integer.parseInt(args[2]);
        int dirs = Integer.parseInt(args[3]);
        Path work = Files.createTempDirectory("csl-serve-load");
        List<Path> targets = new ArrayList<>();
        for (int d = 0; d < dirs; d++) {
            targets.add(seed(work.resolve("d" + d)));
        }
        Process process =
                new ProcessBuilder("java", "-jar", jar, "serve")
                        .redirectError(work.resolve("serve-stderr.log").toFile())
                        .start();
        ServeLoad load = new ServeLoad(process);
        System.out.printf(
                "csl serve load: %d clients, %d directories, %d s, server pid %d%n",
                clients, dirs, seconds, process.pid());

        // Warm-up: one apply per directory, not measured.
        for (Path dir : targets) {
            load.call("apply", applyParams(dir, "warm-" + dir.getFileName(), "warm")).join();
        }

        List<Long> latenciesNanos = Collections.synchronizedList(new ArrayList<>());
        Map<Path, List<String>> acknowledged = new ConcurrentHashMap<>();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        List<Long> rssSamples = Collections.synchronizedList(new ArrayList<>());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            Thread thread =
                    new Thread(
                            () -> {
                                Random random = new Random(client);
                                for (int seq = 0; System.nanoTime() < deadline; seq++) {
                                    Path dir = targets.get(random.nextInt(targets.size()));
                                    String id = "c" + client + "-" + seq;
                                    long start = System.nanoTime();
                                    JsonNode response;
                                    try {
                                        response =
                                                load.call(
                                                                "apply",
                                                                applyParams(dir, id, "c" + client))
                                                        .get(60, TimeUnit.SECONDS);
                                    } catch (Exception e) {
                                        failures.add(id + ": no response in 60 s (deadlock?)");
                                        return;
                                    }
                                    latenciesNanos.add(System.nanoTime() - start);
                                    if (response.at("/result/ok").asBoolean()) {
                                        acknowledged
                                                .computeIfAbsent(
                                                        dir,
                                                        k ->
                                                                Collections.synchronizedList(
                                                                        new ArrayList<>()))
                                                .add(id);
                                    } else {
                                        failures.add(id + ": " + response);
                                    }
                                }
                            });
            threads.add(thread);
            thread.start();
        }
        Thread sampler =
                new Thread(
                        () -> {
                            while (!Thread.currentThread().isInterrupted()) {
                                rssSamples.add(rssKb(process.pid()));
                                try {
                                    Thread.sleep(500);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        });
        sampler.setDaemon(true);
        sampler.start();
        List<Long> liveHeap = Collections.synchronizedList(new ArrayList<>());
        Thread heapSampler =
                new Thread(
                        () -> {
                            long every = Math.max(1, seconds / 4) * 1000L;
                            while (!Thread.currentThread().isInterrupted()) {
                                liveHeap.add(liveHeapKb(process.pid()));
                                try {
                                    Thread.sleep(every);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        });
        heapSampler.setDaemon(true);
        heapSampler.start();
        long began = System.nanoTime();
        for (Thread thread : threads) {
            thread.join();
        }
        double elapsed = (System.nanoTime() - began) / 1e9;
        sampler.interrupt();
        heapSampler.interrupt();
        liveHeap.add(liveHeapKb(process.pid()));

        // Replay: the same answers, one at a time, in the order each log.txt recorded them.
        List<String> mismatches = new ArrayList<>();
        int lost = 0;
        for (Path dir : targets) {
            List<String> log = Files.readAllLines(dir.resolve("log.txt"));
            List<String> acked = acknowledged.getOrDefault(dir, List.of());
            for (String id : acked) {
                if (Collections.frequency(log, id) != 1) {
                    lost++;
                    mismatches.add(dir.getFileName() + ": " + id + " acknowledged but logged "
                            + Collections.frequency(log, id) + " times");
                }
            }
            Path replay = seed(work.resolve("replay-" + dir.getFileName()));
            for (String id : log) {
                String client = id.startsWith("warm") ? "warm" : id.substring(0, id.indexOf('-'));
                JsonNode response = load.call("apply", applyParams(replay, id, client)).join();
                if (!response.at("/result/ok").asBoolean()) {
                    mismatches.add("replay of " + id + " failed: " + response);
                }
            }
            if (!tree(dir).equals(tree(replay))) {
                mismatches.add(dir.getFileName() + ": tree differs from its sequential replay");
            }
        }
        load.call("shutdown", null).get(60, TimeUnit.SECONDS);
        boolean exited = process.waitFor(30, TimeUnit.SECONDS);

        long[] sorted = latenciesNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        int total = sorted.length;
        System.out.printf(
                "requests: %d in %.1f s = %.0f requests/s%n", total, elapsed, total / elapsed);
        if (total > 0) {
            System.out.printf(
                    "latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                    sorted[total / 2] / 1e6,
                    sorted[Math.min(total - 1, (int) Math.ceil(total * 0.99) - 1)] / 1e6,
                    sorted[total - 1] / 1e6);
        }
        List<Long> rss = new ArrayList<>(rssSamples);
        if (rss.size() >= 4) {
            int q = rss.size() / 4;
            System.out.printf(
                    "server RSS: first quarter avg %d MiB, last quarter avg %d MiB, max %d MiB"
                            + " (%d samples)%n",
                    avg(rss.subList(0, q)) / 1024,
                    avg(rss.subList(rss.size() - q, rss.size())) / 1024,
                    Collections.max(rss) / 1024,
                    rss.size());
        }
        System.out.println(
                "server heap in use after a full GC, over the run (KiB): " + liveHeap);
        System.out.printf(
                "lost updates: %d; replay mismatches: %d; failed requests: %d; clean exit: %s%n",
                lost, mismatches.size(), failures.size(), exited && process.exitValue() == 0);
        mismatches.stream().limit(10).forEach(m -> System.out.println("  " + m));
        failures.stream().limit(10).forEach(f -> System.out.println("  " + f));
        boolean pass = lost == 0 && mismatches.isEmpty() && failures.isEmpty() && exited;
        System.out.println(pass ? "PASS" : "FAIL");
        System.exit(pass ? 0 : 1);
    }

    private static Path seed(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("clients"));
        Files.writeString(dir.resolve("log.txt"), "");
        Files.writeString(dir.resolve("state.txt"), "header\nbegin\nlast=nobody\nend\nfooter\n");
        return dir;
    }

    private static Map<String, Object> applyParams(Path dir, String id, String client) {
        String answer =
                String.join(
                        "\n",
                        "Applying " + id + ".",
                        "<---TASKS--->",
                        "<---WRITE file=\"log.txt\" append=\"true\"--->",
                        id,
                        "<---END--->",
                        "<---SEARCH file=\"state.txt\"--->",
                        "begin",
                        "<---TO--->",
                        "end",
                        "<---REPLACE--->",
                        "begin",
                        "last=" + id,
                        "end",
                        "<---END--->",
                        "<---WRITE file=\"clients/" + client + ".txt\"--->",
                        "last apply " + id,
                        "<---END--->",
                        "<---END--->",
                        "");
        return Map.of("workingDir", dir.toString(), "answer", answer);
    }

    /** Every file below {@code dir} except .csl, with its content. */
    private static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                String relative = dir.relativize(path).toString();
                if (Files.isRegularFile(path) && !relative.startsWith(".csl")) {
                    files.put(relative, Files.readString(path));
                }
            }
        }
        return files;
    }

    private CompletableFuture<JsonNode> call(String method, Map<String, Object> params) {
        long id = ids.incrementAndGet();
        CompletableFuture<JsonNode> response = new CompletableFuture<>();
        pending.put(id, response);
        ObjectNode request = JSON.createObjectNode();
        request.put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            request.set("params", JSON.valueToTree(params));
        }
        byte[] line = (request + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (toServer) {
            try {
                toServer.write(line);
                toServer.flush();
            } catch (IOException e) {
                response.completeExceptionally(e);
            }
        }
        return response;
    }

    private void readResponses() {
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode message = JSON.readTree(line);
                CompletableFuture<JsonNode> waiting = pending.remove(message.path("id").asLong());
                if (waiting == null) {
                    System.out.println("unexpected line on stdout: " + line);
                } else {
                    waiting.complete(message);
                }
            }
        } catch (IOException e) {
            System.out.println("server stdout closed: " + e.getMessage());
        }
    }

    private static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // The process is gone.
        }
        return 0;
    }

    /** Heap in use right after a full GC ({@code jcmd GC.run}, then {@code GC.heap_info}). */
    private static long liveHeapKb(long pid) {
        try {
            new ProcessBuilder("jcmd", Long.toString(pid), "GC.run")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor();
            Process info =
                    new ProcessBuilder("jcmd", Long.toString(pid), "GC.heap_info")
                            .redirectErrorStream(true)
                            .start();
            String text = new String(info.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            info.waitFor();
            java.util.regex.Matcher used =
                    java.util.regex.Pattern.compile("used (\\d+)K").matcher(text);
            long total = 0;
            // G1 prints one "used" for the whole heap; other collectors one per generation.
            if (text.contains("garbage-first")) {
                return used.find() ? Long.parseLong(used.group(1)) : -1;
            }
            while (used.find()) {
                total += Long.parseLong(used.group(1));
            }
            return total;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static long avg(List<Long> values) {
        return (long) values.stream().mapToLong(Long::longValue).average().orElse(0);
    }
}
