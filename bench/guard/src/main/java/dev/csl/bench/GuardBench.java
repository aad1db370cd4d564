package dev.csl.bench;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Guard resolution of a 5-component path and an atomic 4 KiB replace, on the real disk and on
 * Jimfs. Sample mode, so the report shows the median (p0.50) the target refers to.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class GuardBench {
    static final String PATH = "src/main/java/dev/App.java";

    @Param({"disk", "jimfs"})
    public String fs;

    private FileSystem jimfs;
    private Path root;
    private GuardedFiles guard;
    private final byte[] content = new byte[4096];

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        if (fs.equals("jimfs")) {
            jimfs = Jimfs.newFileSystem(Configuration.unix());
            root = Files.createDirectories(jimfs.getPath("/work/proj"));
        } else {
            root = Files.createTempDirectory("csl-guard-bench");
        }
        Files.createDirectories(root.resolve(PATH).getParent());
        Files.write(root.resolve(PATH), content);
        guard = GuardedFiles.open(root);
        System.out.println("guard mode on " + fs + ": " + guard.mode());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (jimfs != null) {
            jimfs.close();
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    public Path resolve5Components() throws IOException {
        return guard.resolveForRead(PATH);
    }

    @Benchmark
    public byte[] read4KiB() throws IOException {
        return guard.readBytes(PATH);
    }

    @Benchmark
    public void atomicReplace4KiB() throws IOException {
        guard.writeAtomic(PATH, content);
    }
}
