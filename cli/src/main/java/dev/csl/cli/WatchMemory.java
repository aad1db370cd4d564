package dev.csl.cli;

import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What {@code csl watch} remembers of the last answer it applied from one FILE, in {@code
 * .csl/watch-ID}: the answer's identity ({@link BlocksIdentity#of}) and the keys of its blocks that
 * succeeded. Saving the same answer again runs only the blocks that failed or were refused; a new
 * answer runs all of its blocks.
 *
 * <p>The file is {@code answer HASH} then one {@code ok KEY} line per block that succeeded. A file
 * written by an older csl holds only the answer's hash: every block of it counts as done, as it did
 * then.
 */
final class WatchMemory {
    /** The remembered answer: its hash, the keys of its blocks that succeeded, or all of them. */
    record Remembered(String answer, Set<String> succeeded, boolean allSucceeded) {
        static final Remembered NONE = new Remembered("", Set.of(), false);

        boolean succeeded(String key) {
            return allSucceeded || succeeded.contains(key);
        }
    }

    private final Path workingDir;
    private final String name;

    WatchMemory(Path workingDir, Path file) {
        this.workingDir = workingDir;
        byte[] id =
                FileWatch.digest(
                        file.toAbsolutePath()
                                .normalize()
                                .toString()
                                .getBytes(StandardCharsets.UTF_8));
        this.name = "watch-" + HexFormat.of().formatHex(id).substring(0, 16);
    }

    /**
     * The last answer applied from FILE; {@link Remembered#NONE} when unknown. A .csl that csl
     * refuses to use (a symlink, say) is not read: the apply then reports the refusal itself.
     */
    Remembered read() {
        try {
            StateDirectory state = StateDirectory.openIfExists(workingDir);
            if (state == null || !state.exists(name)) {
                return Remembered.NONE;
            }
            String text = new String(state.read(name), StandardCharsets.UTF_8);
            String answer = "";
            Set<String> ok = new LinkedHashSet<>();
            for (String line : text.split("\n")) {
                if (line.startsWith("answer ")) {
                    answer = line.substring("answer ".length()).strip();
                } else if (line.startsWith("ok ")) {
                    ok.add(line.substring("ok ".length()).strip());
                } else if (!line.isBlank() && answer.isEmpty()) {
                    return new Remembered(line.strip(), Set.of(), true); // an older csl's file
                }
            }
            return new Remembered(answer, ok, false);
        } catch (IOException e) {
            return Remembered.NONE;
        }
    }

    /** Remembers the answer and the keys of its blocks that succeeded. */
    void write(String answer, Set<String> succeeded) throws IOException {
        StringBuilder text = new StringBuilder("answer ").append(answer).append('\n');
        for (String key : succeeded) {
            text.append("ok ").append(key).append('\n');
        }
        StateDirectory.open(workingDir)
                .write(name, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * True the first time it is asked in this project: the note that no clipboard tool was found is
     * said once, not at every start ({@code .csl/watch-no-clipboard} remembers it).
     */
    boolean firstNoClipboardNote() {
        try {
            StateDirectory state = StateDirectory.open(workingDir);
            if (state.exists(NO_CLIPBOARD)) {
                return false;
            }
            state.write(NO_CLIPBOARD, "said\n".getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (IOException e) {
            return true;
        }
    }

    private static final String NO_CLIPBOARD = "watch-no-clipboard";
}
