package dev.csl.runner;

import static dev.csl.runner.FlagSpec.Value.COUNT;
import static dev.csl.runner.FlagSpec.Value.FILE_TYPE;
import static dev.csl.runner.FlagSpec.Value.HEAD_COUNT;
import static dev.csl.runner.FlagSpec.Value.NONE;
import static dev.csl.runner.FlagSpec.Value.TAIL_COUNT;
import static dev.csl.runner.FlagSpec.Value.TEXT;
import static dev.csl.runner.OperandKind.DELETE;
import static dev.csl.runner.OperandKind.NAME;
import static dev.csl.runner.OperandKind.READ;
import static dev.csl.runner.OperandKind.WRITE;

import dev.csl.runner.CommandSpec.Operands;
import dev.csl.runner.CommandSpec.Syntax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one declarative table of built-in commands (SPEC §2.4 kind 1): every command's flags, operand
 * counts and which operands are paths. The validation before a RUN block runs, the help and {@code
 * csl prompt} are all generated from it, so they cannot disagree. Read-only.
 */
public final class CommandTable {
    /** The git subcommands that run as the real git without approval (SPEC §2.4 kind 2). */
    public static final List<String> READ_ONLY_GIT =
            List.of("status", "diff", "log", "show", "branch", "ls-files");

    private static final CommandTable BUILTINS = new CommandTable(define());

    private final Map<String, CommandSpec> commands;
    private final List<CommandSpec> order;

    private CommandTable(List<CommandSpec> specs) {
        Map<String, CommandSpec> byName = new LinkedHashMap<>();
        for (CommandSpec spec : specs) {
            if (byName.put(spec.name(), spec) != null) {
                throw new IllegalArgumentException("duplicate command " + spec.name());
            }
        }
        this.commands = Map.copyOf(byName);
        this.order = List.copyOf(specs);
    }

    /** The built-in commands of csl. */
    public static CommandTable builtins() {
        return BUILTINS;
    }

    /** Every command, in the order the help lists them. */
    public List<CommandSpec> commands() {
        return order;
    }

    /** The names of every command, in the order the help lists them. */
    public List<String> names() {
        return order.stream().map(CommandSpec::name).toList();
    }

    public Optional<CommandSpec> command(String name) {
        return Optional.ofNullable(commands.get(name));
    }

    /** The help of every command and of read-only git, as {@code csl prompt} prints it. */
    public String help() {
        StringBuilder s = new StringBuilder();
        for (CommandSpec spec : order) {
            s.append(spec.help());
        }
        s.append("git ")
                .append(String.join("|", READ_ONLY_GIT))
                .append(
                        " [ARG]...\n    the real git, read-only; other git commands need approval\n");
        return s.toString();
    }

    /** This table plus {@code extra} commands (tests add worker self-tests this way). */
    CommandTable with(CommandSpec... extra) {
        List<CommandSpec> all = new ArrayList<>(order);
        all.addAll(Arrays.asList(extra));
        return new CommandTable(all);
    }

