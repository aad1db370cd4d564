package dev.csl.runner;

import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.Invocation;
import dev.csl.runner.worker.OperandKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The absolute paths a mutating built-in is about to change, computed in csl from the command
 * table's path operands just before it runs, so that the recorder can snapshot them (TASKS
 * rollback, {@code csl undo}). For a recursive change it names the top of the tree.
 */
final class ChangeTargets {
    private ChangeTargets() {}

    static List<Path> of(CommandSpec spec, Invocation inv, GuardedFiles files) {
        if (!spec.mutates()) {
            return List.of();
        }
        List<String> ops = inv.operands();
        Set<Path> targets = new LinkedHashSet<>();
        switch (spec.name()) {
            case "mkdir" -> {
                for (String dir : ops) {
                    add(targets, topMissing(files, dir));
                }
            }
            case "cp", "mv" -> {
                String dest = ops.get(ops.size() - 1);
                boolean destIsDir = isDir(files, dest);
                for (String src : ops.subList(0, ops.size() - 1)) {
                    if (spec.name().equals("mv")) {
                        add(targets, resolve(files, src, OperandKind.DELETE));
                    }
                    String target = destIsDir ? join(dest, baseName(src)) : dest;
                    add(targets, resolve(files, target, OperandKind.WRITE));
                }
            }
            case "rm" -> {
                for (String path : ops) {
                    add(targets, resolve(files, path, OperandKind.DELETE));
                }
            }
            default -> {
                for (String path : ops) {
                    add(targets, resolve(files, path, OperandKind.WRITE));
                }
            }
        }
        return new ArrayList<>(targets);
    }

    private static void add(Set<Path> targets, Path p) {
        if (p != null) {
            targets.add(p);
        }
    }

    /** The outermost directory {@code mkdir -p dir} would create (or dir itself). */
    private static Path topMissing(GuardedFiles files, String dir) {
        Path p = resolve(files, dir, OperandKind.WRITE);
        if (p == null) {
            return null;
        }
        Path root = files.root();
        try {
            while (p.getParent() != null
                    && p.getParent().startsWith(root)
                    && !p.getParent().equals(root)
                    && files.stat(p.getParent().toString()).type() == FileInfo.Type.MISSING) {
                p = p.getParent();
            }
        } catch (GuardException e) {
            // keep the deepest known path
        }
        return p;
    }

    private static Path resolve(GuardedFiles files, String path, OperandKind kind) {
        try {
            return kind == OperandKind.DELETE
                    ? files.resolveForDelete(path)
                    : files.resolveForWrite(path);
        } catch (GuardException e) {
            return null; // refused or unresolvable: the command fails without changing it
        }
    }

    private static boolean isDir(GuardedFiles files, String path) {
        try {
            return files.stat(path, true).type() == FileInfo.Type.DIRECTORY;
        } catch (GuardException e) {
            return false;
        }
    }

    private static String join(String dir, String name) {
        return dir.endsWith("/") ? dir + name : dir + "/" + name;
    }

    private static String baseName(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.substring(p.lastIndexOf('/') + 1);
    }
}
