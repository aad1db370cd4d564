package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each elision phrasing models were reported writing (see {@link ElisionPhrases} for the threads),
 * in each comment syntax, is an elision line; code, prose and ordinary comments are not.
 */
class ElisionLinesTest {

    @Nested
    class Elisions {
        @ParameterizedTest(name = "{0}")
        @ValueSource(
                strings = {
                    // The issue's own, and the README's example
                    "// ... rest unchanged ...",
                    "# ... rest unchanged ...",
                    "# rest of the code stays the same",
                    "// rest of the file remains the same",
                    "// [existing code]",
                    "# (remaining functions omitted for brevity)",
                    "    // ... existing code ...",
                    "// ... rest of the file unchanged ...",
                    // Aider threads
                    "# ... rest of the code ...",
                    "// ... rest of the file content ...",
                    "// Existing fields...",
                    "// ... (rest of the fields)",
                    "# your existing code here",
                    "// ... rest of the file",
                    // Cline, Roo
                    "// ... (rest of the file remains the same)",
                    "    // ... (previous methods remain unchanged)",
                    "// Lines 1-50 remain unchanged",
                    "// rest of code unchanged",
                    "/* previous code */",
                    "// the remaining code stays unchanged",
                    // Continue
                    "// UNCHANGED CODE",
                    "// ... existing code ...",
                    // Copilot
                    "<!-- The rest of the code -->",
                    "// ...existing code...",
                    "  <!-- … rest of the page … -->",
                    // bolt.new
                    "/* (... keep the previous code ...) */",
                    "// ...remaining code here",
                    "//keep code no changed",
                    "// Previous imports remain the same...",
                    "// ... (rest of the component code remains the same, remove any usage of quizId)",
                    // Gemini CLI, Qwen Code, Hermes
                    "// (...rest of implementations)",
                    "// (...no changes around here)",
                    "/* ... full function ... */",
                    "// ... unchanged ...",
                    // Kin the issue lists, in every comment syntax
                    "// other methods unchanged",
                    "# other cases unchanged",
                    "// other functions remain the same",
                    "// as before",
                    "# same as before",
                    "// keep the rest",
                    "# keep existing code",
                    "// existing code",
                    "-- rest of the query unchanged",
                    "; ... rest of the config unchanged ...",
                    "% rest of the document unchanged",
                    "{/* ... existing JSX ... */}",
                    "{# rest of the template unchanged #}",
                    "(* rest of the module unchanged *)",
                    "/** ... other getters and setters ... */",
                    "// … rest unchanged …",
                    "// rest unchanged",
                    "// (unchanged)",
                    "# ... snip ...",
                    "// [rest of file omitted]",
                    "// no changes below",
                    "// Rest of the implementation remains the same as in your original code",
                    "// all other handlers stay exactly as they are",
                    "-- (other queries unchanged)",
                    "<!-- existing markup unchanged -->",
                    "# ... remaining tests ...",
                    "// everything else stays the same",
                    // Bare lines: no comment marker at all
                    "...existing code...",
                    "... rest of the file unchanged ...",
                    "[Previous content from line 1-305 remains exactly the same]",
                    "(rest of methods ...)",
                    "[existing code]",
                })
        void classify_elisionPhrasing_isAnElision(String line) {
            assertThat(ElisionLines.classify(line, false)).isEqualTo(ElisionPhrases.Kind.ELISION);
        }

        @ParameterizedTest(name = "{0}")
        @ValueSource(
                strings = {"// ...", "# …", "/* ... */", "<!-- ... -->", "  // ... ", "-- ..."})
        void classify_commentOfOnlyAnEllipsis_isALoneEllipsis(String line) {
            assertThat(ElisionLines.classify(line, false))
                    .isEqualTo(ElisionPhrases.Kind.LONE_ELLIPSIS);
        }

        @ParameterizedTest(name = "{0}")
        @ValueSource(
                strings = {
                    "<!-- rest of the page unchanged -->",
                    "... (rest of the README unchanged) ..."
                })
        void classify_markdownElision_isAnElision(String line) {
            assertThat(ElisionLines.classify(line, true)).isEqualTo(ElisionPhrases.Kind.ELISION);
        }
    }

