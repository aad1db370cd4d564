package dev.csl.runner;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.worker.CommandTable;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether a git command line is one of the read-only ones csl runs without approval (SPEC
 * §2.4 kind 2) and which of its words are paths the guard must check.
 */
final class GitPolicy {
    private GitPolicy() {}

    /** Branch flags that only list; anything else could create, rename or delete a branch. */
    private static final Set<String> BRANCH_LISTING =
            Set.of(
                    "-a",
                    "--all",
                    "-r",
                    "--remotes",
                    "-l",
                    "--list",
                    "-v",
                    "-vv",
                    "--verbose",
                    "--show-current",
                    "--merged",
                    "--no-merged",
                    "--contains",
                    "--no-contains",
                    "--color",
                    "--no-color",
                    "--sort",
                    "--format",
                    "--column",
                    "--no-column",
                    "--points-at",
                    "-q",
                    "--quiet");

    /**
     * Why {@code argv} (starting with {@code git}) may not run as read-only git, or {@code null}.
     * Path operands are not checked here; see {@link #pathOperands}.
     */
    static RunFailure check(List<String> argv, String text) {
        if (argv.size() < 2 || argv.get(1).startsWith("-")) {
            return refuse(
                    text,
                    "git options before the subcommand are not supported",
                    "write git SUBCOMMAND ... with one of: "
                            + String.join(", ", CommandTable.READ_ONLY_GIT)
                            + "; use the RUN dir attribute instead of git -C");
        }
        String sub = argv.get(1);
        if (!CommandTable.READ_ONLY_GIT.contains(sub)) {
            return refuse(
                    text,
                    "git " + sub + " is not one of the read-only git commands csl runs",
                    "csl runs only read-only git ("
                            + String.join(", ", CommandTable.READ_ONLY_GIT)
                            + ") and no approval changes that; leave git "
                            + sub
                            + " to the user, who runs it outside csl");
        }
        boolean listing = false;
        boolean hasOperand = false;
        for (String w : argv.subList(2, argv.size())) {
            if (w.startsWith("--output")
                    || w.equals("-o")
                    || w.startsWith("--ext-diff")
                    || w.startsWith("--textconv")
                    || w.startsWith("--show-signature")) {
                return refuse(
                        text,
                        "git " + sub + " " + w + " would write files or run programs",
                        "leave out " + w + "; the output is returned to you");
            }
            if (sub.equals("branch") && w.startsWith("-")) {
                String name = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
                if (!BRANCH_LISTING.contains(name)) {
                    return refuse(
                            text,
                            "git branch " + w + " changes branches",
                            "only listing is read-only: git branch, git branch -a, git branch"
                                    + " --show-current");
                }
                listing |= name.equals("-l") || name.equals("--list");
            } else if (!w.startsWith("-")) {
                hasOperand = true;
            }
        }
        if (sub.equals("branch") && hasOperand && !listing) {
            return refuse(
                    text,
                    "git branch NAME creates a branch",
                    "to list branches matching a pattern write git branch --list 'PATTERN'");
        }
        return null;
    }

    /**
     * The words that are paths: everything after {@code --}, every operand of status and ls-files,
     * and for the others operands that could only be paths (absolute, {@code ~}, or climbing with
     * {@code ..}); revisions like {@code HEAD~1} and {@code main..topic} are not.
     */
    static List<String> pathOperands(List<String> argv) {
        String sub = argv.get(1);
        boolean allPaths = sub.equals("status") || sub.equals("ls-files");
        boolean afterDashes = false;
        boolean fileFollows = false;
        List<String> paths = new java.util.ArrayList<>();
        for (String w : argv.subList(2, argv.size())) {
            if (afterDashes || fileFollows) {
                paths.add(w);
                fileFollows = false;
            } else if (w.equals("--")) {
                afterDashes = true;
            } else if (w.startsWith("-")) {
                // git reads the file an option names (--exclude-from=F, -XF, -OF): F is a path too.
                fileFollows = FILE_OPTIONS.contains(w);
                String value = optionValue(w);
                if (value != null && (fileOption(w) || looksLikePath(value))) {
                    paths.add(value);
                }
            } else if (allPaths || looksLikePath(w)) {
                paths.add(w);
            } else if (w.indexOf(':') > 0 && looksLikePath(w.substring(w.indexOf(':') + 1))) {
                paths.add(w.substring(w.indexOf(':') + 1)); // REV:PATH names a path too
            }
        }
        return paths;
    }

    /** Options whose value is a file git reads (ls-files' excludes, diff's order file). */
    private static final Set<String> FILE_OPTIONS =
            Set.of("--exclude-from", "--exclude-per-directory", "-X", "-O", "--orderfile");

    /** The value glued to an option ({@code --opt=VALUE}, {@code -XVALUE}, {@code -OVALUE}). */
    private static String optionValue(String w) {
        if (w.startsWith("--")) {
            int eq = w.indexOf('=');
            return eq < 0 ? null : w.substring(eq + 1);
        }
        if (w.length() > 2 && (w.startsWith("-X") || w.startsWith("-O"))) {
            return w.substring(2);
        }
        return null;
    }

    private static boolean fileOption(String w) {
        String name = w.startsWith("--") && w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
        return FILE_OPTIONS.contains(name) || !w.startsWith("--");
    }

    private static boolean looksLikePath(String w) {
        if (w.startsWith("/") || w.startsWith("~/") || w.equals("~") || w.contains("\\")) {
            return true;
        }
        for (String part : w.split("/")) {
            if (part.equals("..")) {
                return true;
            }
        }
        return false;
    }

    private static RunFailure refuse(String text, String why, String hint) {
        return new RunFailure(
                ErrorCode.COMMAND_NOT_ALLOWED, why + ": " + text, hint, Map.of("command", text));
    }
}
