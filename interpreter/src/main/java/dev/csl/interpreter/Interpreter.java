package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.StateDirectory;
import dev.csl.fsguard.UserState;
import dev.csl.grammar.AnswerText;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.ValidationError;
import dev.csl.grammar.Validator;
import dev.csl.grammar.antlr.AnswerParser;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.base.RunnerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Carries out the CSL operations of an answer against a working directory (docs/language.md,
 * "Execution"; docs/interpreter.md). Holds no state between applies: {@code csl serve} may run
 * applies for different directories at once.
 */
public final class Interpreter {
    private final RunSessionFactory runners;
    private final GuardOpener guards;

    /**
     * @param runners opens the RUN session of each apply (CLI: a fresh worker; serve: a pool)
     */
    public Interpreter(RunSessionFactory runners) {
        this(runners, GuardOpener.STANDARD);
    }

    Interpreter(RunSessionFactory runners, GuardOpener guards) {
        this.runners = Objects.requireNonNull(runners, "runners");
        this.guards = Objects.requireNonNull(guards, "guards");
    }

    /** Parses, validates and runs {@code answer}; never throws for anything the answer contains. */
    public ApplyReport apply(String answer, ApplyOptions options) {
        return apply(AnswerText.of(answer), options);
    }

    /** As above, for an answer read from bytes: operations on lines that were not UTF-8 refuse. */
    public ApplyReport apply(AnswerText text, ApplyOptions options) {
        try {
            return applyChecked(text, options);
        } catch (OutOfMemoryError e) {
            // Outside any one operation (reading the answer, the report): the apply fails, csl
            // and a server go on.
            ErrorInfo error = MemoryShortage.error();
            return failure(
                    options.workingDir().toAbsolutePath().normalize().toString(),
                    options.dryRun(),
                    error.code(),
                    error.message(),
                    error.hint());
        } catch (RuntimeException | StackOverflowError e) {
            // A bug must not take down csl serve: it is reported as data like any failure, and
            // in words a user can act on (no exception class, no stack trace).
            return failure(
                    options.workingDir().toAbsolutePath().normalize().toString(),
                    options.dryRun(),
                    ErrorCode.IO_ERROR,
                    INTERNAL_ERROR,
                    "Please report this to csl's maintainers with the answer that caused it;"
                            + " operations after the failure were not applied.");
        }
    }

    /**
     * The message of a failure that is a bug in csl. It never names the exception: a Java class
     * name tells the model nothing it can act on.
     */
    static final String INTERNAL_ERROR =
            "csl failed while applying this answer because of a bug in csl itself, not in the"
                    + " answer.";

    private ApplyReport applyChecked(AnswerText text, ApplyOptions options) {
        String answer = text.text();
        List<Integer> invalidLines = text.invalidLines();
        Path dir = options.workingDir().toAbsolutePath().normalize();
        String shown = dir.toString();
        ParseResult parsed = AnswerParser.parse(answer, options.delimiters());
        if (!parsed.ok()) {
            // Nothing runs, but the blocks that could be read are checked too: one pass, every
            // mistake (docs/language.md, "Likely mistakes").
            List<LikelyMistake> mistakes =
                    LikelyMistakes.find(
                                    parsed.readable(),
                                    options.delimiters(),
                                    invalidLines,
                                    options.strict())
                            .listed(parsed.readable());
            return new ApplyReport(
                    false,
                    shown,
                    options.dryRun(),
                    List.of(),
                    parsed.syntaxErrors(),
                    mistakes,
                    null,
                    null,
                    null);
        }
        List<ValidationError> invalid = Validator.validate(parsed.operations());
        boolean dryRun = options.dryRun();
        if (parsed.operations().isEmpty()) {
            return failure(
                    shown,
                    dryRun,
                    ErrorCode.NO_OPERATIONS,
                    "The answer holds no CSL operation, so nothing was applied.",
                    OtherEditFormats.hint(answer));
        }
        if (GuardedFiles.isFileSystemRoot(dir)) {
            return failure(
                    shown,
                    dryRun,
                    ErrorCode.INVALID_WORKING_DIRECTORY,
                    "The working directory " + dir + " is the root of the file system.",
                    "Pass the project's own directory with -C.");
        }
        try {
            if (!Files.exists(dir)) {
                if (dryRun) {
                    return failure(
                            shown,
                            true,
                            ErrorCode.INVALID_WORKING_DIRECTORY,
                            "The working directory "
                                    + dir
                                    + " does not exist; a dry run does not create it.",
                            "Create it, or apply without --dry-run (which creates it).");
                }
                // The working directory itself, as given with -C: the guard is rooted here, so
                // it cannot make it, and nothing outside it is written; no path of the answer
                // is involved.
                Files.createDirectories(dir); // -C itself, never an answer's path
            } else if (!Files.isDirectory(dir)) {
                return failure(
                        shown,
                        dryRun,
                        ErrorCode.INVALID_WORKING_DIRECTORY,
                        "The working directory " + dir + " is not a directory.",
                        "Pass a directory with -C.");
            }
            GuardedFiles files = guards.open(dir);
            if (dryRun) {
                return planned(answer, parsed, invalid, invalidLines, options, files, shown);
            }
            try (DirectoryLock lock = DirectoryLock.acquire(StateDirectory.open(files.root()))) {
                return planned(answer, parsed, invalid, invalidLines, options, files, shown);
            }
        } catch (GuardException e) {
            return failure(shown, dryRun, e.code(), e.getMessage(), e.hint());
        } catch (IOException e) {
            return failure(
                    shown,
                    dryRun,
                    ErrorCode.IO_ERROR,
                    "Could not open the working directory " + dir + ": " + e.getMessage(),
                    "Check that the directory exists and is readable.");
        }
    }

