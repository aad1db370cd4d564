package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The package map of docs/architecture.md is the one the compiled classes really have. */
class ArchitectureDocTest {
    private static final String ROOT = "dev.csl.";
    private static final Pattern NAME = Pattern.compile("`([a-z.]+)`");

    @Test
    void packageTable_everyPackageAndItsImports_matchTheCode() throws IOException {
        assertThat(documented()).as("docs/architecture.md's package table").isEqualTo(actual());
    }

    /** Each table row: `package` | job | `imported`, `packages` (or —). */
    private static Map<String, Set<String>> documented() throws IOException {
        Map<String, Set<String>> map = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "architecture.md"))) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = line.split("\\|");
            Matcher pkg = NAME.matcher(cells[1]);
            assertThat(pkg.find()).as(line).isTrue();
            Set<String> imports = new TreeSet<>();
            Matcher imported = NAME.matcher(cells[cells.length - 1]);
            while (imported.find()) {
                imports.add(imported.group(1));
            }
            map.put(pkg.group(1), imports);
        }
        return map;
    }

    private static Map<String, Set<String>> actual() {
        JavaClasses classes = MainClasses.all();
        Map<String, Set<String>> map = new TreeMap<>();
        for (JavaClass c : classes) {
            String from = c.getPackageName();
            Set<String> imports = map.computeIfAbsent(shortName(from), k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = d.getTargetClass().getPackageName();
                if (to.startsWith(ROOT) && !to.equals(from)) {
                    imports.add(shortName(to));
                }
            }
        }
        return map;
    }

    private static String shortName(String pkg) {
        return pkg.substring(ROOT.length());
    }
}
