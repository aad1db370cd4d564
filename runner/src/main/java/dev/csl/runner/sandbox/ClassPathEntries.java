package dev.csl.runner.sandbox;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Where this JVM's classes come from, as a worker JVM started with the same class path will look
 * for them: each entry of {@code java.class.path}, and the entries a jar's manifest adds to it (a
 * thin jar naming its libraries, as the launcher tests' checkouts use). The sandbox shows all of
 * them to the worker: one hidden entry (a checkout in the home directory) and the worker cannot
 * load its own classes. Read once per process: the class path does not change while csl runs.
 */
final class ClassPathEntries {
    private static List<Path> entries;

    private ClassPathEntries() {}

    static synchronized List<Path> all() {
        if (entries == null) {
            entries = List.copyOf(read(System.getProperty("java.class.path", "")));
        }
        return entries;
    }

    static List<Path> read(String classPath) {
        List<Path> all = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p = Path.of(entry).toAbsolutePath();
            all.add(p);
            if (entry.endsWith(".jar")) {
                all.addAll(manifestEntries(p));
            }
        }
        return all;
    }

    /** The manifest's {@code Class-Path}: URLs relative to the jar; none when it has none. */
    private static List<Path> manifestEntries(Path jar) {
        List<Path> added = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String listed =
                    manifest == null
                            ? null
                            : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (listed == null) {
                return added;
            }
            URI base = jar.toUri();
            for (String url : listed.trim().split("\\s+")) {
                try {
                    URI resolved = base.resolve(url);
                    if ("file".equals(resolved.getScheme())) {
                        added.add(Path.of(resolved));
                    }
                } catch (IllegalArgumentException notAPath) {
                    // an entry the JVM could not load from either
                }
            }
        } catch (IOException | SecurityException unreadable) {
            // not a jar the JVM reads a class path from
        }
        return added;
    }
}
