package dev.csl.fsguard;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * csl's own files: what runs outside every sandbox when the user next starts csl. Where they lie
 * inside a working directory (a user applying an answer to a csl checkout, a project that vendors
 * csl) the guard protects them like {@code .git} and {@code .csl}, and the sandbox layers bind them
 * read-only: an answer that replaced the launcher or the jar would run unconfined at the next
 * {@code csl} in any project.
 *
 * <ul>
 *   <li>the launcher script, as the launcher itself says ({@value #LAUNCHER}) and as it was invoked
 *       ({@value #INVOKED}, a symlink on PATH), and the directory where it keeps the jar and
 *       records its class caches ({@value #BUILD});
 *   <li>csl's class path: a single jar's whole directory (the jar, the launcher's AOT/CDS caches,
 *       the workers' archives and their locks sit beside it); each entry of a longer class path;
 *   <li>csl's cache directory ({@code $XDG_CACHE_HOME/csl} or {@code ~/.cache/csl}), where {@code
 *       csl-confine} is copied and run from.
 * </ul>
 *
 * <p>{@code sources} is the checkout the launcher builds from (the launcher's directory): a change
 * to what goes into the jar there is allowed, and the result says that the next start builds and
 * runs it. Paths are compared name by name in any letter case, as {@code .git} is.
 *
 * @param paths real paths, each protecting itself and everything below it
 * @param sources the checkout the launcher rebuilds the jar from, or {@code null}
 */
public record Installation(List<Path> paths, Path sources) {
    /** The system property naming the launcher script (set by the {@code csl} launcher). */
    public static final String LAUNCHER = "csl.launcher";

    /** The system property naming the launcher as it was invoked (a symlink, maybe). */
    public static final String INVOKED = "csl.launcher.invoked";

    /** The system property naming the directory of the launcher's jar and caches. */
    public static final String BUILD = "csl.launcher.build";

    /** The properties the launcher sets, which every JVM csl starts for itself is given too. */
    public static final List<String> PROPERTIES = List.of(LAUNCHER, INVOKED, BUILD);

    private static volatile Installation running;

    public Installation {
        paths = List.copyOf(paths);
    }

    /** No files of csl's own (a guard on Jimfs, a test). */
    public static Installation none() {
        return new Installation(List.of(), null);
    }

    /**
     * The installation of this csl, found once per process: the launcher's properties, the class
     * path and the cache directory.
     */
    public static Installation running() {
        Installation found = running;
        if (found == null) {
            found =
                    find(
                            System.getProperty(LAUNCHER),
                            System.getProperty(INVOKED),
                            System.getProperty(BUILD),
                            System.getProperty("java.class.path", ""),
                            cacheDirectory());
            running = found;
        }
        return found;
    }

    /**
     * {@code $XDG_CACHE_HOME/csl}, else {@code ~/.cache/csl}: where csl keeps the programs it runs
     * outside the sandbox ({@code csl-confine}).
     */
    public static Path cacheDirectory() {
        return cacheDirectory(System.getenv(), System.getProperty("user.home"));
    }

    /** {@link #cacheDirectory()} for the environment {@code env} and Java's {@code userHome}. */
    static Path cacheDirectory(Map<String, String> env, String userHome) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base =
                xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute()
                        ? Path.of(xdg)
                        : Path.of(HomeDirectory.of(env, userHome), ".cache");
        return base.resolve("csl");
    }

    static Installation find(
            String launcher, String invoked, String build, String classPath, Path cache) {
        Set<Path> paths = new LinkedHashSet<>();
        Path sources = null;
        if (launcher != null && !launcher.isEmpty()) {
            Path real = real(Path.of(launcher));
            paths.add(real);
            sources = real.getParent();
        }
        if (invoked != null && !invoked.isEmpty()) {
            paths.add(placed(Path.of(invoked)));
        }
        if (build != null && !build.isEmpty()) {
            paths.add(real(Path.of(build)));
        }
        String[] entries =
                classPath.isEmpty() ? new String[0] : classPath.split(File.pathSeparator);
        for (String entry : entries) {
            if (entry.isEmpty()) {
                continue;
            }
            Path real = real(Path.of(entry));
            boolean singleJar = entries.length == 1 && Files.isRegularFile(real);
            paths.add(singleJar && real.getParent() != null ? real.getParent() : real);
        }
        paths.add(real(cache));
        return new Installation(new ArrayList<>(paths), sources);
    }

    /**
     * The own paths at or below {@code realRoot}, and {@code realRoot} itself when it lies inside
     * one: what a guard or a sandbox for that working directory protects.
     */
    public List<Path> inside(Path realRoot) {
        List<Path> out = new ArrayList<>();
        for (Path own : paths) {
            if (!sameFileSystem(own, realRoot)) {
                continue;
            }
            Path p = startsWith(realRoot, own) ? realRoot : own;
            if (startsWith(p, realRoot) && !out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /** The own path {@code path} (absolute, real) lies at or under, if any. */
    public Optional<Path> covering(Path path) {
        for (Path own : paths) {
            if (sameFileSystem(own, path) && startsWith(path, own)) {
                return Optional.of(own);
            }
        }
        return Optional.empty();
    }

    /** The own paths that lie strictly below {@code dir} (absolute, real). */
    public List<Path> below(Path dir) {
        List<Path> out = new ArrayList<>();
        for (Path own : paths) {
            if (sameFileSystem(own, dir) && startsWith(own, dir) && !sameNames(own, dir)) {
                out.add(own);
            }
        }
        return out;
    }

    /**
     * True when {@code path} (absolute, real) is a source of the running csl: what the launcher
     * builds the jar from (a {@code pom.xml} at the top or one level down, anything under a
     * module's {@code src/main}, Maven's own settings in {@code .mvn}).
     */
    public boolean isSource(Path path) {
        if (sources == null || !sameFileSystem(sources, path) || !startsWith(path, sources)) {
            return false;
        }
        List<String> names = new ArrayList<>();
        for (Path n : sources.relativize(path)) {
            names.add(n.toString());
        }
        if (names.isEmpty()) {
            return false;
        }
        String last = names.get(names.size() - 1);
        return (names.size() <= 2 && last.equals("pom.xml"))
                || names.get(0).equals(".mvn")
                || (names.size() > 3 && names.get(1).equals("src") && names.get(2).equals("main"));
    }

    private static boolean sameFileSystem(Path a, Path b) {
        return a.getFileSystem().equals(b.getFileSystem());
    }

    /** {@code path} starts with {@code prefix}, name by name, in any letter case. */
    static boolean startsWith(Path path, Path prefix) {
        if (!path.isAbsolute() || !prefix.isAbsolute()) {
            return false;
        }
        if (!String.valueOf(path.getRoot()).equalsIgnoreCase(String.valueOf(prefix.getRoot()))
                || path.getNameCount() < prefix.getNameCount()) {
            return false;
        }
        for (int i = 0; i < prefix.getNameCount(); i++) {
            String a = path.getName(i).toString().toLowerCase(Locale.ROOT);
            if (!a.equals(prefix.getName(i).toString().toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameNames(Path a, Path b) {
        return a.getNameCount() == b.getNameCount() && startsWith(a, b);
    }

    /** The real path, or the absolute normalized one where it does not exist (yet). */
    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /** A link as placed: its directory's real path and its own name (the link is not followed). */
    private static Path placed(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        if (parent == null || abs.getFileName() == null) {
            return abs;
        }
        if (!Files.isSymbolicLink(abs) && Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
            return real(abs);
        }
        return real(parent).resolve(abs.getFileName().toString());
    }
}
