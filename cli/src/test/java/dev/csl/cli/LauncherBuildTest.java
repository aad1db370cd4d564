package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's build on first run: what the person waiting sees, and where Maven looks. */
class LauncherBuildTest {
    @TempDir Path tmp;

    private record Run(int exit, String stderr) {}

    /** Runs a copy of the launcher in a checkout without a jar, with {@code mvn} as given. */
    private Run launch(String fakeMaven, Map<String, String> env)
            throws IOException, InterruptedException {
        Path checkout = Files.createDirectories(tmp.resolve("checkout"));
        Files.copy(Path.of("..", "csl"), checkout.resolve("csl"));
        Files.writeString(checkout.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), "#!/bin/sh\n" + fakeMaven);
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder("bash", checkout.resolve("csl").toString(), "-V");
        pb.environment().remove("XDG_CACHE_HOME");
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("CSL_CDS", "0");
        pb.environment().putAll(env);
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), err);
    }

    @Test
    void firstBuild_failing_namesTheLogFirstAndShowsItsErrors() throws Exception {
        Path home = tmp.resolve("home");
        Run run =
                launch(
                        "echo \"$@\" > \"$HOME/mvn-args\"\necho '[INFO] Building x'\n"
                                + "echo '[ERROR] boom'\nexit 1\n",
                        Map.of("HOME", home.toString()));

        Path log = home.resolve(".cache/csl/build.log");
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr().lines().findFirst().orElse(""))
                .startsWith("csl: building with Maven")
                .endsWith("; log: " + log);
        assertThat(run.stderr())
                .contains("[ERROR] boom")
                .contains("csl: the build failed after ")
                .contains("the whole log is " + log);
        assertThat(log).content().contains("[INFO] Building x");
        assertThat(home.resolve("mvn-args")).content().contains("-Duser.home=" + home);
    }

    @Test
    void aClientOlderThanItsFreshnessCheck_answeringAbsent_doesNotSkipTheBuild() throws Exception {
        // a checkout built before a pull: its jar older than the sources, its csl-client one that
        // says "no resident process" (125) to any call, --checkout included
        Path target = Files.createDirectories(tmp.resolve("checkout/cli/target"));
        Path jar = Files.writeString(target.resolve("csl.jar"), "");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        Path client = Files.writeString(target.resolve("csl-client"), "#!/bin/sh\nexit 125\n");
        Files.setPosixFilePermissions(client, PosixFilePermissions.fromString("rwxr-xr-x"));

        Run run =
                launch(
                        "echo '[ERROR] built'\nexit 1\n",
                        Map.of("HOME", tmp.resolve("home").toString(), "CSL_DAEMON", "1"));

        assertThat(run.stderr()).contains("csl: building with Maven").contains("[ERROR] built");
        assertThat(run.exit()).isEqualTo(1);
    }

    @Test
    void firstBuild_logFollowsXdgCacheHome() throws Exception {
        Path cache = tmp.resolve("xdg");
        Run run =
                launch(
                        "exit 1\n",
                        Map.of(
                                "HOME",
                                tmp.resolve("home").toString(),
                                "XDG_CACHE_HOME",
                                cache.toString()));

        assertThat(run.stderr()).contains("log: " + cache.resolve("csl/build.log"));
    }
}
