package dev.csl.runner.worker;

import static dev.csl.runner.worker.FlagSpec.Value.COUNT;
import static dev.csl.runner.worker.FlagSpec.Value.FILE_TYPE;
import static dev.csl.runner.worker.FlagSpec.Value.HEAD_COUNT;
import static dev.csl.runner.worker.FlagSpec.Value.NONE;
import static dev.csl.runner.worker.FlagSpec.Value.TAIL_COUNT;
import static dev.csl.runner.worker.FlagSpec.Value.TEXT;
import static dev.csl.runner.worker.OperandKind.DELETE;
import static dev.csl.runner.worker.OperandKind.NAME;
import static dev.csl.runner.worker.OperandKind.READ;
import static dev.csl.runner.worker.OperandKind.WRITE;

import dev.csl.runner.worker.CommandSpec.Operands;
import dev.csl.runner.worker.CommandSpec.Syntax;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every built-in command (docs/builtins.md), one constant each, and the constant is the command's
 * one declaration: its name (the constant's name in lower case), usage, description, flags, operand
 * layout and the lines that train the worker's class-data archive. {@link CommandTable} derives the
 * validation, the help and {@code csl prompt} from it; the worker dispatches with an exhaustive
 * switch over it ({@link Builtins}), so a command without an implementation does not compile.
 * Declaring no implementation objects here keeps csl's own process from loading them.
 */
enum BuiltinCommand {
    CAT(
            cmd("cat [FLAG]... FILE...", "print files", files(1))
                    .flag("-n", "number all output lines", "--number")
                    .flag("-b", "number non-empty output lines", "--number-nonblank")
                    .flag("-s", "squeeze repeated empty lines", "--squeeze-blank")
                    .flag("-E", "show $ at the end of each line", "--show-ends")
                    .training("-n", "a.txt")),
    HEAD(
            cmd("head [FLAG]... FILE...", "print the first 10 lines of files", files(1))
                    .value(
                            "-n",
                            HEAD_COUNT,
                            "print the first N lines (-N: all but the last N)",
                            "--lines")
                    .value("-c", HEAD_COUNT, "print the first N bytes", "--bytes")
                    .flag("-q", "never print file name headers", "--quiet", "--silent")
                    .flag("-v", "always print file name headers", "--verbose")
                    .numeric("-n")
                    .training("-n", "1", "a.txt")),
    TAIL(
            cmd("tail [FLAG]... FILE...", "print the last 10 lines of files", files(1))
                    .value(
                            "-n",
                            TAIL_COUNT,
                            "print the last N lines (+N: from line N on)",
                            "--lines")
                    .value(
                            "-c",
                            TAIL_COUNT,
                            "print the last N bytes (+N: from byte N on)",
                            "--bytes")
                    .flag("-q", "never print file name headers", "--quiet", "--silent")
                    .flag("-v", "always print file name headers", "--verbose")
                    .numeric("-n")
                    .training("-n", "1", "a.txt")),
    LS(
            cmd("ls [FLAG]... [PATH]...", "list directory contents, one per line", files(0))
                    .flag("-l", "long listing: mode, links, owner, group, size, time")
                    .flag("-a", "include entries starting with .", "--all")
                    .flag("-A", "like -a but without . and ..", "--almost-all")
                    .flag("-R", "list subdirectories recursively", "--recursive")
                    .flag("-1", "one entry per line (always the case here)")
                    .flag("-h", "with -l: sizes like 1.5K, 23M", "--human-readable")
                    .flag("-d", "list directories themselves, not their contents", "--directory")
                    .flag("-F", "append / to directories, @ to symlinks", "--classify")
                    .flag("-r", "reverse the order", "--reverse")
                    .flag("-t", "sort by modification time, newest first")
                    .flag("-S", "sort by size, largest first")
                    .training("-la", ".")
                    .training("-R")),
    TREE(
            cmd("tree [FLAG]... [DIR]...", "show a directory tree", files(0))
                    .value("-L", COUNT, "descend at most N levels")
                    .flag("-a", "include entries starting with .")
                    .flag("-d", "list directories only")
                    .flag("-f", "print the full path of each entry")
                    .value("-I", TEXT, "leave out names matching the glob ('node_modules|dist')")
                    .training()),
    FIND(
            cmd(
                            "find [PATH]... [EXPRESSION]",
                            "search for files in a directory tree",
                            new Operands(0, -1, List.of(), READ, null, null))
                    .syntax(Syntax.EXPRESSION)
                    .value("-name", TEXT, "base name matches the glob (quote it: -name '*.js')")
                    .value("-iname", TEXT, "like -name, ignoring case")
                    .value("-path", TEXT, "whole path matches the glob")
                    .value("-type", FILE_TYPE, "f file, d directory, l symlink")
                    .value("-maxdepth", COUNT, "descend at most N levels")
                    .value("-mindepth", COUNT, "do not act on the first N levels")
                    .flag("-empty", "empty files and directories")
                    .flag("-print", "print the path (the default action)")
                    .flag("-not", "negate the next test", "!")
                    .flag("-o", "either test may match", "-or")
                    .flag("-a", "both tests must match (the default)", "-and")
                    .flag("(", "group tests (write \\( or '(')")
                    .flag(")", "end a group (write \\) or ')')")
                    .training(".", "-name", "*.txt")),
    GREP(
            cmd(
                            "grep [FLAG]... PATTERN [FILE]...",
                            "print lines matching a pattern (basic regex; -E extended, -F fixed)",
                            new Operands(1, -1, List.of(OperandKind.TEXT), READ, null, "-e"))
                    .flag("-r", "search directories recursively", "-R", "--recursive")
                    .flag("-i", "ignore case", "--ignore-case")
                    .flag("-n", "prefix each line with its line number", "--line-number")
                    .flag(
                            "-l",
                            "print only the names of files with matches",
                            "--files-with-matches")
                    .flag(
                            "-L",
                            "print only the names of files without matches",
                            "--files-without-match")
                    .flag("-c", "print only a count of matching lines per file", "--count")
                    .flag("-v", "select non-matching lines", "--invert-match")
                    .flag("-w", "match whole words only", "--word-regexp")
                    .flag("-x", "match whole lines only", "--line-regexp")
                    .flag("-o", "print only the matched parts", "--only-matching")
                    .flag("-E", "PATTERN is an extended regular expression", "--extended-regexp")
                    .flag("-F", "PATTERN is a fixed string", "--fixed-strings")
                    .flag("-P", "PATTERN is a Perl-style regular expression", "--perl-regexp")
                    .flag("-H", "print the file name for each match", "--with-filename")
                    .flag("-h", "never print file names", "--no-filename")
                    .flag("-q", "print nothing; exit 0 on a match", "--quiet", "--silent")
                    .flag("-s", "no messages about missing files", "--no-messages")
                    .value("-e", TEXT, "use PATTERN (may be given more than once)", "--regexp")
                    .value("-m", COUNT, "stop after N matching lines per file", "--max-count")
                    .value(
                            "-A",
                            COUNT,
                            "print N lines of context after each match",
                            "--after-context")
                    .value(
                            "-B",
                            COUNT,
                            "print N lines of context before each match",
                            "--before-context")
                    .value("-C", COUNT, "print N lines of context around each match", "--context")
                    .value("--include", TEXT, "with -r: only files whose name matches the glob")
                    .value("--exclude", TEXT, "with -r: skip files whose name matches the glob")
                    .value("--exclude-dir", TEXT, "with -r: skip directories whose name matches")
                    .training("-rn", "beta", ".")
                    .training("-E", "b(e|a)ta", "a.txt")),
    WC(
            cmd("wc [FLAG]... FILE...", "count lines, words and bytes", files(1))
                    .flag("-l", "print the line count", "--lines")
                    .flag("-w", "print the word count", "--words")
                    .flag("-c", "print the byte count", "--bytes")
                    .flag("-m", "print the character count", "--chars")
                    .training("-l", "a.txt")),
    PWD(
            cmd(
                            "pwd",
                            "print the working directory (the RUN dir)",
                            new Operands(0, 0, List.of(), READ, null, null))
                    .training()),
    ECHO(
            cmd(
                            "echo [FLAG]... [TEXT]...",
                            "print the words, separated by spaces",
                            new Operands(0, -1, List.of(), OperandKind.TEXT, null, null))
                    .syntax(Syntax.ECHO)
                    .flag("-n", "no trailing newline")
                    .flag("-e", "interpret backslash escapes (\\n, \\t)")
                    .flag("-E", "do not interpret backslash escapes (the default)")
                    .training("hi")),
    MKDIR(
            cmd("mkdir [FLAG]... DIR...", "create directories", kinds(1, WRITE))
                    .flag("-p", "create parents as needed; no error if it exists", "--parents")
                    .flag("-v", "print a line for each created directory", "--verbose")
                    .training("-p", "x/y")),
    TOUCH(
            cmd(
                            "touch [FLAG]... FILE...",
                            "create empty files or update their time",
                            kinds(1, WRITE))
                    .flag("-c", "do not create missing files", "--no-create")
                    .training("x/y/z")),
    CP(
            cmd(
                            "cp [FLAG]... SOURCE... DEST",
                            "copy files and directories",
                            new Operands(2, -1, List.of(), READ, WRITE, null))
                    .flag("-r", "copy directories recursively", "-R", "--recursive")
                    .flag("-a", "like -r (archive)", "--archive")
                    .flag("-f", "overwrite without asking (the default here)", "--force")
                    .flag("-n", "do not overwrite an existing file", "--no-clobber")
                    .flag("-v", "print each copy", "--verbose")
                    .training("-r", "src", "x")),
    MV(
            cmd(
                            "mv [FLAG]... SOURCE... DEST",
                            "move or rename files and directories",
                            new Operands(2, -1, List.of(), DELETE, WRITE, null))
                    .flag("-f", "overwrite without asking (the default here)", "--force")
                    .flag("-n", "do not overwrite an existing file", "--no-clobber")
                    .flag("-v", "print each move", "--verbose")
                    .training("x/src", "x/moved")),
    RM(
            cmd("rm [FLAG]... PATH...", "remove files or directories", kinds(1, DELETE))
                    .flag("-r", "remove directories and their contents", "-R", "--recursive")
                    .flag("-f", "ignore missing files", "--force")
                    .flag("-d", "remove empty directories", "--dir")
                    .flag("-v", "print each removal", "--verbose")
                    .training("-r", "x")),
    DIFF(
            cmd(
                            "diff [FLAG]... FILE1 FILE2",
                            "compare two files line by line",
                            new Operands(2, 2, List.of(), READ, null, null))
                    .flag("-u", "unified format with 3 lines of context")
                    .value("-U", COUNT, "unified format with N lines of context", "--unified")
                    .flag("-q", "only say whether the files differ", "--brief")
                    .flag("-i", "ignore case", "--ignore-case")
                    .flag("-w", "ignore all white space", "--ignore-all-space")
                    .flag(
                            "-b",
                            "ignore changes in the amount of white space",
                            "--ignore-space-change")
                    .training("-u", "a.txt", "src/b.txt")),
    STAT(
            cmd("stat [FLAG]... PATH...", "show file status", kinds(1, READ))
                    .value(
                            "-c",
                            TEXT,
                            "use FORMAT: %n name, %s size, %F type, %a mode, %A mode, %y time",
                            "--format")
                    .flag("-L", "follow symlinks")
                    .training("a.txt")),
    REALPATH(
            cmd("realpath [FLAG]... PATH...", "print the resolved absolute path", kinds(1, READ))
                    .flag("-e", "every component must exist", "--canonicalize-existing")
                    .flag("-m", "no component needs to exist", "--canonicalize-missing")
                    .flag("-s", "do not resolve symlinks", "--strip", "--no-symlinks")
                    .training("a.txt")),
    DIRNAME(cmd("dirname PATH...", "strip the last component from a path", kinds(1, NAME))),
    BASENAME(
            cmd(
                            "basename PATH [SUFFIX]",
                            "strip directories (and SUFFIX) from a path",
                            kinds(1, NAME))
                    .flag("-a", "every operand is a PATH", "--multiple")
                    .value("-s", TEXT, "remove a trailing SUFFIX; implies -a", "--suffix"));

    private static final Map<String, BuiltinCommand> BY_NAME = new HashMap<>();

    static {
        for (BuiltinCommand c : values()) {
            BY_NAME.put(c.spec.name(), c);
        }
    }

    private final CommandSpec spec;
    private final List<List<String>> training;

    BuiltinCommand(Declaration declaration) {
        String name = name().toLowerCase(Locale.ROOT);
        this.spec = declaration.spec(name);
        this.training = declaration.trainingLines(name);
    }

    /** The command called {@code name} exactly, or {@code null}. */
    static BuiltinCommand named(String name) {
        return BY_NAME.get(name);
    }

    CommandSpec spec() {
        return spec;
    }

    /** Command lines (words, name first) for the training run; see {@code WorkerArchive}. */
    List<List<String>> training() {
        return training;
    }

    private static Operands files(int min) {
        return kinds(min, READ);
    }

    private static Operands kinds(int min, OperandKind kind) {
        return new Operands(min, -1, List.of(), kind, null, null);
    }

    private static Declaration cmd(String usage, String description, Operands operands) {
        return new Declaration(usage, description, operands);
    }

    /** Keeps the constants above readable: one line per flag. */
    private static final class Declaration {
        private final String usage;
        private final String description;
        private final Operands operands;
        private final List<FlagSpec> flags = new ArrayList<>();
        private final List<List<String>> training = new ArrayList<>();
        private Syntax syntax = Syntax.GETOPT;
        private String numericFlag;

        Declaration(String usage, String description, Operands operands) {
            this.usage = usage;
            this.description = description;
            this.operands = operands;
        }

        Declaration syntax(Syntax s) {
            syntax = s;
            return this;
        }

        Declaration flag(String flag, String text, String... aliases) {
            flags.add(new FlagSpec(flag, List.of(aliases), NONE, text));
            return this;
        }

        Declaration value(String flag, FlagSpec.Value value, String text, String... aliases) {
            flags.add(new FlagSpec(flag, List.of(aliases), value, text));
            return this;
        }

        Declaration numeric(String flag) {
            numericFlag = flag;
            return this;
        }

        /** One training line: the command with {@code args}, run in the training scratch dir. */
        Declaration training(String... args) {
            training.add(List.of(args));
            return this;
        }

        CommandSpec spec(String name) {
            return new CommandSpec(name, usage, description, syntax, flags, numericFlag, operands);
        }

        List<List<String>> trainingLines(String name) {
            List<List<String>> lines = new ArrayList<>();
            for (List<String> args : training) {
                List<String> words = new ArrayList<>();
                words.add(name);
                words.addAll(args);
                lines.add(List.copyOf(words));
            }
            return List.copyOf(lines);
        }
    }
}
