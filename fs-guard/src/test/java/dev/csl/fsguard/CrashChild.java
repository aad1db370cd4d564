package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Child process of {@link CrashTest}: replaces files atomically, version after version, until it is
 * killed. Each version's bytes are derived from (file, version), so the parent can tell a whole old
 * or new file from a torn one.
 */
public final class CrashChild {
    static final int MAX_SIZE = 10 * 1024 * 1024;

    private CrashChild() {}

    /** Content of a version: a header line, then pseudo-random bytes; 0–10 MB in total. */
    static byte[] content(int file, long version) {
        SplittableRandom random = new SplittableRandom(file * 1_000_003L + version);
        int size = random.nextInt(8) == 0 ? 0 : random.nextInt(MAX_SIZE);
        byte[] header = ("file " + file + " version " + version + "\n").getBytes(UTF_8);
        byte[] out = new byte[Math.max(size, header.length)];
        random.nextBytes(out);
        System.arraycopy(header, 0, out, 0, header.length);
        return out;
    }

    /** The version a file holds, read from its header. */
    static long versionOf(byte[] bytes) {
        int nl = 0;
        while (nl < bytes.length && bytes[nl] != '\n') {
            nl++;
        }
        String[] words = new String(bytes, 0, nl, UTF_8).split(" ");
        return Long.parseLong(words[3]);
    }

    static String name(int file) {
        return "f" + file + ".bin";
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        int files = Integer.parseInt(args[1]);
        GuardedFiles guard = GuardedFiles.open(root);
        PrintStream out = System.out;
        long[] versions = new long[files];
        for (int f = 0; f < files; f++) {
            versions[f] = versionOf(guard.readBytes("data/" + name(f)));
        }
        if (args.length > 2 && args[2].equals("batch")) {
            batches(guard, files, versions, out);
        }
        for (long round = 0; ; round++) {
            int f = (int) (round % files);
            long next = versions[f] + 1;
            guard.writeAtomic("data/" + name(f), content(f, next));
            versions[f] = next;
            out.println(f + " " + next);
            out.flush();
        }
    }

    /**
     * Every file's next version in one batch (prepareWrite for each, then commitWrites), batch
     * after batch; each file is reported once its batch has been committed.
     */
    private static void batches(GuardedFiles guard, int files, long[] versions, PrintStream out)
            throws IOException {
        while (true) {
            java.util.List<GuardedFiles.PendingWrite> batch = new java.util.ArrayList<>();
            for (int f = 0; f < files; f++) {
                batch.add(guard.prepareWrite("data/" + name(f), content(f, versions[f] + 1)));
            }
            IOException[] failed = guard.commitWrites(batch);
            for (int f = 0; f < files; f++) {
                if (failed[f] != null) {
                    throw failed[f];
                }
                versions[f]++;
                out.println(f + " " + versions[f]);
            }
            out.flush();
        }
    }
}
