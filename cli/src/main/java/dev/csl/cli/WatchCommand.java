package dev.csl.cli;

import dev.csl.cli.options.ApplySettings;
import dev.csl.cli.options.BadOptionValue;
import dev.csl.grammar.AnswerText;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.antlr.AnswerParser;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.OperationResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code csl watch FILE}: the copy-paste workflow. Each time FILE is saved with an answer whose
 * blocks csl has not applied yet, they are applied as {@code csl apply} would; a short result goes
 * to the top of FILE, the full output to FILE.out and to the clipboard.
 */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        description = {
            "Applies each new answer saved into a file, once, and puts the result at its top.",
            "Paste an LLM's answer into FILE and save: its blocks are applied as csl apply would."
                    + " Saving the same answer again runs only its blocks that failed or were"
                    + " refused (--force: all of them); editing only the prose runs nothing."
                    + " Ctrl-C stops."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:stopped (Ctrl-C, or --once done)",
            "2:usage error (bad option; with --once, FILE missing)"
        })
final class WatchCommand implements Callable<Integer> {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The file to watch.")
    Path file;

    @Option(
            names = {"-C", "--dir"},
            paramLabel = "DIR",
            description =
                    "Working directory (default: the project, the nearest directory upward"
                            + " holding .csl/, else the git work tree's root, else the current"
                            + " one).")
    Path dir;

    @Option(names = "--no-summary", description = "Do not put the result at the top of FILE.")
    boolean noSummary;

    @Option(names = "--no-output-file", description = "Do not write the full output to FILE.out.")
    boolean noOutputFile;

    @Option(names = "--no-clipboard", description = "Do not copy the full output to the clipboard.")
    boolean noClipboard;

    @Option(
            names = "--once",
            description = "Process FILE as it is now and stop (for scripts and tests).")
    boolean once;

    @Option(
            names = "--force",
            description =
                    "Apply every block of the answer, also those that succeeded when it was saved"
                            + " before.")
    boolean force;

    @Option(
            names = "--poll",
            paramLabel = "MS",
            description =
                    "Check FILE at least this often, in milliseconds (default: ${DEFAULT-VALUE}).")
    long pollMillis = 500;

    // apply's own option declarations: watch applies as csl apply does. Left out on purpose:
    // --dry-run and --expect-plan (watch exists to apply), --json and --color (the output goes to
    // FILE, FILE.out and the clipboard as plain text).
    @Mixin ApplyPolicyOptions policy = new ApplyPolicyOptions();

    @Mixin DelimiterOptions delimiterOptions = new DelimiterOptions();

    private PrintWriter out;
    private PrintWriter err;
    private Path workingDir;
    private ApplyOptions options;
    private boolean noClipboardSaid;
    private WatchMemory memory;
    private ResultFiles results;