    /** Checks --expect-plan (under the directory lock for a real apply), then runs. */
    private ApplyReport planned(
            String answer,
            ParseResult parsed,
            List<ValidationError> invalid,
            List<Integer> invalidLines,
            ApplyOptions options,
            GuardedFiles files,
            String shown)
            throws IOException {
        boolean dryRun = options.dryRun();
        if (options.expectPlan() != null) {
            PlanMemory memory = new PlanMemory(UserState.current());
            // read before the preview remembers its own plan; parsed only when the plan changed
            byte[] saved = memory.saved(files.root());
            ApplyReport preview = run(answer, parsed, invalid, invalidLines, options, files, true);
            if (!options.expectPlan().equals(preview.planHash())) {
                PlanMemory.Plan before =
                        PlanMemory.parse(saved, files.root(), options.expectPlan());
                PlanMemory.Plan now =
                        before == null ? null : memory.recall(files.root(), preview.planHash());
                return new ApplyReport(
                        false,
                        shown,
                        dryRun,
                        List.of(),
                        List.of(),
                        preview.planHash(),
                        PlanChanged.error(before, now, answer));
            }
            if (dryRun) {
                return preview;
            }
        }
        return run(answer, parsed, invalid, invalidLines, options, files, dryRun);
    }

    private ApplyReport run(
            String answer,
            ParseResult parsed,
            List<ValidationError> invalid,
            List<Integer> invalidLines,
            ApplyOptions options,
            GuardedFiles guard,
            boolean dryRun)
            throws IOException {
        // Each directory is listed once for the repository-shape check of the apply's writes; the
        // workspace forgets those listings after each RUN, as it forgets the files it loaded.
        GuardedFiles files = guard.rememberingListings();
        Path root = files.root();
        RunnerConfig config =
                new RunnerConfig(
                        root,
                        options.timeoutSeconds() == null
                                ? RunnerConfig.DEFAULT_TIMEOUT_SECONDS
                                : options.timeoutSeconds(),
                        RunnerConfig.DEFAULT_OUTPUT_CAP,
                        options.sandbox(),
                        options.allow(),
                        options.approveAll(),
                        options.prompter(),
                        options.output(),
                        null,
                        options.context());
        // A RUN's worker JVM boots while the journal is opened and the operations before it run.
        RunSession early = null;
        if (!dryRun && RunStep.wantsWorker(parsed.operations())) {
            try {
                early = runners.open(config);
                early.prepare();
            } catch (RuntimeException e) {
                // the first RUN opens its session as before and reports what goes wrong there
                if (early != null) {
                    early.close();
                }
                early = null;
            }
        }
        List<OperationResult> results;
        Journal journal = null;
        StateDirectory state = null;
        Recovery recovered = null;
        Workspace ws;
        AuditLog audit = new AuditLog();
        try {
            if (!dryRun) {
                state = StateDirectory.open(root).rememberingListings();
                state.requireFileOrAbsent(AuditLog.NAME);
                JournalRecords records = JournalRecords.of(root);
                recovered = History.recover(files, state, records);
                journal = new Journal(files, state, records);
            }
            ws = new Workspace(files, journal, ApplyBudget.of(root));
            LikelyMistakes mistakes =
                    LikelyMistakes.find(
                            parsed.operations(),
                            options.delimiters(),
                            invalidLines,
                            options.strict());
            Map<Integer, ErrorInfo> refused =
                    new LinkedHashMap<>(
                            TimeoutCeiling.refusals(
                                    parsed.operations(), root, options.timeoutSeconds()));
            refused.putAll(mistakes.refused());
            mistakes = new LikelyMistakes(refused, mistakes.warnings());
            try (Execution execution =
                    new Execution(
                            ws, dryRun, options, invalid, mistakes, runners, config, audit,
                            early)) {
                results = execution.runAll(parsed.operations());
                if (options.atomic() && AtomicAnswer.failed(results)) {
                    ws.forget(); // withdrawn: what is still in memory never reaches the disk
                }
                ws.flush();
            }
        } finally {
            if (early != null) {
                early.close(); // closed already by the execution, unless something failed before
            }
        }
        results = SaveFailures.applyTo(results, ws.saveFailures());
        ErrorInfo withdrawn = null;
        if (options.atomic() && AtomicAnswer.failed(results)) {
            ws.forget();
            List<String> problems = dryRun ? List.of() : journal.restoreAll();
            AtomicAnswer.Withdrawn w = AtomicAnswer.withdraw(results, problems);
            results = w.results();
            withdrawn = w.error();
        }
        if (!dryRun) {
            journal.commit("committed", options.source(), options.answerName());
            audit.write(state, journal.id(), results);
        }
        boolean ok = results.stream().allMatch(OperationResult::succeeded);
        String shown = options.workingDir().toAbsolutePath().normalize().toString();
        ApplyReport report =
                new ApplyReport(
                        ok,
                        shown,
                        dryRun,
                        results,
                        List.of(),
                        dryRun ? rememberedPlan(root, ws, answer) : null,
                        withdrawn);
        if (!dryRun && journal.id() != null) {
            report = report.withApplyId(journal.id());
        }
        return recovered == null ? report : report.withRecovered(recovered);
    }

    /** A dry run's plan hash, its reads remembered so that plan_changed can name a file. */
    private static String rememberedPlan(Path root, Workspace ws, String answer) {
        String hash = ws.planHash(answer);
        new PlanMemory(UserState.current()).remember(root, hash, answer, ws.planReads());
        return hash;
    }

    private static ApplyReport failure(
            String dir, boolean dryRun, ErrorCode code, String message, String hint) {
        return new ApplyReport(
                false, dir, dryRun, List.of(), List.of(), null, ErrorInfo.of(code, message, hint));
    }
}
