package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code ./csl} launcher script, installed the way users put it on their PATH: a copy in a
 * scratch checkout whose {@code cli/target/csl.jar} is a probe, reached through symlinks.
 */
class LauncherTest {
    @TempDir Path tmp;
    private Path checkout;

    @BeforeEach
    void scratchCheckout() throws IOException {
        checkout = Files.createDirectories(tmp.resolve("checkout"));
        Path script = checkout.resolve("csl");
        Files.copy(Path.of("..", "csl"), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jar = Files.createDirectories(checkout.resolve("cli/target")).resolve("csl.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
        String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest);
                InputStream probe = LauncherProbe.class.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            probe.transferTo(out);
        }
    }

    private String run(Path launcher) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "apply", "x.md");
        pb.environment().put("CSL_CDS", "0");
        pb.directory(tmp.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void launcher_throughAnAbsoluteSymlink_findsItsCheckout() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path link = Files.createSymbolicLink(bin.resolve("csl"), checkout.resolve("csl"));

        assertThat(run(link)).contains("probe ran: apply x.md").doesNotContain("no POM");
    }

    @Test
    void launcher_throughAChainOfRelativeSymlinks_findsItsCheckout() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("home/.local/bin"));
        Files.createSymbolicLink(tmp.resolve("home/csl-current"), Path.of("../checkout/csl"));
        Path link = Files.createSymbolicLink(bin.resolve("csl"), Path.of("../../csl-current"));

        assertThat(run(link)).contains("probe ran: apply x.md").doesNotContain("no POM");
    }

    @Test
    void launcher_throughASymlink_namesItselfTheLinkAndItsBuild() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path link = Files.createSymbolicLink(bin.resolve("csl"), checkout.resolve("csl"));

        String out = run(link);
        Path real = checkout.toRealPath();
        assertThat(out)
                .contains("csl.launcher=" + real.resolve("csl"))
                .contains("csl.launcher.invoked=" + link)
                .contains("csl.launcher.build=" + real.resolve("cli/target"));
    }
}
