package dev.csl.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * csl's main classes of every module, as ArchUnit sees them; cli's test class path is the one that
 * holds them all. Imported once for the architecture tests.
 */
final class MainClasses {
    private static JavaClasses all;

    private MainClasses() {}

    static synchronized JavaClasses all() {
        if (all == null) {
            all =
                    new ClassFileImporter()
                            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                            .importPackages("dev.csl");
        }
        return all;
    }
}
