package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.grammar.AnswerText;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A flush renames a directory's files once all of them are written, on the saving threads: every
 * file of the answer that could be written is in place at the end, in each directory, and the one
 * whose save failed is reported on its own task and left as it was.
 */
class DirectorySavesTest {
    private static final String ANSWER =
            String.join(
                    "\n",
                    "<---WRITE file=\"a/one.txt\"--->",
                    "one",
                    "<---END--->",
                    "<---WRITE file=\"a/two.txt\"--->",
                    "two",
                    "<---END--->",
                    "<---SEARCH file=\"a/three.txt\"--->",
                    "old",
                    "<---REPLACE--->",
                    "three",
                    "<---END--->",
                    "<---WRITE file=\"b/four.txt\"--->",
                    "four",
                    "<---END--->",
                    "<---WRITE file=\"five.txt\"--->",
                    "five",
                    "<---END--->",
                    "");

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void flush_oneFileOfADirectoryCannotBeWritten_theRestAreSavedInEveryDirectory(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.createDirectories(work.resolve("a"));
        Files.writeString(work.resolve("a/two.txt"), "before\n");
        Files.writeString(work.resolve("a/three.txt"), "old\n");

        ApplyReport report =
                new Interpreter(new FakeRunners(), dir -> failingOn("a/two.txt", dir))
                        .apply(
                                AnswerText.decode(ANSWER.getBytes(StandardCharsets.UTF_8)),
                                ApplyOptions.defaults(work));

        assertThat(report.results())
                .extracting(r -> r.error() == null ? null : r.error().code())
                .containsExactly(null, ErrorCode.IO_ERROR, null, null, null);
        assertThat(report.results().get(1).error().message())
                .contains("Could not save 'a/two.txt'", "disk full");
        Map<String, String> files = Fixtures.files(work);
        assertThat(files)
                .containsEntry("a/one.txt", "one\n")
                .containsEntry("a/two.txt", "before\n")
                .containsEntry("a/three.txt", "three\n")
                .containsEntry("b/four.txt", "four\n")
                .containsEntry("five.txt", "five\n");
        assertThat(files.keySet()).noneMatch(name -> name.contains(".csl-tmp-"));
    }

    /**
     * The real guard of {@code dir}, except that the new content of {@code path} is never written.
     */
    private static GuardedFiles failingOn(String path, Path dir) throws IOException {
        return failing(path, GuardedFiles.open(dir));
    }

    private static GuardedFiles failing(String path, GuardedFiles real) {
        return (GuardedFiles)
                Proxy.newProxyInstance(
                        GuardedFiles.class.getClassLoader(),
                        new Class<?>[] {GuardedFiles.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("prepareWrite") && path.equals(args[0])) {
                                throw new IOException("disk full");
                            }
                            Object result;
                            try {
                                result = method.invoke(real, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                            return result instanceof GuardedFiles g && g != real
                                    ? failing(path, g)
                                    : result == real ? proxy : result;
                        });
    }
}
