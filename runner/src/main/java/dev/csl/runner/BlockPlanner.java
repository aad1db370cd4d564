package dev.csl.runner;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.WordSplitter.SplitLine;
import dev.csl.runner.base.ExternalCommands;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.Invocation;
import dev.csl.runner.worker.OperandKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Checks a whole RUN block before any of it runs (docs/builtins.md, "How a RUN block runs"): splits
 * it, refuses shell syntax, reads every built-in against the command table, guards every path
 * operand, and asks for approval of every external command. One refused line refuses the block;
 * every refused line is named.
 */
final class BlockPlanner {

    /** Either every step of the block or why the block is refused. */
    record Plan(List<Step> steps, RunFailure failure) {
        static Plan run(List<Step> steps) {
            return new Plan(steps, null);
        }

        static Plan refused(RunFailure failure) {
            return new Plan(List.of(), failure);
        }
    }

    /** Shell built-ins an LLM reaches for, and what to do instead. */
    private static final Map<String, String> SHELL_BUILTINS =
            Map.of(
                    "cd", "use the RUN dir attribute: <---RUN dir=\"sub/dir\"--->",
                    "export", "no environment can be set; pass values as arguments",
                    "source", "no shell runs RUN commands; run the commands themselves",
                    ".", "no shell runs RUN commands; run the commands themselves",
                    "set", "no shell runs RUN commands; there is nothing to set",
                    "alias", "no shell runs RUN commands; write the command out",
                    "exit", "the block stops at the first failing command by itself",
                    "sudo", "commands run with your own rights only",
                    "unset", "no environment can be changed");

    private final CommandTable table;
    private final GuardedFiles guard;
    private final Supplier<ExternalCommands> external;
    private final Path dir;
    private final String pendingDir;

    BlockPlanner(
            CommandTable table, GuardedFiles guard, Supplier<ExternalCommands> external, Path dir) {
        this(table, guard, external, dir, null);
    }

    /**
     * {@code pendingDir}: the block's {@code dir} relative to {@code guard}'s root when it does not
     * exist yet (a dry run, in which an earlier operation makes it); relative path operands are
     * then checked below it. {@code null} when {@code guard}'s base is the block's dir.
     */
    BlockPlanner(
            CommandTable table,
            GuardedFiles guard,
            Supplier<ExternalCommands> external,
            Path dir,
            String pendingDir) {
        this.table = table;
        this.guard = guard;
        this.external = external;
        this.dir = dir;
        this.pendingDir = pendingDir;
    }

    /**
     * Every line is checked, so that one answer learns of every refused line at once. Once a line
     * is refused the block will not run, so later external commands are not put to the user.
     */
    Plan plan(String content) {
        WordSplitter.Result split = WordSplitter.split(content);
        Map<Integer, RefusedLines.Refusal> refusals = new java.util.TreeMap<>();
        for (RunFailure f : split.failures()) {
            Object line = f.details().get("line");
            refusals.put(line instanceof Integer n ? n : 0, RefusedLines.Refusal.namingItsLine(f));
        }
        List<Step> steps = new ArrayList<>();
        for (SplitLine line : split.lines()) {
            Checked checked = check(line, refusals.isEmpty());
            if (checked.refusal() != null) {
                RefusedLines.Refusal refusal = checked.refusal();
                refusals.put(line.line(), refusal.withFailure(withLine(refusal.failure(), line)));
            } else if (checked.step() != null) {
                steps.add(checked.step());
            }
        }
        if (refusals.isEmpty()) {
            return Plan.run(steps);
        }
        return Plan.refused(RefusedLines.combine(new ArrayList<>(refusals.values())));
    }

    /**
     * One line checked: the step to run, or the failure refusing it (neither when it was not
     * checked in full because the block is refused anyway).
     */
    private record Checked(Step step, RefusedLines.Refusal refusal) {
        static Checked run(Step step) {
            return new Checked(step, null);
        }

        static Checked refused(RunFailure refusal) {
            return new Checked(null, RefusedLines.Refusal.of(refusal));
        }

        static Checked refusedNamingLine(RunFailure refusal) {
            return new Checked(null, RefusedLines.Refusal.namingItsLine(refusal));
        }
    }

