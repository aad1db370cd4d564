package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Undo, rollback, the journal and history change the disk only through fs-guard (issue 11): a raw
 * {@code java.nio.file.Files} delete, move, copy or write in the interpreter's own code is a second
 * way to the disk that follows links and crosses mounts, as the removed {@code
 * Snapshot.deleteOwnTree} did.
 */
class OneWayToTheDiskTest {
    private static final Path SOURCES = Path.of("src", "main", "java");

    /** java.nio calls that change the disk; creating the working directory itself is allowed. */
    private static final Pattern RAW_CHANGE =
            Pattern.compile(
                    "\\bFiles\\.(delete|deleteIfExists|move|copy|write|writeString|newOutputStream"
                            + "|newBufferedWriter|createFile|createLink|createSymbolicLink"
                            + "|createTempFile|createTempDirectory|setLastModifiedTime"
                            + "|setPosixFilePermissions|setAttribute)\\(");

    @Test
    void interpreterSources_changeTheDiskOnlyThroughTheGuard() throws IOException {
        List<String> raw = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (RAW_CHANGE.matcher(lines.get(i)).find()) {
                        raw.add(SOURCES.relativize(file) + ":" + (i + 1) + ": " + lines.get(i));
                    }
                }
            }
        }
        assertThat(raw).isEmpty();
    }
}
