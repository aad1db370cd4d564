package dev.csl.fsguard;

import java.nio.file.Path;

/**
 * Runs inside a user and mount namespace in which {@code proj/tree/mnt} is a bind mount of a
 * directory outside ({@link MountTest}); prints one line per operation: its name and the guard's
 * code, or {@code ok} and what it returned.
 */
public final class MountChild {
    private MountChild() {}

    public static void main(String[] args) throws Exception {
        GuardedFiles guard = GuardedFiles.open(Path.of(args[0]));
        System.out.println("mounts " + guard.mountPoints().size());
        run("walk", () -> String.join(",", guard.walk(".")));
        run(
                "copy",
                () -> {
                    guard.copy("tree", "copy", true);
                    return "";
                });
        run(
                "move",
                () -> {
                    guard.move("tree", "moved");
                    return "";
                });
        run(
                "delete",
                () -> {
                    guard.deleteRecursive("tree");
                    return "";
                });
        run("list", () -> String.join(",", guard.list("tree/mnt")));
    }

    private interface Op {
        String call() throws Exception;
    }

    private static void run(String name, Op op) {
        try {
            System.out.println(name + " ok " + op.call());
        } catch (GuardException e) {
            System.out.println(name + " " + e.code().wireName());
        } catch (Exception e) {
            System.out.println(name + " failed " + e);
        }
    }
}
