package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.cli.options.ApplyOption;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The picocli-free {@code csl apply} must behave exactly like {@link ApplyCommand}. */
class FastApplyTest {
    @TempDir Path tmp;

    private static final String ANSWER =
            String.join(
                    "\n",
                    "Prose.",
                    "<---WRITE file=\"src/a.txt\"--->",
                    "alpha",
                    "<---END--->",
                    "<---SEARCH file=\"b.txt\"--->",
                    "old",
                    "<---REPLACE--->",
                    "new",
                    "<---END--->",
                    "<---SEARCH file=\"b.txt\"--->",
                    "missing line",
                    "<---REPLACE--->",
                    "x",
                    "<---END--->",
                    "<---TASKS--->",
                    "<---WRITE file=\"c.txt\" append=\"true\"--->",
                    "more",
                    "<---END--->",
                    "<---END--->",
                    "");

    private static final String CUSTOM = ANSWER.replace("<---", "@[[").replace("--->", "]]@");

    static Stream<List<String>> handledArguments() {
        return Stream.of(
                List.of("apply", "ANSWER", "-C", "DIR"),
                List.of("apply", "ANSWER", "--dir", "DIR", "--json"),
                List.of("apply", "--dir=DIR", "--dry-run", "ANSWER"),
                List.of("apply", "-CDIR", "ANSWER", "--json", "--dry-run"),
                List.of("apply", "ANSWER", "-C", "DIR", "--timeout", "5", "--allow", "npm test"),
                List.of("apply", "ANSWER", "-C", "DIR", "--timeout", "0"),
                List.of("apply", "ANSWER", "-C", "DIR", "--sandbox", "sometimes"),
                List.of("apply", "ANSWER", "-C", "DIR", "--expect-plan", "abc"),
                List.of(
                        "apply",
                        "ANSWER",
                        "-C",
                        "DIR",
                        "--start-delimiter",
                        "",
                        "--end-delimiter",
                        "x"),
                List.of(
                        "apply",
                        "CUSTOM",
                        "-C",
                        "DIR",
                        "--start-delimiter",
                        "@[[",
                        "--end-delimiter",
                        "]]@"),
                List.of(
                        "apply",
                        "CUSTOM",
                        "-C",
                        "DIR",
                        "--start-delimiter=@[[",
                        "--end-delimiter=]]@",
                        "--json"),
                List.of("apply", "ANSWER", "-C", "DIR", "--end-delimiter", "--->"),
                List.of("apply", "ANSWER", "-C", "DIR", "--color", "never", "--full-diff"),
                List.of("apply", "ANSWER", "-C", "DIR", "--color=sometimes"),
                List.of("apply", "ANSWER", "-C", "DIR", "--fuzzy", "lots", "--sandbox", "no"),
                List.of("apply", "ANSWER", "-C", "DIR", "--strict", "--fuzzy=whitespace"),
                List.of("apply", "MISSING", "-C", "DIR"),
                List.of("apply", "ANSWER", "-C", "FILE_AS_DIR"));
    }

    @ParameterizedTest
    @MethodSource("handledArguments")
    void tryRun_handledArguments_sameOutputAndExitCodeAsPicocli(List<String> template)
            throws IOException {
        Run picocli = runBoth(template, false);
        Run fast = runBoth(template, true);

        assertThat(fast.code).as("handled by the fast path").isNotEqualTo(FastApply.NOT_HANDLED);
        assertThat(fast).isEqualTo(picocli);
    }

    @ParameterizedTest
    @MethodSource("leftToPicocli")
    void tryRun_unusualArguments_leftToPicocli(List<String> args) {
        StringWriter out = new StringWriter();
        int code =
                FastApply.tryRun(
                        args.toArray(new String[0]),
                        new PrintWriter(out),
                        new PrintWriter(new StringWriter()));

        assertThat(code).isEqualTo(FastApply.NOT_HANDLED);
        assertThat(out.toString()).isEmpty();
    }

    static Stream<List<String>> leftToPicocli() {
        return Stream.of(
                List.of("parse", "x.md"),
                List.of("apply", "--help"),
                List.of("apply", "-h"),
                List.of("apply", "x.md", "--colour"),
                List.of("apply", "x.md", "y.md"),
                List.of("apply", "x.md", "-C"),
                List.of("apply", "x.md", "-C", "--json"),
                List.of("apply", "x.md", "-C", "a", "-C", "b"),
                List.of("apply", "x.md", "--json", "--json"),
                List.of("apply", "x.md", "--timeout", "soon"),
                List.of("apply", "x.md", "--", "-C"),
                List.of("apply", "--dry-run=true", "x.md"),
                List.of("apply", "x.md", "--expect-plan", "--color"),
                List.of("apply", "x.md", "--full-diff", "--full-diff"));
    }

