package dev.csl.runner.worker;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.GuardedFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * grep on files of many 96 KiB pieces: lines, numbers, context and binary files across piece
 * boundaries print what the real GNU grep prints (compared with it where it is installed), and a
 * file of any size is searched in a buffer that grows only with its longest line.
 */
class GrepStreamingTest {
    @TempDir Path dir;
    GuardedFiles files;

    @BeforeEach
    void setUp() throws IOException {
        files = GuardedFiles.open(dir);
        StringBuilder big = new StringBuilder();
        for (int i = 1; i <= 60_000; i++) {
            // lines of different lengths, so pieces end in the middle of lines
            big.append(i % 997 == 0 ? "the needle " + i : "hay " + "x".repeat(i % 23) + i);
            big.append('\n');
        }
        big.append("needle without newline");
        Files.writeString(dir.resolve("big.txt"), big, UTF_8);
        Files.createDirectories(dir.resolve("src/deep"));
        Files.writeString(dir.resolve("src/a.txt"), big.substring(0, 200_000), UTF_8);
        Files.writeString(dir.resolve("src/deep/b.txt"), "needle\nneedles\n", UTF_8);
    }

    record Result(int exit, String out, String err) {}

    private Result csl(String... words) throws IOException {
        List<Invocation.Option> options = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (w.equals("-A") || w.equals("-B") || w.equals("-m")) {
                options.add(new Invocation.Option(w, words[++i]));
            } else if (w.startsWith("-")) {
                options.add(new Invocation.Option(w, null));
            } else {
                operands.add(w);
            }
        }
        Output out = new Output(64 << 20);
        Output err = new Output(64 << 20);
        int exit =
                new GrepCommand()
                        .run(
                                new Invocation("grep", options, operands),
                                new Context("grep", files, out, err));
        return new Result(exit, out.text(), err.text());
    }

    private Result gnu(String... words) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("grep"));
        cmd.addAll(Arrays.asList(words));
        Process p;
        try {
            p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        } catch (IOException e) {
            assumeTrue(false, "GNU grep is not installed");
            throw e;
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out, err);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "-n needle big.txt",
                "-c needle big.txt",
                "-v -c needle big.txt",
                "-n -B 2 -A 1 needle big.txt",
                "-n -A 3 needle big.txt",
                "-o -n needle big.txt",
                "-w -n needle big.txt",
                "-x needle big.txt",
                "-n -m 3 needle big.txt",
                "-l needle big.txt src/a.txt",
                "-n e.dle big.txt",
                "-n -F needle big.txt src/a.txt"
            })
    void run_fileOfManyPieces_printsWhatGnuGrepPrints(String line) throws Exception {
        String[] words = line.split(" ");
        Result gnu = gnu(words);
        assertThat(csl(words)).isEqualTo(gnu);
    }

    @Test
    void run_recursive_sameLinesAsGnuGrepInSortedOrder() throws Exception {
        Result gnu = gnu("-rn", "needle", ".");
        Result csl = csl("-r", "-n", "needle", ".");
        assertThat(csl.exit()).isEqualTo(gnu.exit());
        assertThat(csl.out().lines().toList())
                .containsExactlyInAnyOrderElementsOf(gnu.out().lines().toList());
        assertThat(csl.out().lines().filter(l -> l.startsWith("./src/deep/b.txt")).toList())
                .containsExactly("./src/deep/b.txt:1:needle", "./src/deep/b.txt:2:needles");
    }

    @Test
    void run_manyFilesSearchedOnSeveralThreads_outputInWalkOrder() throws Exception {
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            String name = String.format("f%03d.txt", i);
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < 50 + 97 * (i % 13); k++) {
                text.append(k % 31 == i % 31 ? "needle " + i + "/" + k : "hay " + k).append('\n');
                if (k % 31 == i % 31) {
                    expected.append("many/").append(name).append(':').append(k + 1);
                    expected.append(":needle ").append(i).append('/').append(k).append('\n');
                }
            }
            Files.createDirectories(dir.resolve("many"));
            Files.writeString(dir.resolve("many").resolve(name), text, UTF_8);
        }
        Files.write(dir.resolve("many/zz.bin"), "needle\0\n".getBytes(UTF_8));
        Result csl = csl("-r", "-n", "needle", "many");
        assertThat(csl.out()).isEqualTo(expected.toString());
        assertThat(csl.err()).isEqualTo("grep: many/zz.bin: binary file matches\n");
        assertThat(csl("-r", "-c", "needle", "many").out().lines())
                .hasSize(301)
                .startsWith("many/f000.txt:2")
                .endsWith("many/zz.bin:1");
    }

    @Test
    void run_nulAfterTheFirstPiece_linesBeforeItPrintedThenBinaryMatch() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < 20_000; i++) {
            b.write("hello a\n".getBytes(UTF_8));
        }
        b.write(new byte[] {0, '\n'});
        b.write("a\n".repeat(10).getBytes(UTF_8));
        Files.write(dir.resolve("late.bin"), b.toByteArray());
        Result csl = csl("a", "late.bin");
        assertThat(csl.out().lines().count()).isEqualTo(12_288); // the first 96 KiB piece
        assertThat(csl.err()).isEqualTo("grep: late.bin: binary file matches\n");
        assertThat(csl).isEqualTo(gnu("a", "late.bin"));
        assertThat(csl("-c", "a", "late.bin")).isEqualTo(gnu("-c", "a", "late.bin"));
    }

    @Test
    void run_nulInAPieceWithoutMatch_laterMatchOnlyMakesBinaryMatch() throws Exception {
        // the NUL's piece is searched (no match) and dropped before the match is read
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write("x\0\n".getBytes(UTF_8));
        for (int i = 0; i < 40_000; i++) {
            b.write("hay hay\n".getBytes(UTF_8));
        }
        b.write("needle\n".getBytes(UTF_8));
        Files.write(dir.resolve("early.bin"), b.toByteArray());
        Result csl = csl("-n", "needle", "early.bin");
        assertThat(csl.out()).isEmpty();
        assertThat(csl.err()).isEqualTo("grep: early.bin: binary file matches\n");
        assertThat(csl).isEqualTo(gnu("-n", "needle", "early.bin"));
        assertThat(csl("-c", "needle", "early.bin")).isEqualTo(gnu("-c", "needle", "early.bin"));
    }

    @Test
    void run_nulInTheContextAfterAMatch_contextStopsWhereGnuStops() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < 12_287; i++) {
            b.write("hay hay\n".getBytes(UTF_8));
        }
        b.write("needle\n".getBytes(UTF_8)); // the last line of the first 96 KiB piece
        b.write("after 1\nafter 2\n\0\nneedle again\nafter 3\n".getBytes(UTF_8));
        Files.write(dir.resolve("context.bin"), b.toByteArray());
        for (String[] words :
                List.of(
                        new String[] {"-n", "-A", "3", "needle", "context.bin"},
                        new String[] {"-n", "-B", "2", "again", "context.bin"},
                        new String[] {"-c", "needle", "context.bin"})) {
            assertThat(csl(words)).as(String.join(" ", words)).isEqualTo(gnu(words));
        }
    }

    @Test
    void run_binaryFile_countsEveryLineAsGnuGrep() throws Exception {
        Files.write(dir.resolve("b.bin"), "a\0\na\na\n".getBytes(UTF_8));
        Result csl = csl("-c", "a", "b.bin");
        assertThat(csl.out()).isEqualTo("3\n");
        assertThat(csl).isEqualTo(gnu("-c", "a", "b.bin"));
        assertThat(csl("a", "b.bin")).isEqualTo(gnu("a", "b.bin"));
    }

    @Test
    void run_lineLongerThanAPiece_printedWhole() throws Exception {
        String longLine = "y".repeat(300_000) + " needle " + "z".repeat(10);
        Files.writeString(dir.resolve("long.txt"), "a\n" + longLine + "\nb\n", UTF_8);
        Result csl = csl("-n", "needle", "long.txt");
        assertThat(csl.out()).isEqualTo("2:" + longLine + "\n");
        assertThat(csl).isEqualTo(gnu("-n", "needle", "long.txt"));
    }

    /** Lines of text without end, up to {@code size} bytes, with the needle on one line. */
    private static final class Generated implements ReadableByteChannel {
        private final long size;
        private final long needleLine;
        private long line;
        private long sent;
        private ByteBuffer pending = ByteBuffer.allocate(0);

        Generated(long size, long needleLine) {
            this.size = size;
            this.needleLine = needleLine;
        }

        @Override
        public int read(ByteBuffer dst) {
            if (sent >= size) {
                return -1;
            }
            int n = 0;
            while (dst.hasRemaining() && sent < size) {
                if (!pending.hasRemaining()) {
                    line++;
                    String text =
                            line == needleLine
                                    ? "a needle here\n"
                                    : "plain text line " + line + "\n";
                    pending = ByteBuffer.wrap(text.getBytes(UTF_8));
                }
                dst.put(pending.get());
                sent++;
                n++;
            }
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {}
    }

    @Test
    void search_fileOfHalfAGigabyte_bufferStaysTwoPieces() throws IOException {
        GrepCommand.Job job = new GrepCommand.Job();
        job.inv = new Invocation("grep", List.of(new Invocation.Option("-n", null)), List.of());
        job.pattern = java.util.regex.Pattern.compile("needle");
        job.literal = new Bytes.Literal("needle".getBytes(UTF_8));
        job.lineNumbers = true;
        job.maxCount = Long.MAX_VALUE;
        Output out = new Output(1 << 20);
        job.ctx = new Context("grep", files, out, new Output(1 << 20));
        GrepScan scan = new GrepScan(job);

        GrepScan.Found found = scan.search(new Generated(512L << 20, 20_000_000), "gen", out);

        assertThat(found.count()).isEqualTo(1);
        assertThat(out.text()).isEqualTo("20000000:a needle here\n");
        assertThat(scan.bufferLength()).isEqualTo(2 * GrepScan.PIECE);
    }
}
