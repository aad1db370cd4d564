package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * csl-client's check that the jar is up to date (the launcher's warm path skips its own {@code
 * find} when the client made it): the launcher's rule, answer for answer, on a scratch checkout
 * whose times are set, not waited for.
 */
class ClientStaleTest {
    private static final Instant JAR_TIME = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir Path checkout;
    private Path client;
    private Path jar;

    @BeforeEach
    void checkout() throws IOException {
        client = Path.of("target", "csl-client").toAbsolutePath();
        Assumptions.assumeTrue(
                Files.isExecutable(client),
                "no csl-client: it is built only where /usr/bin/cc exists (cli/pom.xml)");
        for (String file :
                List.of(
                        "pom.xml",
                        "cli/pom.xml",
                        "cli/src/main/java/dev/A.java",
                        "cli/src/main/resources/dev/table.json",
                        "grammar/src/main/antlr4/Csl.g4",
                        "cli/src/test/java/dev/ATest.java",
                        "cli/src/main/c/csl-client.c",
                        "bench/run.sh",
                        ".hidden/src/main/java/H.java")) {
            at(file, JAR_TIME.minusSeconds(60));
        }
        // the directories too: one under src/main/resources counts as its files do
        try (Stream<Path> all = Files.walk(checkout)) {
            for (Path dir : all.filter(Files::isDirectory).toList()) {
                Files.setLastModifiedTime(dir, FileTime.from(JAR_TIME.minusSeconds(60)));
            }
        }
        jar = at("cli/target/csl.jar", JAR_TIME);
    }

    @Test
    void jarNewerThanEverySource_fresh_asTheLaunchersFindSays() throws Exception {
        assertThat(stale()).isFalse();
        assertThat(launcherRule()).isFalse();
    }

    @Test
    void aMainSourceResourceGrammarOrPomNewer_stale() throws Exception {
        for (String file :
                List.of(
                        "cli/src/main/java/dev/A.java",
                        "cli/src/main/resources/dev/table.json",
                        "cli/src/main/resources/dev",
                        "grammar/src/main/antlr4/Csl.g4",
                        "pom.xml",
                        "cli/pom.xml",
                        "cli/src/main/java/dev/New.java")) {
            at(file, JAR_TIME.plusSeconds(1));
            assertThat(stale()).as(file).isTrue();
            assertThat(launcherRule()).as(file).isTrue();
            at(file, JAR_TIME.minusSeconds(1));
            assertThat(stale()).as(file + " older again").isFalse();
        }
    }

    @Test
    void testsOtherFilesHiddenModules_orTheSameSecond_notStale() throws Exception {
        for (String file :
                List.of(
                        "cli/src/test/java/dev/ATest.java",
                        "cli/src/main/c/csl-client.c",
                        "cli/src/main/java/dev/notes.txt",
                        "bench/run.sh",
                        ".hidden/src/main/java/H.java",
                        "cli/src/main/java/dev/A.java")) {
            at(file, file.endsWith("A.java") ? JAR_TIME : JAR_TIME.plusSeconds(1));
            assertThat(stale()).as(file).isFalse();
            assertThat(launcherRule()).as(file).isFalse();
        }
    }

    @Test
    void noJar_stale() throws Exception {
        Files.delete(jar);
        assertThat(stale()).isTrue();
    }

    @Test
    void aSymbolicLinkIsLookedAtNotFollowed() throws Exception {
        Path outside = at("elsewhere/B.java", JAR_TIME.plusSeconds(5));
        Path link = checkout.resolve("cli/src/main/java/dev/B.java");
        Files.createSymbolicLink(link, outside);
        // the link's own time is when it was made: the jar newer than it, its target newer still
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        Files.setLastModifiedTime(outside, FileTime.from(Instant.now().plusSeconds(120)));
        assertThat(stale()).isFalse();
        assertThat(launcherRule()).isFalse();
    }

    private Path at(String file, Instant time) throws IOException {
        Path path = checkout.resolve(file);
        if (!Files.exists(path)) {
            Files.createDirectories(path.getParent());
            Files.writeString(path, "x\n");
        }
        Files.setLastModifiedTime(path, FileTime.from(time));
        return path;
    }

    private boolean stale() throws Exception {
        Process p =
                new ProcessBuilder(
                                client.toString(), "--stale", checkout.toString(), jar.toString())
                        .redirectErrorStream(true)
                        .start();
        p.getInputStream().readAllBytes();
        int exit = p.waitFor();
        assertThat(exit).as("123 stale, 0 fresh").isIn(0, 123);
        return exit == 123;
    }

    /** The launcher's own rule (its {@code stale} function), run by bash and find. */
    private boolean launcherRule() throws Exception {
        String script =
                "here=\"$1\"; jar=\"$2\"; [ -n \"$(find \"$here\"/*/src/main \"$here\"/pom.xml"
                        + " \"$here\"/*/pom.xml -newer \"$jar\" \\( -name '*.java' -o -name '*.g4'"
                        + " -o -name 'pom.xml' -o -path '*/src/main/resources/*' \\) -print -quit"
                        + " 2>/dev/null)\" ]";
        Process p =
                new ProcessBuilder(
                                "bash", "-c", script, "rule", checkout.toString(), jar.toString())
                        .redirectErrorStream(true)
                        .start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }
}
