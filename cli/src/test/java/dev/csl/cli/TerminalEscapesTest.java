package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Escape sequences in a file a RUN prints, and in the RUN line itself, reach csl's human output and
 * watch's result shown visibly, never raw: OSC 52 (writes the clipboard) and cursor-up plus
 * erase-line (rewrites "✘" into "✔"). JSON keeps them, escaped as JSON escapes them.
 */
class TerminalEscapesTest {
    private static final String ESC = "\u001b";
    private static final String OSC52 = ESC + "]52;c;cm0gLXJmIH4=\u0007";
    private static final String UP_ERASE = ESC + "[1A" + ESC + "[2K✔ 1 ok, 0 failed";

    @TempDir Path tmp;
    private Path project;
    private Path answer;
    private final StringWriter out = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(
                project.resolve("evil.txt"),
                "clipboard" + OSC52 + "\n" + UP_ERASE + "\nbar\rbaz\r\nlast\n");
        answer =
                Files.writeString(
                        tmp.resolve("answer.md"),
                        "<---RUN--->\ncat evil.txt\necho \"red"
                                + ESC
                                + "[31m"
                                + OSC52
                                + "\"\n<---END--->\n"
                                + "<---RUN--->\ncat evil.txt missing.txt\n<---END--->\n");
    }

    private String csl(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        cli.execute(args);
        return out.toString();
    }

    /** Fails on any control character but newline and tab (and csl's own SGR colours if asked). */
    private static void assertNoRawControl(String text, boolean colours) {
        String plain = colours ? text.replaceAll(ESC + "\\[[0-9;]*m", "") : text;
        for (int i = 0; i < plain.length(); i++) {
            char c = plain.charAt(i);
            boolean control = c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f;
            assertThat(control).as("raw U+%04X at %d in:%n%s", (int) c, i, plain).isFalse();
        }
    }

    private static void assertShownVisibly(String text) {
        assertThat(text)
                .contains("clipboard\\e]52;c;cm0gLXJmIH4=\\x07")
                .contains("\\e[1A\\e[2K✔ 1 ok, 0 failed")
                .contains("bar^Mbaz")
                .contains("red\\e[31m\\e]52;");
    }

    @Test
    void apply_colorNever_escapesFromFileAndRunLineShownVisibly() {
        String output = csl("apply", "-C", project.toString(), "--color=never", answer.toString());

        assertNoRawControl(output, false);
        assertShownVisibly(output);
        assertThat(output).contains("$ echo \"red\\e[31m\\e]52;c;cm0gLXJmIH4=\\x07\"");
    }

    @Test
    void apply_colorAlways_onlyCslsOwnColoursAreRaw() {
        String output = csl("apply", "-C", project.toString(), "--color=always", answer.toString());

        assertThat(output).contains(ESC + "[31m✘" + ESC + "[0m");
        assertNoRawControl(output, true);
        assertShownVisibly(output);
    }

    @Test
    void apply_json_keepsTheTextAsJsonEscapesIt() {
        String output = csl("apply", "-C", project.toString(), "--json", answer.toString());

        assertThat(output).contains("clipboard\\u001B]52;c;cm0gLXJmIH4=\\u0007");
        assertNoRawControl(output, false);
    }

    @Test
    void watch_resultAtTheTopAndOutputFile_escapesShownVisibly() throws IOException {
        csl("watch", answer.toString(), "-C", project.toString(), "--once", "--no-clipboard");

        String file = Files.readString(answer);
        String section = file.substring(0, file.indexOf(WatchSummary.END));
        assertThat(section).contains("$ cat evil.txt missing.txt (exit 1)");
        assertNoRawControl(section, false);
        assertThat(section).contains("\\e[1A\\e[2K✔ 1 ok, 0 failed").contains("bar^Mbaz");
        String full = Files.readString(tmp.resolve("answer.md.out"));
        assertNoRawControl(full, false);
        assertShownVisibly(full);
        assertNoRawControl(out.toString(), false);
    }
}
