package dev.csl.cli;

import dev.csl.cli.options.ApplySettings;
import dev.csl.cli.options.BadOptionValue;
import dev.csl.grammar.AnswerText;
import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.OperationResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
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
            "0:stopped (Ctrl-C, SIGTERM, or --once done)",
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

    @Option(
            names = "--settle",
            paramLabel = "MS",
            description =
                    "Wait this long, in milliseconds, for an answer with a block still open (no"
                            + " END yet) to be saved whole before applying it as it is (default:"
                            + " ${DEFAULT-VALUE}); an answer whose blocks are all closed is"
                            + " applied at once.")
    long settleMillis = 3000;

    // apply's own option declarations: watch applies as csl apply does. Left out on purpose:
    // --dry-run and --expect-plan (watch exists to apply), --json and --color (the output goes to
    // FILE, FILE.out and the clipboard as plain text).
    @Mixin ApplyPolicyOptions policy = new ApplyPolicyOptions();

    @Mixin DelimiterOptions delimiterOptions = new DelimiterOptions();

    private PrintWriter out;
    private PrintWriter err;
    private Path workingDir;
    private ApplyOptions options;
    private WatchMemory memory;
    private ResultFiles results;
    private WatchPublisher publisher;

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
        if (settleMillis < 0) {
            err.println("csl watch: --settle must be 0 milliseconds or more");
            return ExitCodes.USAGE;
        }
        try {
            options =
                    policy.fill(new ApplySettings())
                            .delimiters(
                                    new Delimiters(delimiterOptions.start, delimiterOptions.end))
                            .options(workingDir)
                            .withSource("watch", file.toString())
                            .withContext(CslCommand.call(spec));
        } catch (IllegalArgumentException | BadOptionValue e) {
            err.println("csl watch: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        memory = new WatchMemory(workingDir, file);
        results = new ResultFiles(workingDir);
        publisher =
                new WatchPublisher(
                        file,
                        results,
                        new WatchPublisher.Outputs(!noOutputFile, !noClipboard, !noSummary),
                        this::status,
                        () -> {
                            if (memory.firstNoClipboardNote()) {
                                err.println(
                                        "csl watch: no clipboard tool found ("
                                                + Clipboard.toolNames()
                                                + "); the output is not copied (said once in this"
                                                + " project; --no-clipboard stops trying)");
                            }
                        },
                        CslCommand.call(spec));
        AtomicReference<String> stop = new AtomicReference<>();
        if (!once) {
            stopOnSignals(stop);
        }
        out.println(
                "csl watch: watching "
                        + file
                        + ", applying in "
                        + workingDir
                        + (once ? "" : " (Ctrl-C stops)"));
        out.flush();
        StartupRecovery.run("csl watch", workingDir, out);
        SaveSettle settle =
                new SaveSettle(
                        Math.min(200, pollMillis),
                        settleMillis,
                        bytes -> WatchPlan.complete(bytes, options.delimiters()));
        try (FileWatch watch =
                new FileWatch(file, pollMillis, settle, this::status)
                        .beforeEachLook(this::rescueLateWrite)) {
            if (once) {
                WatchedFile now = WatchedFile.look(file);
                if (now.content() == null) {
                    err.println(
                            "csl watch: "
                                    + file
                                    + (now.missing()
                                            ? " does not exist: nothing to apply (save an answer"
                                                    + " into it first)"
                                            : " " + now.notAFile() + ": nothing to apply"));
                    return ExitCodes.USAGE;
                }
                processSafely(now.content(), watch);
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
            while ((content = watch.next(() -> stop.get() != null)) != null) {
                processSafely(content, watch);
            }
        } finally {
            results.closeOldFile();
        }
        out.println("csl watch: stopped (" + stop.get() + ")");
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * Ctrl-C (SIGINT), SIGTERM and SIGHUP end the loop, after the answer being applied if any, and
     * the command says so and exits 0 instead of dying of the signal.
     */
    @SuppressWarnings("removal")
    private static void stopOnSignals(AtomicReference<String> stop) {
        for (String[] signal :
                new String[][] {{"INT", "Ctrl-C"}, {"TERM", "SIGTERM"}, {"HUP", "SIGHUP"}}) {
            try {
                sun.misc.Signal.handle(
                        new sun.misc.Signal(signal[0]), s -> stop.compareAndSet(null, signal[1]));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // not on this system, or the JVM keeps it (-Xrs): its default ends the process
            }
        }
    }

    private void rescueLateWrite() {
        if (results.rescueLateWrite()) {
            status(
                    "a write reached "
                            + file.getFileName()
                            + " after csl put its result there: it is kept and processed next");
        }
    }

    /** A file that cannot be read or written now is said, and watching goes on. */
    private void processSafely(byte[] content, FileWatch watch) {
        try {
            process(content, watch);
        } catch (UncheckedIOException e) {
            status(
                    "could not process "
                            + file.getFileName()
                            + " ("
                            + e.getMessage()
                            + "); still watching: save it again to retry");
        }
    }

    /** One saved content: what to run (plan), running it (apply), the result (publish). */
    private void process(byte[] content, FileWatch watch) {
        WatchPlan plan = plan(content);
        if (plan == null) {
            return;
        }
        int above = syntaxErrorLinesAbove(plan);
        ApplyReport report = apply(plan, above);
        publisher.publish(plan, report, watch);
    }

    private WatchPlan plan(byte[] content) {
        String name = file.getFileName().toString();
        WatchMemory.Remembered before = force ? WatchMemory.Remembered.NONE : memory.read();
        WatchPlan plan = WatchPlan.of(content, options.delimiters(), before, name);
        if (plan == null) {
            return null; // an empty file is not an answer yet
        }
        if (plan.nothingToDo() != null) {
            status(plan.nothingToDo());
            return null;
        }
        if (!plan.done().isEmpty()) {
            int n = plan.keys().size();
            status(
                    "same answer in "
                            + name
                            + ": trying again what failed or was refused ("
                            + plural(n - plan.done().size(), "block")
                            + "); not run again: "
                            + plural(plan.done().size(), "block")
                            + " that succeeded before");
        }
        return plan;
    }

    /**
     * For an answer with syntax errors (nothing runs, so the result is known before the apply): the
     * lines above it in FILE once watch has written its result there, so that every line number
     * said counts in FILE as the user sees it. Zero otherwise: then the result section is sized
     * after the apply, and only the block lines watch names itself are moved below it.
     */
    private int syntaxErrorLinesAbove(WatchPlan plan) {
        if (plan.parsed().ok()) {
            return 0;
        }
        if (noSummary) {
            return plan.linesAbove();
        }
        return WatchSummary.linesAbove(
                WatchResultText.of(
                        plan.parsed().syntaxErrors(), plan.parsed(), publisher.outputName()));
    }

    private ApplyReport apply(WatchPlan plan, int above) {
        List<Integer> invalid = new ArrayList<>();
        for (int line : plan.invalidLines()) {
            invalid.add(line + above);
        }
        ApplyReport report =
                new Interpreter(StandardRunners.factory())
                        .apply(
                                new AnswerText("\n".repeat(above) + plan.toRun(), invalid),
                                // As csl apply: ask on a terminal, else refuse with the hint.
                                options.withPrompter(
                                        CslCommand.call(spec).console()
                                                ? new ConsolePrompter(err)
                                                : null));
        remember(plan, report);
        return report;
    }

    private void status(String text) {
        out.println(LocalTime.now().format(CLOCK) + " " + text);
        out.flush();
    }

    /**
     * Remembers the answer and which of its blocks succeeded, those of an earlier save included; an
     * answer with syntax errors ran nothing and is remembered as having no block done.
     */
    private void remember(WatchPlan plan, ApplyReport report) {
        Set<String> succeeded = new LinkedHashSet<>();
        for (int i : plan.done()) {
            succeeded.add(plan.keys().get(i));
        }
        if (plan.parsed().ok()) {
            for (OperationResult r : report.results()) {
                for (int i = 0; i < plan.keys().size(); i++) {
                    if (plan.parsed().operations().get(i).line() == r.line() && r.succeeded()) {
                        succeeded.add(plan.keys().get(i));
                    }
                }
            }
        }
        try {
            memory.write(plan.blocks(), succeeded);
        } catch (IOException e) {
            err.println(
                    "csl watch: could not remember the answer as applied ("
                            + e.getMessage()
                            + "); saving it again will apply it again");
        }
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
