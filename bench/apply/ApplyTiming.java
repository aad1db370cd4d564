import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * In-process apply time (no JVM start): copies BEFORE_DIR/big.js into a fresh directory and applies
 * ANSWER with the public facade, REPEAT times; prints each time and the best.
 *   java -cp cli/target/csl.jar:bench/apply/classes ApplyTiming BEFORE_DIR ANSWER REPEAT
 */
public final class ApplyTiming {
    public static void main(String[] args) throws Exception {
        Path before = Path.of(args[0]);
        String answer = Files.readString(Path.of(args[1]));
        int repeat = Integer.parseInt(args[2]);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < repeat; i++) {
            Path work = Files.createTempDirectory("csl-apply-timing");
            Files.copy(before.resolve("big.js"), work.resolve("big.js"));
            long t0 = System.nanoTime();
            ApplyReport report = new Interpreter(config -> null).apply(answer, ApplyOptions.defaults(work));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            best = Math.min(best, ms);
            System.out.printf("  run %d: %d ms (exit %d)%n", i + 1, ms, report.exitCode());
        }
        System.out.printf("  best: %d ms%n", best);
    }
}
