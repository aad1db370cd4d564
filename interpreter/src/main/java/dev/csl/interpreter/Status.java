package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The outcome of one operation (docs/json.md). */
public enum Status {
    OK,
    NO_OP,
    ERROR,
    SKIPPED,
    ROLLED_BACK;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the outcomes that count as success for the exit status. */
    public boolean succeeded() {
        return this == OK || this == NO_OP;
    }
}
