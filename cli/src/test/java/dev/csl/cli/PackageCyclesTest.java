package dev.csl.cli;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The cli's test class path holds every module, so this is the one place that sees all of csl's
 * main classes at once: no package may import a package that imports it back.
 */
class PackageCyclesTest {

    @Test
    void mainClasses_everyPackage_freeOfImportCycles() {
        JavaClasses classes = MainClasses.all();

        // An empty import fails the rule too (ArchUnit's failOnEmptyShould), so a broken
        // class path cannot pass it silently.
        slices().matching("dev.csl.(**)").should().beFreeOfCycles().check(classes);
    }
}
