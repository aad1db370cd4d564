package dev.csl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One answer an agent loop applies twice (issue 29): a RUN, a WRITE, SEARCH edits with {@code
 * count="3"}, {@code count="all"} and a renamed word with {@code count="2"}, a TO range and a TASKS
 * block. Applied again, every operation is ok (the RUN and the unchanged WRITE) or {@code no_op}.
 * Shared by the CLI, serve and MCP tests.
 */
public final class ReApplyFixture {
    /** The project's file before the first apply. */
    public static final String APP =
            """
            from sandbox import parallel

            def main():
                acc = 0
                return acc

            a = sandbox.parallel.fold(1)
            b = sandbox.parallel.fold(2)
            c = sandbox.parallel.fold(3)
            """;

    /** {@code app.py} after the answer. */
    public static final String APP_AFTER =
            """
            from pkg import new

            def main():
                total = 0
                run()
                return total

            a = pkg.new.fold(1)
            b = pkg.new.fold(2)
            c = pkg.new.fold(3)
            """;

    public static final String ANSWER =
            """
            <---RUN--->
            mkdir -p pkg
            <---END--->
            <---WRITE file="pkg/new.py"--->
            def fold(x):
                return x
            <---END--->
            <---SEARCH file="app.py" count="3"--->
            sandbox.parallel.fold
            <---REPLACE--->
            pkg.new.fold
            <---END--->
            <---SEARCH file="app.py" count="all"--->
            from sandbox import parallel
            <---REPLACE--->
            from pkg import new
            <---END--->
            <---TASKS--->
            <---SEARCH file="app.py" count="2"--->
            acc
            <---REPLACE--->
            total
            <---END--->
            <---SEARCH file="app.py"--->
            def main():
            <---TO--->
                return total
            <---REPLACE--->
            def main():
                total = 0
                run()
                return total
            <---END--->
            <---END--->
            """;

    /** The statuses of the second apply: results 1 to 5, then the TASKS block's two children. */
    public static final String[] SECOND_STATUSES = {
        "ok", "ok", "no_op", "no_op", "ok", "no_op", "no_op"
    };

    private ReApplyFixture() {}

    /** Writes {@code app.py} into {@code project}. */
    public static void prepare(Path project) throws IOException {
        Files.writeString(project.resolve("app.py"), APP);
    }
}