    /** {@code mayAsk}: an unapproved external command may be put to the user. */
    private Checked check(SplitLine line, boolean mayAsk) {
        List<String> words = line.words();
        String name = words.get(0);
        if (name.matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
            return Checked.refusedNamingLine(
                    new RunFailure(
                            ErrorCode.SHELL_OPERATOR,
                            "Command line "
                                    + line.line()
                                    + " sets an environment variable, but no shell runs RUN commands: "
                                    + line.text(),
                            "environment assignments are not supported; pass the value as an argument",
                            Map.of("command", line.text())));
        }
        if (SHELL_BUILTINS.containsKey(name)) {
            return Checked.refused(
                    new RunFailure(
                            ErrorCode.COMMAND_NOT_ALLOWED,
                            name
                                    + " is a shell built-in, and no shell runs RUN commands: "
                                    + line.text(),
                            SHELL_BUILTINS.get(name),
                            Map.of("command", line.text())));
        }
        var spec = table.command(name);
        if (spec.isPresent()) {
            OptionParser.Parsed parsed = OptionParser.parse(spec.get(), words, line.text());
            if (parsed.failure() != null) {
                return Checked.refused(parsed.failure());
            }
            RunFailure refusal = guardOperands(spec.get(), parsed.invocation());
            if (refusal != null) {
                return Checked.refused(refusal);
            }
            return Checked.run(
                    new Step.Builtin(line.line(), line.text(), spec.get(), parsed.invocation()));
        }
        if (name.equals("git")) {
            RunFailure refusal = GitPolicy.check(words, line.text());
            if (refusal == null) {
                for (String path : GitPolicy.pathOperands(words)) {
                    refusal = guardPath(path, OperandKind.READ);
                    if (refusal != null) {
                        break;
                    }
                }
            }
            if (refusal != null) {
                return Checked.refused(refusal);
            }
            return Checked.run(new Step.External(line.line(), line.text(), words, true));
        }
        if (!mayAsk) {
            return new Checked(null, null); // the block is refused already: nobody is asked
        }
        RunFailure refusal = external.get().check(words, dir);
        if (refusal != null) {
            return Checked.refused(refusal);
        }
        return Checked.run(new Step.External(line.line(), line.text(), words, false));
    }

    private RunFailure guardOperands(CommandSpec spec, Invocation inv) {
        Set<String> given = new HashSet<>();
        inv.options().forEach(o -> given.add(o.flag()));
        List<OperandKind> kinds = spec.operands().kinds(given, inv.operands().size());
        for (int i = 0; i < kinds.size(); i++) {
            RunFailure refusal = guardPath(inv.operands().get(i), kinds.get(i));
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }

    /**
     * Refuses a path the guard refuses (invalid, escaping, protected). A path that merely does not
     * exist yet passes: the command reports that GNU-style when it runs.
     */
    private RunFailure guardPath(String path, OperandKind kind) {
        String checked = path;
        if (pendingDir != null && kind != OperandKind.TEXT) {
            try {
                guard.resolveForRead(path); // its spelling on its own: ~, $HOME, C:\ ...
            } catch (GuardException e) {
                if (e.code() == ErrorCode.INVALID_PATH) {
                    return refusal(path, e);
                }
            }
            checked = path.startsWith("/") ? path : pendingDir + "/" + path;
        }
        try {
            switch (kind) {
                case TEXT -> {}
                case READ, NAME -> guard.resolveForRead(checked);
                case WRITE -> guard.resolveForWrite(checked);
                case DELETE -> guard.resolveForDelete(checked);
            }
            return null;
        } catch (GuardException e) {
            if (e.code() != ErrorCode.INVALID_PATH
                    && e.code() != ErrorCode.PATH_ESCAPE
                    && e.code() != ErrorCode.PROTECTED_PATH) {
                return null;
            }
            return refusal(path, e);
        }
    }

    private RunFailure refusal(String path, GuardException e) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", path);
        if (e.resolved() != null) {
            details.put("resolved", e.resolved().toString());
        }
        String inside =
                e.code() == ErrorCode.PATH_ESCAPE && pendingDir == null ? fileInside(path) : null;
        String hint =
                inside == null
                        ? e.hint()
                        : inside
                                + " is that file inside the working directory: name it so (paths"
                                + " are relative to the working directory)";
        return new RunFailure(e.code(), e.getMessage(), hint, details);
    }

    /**
     * For a path that leaves the working directory by a leading {@code ../}, the longest tail of it
     * that names a file inside ({@code ../semver-1.0.14/src/error.rs} is {@code src/error.rs}
     * here), or null. Dropping the {@code ../} alone would name another missing path.
     */
    private String fileInside(String path) {
        String p = path.replace('\\', '/');
        if (!p.startsWith("../")) {
            return null;
        }
        for (int i = p.indexOf('/'); i >= 0 && i < p.length() - 1; i = p.indexOf('/', i + 1)) {
            String tail = p.substring(i + 1);
            if (tail.startsWith("../") || tail.equals("..")) {
                continue;
            }
            try {
                if (guard.stat(tail, true).type() == dev.csl.fsguard.FileInfo.Type.FILE) {
                    return tail;
                }
            } catch (GuardException | RuntimeException ex) {
                // not there, or refused: try a shorter tail
            }
        }
        return null;
    }

    private static RunFailure withLine(RunFailure f, SplitLine line) {
        Map<String, Object> details = new LinkedHashMap<>(f.details());
        details.putIfAbsent("line", line.line());
        details.putIfAbsent("command", line.text());
        return new RunFailure(f.code(), f.message(), f.hint(), details);
    }
}