    @Nested
    class NotElisions {
        @ParameterizedTest(name = "{0}")
        @ValueSource(
                strings = {
                    // Spread syntax and Python's Ellipsis
                    "...args",
                    "  ...rest,",
                    "    ...props",
                    "{...props}",
                    "return { ...state, loading: true };",
                    "...",
                    "    ...",
                    "def stub(self): ...",
                    "x = ...",
                    "(rest coll)",
                    "(rest of lst)",
                    // Comments that are prose, headers or notes
                    "# Loads the existing config...",
                    "# TODO: more",
                    "// TODO: more later ...",
                    "// Other methods",
                    "// Existing users",
                    "# Remaining arguments are passed to the callback.",
                    "// The rest of the array is filled with zeros by the constructor, so nothing to do here.",
                    "// keep the rest of the buffer for the next read",
                    "// Copy the existing entries into the new table",
                    "/* Check the previous token */",
                    "// Same as above, but for longs",
                    "# see the original paper for the derivation",
                    "// Handle the remaining cases",
                    "// call foo(a, b, ...) with the rest",
                    "// e.g. f(1, 2, 3, ...)",
                    "#include <stdio.h>",
                    // Doc comment lines are prose wrapped anywhere in a sentence
                    " * the existing values unchanged",
                    "/// All other symbol attributes are unchanged.",
                    "/** Existing functions.",
                    // Section comments and notes that only look like one
                    "/* other actions go here */",
                    "/* old names; don't add anything new here! */",
                    "# other 'file' command output we are looking for...",
                    "/* ...and for the drivers/sound files... */",
                    "# ... CMake code to create tests ...",
                    "// etc...",
                    "/* other standards...*/",
                    "# the original program.",
                    "# Old stupid way...",
                    "# (The remaining keys are optional)",
                    "// [[others omitted]]",
                    // Seen in the JDK's sources
                    "// eXisting method",
                    "// previous hashed value of \"\"...",
                    "// Keep the old method",
                    "//   | --- |     No Change",
                    "// original timezones must be the same in addition to date/time values",
                    // Bare lines of docs and doctests
                    "        ... body ...",
                    "        ...other options...",
                    "        ... other code here ...",
                    "    ...         # other key-value pairs",
                    "// (Same as ext2)",
                    "-- select * from t",
                    "; nothing here",
                    "% compute the sum",
                    // Strings and code that mention it
                    "print(\"... rest unchanged ...\")",
                    "msg = '// existing code'",
                    "String s = \"// rest of the file remains the same\";",
                    "foo(); // ... rest unchanged",
                })
        void classify_codeOrProse_isNotAnElision(String line) {
            assertThat(ElisionLines.classify(line, false)).isEqualTo(ElisionPhrases.Kind.NONE);
        }

        @ParameterizedTest(name = "{0}")
        @ValueSource(
                strings = {
                    "# Existing code",
                    "The existing code stays the same in this release.",
                    "Keep the rest of the file as before.",
                    "// rest of the file remains the same",
                    "* other methods unchanged",
                })
        void classify_markdownProse_isNotAnElision(String line) {
            assertThat(ElisionLines.classify(line, true)).isEqualTo(ElisionPhrases.Kind.NONE);
        }
    }

    @Test
    void find_markdownFencedExample_isProseAboutCode() {
        String readme =
                "# Lazy edits\n\nModels write:\n\n```js\n// ... existing code ...\n```\n"
                        + "<!-- rest of the page unchanged -->\n";

        List<ElisionLines.Hit> hits = ElisionLines.find(readme, true);

        assertThat(hits)
                .containsExactly(
                        new ElisionLines.Hit(
                                8,
                                "<!-- rest of the page unchanged -->",
                                ElisionPhrases.Kind.ELISION));
    }

    @Test
    void find_lineGoingOnWithAWrappedCommentsSentence_isProse() {
        String js =
                "// Performs basic validation of a bundle; this is a check that the bundle\n"
                        + "// rest of the code.\n"
                        + "// Helpers\n"
                        + "// rest of the code unchanged\n";

        assertThat(ElisionLines.find(js, false))
                .extracting(ElisionLines.Hit::line)
                .containsExactly(4);
    }

    @Test
    void find_source_linesNumberedFromOne() {
        List<ElisionLines.Hit> hits = ElisionLines.find("a\n  // ...\nb\n# existing code", false);

        assertThat(hits)
                .containsExactly(
                        new ElisionLines.Hit(2, "// ...", ElisionPhrases.Kind.LONE_ELLIPSIS),
                        new ElisionLines.Hit(4, "# existing code", ElisionPhrases.Kind.ELISION));
    }
}
