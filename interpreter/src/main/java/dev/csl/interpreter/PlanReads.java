package dev.csl.interpreter;

import java.nio.charset.StandardCharsets;
import java.util.TreeMap;

/**
 * What a dry run read, for its plan hash: each file as it was on disk when first opened. A real
 * apply keeps none (it returns no plan hash, so it need not hash what it reads).
 */
final class PlanReads {
    /** By guard path, sorted, so that the hash does not depend on the order of the operations. */
    private final TreeMap<String, String> reads = new TreeMap<>();

    /** Records a file the first time it is opened; later versions are the answer's own. */
    void opened(String guardPath, Content content) {
        reads.putIfAbsent(
                guardPath, content.exists() ? Snapshot.sha256(content.bytes()) : "absent");
    }

    /** Each file read, by guard path, and its digest ({@code absent} for a missing file). */
    java.util.Map<String, String> files() {
        return java.util.Collections.unmodifiableMap(reads);
    }

    /** SHA-256 of the answer and of every file the operations read, as they were on disk. */
    String hash(String answer) {
        StringBuilder sb = new StringBuilder("csl-plan-1\n").append(answer).append('\0');
        reads.forEach((path, hash) -> sb.append(path).append('\0').append(hash).append('\n'));
        return Snapshot.sha256(sb.toString().getBytes(StandardCharsets.UTF_8));
    }
}
