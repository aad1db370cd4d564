package dev.csl.runner.process;

import dev.csl.runner.base.Utf8Locale;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The environment a command gets: not csl's own (whose API keys and tokens would reach the model
 * through the command's output) but a few names every tool needs, plus the names the user lists
 * under {@code env} in {@code .csl/commands.json}.
 */
public final class CommandEnvironment {
    /** Passed through when csl has them. */
    public static final List<String> BASIC =
            List.of(
                    "PATH",
                    "HOME",
                    "USER",
                    "LOGNAME",
                    "SHELL",
                    "LANG",
                    "LANGUAGE",
                    "TERM",
                    "TZ",
                    "TMPDIR",
                    "COLORTERM",
                    "NO_COLOR",
                    "JAVA_HOME",
                    "NODE_PATH",
                    "GOPATH",
                    "CARGO_HOME",
                    "RUSTUP_HOME",
                    "PYENV_ROOT",
                    "VIRTUAL_ENV",
                    "SSL_CERT_FILE",
                    "SSL_CERT_DIR");

    private final Set<String> extra;

    /**
     * @param extra names the user listed ({@code env} in commands.json)
     */
    public CommandEnvironment(Collection<String> extra) {
        this.extra = Set.copyOf(extra);
    }

    public static CommandEnvironment basic() {
        return new CommandEnvironment(List.of());
    }

    /**
     * The variables of {@code from} a command may see ({@code LC_*} locale settings included), with
     * a UTF-8 locale added when {@code from} has none ({@link Utf8Locale}).
     */
    public Map<String, String> filter(Map<String, String> from) {
        Map<String, String> out = new TreeMap<>();
        from.forEach(
                (name, value) -> {
                    if (BASIC.contains(name) || name.startsWith("LC_") || extra.contains(name)) {
                        out.put(name, value);
                    }
                });
        Utf8Locale.ensure(out);
        return out;
    }

    /** The names listed in commands.json, for csl doctor. */
    public Set<String> extra() {
        return extra;
    }
}
