package dev.csl.grammar;

/** One CSL operation as written in an answer (docs/language.md, "Operations"). Immutable. */
public sealed interface Operation permits Write, Search, Run, Tasks {

    /** 1-based line of the opening marker. */
    int line();

    /** Attributes in source order. */
    Attributes attributes();

    /** The operation name as written in the marker: WRITE, SEARCH, RUN or TASKS. */
    String type();
}
