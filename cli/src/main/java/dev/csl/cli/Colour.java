package dev.csl.cli;

import dev.csl.runner.base.CallContext;
import java.util.Locale;

/** Whether human output is coloured: {@code --color=auto|always|never}, NO_COLOR, a terminal. */
final class Colour {
    private Colour() {}

    /** The mode's answer; IllegalArgumentException with a user message for an unknown mode. */
    static boolean use(CallContext call, String mode) {
        switch (mode.toLowerCase(Locale.ROOT)) {
            case "always":
                return true;
            case "never":
                return false;
            case "auto":
                return auto(call);
            default:
                throw new IllegalArgumentException(
                        "--color must be auto, always or never, not '" + mode + "'");
        }
    }

    /** On a terminal, unless NO_COLOR is set to anything (no-color.org) or TERM is dumb. */
    /** Refuses a value {@link #use} would refuse; colour itself stays off. */
    static boolean checked(CallContext call, String mode) {
        switch (mode.toLowerCase(Locale.ROOT)) {
            case "always":
            case "never":
            case "auto":
                return false;
            default:
                return use(call, mode);
        }
    }

    static boolean auto(CallContext call) {
        String noColor = call.getenv("NO_COLOR");
        return call.console()
                && (noColor == null || noColor.isEmpty())
                && !"dumb".equals(call.getenv("TERM"));
    }
}
