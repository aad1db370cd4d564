package dev.csl.runner.sandbox;

import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.SettingsFingerprint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * All that shaped a warm container, so that a {@link ContainerPool} lends it only to an apply that
 * would have started the same one: the project's real path; whether it has the network; its whole
 * start ({@code run}, the name left out: the runtime and its client's options, the image, the
 * ceilings and ulimits, the uid mapping, the mounts with every {@code .git}/{@code .csl} read-only
 * over the project, so a repository made since changes it); which directories those mounts hold
 * ({@code mounted}: device and inode of the project and of each read-only mount, since a mount
 * holds the directory it was made of: a project or {@code .git} removed and made again at the same
 * path would otherwise be the old one, deleted, in the container); the environment names its
 * commands get; and the project's settings as written and trusted ({@link SettingsFingerprint}), so
 * that a change of commands.json or of its trust retires the project's containers. The image's
 * resolved id is not part of it: asking the runtime costs as much as the reuse saves
 * (docs/external.md).
 */
record ContainerKey(
        Path root,
        boolean network,
        List<String> start,
        List<Object> mounted,
        List<String> names,
        Object settings) {
    /** What stands for the container's name in {@link #start}. */
    private static final String NAME = "csl-PID-N";

    ContainerKey {
        start = List.copyOf(start);
        mounted = List.copyOf(mounted);
        names = List.copyOf(names);
    }

    /**
     * The key of the warm container that {@code layer} starts for these arguments, its first
     * process {@code agent}.
     *
     * @throws IOException when a path cannot be mounted (as the start would)
     */
    static ContainerKey of(
            ContainerLayer layer,
            Path root,
            boolean network,
            List<Path> mounts,
            CommandLimits limits,
            List<String> environment,
            Path agent)
            throws IOException {
        List<String> start = new ArrayList<>(layer.runtime().client());
        start.addAll(
                ContainerArguments.warm(
                        layer.runtime(),
                        layer.image(),
                        NAME,
                        root,
                        network,
                        mounts,
                        limits,
                        agent,
                        true,
                        layer.agentIdle()));
        List<Object> mounted = new ArrayList<>(List.of(identity(root)));
        for (Path mount : mounts) {
            mounted.add(identity(mount));
        }
        return new ContainerKey(
                root,
                network,
                start,
                mounted,
                ContainerArguments.passedNames(environment),
                SettingsFingerprint.of(root));
    }

    /** The directory at {@code path} (device and inode), or "absent": it is not mounted then. */
    private static Object identity(Path path) {
        try {
            Object key =
                    Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                            .fileKey();
            return key == null ? path.toString() : key.toString();
        } catch (IOException e) {
            return "absent";
        }
    }

    /**
     * A container of the same project that no apply will ask for again: started under other
     * settings, or with the same network but another shape (other mounts: a repository appeared;
     * other ceilings). One with the other network setting is not: an apply may need both.
     */
    boolean supersedes(ContainerKey idle) {
        return root.equals(idle.root)
                && !equals(idle)
                && (network == idle.network || !Objects.equals(settings, idle.settings));
    }
}
