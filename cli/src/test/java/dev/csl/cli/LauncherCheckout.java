package dev.csl.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * The real {@code ./csl} launcher in a scratch checkout whose {@code cli/target/csl.jar} runs the
 * classes under test (a manifest-only jar naming the test class path), so that a client starts csl
 * as real hosts do: the launcher, then the JVM it starts.
 */
public final class LauncherCheckout {
    private LauncherCheckout() {}

    /** The launcher script of a checkout made in {@code dir}. */
    public static Path create(Path dir) throws IOException {
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        Path script = checkout.resolve("csl");
        Files.copy(Path.of("..", "csl").toAbsolutePath(), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path target = Files.createDirectories(checkout.resolve("cli/target"));
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> entries = new ArrayList<>();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry).toAbsolutePath();
            String uri = path.toUri().toString();
            entries.add(Files.isDirectory(path) && !uri.endsWith("/") ? uri + "/" : uri);
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", entries));
        try (OutputStream file = Files.newOutputStream(target.resolve("csl.jar"));
                JarOutputStream out = new JarOutputStream(file, manifest)) {
            // the manifest is the whole jar
        }
        return script;
    }
}
