package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * Real code never reads as an elision: no line of {@code testdata/elisions/real-code} (files of
 * CPython, the JDK, npm, glibc, Emacs, Perl and CMake, picked for holding the most comments with
 * the words elisions use; see its README) nor of the running JDK's own {@code lib/src.zip}
 * (thousands of files, scanned when the JDK ships it). {@code -Dcsl.elisions.corpus=DIR} scans a
 * directory too.
 */
class ElisionCorpusTest {
    static final Path SAMPLE = Path.of("..", "testdata", "elisions", "real-code");
    private static final Set<String> SOURCE_EXTENSIONS =
            Set.of(
                    "java", "py", "js", "mjs", "cjs", "ts", "c", "h", "el", "pl", "pm", "cmake",
                    "sh", "md", "txt", "rst", "sql", "lua", "rb", "go", "rs", "css", "html", "xml",
                    "tex", "m4", "am", "in", "json", "yaml", "yml", "toml");

    /** What a scan found: files and lines read, and every elision line. */
    private static final class Scan {
        int files;
        long lines;
        final List<String> elisions = new ArrayList<>();

        void add(String name, String text) {
            files++;
            lines += LikelyMistakes.lines(text);
            for (ElisionLines.Hit hit : ElisionLines.find(text, FencedContent.isText(name))) {
                if (hit.kind() == ElisionPhrases.Kind.ELISION) {
                    elisions.add(name + ":" + hit.line() + ": " + hit.text());
                }
            }
        }
    }

    @Test
    void find_committedSampleOfRealCode_noElision() throws IOException {
        Scan scan = new Scan();
        scanTree(SAMPLE, scan);

        assertThat(scan.files).isGreaterThan(300);
        assertThat(scan.elisions).isEmpty();
    }

    @Test
    void find_jdkSources_noElision() throws IOException {
        Path srcZip = Path.of(System.getProperty("java.home"), "lib", "src.zip");
        assumeTrue(Files.isRegularFile(srcZip), "this JDK ships no lib/src.zip");
        Scan scan = new Scan();
        try (ZipFile zip = new ZipFile(srcZip.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (e.getName().endsWith(".java")) {
                    try (InputStream in = zip.getInputStream(e)) {
                        String text = decode(in.readAllBytes());
                        if (text != null) {
                            scan.add(e.getName(), text);
                        }
                    }
                }
            }
        }

        assertThat(scan.files).isGreaterThan(1000);
        assertThat(scan.elisions).isEmpty();
    }

    @Test
    void find_directoryNamedByProperty_noElision() throws IOException {
        String dir = System.getProperty("csl.elisions.corpus");
        assumeTrue(dir != null, "set -Dcsl.elisions.corpus=DIR to scan a directory");
        Scan scan = new Scan();
        scanTree(Path.of(dir), scan);

        assertThat(scan.elisions).as("%d files, %d lines", scan.files, scan.lines).isEmpty();
    }

    private static void scanTree(Path root, Scan scan) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                String name = p.getFileName().toString();
                int dot = name.lastIndexOf('.');
                if (Files.isRegularFile(p)
                        && dot > 0
                        && SOURCE_EXTENSIONS.contains(name.substring(dot + 1))) {
                    String text = decode(Files.readAllBytes(p));
                    if (text != null) {
                        scan.add(root.relativize(p).toString().replace('\\', '/'), text);
                    }
                }
            }
        }
    }

    /** The file as UTF-8 text with LF line ends, or null for a file that is not UTF-8. */
    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString()
                    .replace("\r\n", "\n")
                    .replace('\r', '\n');
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
