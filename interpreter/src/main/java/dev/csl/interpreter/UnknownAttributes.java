package dev.csl.interpreter;

import dev.csl.grammar.Operation;
import dev.csl.grammar.Tasks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code unknown_attribute}: an attribute the operation does not know. docs/language.md,
 * "Attributes", keeps it in the AST and execution ignores it, but a misspelt known attribute
 * changes what happens without a word: {@code apend="true"} replaces the file instead of appending,
 * {@code cwd="sub"} runs in the working directory, {@code timout="5"} keeps the default timeout. So
 * each unknown attribute of a WRITE, SEARCH or RUN is a warning naming the attribute it probably
 * meant. TASKS is not checked: its one attribute, {@code version}, changes nothing, so no
 * misspelling of it can either.
 */
final class UnknownAttributes {
    /** The attributes execution reads, per operation, in the order the hints list them. */
    private static final Map<String, List<String>> KNOWN =
            Map.of(
                    "WRITE", List.of("file", "append"),
                    "SEARCH", List.of("file", "count"),
                    "RUN", List.of("dir", "lang", "timeout"));

    /**
     * Names models use for a known attribute that no small edit distance finds, in the order {@link
     * #aliasesOf} returns them (the file aliases are also how a missing {@code file} is explained).
     */
    private static final Map<String, String> ALIASES = aliases();

    private UnknownAttributes() {}

    private static Map<String, String> aliases() {
        Map<String, String> map = new LinkedHashMap<>();
        for (String alias :
                List.of(
                        "path",
                        "filename",
                        "filepath",
                        "file_path",
                        "filePath",
                        "name",
                        "target",
                        "dest")) {
            map.put(alias, "file");
        }
        for (String alias :
                List.of("cwd", "workdir", "working_dir", "workingDir", "directory", "folder")) {
            map.put(alias, "dir");
        }
        map.put("language", "lang");
        map.put("runtime", "lang");
        map.put("cnt", "count");
        map.put("times", "count");
        map.put("occurrences", "count");
        map.put("time", "timeout");
        map.put("time_limit", "timeout");
        return Collections.unmodifiableMap(map);
    }

    /** The names models use for {@code known} by mistake ({@code path} for {@code file}). */
    static List<String> aliasesOf(String known) {
        List<String> out = new ArrayList<>();
        ALIASES.forEach(
                (alias, meant) -> {
                    if (meant.equals(known)) {
                        out.add(alias);
                    }
                });
        return out;
    }

    /** One warning per attribute of {@code op} that its operation does not know, in order. */
    static List<Warning> check(Operation op) {
        List<String> known = KNOWN.get(op.type());
        if (known == null || op instanceof Tasks) {
            return List.of();
        }
        List<Warning> warnings = new ArrayList<>();
        op.attributes()
                .asMap()
                .forEach(
                        (name, value) -> {
                            if (!known.contains(name)) {
                                warnings.add(warning(op, known, name, value));
                            }
                        });
        return warnings;
    }

    private static Warning warning(Operation op, List<String> known, String name, String value) {
        String file = op.attributes().getOr("file", null);
        String subject =
                "The "
                        + op.type()
                        + (file == null || file.isEmpty() ? "" : " of '" + file + "'")
                        + " at line "
                        + op.line();
        String meant = probablyMeant(known, name);
        String knows = op.type() + " knows " + list(known);
        String hint;
        if (meant != null) {
            hint = "If you meant " + meant + "=\"" + value + "\", spell it so (" + knows + ").";
        } else {
            String owner = ownerOf(name);
            hint =
                    owner != null
                            ? name
                                    + " is an attribute of "
                                    + owner
                                    + ", not "
                                    + op.type()
                                    + "; "
                                    + knows
                                    + "."
                            : "Remove it: " + knows + ".";
        }
        return new Warning(
                Warning.Code.UNKNOWN_ATTRIBUTE,
                subject
                        + " has the attribute "
                        + name
                        + "=\""
                        + value
                        + "\", which "
                        + op.type()
                        + " does not know, so it had no effect.",
                hint,
                op.line());
    }

    /**
     * The known attribute {@code name} probably stands for: a known alias, the same name in another
     * case, or one a typo or two away; null when none is close.
     */
    static String probablyMeant(List<String> known, String name) {
        String alias = ALIASES.get(name);
        if (alias != null && known.contains(alias)) {
            return alias;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            // One typo in a short name, two in a longer one: "id" must not become "dir" twice over.
            int limit = candidate.length() <= 4 ? 1 : 2;
            if (Math.abs(lower.length() - candidate.length()) > limit) {
                continue;
            }
            int distance = distance(lower, candidate);
            if (distance <= limit && distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** The other operation that knows {@code name} ({@code append} is WRITE's), or null. */
    private static String ownerOf(String name) {
        for (String type : List.of("WRITE", "SEARCH", "RUN")) {
            if (KNOWN.get(type).contains(name)) {
                return type;
            }
        }
        return null;
    }

    private static String list(List<String> names) {
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1))
                + " and "
                + names.get(names.size() - 1);
    }

    /** Levenshtein distance, with a swap of two neighbours counted as one edit. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] =
                        Math.min(
                                Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1
                        && j > 1
                        && a.charAt(i - 1) == b.charAt(j - 2)
                        && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
