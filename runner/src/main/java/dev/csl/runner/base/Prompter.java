package dev.csl.runner.base;

/** Asks a person whether an unapproved command may run (docs/external.md, "Approving commands"). */
public interface Prompter {
    enum Answer {
        YES,
        NO,
        ALWAYS,
        NEVER
    }

    /** Asks {@code Allow 'npm test'? [y]es/[n]o/[a]lways/ne[v]er}. */
    Answer ask(String command);
}
