package dev.csl.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.interpreter.Warning;
import dev.csl.runner.node.NodeRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * csl has one vocabulary of error codes, fs-guard's {@link ErrorCode} (issue 18). A second one
 * comes back as codes spelt as strings ({@code "command_failed"}) and a translation from those
 * strings into the enum by wire name; either is caught here.
 */
class OneErrorVocabularyTest {
    private static final Pattern LITERAL = Pattern.compile("\"([a-z_]+)\"");

    /** Also the name of a RUN attribute and of a serve parameter, not only of a code. */
    private static final Set<String> ALSO_A_WORD = Set.of("timeout");

    @Test
    void fromWireName_calledOnlyWhereACodeIsReadBackFromText() {
        // The one place: a lang="node" program's preload names its refusal in stderr.
        noClasses()
                .that()
                .doNotBelongToAnyOf(NodeRunner.class)
                .should()
                .callMethod(ErrorCode.class, "fromWireName", String.class)
                .check(MainClasses.all());
    }

    @Test
    void mainSources_nameCodesOnlyThroughTheirEnums() throws IOException {
        Set<String> codes = new TreeSet<>();
        for (ErrorCode code : ErrorCode.values()) {
            codes.add(code.wireName());
        }
        for (Warning.Code code : Warning.Code.values()) {
            codes.add(code.wireName());
        }
        codes.removeAll(ALSO_A_WORD);

        List<String> spelt = new ArrayList<>();
        int files = 0;
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.toList()) {
                Path sources = module.resolve("src/main/java");
                if (!Files.isDirectory(sources)) {
                    continue;
                }
                try (Stream<Path> walk = Files.walk(sources)) {
                    for (Path file : walk.filter(f -> f.toString().endsWith(".java")).toList()) {
                        files++;
                        List<String> lines = Files.readAllLines(file);
                        for (int i = 0; i < lines.size(); i++) {
                            Matcher m = LITERAL.matcher(lines.get(i));
                            while (m.find()) {
                                if (codes.contains(m.group(1))) {
                                    spelt.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                                }
                            }
                        }
                    }
                }
            }
        }
        assertThat(files).as("main sources found").isGreaterThan(100);
        assertThat(spelt).as("codes spelt as strings").isEmpty();
    }
}
