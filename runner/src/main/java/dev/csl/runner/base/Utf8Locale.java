package dev.csl.runner.base;

import java.util.Locale;
import java.util.Map;

/**
 * A UTF-8 locale in the environment of every program csl starts (the worker JVM, Node, git,
 * approved commands) when the user's environment has none. Containers, cron and MCP clients start
 * csl without {@code LANG}; a JVM started so encodes file names as ASCII ({@code sun.jnu.encoding},
 * fixed at its start from the locale) and cannot open {@code héllo.txt}, and other programs print
 * {@code ?} for every non-ASCII character.
 */
public final class Utf8Locale {
    /** The locale set when there is none: built into glibc since 2.35 and shipped by Debian. */
    public static final String FALLBACK = "C.UTF-8";

    private Utf8Locale() {}

    /**
     * Adds {@code LC_CTYPE=C.UTF-8} to {@code env} when its character type is not UTF-8 (or sets
     * {@code LC_ALL} when that is what overrides it); a UTF-8 locale of the user's stays as it is.
     */
    public static void ensure(Map<String, String> env) {
        if (isUtf8(ctype(env))) {
            return;
        }
        String all = env.get("LC_ALL");
        if (all != null && !all.isEmpty()) {
            env.put("LC_ALL", FALLBACK);
        } else {
            env.put("LC_CTYPE", FALLBACK);
        }
    }

    /** The locale that decides the character type: LC_ALL, else LC_CTYPE, else LANG. */
    static String ctype(Map<String, String> env) {
        for (String name : new String[] {"LC_ALL", "LC_CTYPE", "LANG"}) {
            String value = env.get(name);
            if (value != null && !value.isEmpty()) {
                return value;
            }
        }
        return "";
    }

    private static boolean isUtf8(String locale) {
        String lower = locale.toLowerCase(Locale.ROOT);
        return lower.contains("utf-8") || lower.contains("utf8");
    }
}
