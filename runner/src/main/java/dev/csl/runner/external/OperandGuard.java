package dev.csl.runner.external;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.ShellWords;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Guards the path-like operands of an approved external command (docs/external.md). csl cannot know
 * which words a foreign program reads as paths, so it guards the words that look like one: a word
 * with a slash, or starting with {@code ~}, {@code .} or {@code ..}, and the value of {@code
 * --opt=value}, and a program named by a relative path. Words with white space (inline code such as
 * {@code python3 -c "..."}) and network URLs ({@code https://...}) are left alone; the OS sandbox
 * still holds for them.
 */
final class OperandGuard {
    private static final Pattern NETWORK_URL =
            Pattern.compile("^(?!file:)[A-Za-z][A-Za-z0-9+.-]*://.*");

    private final GuardedFiles guard;

    OperandGuard(GuardedFiles guard) {
        this.guard = guard;
    }

    /** The first refused operand, or {@code null} when every path-like operand stays inside. */
    RunFailure check(List<String> argv, Path dir) {
        GuardedFiles here;
        String pendingDir = null;
        try {
            here = guard.withBase(dir.toString());
        } catch (GuardException e) {
            if (e.code() != ErrorCode.FILE_NOT_FOUND || !dir.startsWith(guard.root())) {
                return refusal(ShellWords.join(argv), dir.toString(), e);
            }
            // A dry run checks a block whose dir an earlier operation makes: below it, from the
            // root.
            here = guard;
            pendingDir = guard.root().relativize(dir).toString();
        }
        for (int i = 0; i < argv.size(); i++) {
            String word = argv.get(i);
            String candidate = i == 0 ? program(word) : operand(word);
            if (candidate == null || !pathLike(candidate)) {
                continue;
            }
            try {
                here.resolveForRead(below(pendingDir, candidate));
            } catch (GuardException e) {
                return refusal(ShellWords.join(argv), candidate, e);
            }
        }
        return null;
    }

    /**
     * {@code path} as seen from the root when the dir is pending; its own spelling checked first.
     */
    private String below(String pendingDir, String path) throws GuardException {
        if (pendingDir == null || path.startsWith("/")) {
            return path;
        }
        try {
            guard.resolveForRead(path);
        } catch (GuardException e) {
            if (e.code() == ErrorCode.INVALID_PATH) {
                throw e;
            }
        }
        return pendingDir + "/" + path;
    }

    /**
     * A program given by a relative path ({@code ./gradlew}) must be inside; an absolute one
     * ({@code /usr/bin/python3}) names an installed program, which the sandbox keeps read-only.
     */
    static String program(String word) {
        return word.contains("/") && !word.startsWith("/") ? word : null;
    }

    /** The part of a word that may be a path: the value of {@code --opt=value}, or the word. */
    static String operand(String word) {
        if (word.startsWith("-")) {
            int equals = word.indexOf('=');
            return equals < 0 ? null : word.substring(equals + 1);
        }
        return word;
    }

    static boolean pathLike(String word) {
        if (word.isEmpty() || word.chars().anyMatch(Character::isWhitespace)) {
            return false;
        }
        if (NETWORK_URL.matcher(word).matches()) {
            return false;
        }
        return word.contains("/")
                || word.startsWith("~")
                || word.equals(".")
                || word.equals("..")
                || word.startsWith("./")
                || word.startsWith("../");
    }

    private RunFailure refusal(String command, String operand, GuardException e) {
        String message =
                "'"
                        + command
                        + "' was not run: "
                        + e.getMessage()
                        + (e.getMessage().contains(guard.root().toString())
                                ? ""
                                : " (only " + guard.root() + " is writable)");
        return new RunFailure(
                e.code(),
                message,
                e.hint().isEmpty()
                        ? "use paths inside the working directory " + guard.root()
                        : e.hint(),
                Map.of("path", operand));
    }
}
