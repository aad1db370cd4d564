package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A worker started from a thin jar must be shown the classes its manifest names. */
class ClassPathEntriesTest {
    @TempDir Path tmp;

    private Path thinJar(String classPath) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        Path jar = Files.createDirectories(tmp.resolve("lib")).resolve("thin.jar");
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            // the manifest is the whole jar
        }
        return jar;
    }

    @Test
    void read_thinJar_listsItselfAndWhatItsManifestNames() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("elsewhere/classes"));
        Path jar = thinJar(classes.toUri() + " ../deps/a.jar");

        assertThat(ClassPathEntries.read(jar.toString()))
                .containsExactly(jar, classes, tmp.resolve("deps/a.jar"));
    }

    @Test
    void read_directoryAndJarWithoutClassPath_listedAsTheyAre() throws IOException {
        Path jar = thinJar(null);
        Path dir = Files.createDirectories(tmp.resolve("classes"));

        assertThat(ClassPathEntries.read(dir + java.io.File.pathSeparator + jar))
                .containsExactly(dir, jar);
    }

    @Test
    void read_jarThatIsNoJar_listedAlone() throws IOException {
        Path notAJar = Files.writeString(tmp.resolve("broken.jar"), "not a zip");

        assertThat(ClassPathEntries.read(notAJar.toString())).containsExactly(notAJar);
    }
}
