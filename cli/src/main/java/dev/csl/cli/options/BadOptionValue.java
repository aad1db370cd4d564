package dev.csl.cli.options;

/**
 * A value an apply option does not take, with the message in each spelling: the command line's
 * ({@link #getMessage}, printed after {@code csl apply: } or {@code csl watch: }) and JSON's
 * ({@link #json}, serve's and mcp's invalid-params message).
 */
public final class BadOptionValue extends Exception {
    private final String json;

    BadOptionValue(String commandLine, String json) {
        super(commandLine, null, false, false);
        this.json = json;
    }

    public String json() {
        return json;
    }
}
