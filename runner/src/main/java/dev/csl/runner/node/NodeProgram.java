package dev.csl.runner.node;

import java.util.regex.Pattern;

/**
 * A {@code lang="node"} block as Node will read it from stdin: an ES module when it has {@code
 * import} or {@code export} statements, CommonJS otherwise. CommonJS has no top-level {@code
 * await}, so a CommonJS program that uses {@code await} is run inside an async function (on its
 * first line, so that line numbers in stack traces stay right).
 */
record NodeProgram(String source, boolean module) {
    private static final Pattern ESM_STATEMENT =
            Pattern.compile(
                    "^\\s*(import\\s*[\\w*{'\"]|export\\s+(default|const|let|var|function|class"
                            + "|async|\\{|\\*))",
                    Pattern.MULTILINE);
    private static final Pattern AWAIT = Pattern.compile("\\bawait\\b");

    static NodeProgram of(String program) {
        String source = program;
        if (source.startsWith("#!")) {
            // A shebang line is only legal at the very start of a file; keep the line count.
            int end = source.indexOf('\n');
            source = end < 0 ? "" : source.substring(end);
        }
        if (ESM_STATEMENT.matcher(source).find()) {
            return new NodeProgram(source, true);
        }
        if (AWAIT.matcher(source).find()) {
            source =
                    "(async () => {"
                            + source
                            + "\n})().catch((error) => { process.exitCode = 1;"
                            + " console.error(error); });\n";
        }
        return new NodeProgram(source, false);
    }

    int lines() {
        return source.isEmpty() ? 0 : (int) source.lines().count();
    }
}
