package dev.csl.cli;

import java.util.List;

/**
 * Six RUN blocks that a real apply refuses before running anything, as a new user's answer held
 * them (issue 25): a dry run, serve's apply with dryRun and MCP's check must report each with the
 * real apply's code. {@code sh -c true} stands for an unapproved command found on every machine.
 */
public final class RefusedRunBlocks {
    private RefusedRunBlocks() {}

    public static final String ANSWER =
            """
            <---RUN--->
            cat a.txt | tail -n 1
            <---END--->
            <---RUN--->
            cd src
            <---END--->
            <---RUN--->
            sh -c true
            <---END--->
            <---RUN--->
            ls --frobnicate
            <---END--->
            <---RUN--->
            git commit -m x
            <---END--->
            <---RUN--->
            cat a.txt 2>&1 | tail
            <---END--->
            """;

    /** The code each block is refused with, in order. */
    public static final List<String> CODES =
            List.of(
                    "shell_operator",
                    "command_not_allowed",
                    "command_not_approved",
                    "unknown_flag",
                    "command_not_allowed",
                    "shell_operator");

    /** A block whose grep finds nothing and whose diff finds differences: ok, with notes. */
    public static final String GREP_AND_DIFF =
            "<---RUN--->\ngrep -rn nothing-like-this .\ndiff a.txt b.txt\nmkdir after\n<---END--->\n";
}