    private static List<CommandSpec> define() {
        List<CommandSpec> t = new ArrayList<>();
        t.add(
                cmd("cat", "cat [FLAG]... FILE...", "print files", files(1))
                        .flag("-n", "number all output lines", "--number")
                        .flag("-b", "number non-empty output lines", "--number-nonblank")
                        .flag("-s", "squeeze repeated empty lines", "--squeeze-blank")
                        .flag("-E", "show $ at the end of each line", "--show-ends")
                        .build());
        t.add(
                cmd("head", "head [FLAG]... FILE...", "print the first 10 lines of files", files(1))
                        .value(
                                "-n",
                                HEAD_COUNT,
                                "print the first N lines (-N: all but the last N)",
                                "--lines")
                        .value("-c", HEAD_COUNT, "print the first N bytes", "--bytes")
                        .flag("-q", "never print file name headers", "--quiet", "--silent")
                        .flag("-v", "always print file name headers", "--verbose")
                        .numeric("-n")
                        .build());
        t.add(
                cmd("tail", "tail [FLAG]... FILE...", "print the last 10 lines of files", files(1))
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
                        .build());
        t.add(
                cmd(
                                "ls",
                                "ls [FLAG]... [PATH]...",
                                "list directory contents, one per line",
                                files(0))
                        .flag("-l", "long listing: mode, links, owner, group, size, time")
                        .flag("-a", "include entries starting with .", "--all")
                        .flag("-A", "like -a but without . and ..", "--almost-all")
                        .flag("-R", "list subdirectories recursively", "--recursive")
                        .flag("-1", "one entry per line (always the case here)")
                        .flag("-h", "with -l: sizes like 1.5K, 23M", "--human-readable")
                        .flag(
                                "-d",
                                "list directories themselves, not their contents",
                                "--directory")
                        .flag("-F", "append / to directories, @ to symlinks", "--classify")
                        .flag("-r", "reverse the order", "--reverse")
                        .flag("-t", "sort by modification time, newest first")
                        .flag("-S", "sort by size, largest first")
                        .build());
        t.add(
                cmd("tree", "tree [FLAG]... [DIR]...", "show a directory tree", files(0))
                        .value("-L", COUNT, "descend at most N levels")
                        .flag("-a", "include entries starting with .")
                        .flag("-d", "list directories only")
                        .flag("-f", "print the full path of each entry")
                        .value(
                                "-I",
                                TEXT,
                                "leave out names matching the glob ('node_modules|dist')")
                        .build());
        t.add(
                new Builder(
                                "find",
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
                        .build());
        t.add(
                cmd(
                                "grep",
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
                        .flag(
                                "-E",
                                "PATTERN is an extended regular expression",
                                "--extended-regexp")
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
                        .value(
                                "-C",
                                COUNT,
                                "print N lines of context around each match",
                                "--context")
                        .value("--include", TEXT, "with -r: only files whose name matches the glob")
                        .value("--exclude", TEXT, "with -r: skip files whose name matches the glob")
                        .value(
                                "--exclude-dir",
                                TEXT,
                                "with -r: skip directories whose name matches")
                        .build());
        t.add(
                cmd("wc", "wc [FLAG]... FILE...", "count lines, words and bytes", files(1))
                        .flag("-l", "print the line count", "--lines")
                        .flag("-w", "print the word count", "--words")
                        .flag("-c", "print the byte count", "--bytes")
                        .flag("-m", "print the character count", "--chars")
                        .build());
        t.add(
                cmd(
                                "pwd",
                                "pwd",
                                "print the working directory (the RUN dir)",
                                new Operands(0, 0, List.of(), READ, null, null))
                        .build());
        t.add(
                new Builder(
                                "echo",
                                "echo [FLAG]... [TEXT]...",
                                "print the words, separated by spaces",
                                new Operands(0, -1, List.of(), OperandKind.TEXT, null, null))
                        .syntax(Syntax.ECHO)
                        .flag("-n", "no trailing newline")
                        .flag("-e", "interpret backslash escapes (\\n, \\t)")
                        .flag("-E", "do not interpret backslash escapes (the default)")
                        .build());
        t.add(
                cmd("mkdir", "mkdir [FLAG]... DIR...", "create directories", kinds(1, WRITE))
                        .flag("-p", "create parents as needed; no error if it exists", "--parents")
                        .flag("-v", "print a line for each created directory", "--verbose")
                        .build());
        t.add(
                cmd(
                                "touch",
                                "touch [FLAG]... FILE...",
                                "create empty files or update their time",
                                kinds(1, WRITE))
                        .flag("-c", "do not create missing files", "--no-create")
                        .build());
        t.add(
                cmd(
                                "cp",
                                "cp [FLAG]... SOURCE... DEST",
                                "copy files and directories",
                                new Operands(2, -1, List.of(), READ, WRITE, null))
                        .flag("-r", "copy directories recursively", "-R", "--recursive")
                        .flag("-a", "like -r (archive)", "--archive")
                        .flag("-f", "overwrite without asking (the default here)", "--force")
                        .flag("-n", "do not overwrite an existing file", "--no-clobber")
                        .flag("-v", "print each copy", "--verbose")
                        .build());
        t.add(
                cmd(
                                "mv",
                                "mv [FLAG]... SOURCE... DEST",
                                "move or rename files and directories",
                                new Operands(2, -1, List.of(), DELETE, WRITE, null))
                        .flag("-f", "overwrite without asking (the default here)", "--force")
                        .flag("-n", "do not overwrite an existing file", "--no-clobber")
                        .flag("-v", "print each move", "--verbose")
                        .build());
        t.add(
                cmd("rm", "rm [FLAG]... PATH...", "remove files or directories", kinds(1, DELETE))
                        .flag("-r", "remove directories and their contents", "-R", "--recursive")
                        .flag("-f", "ignore missing files", "--force")
                        .flag("-d", "remove empty directories", "--dir")
                        .flag("-v", "print each removal", "--verbose")
                        .build());
        t.add(
                cmd(
                                "diff",
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
                        .build());
        t.add(
                cmd("stat", "stat [FLAG]... PATH...", "show file status", kinds(1, READ))
                        .value(
                                "-c",
                                TEXT,
                                "use FORMAT: %n name, %s size, %F type, %a mode, %A mode, %y time",
                                "--format")
                        .flag("-L", "follow symlinks")
                        .build());
        t.add(
                cmd(
                                "realpath",
                                "realpath [FLAG]... PATH...",
                                "print the resolved absolute path",
                                kinds(1, READ))
                        .flag("-e", "every component must exist", "--canonicalize-existing")
                        .flag("-m", "no component needs to exist", "--canonicalize-missing")
                        .flag("-s", "do not resolve symlinks", "--strip", "--no-symlinks")
                        .build());
        t.add(
                cmd(
                                "dirname",
                                "dirname PATH...",
                                "strip the last component from a path",
                                kinds(1, NAME))
                        .build());
        t.add(
                cmd(
                                "basename",
                                "basename PATH [SUFFIX]",
                                "strip directories (and SUFFIX) from a path",
                                kinds(1, NAME))
                        .flag("-a", "every operand is a PATH", "--multiple")
                        .value("-s", TEXT, "remove a trailing SUFFIX; implies -a", "--suffix")
                        .build());
        return t;
    }

    private static Operands files(int min) {
        return kinds(min, READ);
    }

    private static Operands kinds(int min, OperandKind kind) {
        return new Operands(min, -1, List.of(), kind, null, null);
    }

    private static Builder cmd(String name, String usage, String description, Operands operands) {
        return new Builder(name, usage, description, operands);
    }

    /** Keeps the table above readable: one line per flag. */
    private static final class Builder {
        private final String name;
        private final String usage;
        private final String description;
        private final Operands operands;
        private final List<FlagSpec> flags = new ArrayList<>();
        private Syntax syntax = Syntax.GETOPT;
        private String numericFlag;

        Builder(String name, String usage, String description, Operands operands) {
            this.name = name;
            this.usage = usage;
            this.description = description;
            this.operands = operands;
        }

        Builder syntax(Syntax s) {
            syntax = s;
            return this;
        }

        Builder flag(String flag, String text, String... aliases) {
            flags.add(new FlagSpec(flag, List.of(aliases), NONE, text));
            return this;
        }

        Builder value(String flag, FlagSpec.Value value, String text, String... aliases) {
            flags.add(new FlagSpec(flag, List.of(aliases), value, text));
            return this;
        }

        Builder numeric(String flag) {
            numericFlag = flag;
            return this;
        }

        CommandSpec build() {
            return new CommandSpec(name, usage, description, syntax, flags, numericFlag, operands);
        }
    }
}
