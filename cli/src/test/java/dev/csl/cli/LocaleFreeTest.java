package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * csl started as containers, cron and MCP clients start it: an environment without {@code LANG} and
 * without any {@code LC_*}. Through the launcher, non-ASCII file names and text work everywhere
 * (csl's JVM, the worker, approved commands); a JVM started without it still prints UTF-8, and says
 * why it cannot name such a file.
 */
class LocaleFreeTest {
    private static final String ANSWER =
            "<---WRITE file=\"héllo wörld.txt\"--->\ncafé ✓ 日本\n<---END--->\n"
                    + "<---RUN--->\ncat 'héllo wörld.txt'\nls\n<---END--->\n";

    @TempDir Path tmp;

    /** Runs {@code command} in an environment with no locale at all; stdout and stderr. */
    private static String run(List<String> command, Map<String, String> extra) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeIf(n -> n.equals("LANG") || n.startsWith("LC_"));
        pb.environment().putAll(extra);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void launcher_noLocale_nonAsciiNamesAndTextInCslTheWorkerAndCommands() throws Exception {
        Path launcher = LauncherCheckout.create(tmp);
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path answer = Files.writeString(tmp.resolve("answer.md"), ANSWER + runPrintenv());

        String out =
                run(
                        List.of(
                                launcher.toString(),
                                "apply",
                                answer.toString(),
                                "-C",
                                work.toString(),
                                "--yes",
                                "--sandbox",
                                "off"),
                        Map.of("CSL_CDS", "0"));

        assertThat(work.resolve("héllo wörld.txt")).hasContent("café ✓ 日本");
        assertThat(out).as("csl's own output").contains("✔ 1 WRITE héllo wörld.txt");
        assertThat(out).as("the worker's cat and ls").contains("café ✓ 日本", "héllo wörld.txt");
        assertThat(out).as("an approved command's environment").contains("LC_CTYPE=C.UTF-8");
        assertThat(out).doesNotContain("?");
    }

    @Test
    void launcher_userLocaleIsUtf8_leftAsItIs() throws Exception {
        Path launcher = LauncherCheckout.create(tmp);
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path answer = Files.writeString(tmp.resolve("answer.md"), runPrintenv());

        String out =
                run(
                        List.of(
                                launcher.toString(),
                                "apply",
                                answer.toString(),
                                "-C",
                                work.toString(),
                                "--yes",
                                "--sandbox",
                                "off"),
                        Map.of("CSL_CDS", "0", "LANG", "C.utf8"));

        assertThat(out).contains("LANG=C.utf8").doesNotContain("LC_CTYPE=");
    }

    @Test
    void javaWithoutLauncher_noLocale_relaunchedWithOneAndArgumentsKeptByteForByte()
            throws Exception {
        Path work = Files.createDirectories(tmp.resolve("wörk"));
        Path answer =
                Files.writeString(
                        tmp.resolve("réponse.md"),
                        "<---WRITE file=\"héllo.txt\"--->\ncafé ✓\n<---END--->\n");

        String out =
                run(CslJava.command("apply", answer.toString(), "-C", work.toString()), Map.of());

        assertThat(work.resolve("héllo.txt")).as(out).hasContent("café ✓");
        assertThat(out).contains("✔ 1 WRITE héllo.txt");
    }

    @Test
    void javaWithoutLauncher_noLocaleAndNoRelaunch_printsUtf8AndSaysWhyTheNameCannotBeUsed()
            throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path answer =
                Files.writeString(
                        tmp.resolve("answer.md"),
                        "<---WRITE file=\"plain.txt\"--->\ncafé ✓\n<---END--->\n"
                                + "<---WRITE file=\"héllo.txt\"--->\nx\n<---END--->\n");
        List<String> command =
                new ArrayList<>(
                        CslJava.command(
                                "apply", answer.toString(), "-C", work.toString(), "--dry-run"));

        // As where the relaunch cannot happen (no bash, no /proc): csl runs in the ASCII JVM.
        String out = run(command, Map.of(LocaleRelaunch.MARK, "1"));

        assertThat(out).contains("+café ✓");
        assertThat(out)
                .contains("without a UTF-8 locale", "keep the name", "LC_ALL=C.UTF-8")
                .doesNotContain("use letters, digits");
    }

    private static String runPrintenv() {
        return "<---RUN--->\nprintenv\n<---END--->\n";
    }
}
