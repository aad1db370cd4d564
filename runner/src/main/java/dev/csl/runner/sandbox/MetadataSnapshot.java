package dev.csl.runner.sandbox;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.base.RunFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The git and csl metadata of a working directory, at any depth, taken before a child process
 * (approved command, Node script) runs: every {@code .git} and {@code .csl} (any letter case) and
 * every directory git would take for a repository ({@code HEAD} with {@code objects} and {@code
 * refs}, or with {@code commondir}). Under bubblewrap the existing ones are bound read-only ({@link
 * #readOnly()}); no mount can keep a new one from being made, so {@link #removePlanted} walks the
 * tree again after the child, removes through the guard every such entry that was not there before,
 * and fails the step. The same check runs whatever layer (or none) the child ran under.
 *
 * <p>Cost: one walk through the guard before and one after (names only: the shape of a directory is
 * read from the names the walk lists), not entering {@code .git} and {@code .csl}; about 10,000
 * entries cost tens of milliseconds (docs/external.md).
 */
public final class MetadataSnapshot {
    /**
     * The names that make a directory repository-shaped ({@link GuardedFiles#repositoryShaped}).
     */
    private static final Set<String> SHAPE = Set.of("head", "objects", "refs", "commondir");

    private final Path root;
    private final Set<String> metadata;
    private final Map<String, Set<String>> shapedParts;
    private final Set<String> walked;
    private final ProgramSettings settings;
    private final String failure;
    private final OwnSnapshot own;

    private MetadataSnapshot(Path root, Walk walk, ProgramSettings settings, String failure) {
        this.own = OwnSnapshot.take(root);
        this.root = root;
        this.metadata = walk.metadata;
        this.shapedParts = walk.shapedParts;
        this.walked = walk.all;
        this.settings = settings;
        this.failure = failure;
    }

    /** Walks {@code workingDir} through the guard; never throws (a failed walk is remembered). */
    public static MetadataSnapshot take(Path workingDir) {
        Path root = workingDir.toAbsolutePath().normalize();
        try {
            GuardedFiles guard = GuardedFiles.open(workingDir);
            root = guard.root();
            Walk walk = Walk.of(guard);
            return new MetadataSnapshot(
                    root, walk, ProgramSettings.read(guard, walk.metadata), null);
        } catch (IOException | RuntimeException e) {
            return new MetadataSnapshot(root, new Walk(), null, String.valueOf(e.getMessage()));
        }
    }

    /**
     * Why the child may not run, or {@code null}: a walk that failed (an unreadable directory, a
     * tree deeper than the guard walks) found no nested metadata to keep read-only, nor could the
     * walk after the child tell what it planted.
     */
    public RunFailure refusal(String what) {
        return failure == null ? null : unchecked(what, failure);
    }

    /**
     * The existing metadata as absolute paths, for read-only binds: every {@code .git} and {@code
     * .csl} (directories and files; never a symlink, which a bind would follow) and every
     * repository-shaped directory below the working directory.
     */
    public List<Path> readOnly() {
        List<Path> paths = new ArrayList<>();
        for (String rel : metadata) {
            Path p = root.resolve(rel);
            if (!Files.isSymbolicLink(p)) {
                paths.add(p);
            }
        }
        for (String rel : shapedParts.keySet()) {
            if (!rel.isEmpty() && !Files.isSymbolicLink(root.resolve(rel))) {
                paths.add(root.resolve(rel));
            }
        }
        return paths;
    }

    /**
     * Walks the working directory again and removes, through the guard, every {@code .git} or
     * {@code .csl} and every repository shape that was not there before ({@code what} made it).
     * Returns {@code null} when nothing was planted, otherwise the step's {@code protected_path}
     * failure naming what was removed and why.
     */
    public RunFailure removePlanted(String what) {
        if (failure != null) {
            return unchecked(what, failure);
        }
        GuardedFiles guard;
        Walk after;
        try {
            guard = GuardedFiles.open(root);
            after = Walk.of(guard);
        } catch (IOException | RuntimeException e) {
            return unchecked(what, String.valueOf(e.getMessage()));
        }
        Set<String> planted = new TreeSet<>();
        for (String rel : after.metadata) {
            if (!metadata.contains(rel)) {
                planted.add(rel);
            }
        }
        for (Map.Entry<String, Set<String>> shaped : after.shapedParts.entrySet()) {
            String dir = shaped.getKey();
            if (!dir.isEmpty() && !walked.contains(dir)) {
                planted.add(dir); // a directory made whole by the command
                continue;
            }
            for (String part : shaped.getValue()) {
                String rel = dir.isEmpty() ? part : dir + "/" + part;
                if (!walked.contains(rel)) {
                    planted.add(rel);
                }
            }
        }
        // Where no layer kept them read-only, a child could change a hook, a config or the
        // approvals: each such file is put back as it was.
        List<String> putBack = settings.restore(guard);
        List<String> ownChanged = own.restore();
        if (planted.isEmpty() && putBack.isEmpty() && !ownChanged.isEmpty()) {
            return new RunFailure(
                    ErrorCode.PROTECTED_PATH,
                    what
                            + " changed csl's own installation, which runs outside the sandbox at"
                            + " csl's next start: csl put back or removed "
                            + String.join(", ", ownChanged),
                    "a command may not change csl's launcher, jar or caches; the OS sandbox keeps"
                            + " them read-only where it works ('csl doctor')",
                    Map.of("restored", List.copyOf(ownChanged)));
        }
        if (planted.isEmpty() && putBack.isEmpty()) {
            return null;
        }
        if (planted.isEmpty()) {
            return new RunFailure(
                    ErrorCode.PROTECTED_PATH,
                    what
                            + " changed git or csl settings, which no command may change (git runs"
                            + " hooks and programs named in its config, csl runs what"
                            + " .csl/commands.json approves): csl put back "
                            + String.join(", ", putBack),
                    "a command may not write inside .git or .csl; the OS sandbox keeps them"
                            + " read-only where it works ('csl doctor')",
                    Map.of("restored", List.copyOf(putBack)));
        }
        List<String> removed = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (String rel : outermost(planted)) {
            try {
                guard.deletePlanted(rel);
                removed.add(rel);
            } catch (IOException e) {
                left.add(rel + " (" + e.getMessage() + ")");
            }
        }
        return new RunFailure(
                ErrorCode.PROTECTED_PATH,
                what
                        + " created git metadata, which no command may create (git reads its config"
                        + " and hooks, and may run a program, when the user runs git there): "
                        + (removed.isEmpty() ? "" : "csl removed " + String.join(", ", removed))
                        + (left.isEmpty()
                                ? ""
                                : (removed.isEmpty() ? "" : "; ")
                                        + "could not remove "
                                        + String.join(", ", left))
                        + (putBack.isEmpty() ? "" : "; put back " + String.join(", ", putBack)),
                "a command may not make a .git, a .csl or a directory shaped like a repository"
                        + " (HEAD with objects/ and refs/) in the working directory; tests that"
                        + " need a repository should make it under /tmp",
                Map.of("removed", List.copyOf(removed)));
    }

    private static RunFailure unchecked(String what, String why) {
        return new RunFailure(
                ErrorCode.PROTECTED_PATH,
                "csl could not check whether "
                        + what
                        + " created git metadata in the working directory: "
                        + why,
                "make every directory in the working directory readable, then run it again",
                Map.of());
    }

    /** The paths of {@code planted} that are not inside another one of them. */
    private static List<String> outermost(Set<String> planted) {
        List<String> out = new ArrayList<>();
        for (String rel : planted) {
            if (out.stream().noneMatch(o -> rel.startsWith(o + "/"))) {
                out.add(rel);
            }
        }
        return out;
    }

    static boolean isMetadataName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.equals(".git") || lower.equals(".csl");
    }

    /** One walk: the metadata entries and each shaped directory with its shape entries. */
    private static final class Walk {
        final Set<String> metadata = new LinkedHashSet<>();
        final Map<String, Set<String>> shapedParts = new HashMap<>();
        final Set<String> all = new HashSet<>();

        static Walk of(GuardedFiles guard) throws IOException {
            Walk walk = new Walk();
            Map<String, Set<String>> parts = new HashMap<>();
            for (String rel : guard.walk(".", name -> !isMetadataName(name))) {
                walk.all.add(rel);
                int slash = rel.lastIndexOf('/');
                String parent = slash < 0 ? "" : rel.substring(0, slash);
                String name = rel.substring(slash + 1);
                if (isMetadataName(name)) {
                    walk.metadata.add(rel);
                } else if (SHAPE.contains(name.toLowerCase(Locale.ROOT))) {
                    parts.computeIfAbsent(parent, p -> new TreeSet<>()).add(name);
                }
            }
            for (Map.Entry<String, Set<String>> entry : parts.entrySet()) {
                if (GuardedFiles.repositoryShaped(entry.getValue())) {
                    walk.shapedParts.put(entry.getKey(), entry.getValue());
                }
            }
            return walk;
        }
    }
}
