package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkerArchiveTest {
    @TempDir Path dir;

    @Test
    void forClassPath_severalEntries_noArchive() {
        assertThat(WorkerArchive.forClassPath("a.jar" + File.pathSeparator + "b.jar")).isNull();
        assertThat(WorkerArchive.forClassPath("target/classes")).isNull();
    }

    @Test
    void forClassPath_oneJar_archiveNextToItNotReadyUntilRecorded() throws IOException {
        Path jar = Files.writeString(dir.resolve("csl.jar"), "not really a jar");
        WorkerArchive archive = WorkerArchive.forClassPath(jar.toString());
        assertThat(archive).isNotNull();
        assertThat(archive.ready()).isFalse();
        assertThat(archive.jvmArgs())
                .contains(
                        WorkerArchive.AOT
                                ? "-XX:AOTCache=" + dir.resolve("csl-worker.aot")
                                : "-XX:SharedArchiveFile=" + dir.resolve("csl-worker.jsa"));
    }

    @Test
    void forClassPath_archiveOlderThanTheJar_notReady() throws IOException {
        Path archive =
                Files.writeString(
                        dir.resolve(WorkerArchive.AOT ? "csl-worker.aot" : "csl-worker.jsa"),
                        "old");
        Path jar = Files.writeString(dir.resolve("csl.jar"), "rebuilt");
        Files.setLastModifiedTime(
                archive,
                java.nio.file.attribute.FileTime.fromMillis(
                        Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertThat(WorkerArchive.forClassPath(jar.toString()).ready()).isFalse();
    }

    @Test
    void trainingInvocations_areValidCommandLinesOfTheTable() {
        assertThat(WorkerArchive.trainingInvocations()).hasSizeGreaterThan(15);
    }
}
