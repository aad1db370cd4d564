package dev.csl.fsguard;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The guard's rules as data, for the guard that is not written in Java: the Node preload loads this
 * JSON (csl hands it over in {@code CSL_RULES}) and applies step 1 and the symlink walk from it, so
 * that both guards refuse the same names with the same codes. Made from the very tables {@link
 * PathSyntax} and {@link Resolver} use:
 *
 * <ul>
 *   <li>{@code maxPathChars}, {@code maxNameBytes}: the length limits (UTF-16 units; UTF-8 bytes);
 *   <li>{@code maxLinkHops} and {@code linkLoopCode}: more hops than that is a loop, refused with
 *       that code;
 *   <li>{@code controls}, {@code invisible}, {@code surrogates}, {@code whitespace}: code point
 *       ranges {@code [first, last]} ({@code whitespace} is Java's, used for blank paths and the
 *       stem of a device name);
 *   <li>{@code lookalikes}: code points that look like {@code . / \};
 *   <li>{@code devices}: reserved Windows device names (upper case);
 *   <li>{@code patterns}: the regular expressions, each {@code {source, flags, whole}} ({@code
 *       whole}: the whole text must match, else a match anywhere counts);
 *   <li>{@code codes}: the wire name of each code the rules give.
 * </ul>
 */
public final class GuardRules {
    private static final String JSON = build();

    private GuardRules() {}

    /** The rules as one JSON object. */
    public static String json() {
        return JSON;
    }

    private static String build() {
        StringBuilder b = new StringBuilder("{");
        field(b, "maxPathChars").append(PathSyntax.MAX_PATH_CHARS).append(',');
        field(b, "maxNameBytes").append(PathSyntax.MAX_NAME_BYTES).append(',');
        field(b, "maxLinkHops").append(Resolver.MAX_HOPS).append(',');
        field(b, "linkLoopCode").append(string(ErrorCode.IO_ERROR.wireName())).append(',');
        field(b, "controls").append(ranges(PathSyntax.CONTROLS)).append(',');
        field(b, "invisible").append(ranges(PathSyntax.INVISIBLE)).append(',');
        field(b, "surrogates").append(ranges(PathSyntax.SURROGATES)).append(',');
        field(b, "whitespace").append(ranges(whitespace())).append(',');
        List<String> lookalikes = new ArrayList<>();
        for (int cp : PathSyntax.LOOKALIKES) {
            lookalikes.add(Integer.toString(cp));
        }
        field(b, "lookalikes").append('[').append(String.join(",", lookalikes)).append("],");
        List<String> devices = new ArrayList<>();
        for (String name : new TreeSet<>(PathSyntax.DEVICE_NAMES)) {
            devices.add(string(name));
        }
        field(b, "devices").append('[').append(String.join(",", devices)).append("],");
        field(b, "patterns").append('{');
        pattern(b, "uri", PathSyntax.Patterns.URI, true).append(',');
        pattern(b, "drive", PathSyntax.Patterns.DRIVE, true).append(',');
        pattern(b, "percent", PathSyntax.Patterns.PERCENT, false).append(',');
        pattern(b, "windowsVariable", PathSyntax.Patterns.WINDOWS_VARIABLE, false).append(',');
        pattern(b, "shortName", PathSyntax.Patterns.SHORT_NAME, true).append(',');
        pattern(b, "stream", PathSyntax.Patterns.STREAM, true).append("},");
        field(b, "codes").append('{');
        List<String> codes = new ArrayList<>();
        for (ErrorCode code :
                List.of(
                        ErrorCode.INVALID_PATH,
                        ErrorCode.PATH_ESCAPE,
                        ErrorCode.PROTECTED_PATH,
                        ErrorCode.IO_ERROR)) {
            codes.add(string(code.name()) + ":" + string(code.wireName()));
        }
        b.append(String.join(",", codes)).append("}}");
        return b.toString();
    }

    /** Java's whitespace ({@link Character#isWhitespace}): all of it lies in the BMP. */
    private static int[][] whitespace() {
        List<int[]> out = new ArrayList<>();
        for (int cp = 0; cp <= 0xFFFF; cp++) {
            if (Character.isWhitespace(cp)) {
                int first = cp;
                while (cp + 1 <= 0xFFFF && Character.isWhitespace(cp + 1)) {
                    cp++;
                }
                out.add(new int[] {first, cp});
            }
        }
        return out.toArray(new int[0][]);
    }

    private static StringBuilder field(StringBuilder b, String name) {
        return b.append(string(name)).append(':');
    }

    private static StringBuilder pattern(StringBuilder b, String name, Pattern p, boolean whole) {
        String flags =
                ((p.flags() & Pattern.CASE_INSENSITIVE) != 0 ? "i" : "")
                        + ((p.flags() & Pattern.DOTALL) != 0 ? "s" : "");
        return field(b, name)
                .append("{\"source\":")
                .append(string(p.pattern()))
                .append(",\"flags\":")
                .append(string(flags))
                .append(",\"whole\":")
                .append(whole)
                .append('}');
    }

    private static String ranges(int[][] ranges) {
        List<String> out = new ArrayList<>();
        for (int[] r : ranges) {
            out.add("[" + r[0] + "," + r[1] + "]");
        }
        return "[" + String.join(",", out) + "]";
    }

    /** A JSON string: the rules' texts are ASCII apart from the device names' superscripts. */
    private static String string(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
