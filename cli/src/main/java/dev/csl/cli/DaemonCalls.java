package dev.csl.cli;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which calls the resident process serves; every other one it declines before anything happens, and
 * the launcher runs it cold. It serves the short commands agents run ({@code apply}, {@code parse},
 * {@code --version}) when nobody is at a terminal on stdin (a prompt reads the terminal itself) and
 * when the few settings csl still reads once per process are the caller's too. Everything else of
 * the caller's environment is per call: PATH (the programs csl trusts, the sandbox's bwrap, what
 * commands see), TMPDIR, {@code CSL_SANDBOX_LAYER} and every variable commands are given.
 */
final class DaemonCalls {
    /**
     * Read once per process, so a call must bring the same values: {@code HOME}, {@code
     * CSL_CONFIG_HOME} and {@code XDG_CONFIG_HOME} locate the user's state (trusted settings,
     * approvals, safe directories, journal records), looked up once and shared by every module that
     * checks a record; {@code HOME} also bounds the search for a project; {@code XDG_CACHE_HOME}
     * (with HOME) is where csl-confine is unpacked once; {@code LANG}, {@code LC_ALL} and {@code
     * LC_CTYPE} fix the JVM's default locale and file-name encoding at its start.
     */
    static final List<String> PROCESS_WIDE =
            List.of(
                    "HOME",
                    "CSL_CONFIG_HOME",
                    "XDG_CONFIG_HOME",
                    "XDG_CACHE_HOME",
                    "LANG",
                    "LC_ALL",
                    "LC_CTYPE");

    private final Map<String, String> own;

    DaemonCalls(Map<String, String> own) {
        this.own = Map.copyOf(own);
    }

    /** Why the call is declined, or null when the resident process serves it. */
    String decline(List<String> args, Map<String, String> env, int flags) {
        if (args.isEmpty()) {
            return "no command";
        }
        String first = args.get(0);
        boolean served =
                first.equals("apply")
                        || first.equals("parse")
                        || (args.size() == 1 && (first.equals("--version") || first.equals("-V")));
        if (!served) {
            return "csl " + first + " runs in a process of its own";
        }
        if ((flags & 1) != 0) {
            return "stdin is a terminal";
        }
        for (String name : PROCESS_WIDE) {
            if (!Objects.equals(own.get(name), env.get(name))) {
                return name + " differs from the resident process's";
            }
        }
        return null;
    }
}
