package dev.csl.fsguard;

import java.nio.file.Path;
import java.util.Map;

/**
 * The user's home directory as the user's shell names it: {@code $HOME} when it is set to an
 * absolute path, else Java's {@code user.home} (which Java takes from the password database, not
 * from {@code $HOME}, so a user who points {@code HOME} elsewhere would find csl's files in the
 * other place).
 */
public final class HomeDirectory {
    private HomeDirectory() {}

    /** The home directory named by {@code env}, else {@code userHome}. */
    public static String of(Map<String, String> env, String userHome) {
        String home = env.get("HOME");
        if (home != null && !home.isEmpty() && Path.of(home).isAbsolute()) {
            return home;
        }
        return userHome == null || userHome.isEmpty() ? "/" : userHome;
    }

    /** This process's home directory. */
    public static String current() {
        return of(System.getenv(), System.getProperty("user.home"));
    }
}
