package dev.csl.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version from the jar manifest, falling back to the development version. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {line()};
    }

    /** {@code csl VERSION}, what {@code csl --version} prints. */
    static String line() {
        String version = Main.class.getPackage().getImplementationVersion();
        return "csl " + (version == null ? "0.1.0-SNAPSHOT" : version);
    }
}
