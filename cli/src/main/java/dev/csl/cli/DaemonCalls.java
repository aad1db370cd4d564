package dev.csl.cli;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which calls the resident process serves; every other one it declines before anything happens, and
 * the launcher runs it cold. It serves the short commands agents run ({@code apply}, {@code parse},
 * {@code --version}) when nobody is at a terminal on stdin (a prompt reads the terminal itself) and
 * when the settings csl reads once per process are the caller's too: the sandbox layer and the
 * programs csl trusts come from {@code PATH} and {@code CSL_SANDBOX_LAYER}, its own state from
 * {@code HOME} and the XDG directories, file names' encoding from the locale. A caller whose values
 * differ gets a cold run, exactly as without the resident process.
 */
final class DaemonCalls {
    /** Read once per process (see the class comment): a call must bring the same values. */
    static final List<String> PROCESS_WIDE =
            List.of(
                    "PATH",
                    "HOME",
                    "TMPDIR",
                    "CSL_SANDBOX_LAYER",
                    "CSL_CDS",
                    "CSL_JAVA25",
                    "LANG",
                    "LC_ALL",
                    "LC_CTYPE",
                    "XDG_CACHE_HOME",
                    "XDG_STATE_HOME",
                    "XDG_CONFIG_HOME",
                    "XDG_DATA_HOME",
                    "XDG_RUNTIME_DIR");

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
