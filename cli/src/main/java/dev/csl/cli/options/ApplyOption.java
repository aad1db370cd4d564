package dev.csl.cli.options;

/**
 * Every option of an apply, declared once: its names on the command line ({@code csl apply}; {@code
 * csl watch} takes the same spelling) and in JSON ({@code csl serve}'s apply parameters, {@code csl
 * mcp}'s tool arguments), and how it takes a value. Defaults, checks and their messages are in
 * {@link ApplySettings}; picocli's help text stays in the commands, and {@code FastApplyTest}
 * checks that picocli's {@code apply} declares exactly these names.
 */
public enum ApplyOption {
    DIR(Arity.VALUE, "workingDir", "-C", "--dir"),
    DRY_RUN(Arity.SWITCH, "dryRun", "--dry-run"),
    EXPECT_PLAN(Arity.VALUE, "expectPlan", "--expect-plan"),
    ALLOW(Arity.REPEATED, "allow", "--allow"),
    YES(Arity.SWITCH, "yes", "--yes"),
    TIMEOUT(Arity.VALUE, "timeout", "--timeout"),
    SANDBOX(Arity.VALUE, "sandbox", "--sandbox"),
    STRICT(Arity.SWITCH, "strict", "--strict"),
    FUZZY(Arity.VALUE, "fuzzy", "--fuzzy"),
    ATOMIC(Arity.SWITCH, "atomic", "--atomic"),
    START_DELIMITER(Arity.VALUE, "startDelimiter", "--start-delimiter"),
    END_DELIMITER(Arity.VALUE, "endDelimiter", "--end-delimiter"),
    // How csl apply prints its report; serve and mcp always answer with the JSON document.
    JSON(Arity.SWITCH, null, "--json"),
    COLOR(Arity.VALUE, null, "--color"),
    NO_COLOR(Arity.SWITCH, null, "--no-color"),
    FULL_DIFF(Arity.SWITCH, null, "--full-diff"),
    NO_DIFF(Arity.SWITCH, null, "--no-diff");

    /** How an option takes its value on the command line. */
    public enum Arity {
        /** A flag without a value ({@code --dry-run}); given twice is an error. */
        SWITCH,
        /** One value ({@code --timeout 5} or {@code --timeout=5}); given twice is an error. */
        VALUE,
        /** One value each time, given any number of times ({@code --allow}). */
        REPEATED
    }

    private final Arity arity;
    private final String json;
    private final String[] names;

    ApplyOption(Arity arity, String json, String... names) {
        this.arity = arity;
        this.json = json;
        this.names = names;
    }

    public Arity arity() {
        return arity;
    }

    /** The name in serve's parameters and mcp's arguments, or null for a command-line option. */
    public String json() {
        return json;
    }

    /** The names on the command line, the short one first. */
    public String[] names() {
        return names.clone();
    }

    /** The option with this command-line name, or null. */
    public static ApplyOption named(String name) {
        for (ApplyOption option : values()) {
            for (String n : option.names) {
                if (n.equals(name)) {
                    return option;
                }
            }
        }
        return null;
    }
}
