package dev.csl.runner.sandbox;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The files through which git and csl run a program later — each {@code .git}'s {@code config},
 * {@code config.worktree}, {@code commondir}, {@code info/attributes} and {@code hooks/*}, a {@code
 * .git} file (a pointer to another repository), and {@code .csl/commands.json} — with their bytes
 * before a child runs. Where no layer keeps them read-only (no OS sandbox), a child could plant a
 * hook or approve every command; {@link #restore} puts back each one it changed, made or removed.
 */
final class ProgramSettings {
    private static final List<String> GIT_FILES =
            List.of("config", "config.worktree", "commondir", "info/attributes");

    /** Path (relative) to its bytes before, or {@code null} where it was absent. */
    private final Map<String, byte[]> before;

    /** The hooks directories watched: a hook made there is removed again. */
    private final List<String> hookDirs;

    private ProgramSettings(Map<String, byte[]> before, List<String> hookDirs) {
        this.before = before;
        this.hookDirs = hookDirs;
    }

    /** Reads the settings of every {@code .git} and {@code .csl} entry in {@code metadata}. */
    static ProgramSettings read(GuardedFiles guard, Iterable<String> metadata) throws IOException {
        Map<String, byte[]> before = new LinkedHashMap<>();
        List<String> hookDirs = new ArrayList<>();
        for (String rel : metadata) {
            String name = rel.substring(rel.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
            var info = guard.stat(rel);
            if (info.type() == dev.csl.fsguard.FileInfo.Type.FILE) {
                before.put(rel, guard.readBytes(rel)); // a .git file: gitdir pointer
            } else if (info.type() != dev.csl.fsguard.FileInfo.Type.DIRECTORY) {
                continue;
            } else if (name.equals(".csl")) {
                watch(guard, rel + "/commands.json", before);
            } else {
                for (String file : GIT_FILES) {
                    watch(guard, rel + "/" + file, before);
                }
                String hooks = rel + "/hooks";
                hookDirs.add(hooks);
                if (guard.stat(hooks).type() == dev.csl.fsguard.FileInfo.Type.DIRECTORY) {
                    for (String hook : guard.list(hooks)) {
                        watch(guard, hooks + "/" + hook, before);
                    }
                }
            }
        }
        return new ProgramSettings(before, hookDirs);
    }

    private static void watch(GuardedFiles guard, String rel, Map<String, byte[]> before)
            throws IOException {
        var type = guard.stat(rel).type();
        if (type == dev.csl.fsguard.FileInfo.Type.MISSING) {
            before.put(rel, null);
        } else if (type == dev.csl.fsguard.FileInfo.Type.FILE) {
            before.put(rel, guard.readBytes(rel));
        }
    }

    /**
     * Puts back every watched file the child changed, made or removed, and removes a hook it made;
     * returns the paths put back (empty when nothing changed). A path that cannot be put back is
     * named with why, after the word "not".
     */
    List<String> restore(GuardedFiles guard) {
        List<String> restored = new ArrayList<>();
        Map<String, byte[]> now = new LinkedHashMap<>(before);
        for (String hooks : hookDirs) {
            try {
                if (guard.stat(hooks).type() == dev.csl.fsguard.FileInfo.Type.DIRECTORY) {
                    for (String hook : guard.list(hooks)) {
                        now.putIfAbsent(hooks + "/" + hook, null);
                    }
                }
            } catch (IOException e) {
                restored.add("not " + hooks + " (" + e.getMessage() + ")");
            }
        }
        for (Map.Entry<String, byte[]> entry : now.entrySet()) {
            String rel = entry.getKey();
            byte[] old = entry.getValue();
            try {
                var type = guard.stat(rel).type();
                byte[] current =
                        type == dev.csl.fsguard.FileInfo.Type.FILE ? guard.readBytes(rel) : null;
                boolean same =
                        type == dev.csl.fsguard.FileInfo.Type.MISSING
                                ? old == null
                                : current != null && Arrays.equals(current, old);
                if (!same) {
                    guard.restoreProtected(rel, old);
                    restored.add(rel);
                }
            } catch (IOException e) {
                restored.add("not " + rel + " (" + e.getMessage() + ")");
            }
        }
        return restored;
    }
}
