package dev.csl.runner.external;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How csl runs read-only git so that no configuration can make it run a program: no system or
 * global configuration, a {@code -c} override (which beats every configuration file) for each key
 * that names a program, the drivers a repository defines (filters, diff and merge drivers) emptied
 * by name, no pager, no hooks, no external diff or textconv, and no implicit bare repository, so a
 * directory an answer shaped like a repository is never taken for one. The list of keys follows
 * git-config(1) of git 2.39.
 */
final class ReadOnlyGit {
    private ReadOnlyGit() {}

    static final List<String> OVERRIDES =
            List.of(
                    "safe.bareRepository=explicit",
                    "core.fsmonitor=false",
                    "core.hooksPath=/dev/null",
                    "core.pager=cat",
                    "core.editor=true",
                    "sequence.editor=true",
                    "core.askPass=",
                    "core.sshCommand=false",
                    "core.gitProxy=",
                    "core.alternateRefsCommand=",
                    "credential.helper=",
                    "diff.external=",
                    "diff.noprefix=false",
                    "interactive.diffFilter=",
                    "gpg.program=false",
                    "gpg.openpgp.program=false",
                    "gpg.x509.program=false",
                    "gpg.ssh.program=false",
                    "gpg.ssh.defaultKeyCommand=false",
                    "log.showSignature=false",
                    "protocol.allow=never",
                    "submodule.recurse=false",
                    "status.submoduleSummary=false",
                    "diff.submodule=short",
                    "core.attributesFile=/dev/null");

    /** Keys of drivers a repository may define under any name, each naming a program. */
    static final String DRIVER_KEYS =
            "^(filter|diff|merge)\\.[^.]+\\.(clean|smudge|process|textconv|command|driver)$";

    /**
     * The environment on top of the command's: nothing from the user's git configuration, and no
     * transport at all. An empty {@code GIT_ALLOW_PROTOCOL} allows none and beats every {@code
     * protocol.<name>.allow} a repository sets: otherwise a partial clone's lazy fetch of a missing
     * object ({@code git show <id>}) runs {@code ext::} commands, {@code remote.*.uploadpack} or
     * {@code core.gitProxy} from the repository's configuration.
     */
    static final Map<String, String> ENVIRONMENT =
            Map.of(
                    "GIT_CONFIG_NOSYSTEM", "1",
                    "GIT_CONFIG_GLOBAL", "/dev/null",
                    "GIT_ATTR_NOSYSTEM", "1",
                    "GIT_TERMINAL_PROMPT", "0",
                    "GIT_OPTIONAL_LOCKS", "0",
                    "GIT_PAGER", "cat",
                    "GIT_ALLOW_PROTOCOL", "");

    private static final Set<String> SHOWS_DIFFS = Set.of("diff", "show", "log");

    /** The command that lists the driver keys set anywhere git would read them. */
    static List<String> driverKeysQuery(String program) {
        List<String> argv = new ArrayList<>(prefix(program));
        argv.addAll(List.of("config", "--name-only", "--get-regexp", DRIVER_KEYS));
        return argv;
    }

    /**
     * The command line for {@code argv} (git SUBCOMMAND ...), with {@code driverKeys} (from {@link
     * #driverKeysQuery}) emptied.
     */
    static List<String> command(String program, List<String> argv, List<String> driverKeys) {
        List<String> out = new ArrayList<>(prefix(program));
        for (String key : driverKeys) {
            out.add("-c");
            out.add(key + "=");
            if (key.startsWith("filter.")) {
                out.add("-c");
                out.add(key.substring(0, key.lastIndexOf('.')) + ".required=false");
            }
        }
        String sub = argv.get(1);
        out.add(sub);
        if (SHOWS_DIFFS.contains(sub)) {
            out.add("--no-ext-diff");
            out.add("--no-textconv");
        }
        out.addAll(argv.subList(2, argv.size()));
        return out;
    }

    private static List<String> prefix(String program) {
        List<String> out = new ArrayList<>();
        out.add(program);
        out.add("--no-pager");
        for (String override : OVERRIDES) {
            out.add("-c");
            out.add(override);
        }
        return out;
    }

    /** The driver keys printed by {@link #driverKeysQuery}: one per line, lower-cased by git. */
    static List<String> parseKeys(String stdout) {
        List<String> keys = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            if (!line.isBlank()) {
                keys.add(line.strip());
            }
        }
        return keys;
    }
}
