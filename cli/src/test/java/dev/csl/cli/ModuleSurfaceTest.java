package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Java cannot hide a public class from the other modules without the module system, so each
 * module's surface (the types that the modules above it use) is the list in docs/architecture.md,
 * and a type that starts to be used across a module boundary must be added there on purpose.
 */
class ModuleSurfaceTest {
    private static final String ROOT = "dev.csl.";
    private static final Pattern TYPE = Pattern.compile("`([a-z.]+\\.[A-Z][A-Za-z0-9]*)`");

    /** Package prefix (after dev.csl.) of each module, lowest first. */
    private static final Map<String, String> MODULES =
            Map.of(
                    "grammar", "grammar",
                    "fsguard", "fs-guard",
                    "runner", "runner",
                    "interpreter", "interpreter",
                    "cli", "cli");

    @Test
    void surfaceTable_typesUsedAcrossModules_matchTheCode() throws IOException {
        Map<String, Set<String>> documented = documented();
        Map<String, Set<String>> used = actual();
        assertThat(documented.keySet()).as("modules in the table").isEqualTo(used.keySet());
        for (String module : used.keySet()) {
            Set<String> unlisted = new TreeSet<>(used.get(module));
            unlisted.removeAll(documented.get(module));
            Set<String> unused = new TreeSet<>(documented.get(module));
            unused.removeAll(used.get(module));
            assertThat(unlisted)
                    .as(
                            "%s types used by other modules but not listed in docs/architecture.md",
                            module)
                    .isEmpty();
            assertThat(unused)
                    .as("%s types listed in docs/architecture.md that no other module uses", module)
                    .isEmpty();
        }
    }

    @Test
    void surfaceTable_countInEachRow_isTheNumberOfTypesListed() throws IOException {
        for (String line : surfaceRows()) {
            Matcher count = Pattern.compile("\\((\\d+)\\)").matcher(line);
            assertThat(count.find()).as(line).isTrue();
            assertThat(types(line)).as(line).hasSize(Integer.parseInt(count.group(1)));
        }
    }

    /** Rows of the table: | **module** (N) | `package.Type`, ... |. */
    private static List<String> surfaceRows() throws IOException {
        return Files.readAllLines(Path.of("..", "docs", "architecture.md")).stream()
                .filter(line -> line.startsWith("| **"))
                .toList();
    }

    private static Set<String> types(String row) {
        Set<String> types = new TreeSet<>();
        Matcher m = TYPE.matcher(row);
        while (m.find()) {
            types.add(m.group(1));
        }
        return types;
    }

    private static Map<String, Set<String>> documented() throws IOException {
        Map<String, Set<String>> map = new TreeMap<>();
        for (String line : surfaceRows()) {
            String module = line.substring(4, line.indexOf("**", 4));
            map.put(module, types(line));
        }
        return map;
    }

    private static Map<String, Set<String>> actual() {
        JavaClasses classes = MainClasses.all();
        Map<String, Set<String>> map = new TreeMap<>();
        for (String module : MODULES.values()) {
            if (!module.equals("cli")) {
                map.put(module, new TreeSet<>());
            }
        }
        for (JavaClass c : classes) {
            String from = module(c.getName());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass();
                while (target.isArray()) {
                    target = target.getComponentType();
                }
                String to = module(target.getName());
                if (to != null && from != null && !to.equals(from)) {
                    map.get(to).add(topLevel(target.getName()));
                }
            }
        }
        return map;
    }

    /** The module of a class, by its package: dev.csl.runner.base.X belongs to runner. */
    private static String module(String className) {
        if (!className.startsWith(ROOT)) {
            return null;
        }
        String rest = className.substring(ROOT.length());
        return MODULES.get(rest.substring(0, rest.indexOf('.')));
    }

    /** runner.Deadline for dev.csl.runner.Deadline$Passed. */
    private static String topLevel(String className) {
        String name = className.substring(ROOT.length());
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }
}
