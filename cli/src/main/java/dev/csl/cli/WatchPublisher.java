package dev.csl.cli;

import dev.csl.interpreter.ApplyReport;
import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where {@code csl watch} puts the result of one applied answer: the full output in FILE.out and on
 * the clipboard, the short result at the top of FILE (only while FILE holds what was read), and one
 * status line saying where each went. A file it cannot write is said, never fatal.
 */
final class WatchPublisher {
    /**
     * Which outputs are on ({@code --no-output-file}, {@code --no-clipboard}, {@code
     * --no-summary}).
     */
    record Outputs(boolean outputFile, boolean clipboard, boolean summary) {}

    private final Path file;
    private final ResultFiles results;
    private final Outputs outputs;
    private final Consumer<String> status;
    private final Runnable noClipboard;
    private final CallContext call;
    private boolean noClipboardSaid;

    /**
     * {@code noClipboard}: says that no clipboard tool was found (asked once per run); {@code
     * call}: the caller's environment, where the clipboard tools are looked up.
     */
    WatchPublisher(
            Path file,
            ResultFiles results,
            Outputs outputs,
            Consumer<String> status,
            Runnable noClipboard,
            CallContext call) {
        this.file = file;
        this.results = results;
        this.outputs = outputs;
        this.status = status;
        this.noClipboard = noClipboard;
        this.call = call;
    }

    /** FILE.out, the clipboard, the result at the top of FILE, and the status line. */
    void publish(WatchPlan plan, ApplyReport report, FileWatch watch) {
        StringWriter full = new StringWriter();
        new ApplyRenderer(new PrintWriter(full), false, false).print(report);
        String output = full.toString();
        List<String> where = new ArrayList<>();
        if (outputs.outputFile()) {
            Path companion = file.resolveSibling(outputName());
            try {
                results.replace(companion, output.getBytes(StandardCharsets.UTF_8));
                where.add("full output in " + companion.getFileName());
            } catch (IOException e) {
                status.accept(
                        "could not write " + companion.getFileName() + " (" + e.getMessage() + ")");
            }
        }
        if (outputs.clipboard()) {
            copyToClipboard(output, where);
        }
        if (outputs.summary()) {
            putAtTop(plan, report, watch, where);
        }
        status.accept(
                WatchResultText.verdict(plan.parsed(), report)
                        + (where.isEmpty() ? "" : " (" + String.join(", ", where) + ")"));
    }

    private void copyToClipboard(String output, List<String> where) {
        Optional<Clipboard> clipboard = Clipboard.find(call);
        if (clipboard.isPresent() && clipboard.get().copy(output)) {
            where.add("copied to the clipboard");
        } else if (!noClipboardSaid) {
            noClipboardSaid = true;
            noClipboard.run();
        }
    }

    /**
     * The result at the top of FILE, only if FILE still holds what was read (a save of the user's
     * meanwhile wins and is processed next) and is no link.
     */
    private void putAtTop(WatchPlan plan, ApplyReport report, FileWatch watch, List<String> where) {
        String linked = ResultFiles.whyNotRewritten(file);
        if (linked != null) {
            status.accept(
                    file.getFileName()
                            + " "
                            + linked
                            + ": the result is not put at its top (csl never writes through"
                            + " a link)");
            return;
        }
        String name = outputName();
        String text =
                plan.parsed().ok()
                        ? WatchResultText.of(plan.parsed(), report, plan.doneLines(), name, 0)
                        : WatchResultText.of(report.syntaxErrors(), plan.parsed(), name);
        if (plan.parsed().ok() && !plan.done().isEmpty()) {
            // The blocks not run again, named by their lines in FILE below the new section.
            int above = WatchSummary.linesAbove(text);
            text = WatchResultText.of(plan.parsed(), report, plan.doneLines(), name, above);
        }
        // From the bytes read, not the decoded text: the user's text below the section keeps its
        // line endings, byte-order mark and any bytes that are not UTF-8.
        byte[] updated = WatchSummary.replace(plan.content(), text);
        try {
            if (results.replaceIfStill(file, plan.content(), updated)) {
                watch.seen(updated);
                where.add("result at the top of " + file.getFileName());
                return;
            }
        } catch (IOException e) {
            status.accept(
                    "the result is not put at the top of "
                            + file.getFileName()
                            + " ("
                            + e.getMessage()
                            + ")");
            return;
        }
        status.accept(file.getFileName() + " changed meanwhile: its new content is processed next");
    }

    String outputName() {
        return outputs.outputFile() ? file.getFileName() + ".out" : null;
    }
}