    @Test
    void applyOption_names_areExactlyPicocliApplyOptions() {
        Map<String, String> picocli = new TreeMap<>();
        for (OptionSpec option :
                Main.newCommandLine().getSubcommands().get("apply").getCommandSpec().options()) {
            if (!option.usageHelp() && !option.versionHelp()) {
                String arity =
                        option.isMultiValue()
                                ? "REPEATED"
                                : option.arity().max() == 0 ? "SWITCH" : "VALUE";
                picocli.put(String.join(",", option.names()), arity);
            }
        }
        Map<String, String> declared = new TreeMap<>();
        for (ApplyOption option : ApplyOption.values()) {
            declared.put(String.join(",", option.names()), option.arity().name());
        }

        assertThat(declared).isEqualTo(picocli);
    }

    @Test
    void tryRun_notApply_notHandled() {
        assertThat(FastApply.tryRun(new String[] {"--version"})).isEqualTo(FastApply.NOT_HANDLED);
        assertThat(FastApply.tryRun(new String[0])).isEqualTo(FastApply.NOT_HANDLED);
    }

    @Test
    void main_plainApplyAndHelp_sameExitAndOutputThroughTheProcess() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("p"));
        Path answer = Files.writeString(tmp.resolve("answer.md"), ANSWER);
        Files.writeString(dir.resolve("b.txt"), "keep\nold\n");

        Process apply = main("apply", answer.toString(), "-C", dir.toString());
        String out = new String(apply.getInputStream().readAllBytes(), UTF_8);
        Process help = main("apply", "--help");
        String helpOut = new String(help.getInputStream().readAllBytes(), UTF_8);

        assertThat(apply.waitFor()).isEqualTo(1); // the missing SEARCH fails
        assertThat(out).contains("WRITE src/a.txt").contains("1 failed");
        assertThat(dir.resolve("src/a.txt")).hasContent("alpha");
        assertThat(help.waitFor()).isZero();
        assertThat(helpOut).contains("--expect-plan").contains("--start-delimiter");
    }

    @Test
    void main_version_sameLineAsPicocliPrints() throws Exception {
        Process fast = main("--version");
        String fastOut = new String(fast.getInputStream().readAllBytes(), UTF_8);
        StringWriter picocli = new StringWriter();
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(picocli, true));
        cli.execute("--version");

        assertThat(fast.waitFor()).isZero();
        assertThat(fastOut).isEqualTo(picocli.toString()).startsWith("csl ");
    }

    private static Process main(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("dev.csl.cli.Main");
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private Run runBoth(List<String> template, boolean fast) throws IOException {
        Path base = tmp.resolve("case");
        if (Files.exists(base)) {
            try (Stream<Path> walk = Files.walk(base)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Path dir = Files.createDirectories(base.resolve("project"));
        Files.writeString(dir.resolve("b.txt"), "keep\nold\n");
        Files.writeString(base.resolve("answer.md"), ANSWER);
        Files.writeString(base.resolve("custom.md"), CUSTOM);
        Files.writeString(base.resolve("plain-file"), "x");
        List<String> args = new ArrayList<>();
        for (String arg : template) {
            args.add(
                    arg.replace("FILE_AS_DIR", base.resolve("plain-file").toString())
                            .replace("DIR", dir.toString())
                            .replace("CUSTOM", base.resolve("custom.md").toString())
                            .replace("MISSING", base.resolve("missing.md").toString())
                            .replace("ANSWER", base.resolve("answer.md").toString()));
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter outWriter = new PrintWriter(out);
        PrintWriter errWriter = new PrintWriter(err);
        int code;
        if (fast) {
            code = FastApply.tryRun(args.toArray(new String[0]), outWriter, errWriter);
        } else {
            code =
                    Main.newCommandLine()
                            .setOut(outWriter)
                            .setErr(errWriter)
                            .execute(args.toArray(new String[0]));
        }
        outWriter.flush();
        errWriter.flush();
        return new Run(code, out.toString(), err.toString(), tree(dir));
    }

    private static String tree(Path dir) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.sorted().toList()) {
                String relative = dir.relativize(path).toString();
                if (Files.isRegularFile(path) && !relative.startsWith(".csl")) {
                    text.append(relative).append(": ").append(Files.readString(path)).append('\n');
                }
            }
        }
        return text.toString();
    }

    record Run(int code, String out, String err, String tree) {}
}