    @Override
    public Integer call() throws Exception {
        out = spec.commandLine().getOut();
        err = spec.commandLine().getErr();
        ProjectDirectory project = ProjectDirectory.resolve(dir, CslCommand.call(spec));
        if (project.error() != null) {
            project.printError("watch", err);
            return ExitCodes.USAGE;
        }
        if (project.missing()) {
            err.println("csl watch: -C " + project.dir() + " is not an existing directory");
            return ExitCodes.USAGE;
        }
        workingDir = project.dir();
        if (!WorkingDirOption.usable("watch", workingDir, err)) {
            return ExitCodes.USAGE;
        }
        if (!Files.isDirectory(workingDir)) {
            err.println("csl watch: -C " + workingDir + " is not an existing directory");
            return ExitCodes.USAGE;
        }
        for (String note : project.notes()) {
            out.println("csl watch: " + note);
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent) || Files.isDirectory(file)) {
            err.println("csl watch: " + file + " must be a file in an existing directory");
            return ExitCodes.USAGE;
        }
        if (pollMillis < 10) {
            err.println("csl watch: --poll must be at least 10 milliseconds");
            return ExitCodes.USAGE;
        }
        try {
            options =
                    policy.fill(new ApplySettings())
                            .delimiters(
                                    new Delimiters(delimiterOptions.start, delimiterOptions.end))
                            .options(workingDir)
                            .withContext(CslCommand.call(spec));
        } catch (IllegalArgumentException | BadOptionValue e) {
            err.println("csl watch: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        memory = new WatchMemory(workingDir, file);
        results = new ResultFiles(workingDir);
        AtomicBoolean stop = new AtomicBoolean();
        stopOnCtrlC(stop);
        out.println(
                "csl watch: watching "
                        + file
                        + ", applying in "
                        + workingDir
                        + (once ? "" : " (Ctrl-C stops)"));
        out.flush();
        StartupRecovery.run("csl watch", workingDir, out);
        try (FileWatch watch = new FileWatch(file, pollMillis, Math.min(200, pollMillis))) {
            if (once) {
                if (!Files.isRegularFile(file)) {
                    err.println(
                            "csl watch: "
                                    + file
                                    + " does not exist: nothing to apply (save an answer into it"
                                    + " first)");
                    return ExitCodes.USAGE;
                }
                process(Files.readAllBytes(file), watch);
                return ExitCodes.OK;
            }
            if (!Files.exists(file)) {
                out.println(
                        "csl watch: "
                                + file
                                + " does not exist yet: it is applied when an answer is saved"
                                + " into it");
                out.flush();
            }
            byte[] content;
            while ((content = watch.next(stop::get)) != null) {
                process(content, watch);
            }
        }
        out.println("csl watch: stopped");
        out.flush();
        return ExitCodes.OK;
    }

    /** Ctrl-C ends the loop and the command exits 0 instead of dying of the signal. */
    @SuppressWarnings("removal")
    private static void stopOnCtrlC(AtomicBoolean stop) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> stop.set(true));
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            // no SIGINT here: the default ends the process
        }
    }

    private void process(byte[] content, FileWatch watch) throws IOException {
        AnswerText decoded = AnswerText.decode(content);
        String answer = WatchSummary.strip(decoded.text());
        if (answer.isBlank()) {
            return; // an empty file is not an answer yet
        }
        int removedLines = lines(decoded.text()) - lines(answer);
        List<Integer> invalid = new ArrayList<>();
        for (int line : decoded.invalidLines()) {
            if (line > removedLines) {
                invalid.add(line - removedLines);
            }
        }
        answer = answer.replace("\r\n", "\n").replace('\r', '\n');
        ParseResult parsed = AnswerParser.parse(answer, options.delimiters());
        String blocks = BlocksIdentity.of(parsed);
        WatchMemory.Remembered before = force ? WatchMemory.Remembered.NONE : memory.read();
        if (!before.answer().equals(blocks)) {
            before = WatchMemory.Remembered.NONE; // a new answer: all of its blocks run
        }
        List<String> keys = parsed.ok() ? BlocksIdentity.keys(parsed.operations()) : List.of();
        Set<Integer> done = new TreeSet<>();
        for (int i = 0; i < keys.size(); i++) {
            if (before.succeeded(keys.get(i))) {
                done.add(i);
            }
        }
        if (!before.answer().isEmpty() && (!parsed.ok() || done.size() == keys.size())) {
            status(
                    "unchanged blocks in "
                            + file.getFileName()
                            + ": nothing applied"
                            + (parsed.ok()
                                    ? " (each succeeded before; --force applies them again)"
                                    : ""));
            return;
        }
        if (!done.isEmpty()) {
            status(
                    "same answer in "
                            + file.getFileName()
                            + ": trying again what failed or was refused ("
                            + plural(keys.size() - done.size(), "block")
                            + "); not run again: "
                            + plural(done.size(), "block")
                            + " that succeeded before");
        }
        String toRun =
                done.isEmpty() ? answer : BlocksIdentity.without(answer, parsed.operations(), done);
        ApplyReport report =
                new Interpreter(StandardRunners.factory())
                        .apply(
                                new AnswerText(toRun, invalid),
                                // As csl apply: ask on a terminal, else refuse with the hint.
                                options.withPrompter(
                                        CslCommand.call(spec).console()
                                                ? new ConsolePrompter(err)
                                                : null));
        remember(blocks, parsed, keys, done, report);
        StringWriter full = new StringWriter();
        new ApplyRenderer(new PrintWriter(full), false, false).print(report);
        String output = full.toString();
        List<String> where = new ArrayList<>();
        if (!noOutputFile) {
            Path companion = file.resolveSibling(file.getFileName() + ".out");
            results.replace(companion, output.getBytes(StandardCharsets.UTF_8));
            where.add("full output in " + companion.getFileName());
        }
        if (!noClipboard) {
            Optional<Clipboard> clipboard = Clipboard.find(CslCommand.call(spec));
            if (clipboard.isPresent() && clipboard.get().copy(output)) {
                where.add("copied to the clipboard");
            } else if (!noClipboardSaid) {
                noClipboardSaid = true;
                if (memory.firstNoClipboardNote()) {
                    err.println(
                            "csl watch: no clipboard tool found ("
                                    + Clipboard.toolNames()
                                    + "); the output is not copied (said once in this project;"
                                    + " --no-clipboard stops trying)");
                }
            }
        }
        if (!noSummary) {
            byte[] now = Files.exists(file) ? Files.readAllBytes(file) : null;
            String linked = ResultFiles.whyNotRewritten(file);
            if (linked != null) {
                status(
                        file.getFileName()
                                + " "
                                + linked
                                + ": the result is not put at its top (csl never writes through"
                                + " a link)");
            } else if (now == null || !Arrays.equals(now, content)) {
                status(
                        file.getFileName()
                                + " changed meanwhile: its new content is processed next");
            } else {
                // From the bytes read, not the decoded text: the user's text below the section
                // keeps its line endings, byte-order mark and any bytes that are not UTF-8.
                byte[] updated =
                        WatchSummary.replace(
                                content,
                                WatchResultText.of(
                                        parsed,
                                        report,
                                        doneLines(parsed, done),
                                        noOutputFile ? null : file.getFileName() + ".out"));
                results.replace(file, updated);
                watch.seen(updated);
                where.add("result at the top of " + file.getFileName());
            }
        }
        status(
                WatchResultText.verdict(parsed, report)
                        + (where.isEmpty() ? "" : " (" + String.join(", ", where) + ")"));
    }

    private void status(String text) {
        out.println(LocalTime.now().format(CLOCK) + " " + text);
        out.flush();
    }

    /**
     * Remembers the answer and which of its blocks succeeded, those of an earlier save included; an
     * answer with syntax errors ran nothing and is remembered as having no block done.
     */
    private void remember(
            String blocks,
            ParseResult parsed,
            List<String> keys,
            Set<Integer> done,
            ApplyReport report) {
        Set<String> succeeded = new LinkedHashSet<>();
        for (int i : done) {
            succeeded.add(keys.get(i));
        }
        if (parsed.ok()) {
            for (OperationResult r : report.results()) {
                for (int i = 0; i < keys.size(); i++) {
                    if (parsed.operations().get(i).line() == r.line() && r.succeeded()) {
                        succeeded.add(keys.get(i));
                    }
                }
            }
        }
        try {
            memory.write(blocks, succeeded);
        } catch (IOException e) {
            err.println(
                    "csl watch: could not remember the answer as applied ("
                            + e.getMessage()
                            + "); saving it again will apply it again");
        }
    }

    private static List<Integer> doneLines(ParseResult parsed, Set<Integer> done) {
        List<Integer> lines = new ArrayList<>();
        for (int i : done) {
            lines.add(parsed.operations().get(i).line());
        }
        return lines;
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static int lines(String text) {
        return (int) text.chars().filter(c -> c == '\n').count();
    }
}
