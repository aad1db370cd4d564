package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs stand alone: a newcomer with only this repository can follow every pointer, so none
 * names a directory outside it (../shared/), a section of a contract they do not have ("SPEC §"),
 * or a scratch path of one machine.
 */
class DocsStandAloneTest {
    private static final Pattern OUTSIDE =
            Pattern.compile("\\.\\./shared|SPEC §|/work/|/root/|notes/diffcheck");

    @Test
    void docs_everyPointer_staysInsideTheRepository() throws IOException {
        Path top = Path.of("..");
        List<Path> docs = new ArrayList<>();
        docs.add(top.resolve("README.md"));
        docs.add(top.resolve("CONTRIBUTING.md"));
        try (Stream<Path> files = Files.walk(top.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).forEach(docs::add);
        }
        try (Stream<Path> files = Files.walk(top.resolve("bench"))) {
            files.filter(f -> f.toString().endsWith(".md")).forEach(docs::add);
        }
        List<String> found = new ArrayList<>();
        for (Path doc : docs) {
            List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (OUTSIDE.matcher(lines.get(i)).find()) {
                    found.add(doc + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(found).isEmpty();
    }
}
