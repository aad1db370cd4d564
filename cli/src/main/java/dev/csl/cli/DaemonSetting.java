package dev.csl.cli;

import dev.csl.fsguard.HomeDirectory;
import dev.csl.fsguard.UserState;
import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The user's setting that turns the resident process off: a file {@code daemon-off} in the user's
 * own state directory (never a project's: a cloned repository must not decide how csl runs), which
 * the launcher looks for before it hands a call to the resident process or starts one.
 */
record DaemonSetting(UserState state) {
    /** The file's name in the state directory; the launcher names it too. */
    static final String OFF = "daemon-off";

    /**
     * The setting of the caller's user state (CSL_CONFIG_HOME, XDG_CONFIG_HOME, HOME), found as
     * UserState and the launcher find it: HOME first, the password database's home without one.
     */
    static DaemonSetting of(CallContext call) {
        Path home = call.home();
        return new DaemonSetting(
                UserState.locate(
                        call.environment(),
                        HomeDirectory.of(
                                call.environment(),
                                home != null ? home.toString() : HomeDirectory.current())));
    }

    Path file() {
        return state.root().resolve(OFF);
    }

    boolean off() throws IOException {
        return state.readIfExists(OFF) != null;
    }

    void turnOff() throws IOException {
        state.write(
                OFF,
                "the launcher neither starts nor uses a resident csl process\n"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    void turnOn() throws IOException {
        state.delete(OFF);
    }
}
