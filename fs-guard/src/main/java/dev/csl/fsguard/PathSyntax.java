package dev.csl.fsguard;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Step 1 of the guard (docs/guard.md): names a careful engineer would never mean. Pure text checks,
 * no file system access, so the same verdict holds on every file system. Each refusal carries a
 * reason and a hint of its own.
 */
final class PathSyntax {

    /** Why a path was refused, before any resolution. */
    record Problem(String reason, String hint) {}

    static final int MAX_PATH_CHARS = 4096;
    static final int MAX_NAME_BYTES = 255;

    /** C0 controls, DEL and the C1 controls (U+0085 NEL among them). */
    static final int[][] CONTROLS = {{0x00, 0x1F}, {0x7F, 0x9F}};

    /**
     * Zero-width, bidi-control and other invisible characters: soft hyphen, combining grapheme
     * joiner, Arabic letter mark, Mongolian vowel separator, the variation selectors, the BOM and
     * the tag characters.
     */
    static final int[][] INVISIBLE = {
        {0x00AD, 0x00AD},
        {0x034F, 0x034F},
        {0x061C, 0x061C},
        {0x180E, 0x180E},
        {0x200B, 0x200F},
        {0x202A, 0x202E},
        {0x2060, 0x2064},
        {0x2066, 0x206F},
        {0xFE00, 0xFE0F},
        {0xFEFF, 0xFEFF},
        {0xE0000, 0xE007F}
    };

    /**
     * Characters that look like {@code .}, {@code /} or {@code \}: every one whose compatibility
     * form (NFKC) holds one of them where the character itself does not (‥ ． ／ ＼ ⒈ …; a test checks
     * the list against the JDK's Unicode data), and the slashes NFKC leaves alone (division slash
     * U+2215, fraction slash U+2044, big solidus U+29F8, big reverse solidus U+29F9, set minus
     * U+2216). Sorted.
     */
    static final int[] LOOKALIKES = {
        0x2024, 0x2025, 0x2026, 0x2044, 0x2100, 0x2101, 0x2105, 0x2106, 0x2215, 0x2216, 0x2488,
        0x2489, 0x248A, 0x248B, 0x248C, 0x248D, 0x248E, 0x248F, 0x2490, 0x2491, 0x2492, 0x2493,
        0x2494, 0x2495, 0x2496, 0x2497, 0x2498, 0x2499, 0x249A, 0x249B, 0x29F8, 0x29F9, 0x33C2,
        0x33C7, 0x33D8, 0xFE19, 0xFE30, 0xFE52, 0xFE68, 0xFF0E, 0xFF0F, 0xFF3C, 0x1F100
    };

    /** UTF-16 surrogates, which a well-formed string never holds alone. */
    static final int[][] SURROGATES = {{0xD800, 0xDFFF}};

    static final Set<String> DEVICE_NAMES =
            Set.of(
                    "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$", "COM0", "COM1",
                    "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9", "COM¹", "COM²",
                    "COM³", "LPT0", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8",
                    "LPT9", "LPT¹", "LPT²", "LPT³");

    /**
     * Compiled on first need: every pattern needs a ':', '%' or '~' to match, which an ordinary
     * path lacks, so a cold apply neither compiles nor runs any of them (~2 ms).
     */
    static final class Patterns {
        static final Pattern URI = Pattern.compile("^[A-Za-z][A-Za-z0-9+.\\-]+:/.*|^file:.*");
        static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:.*");
        static final Pattern PERCENT =
                Pattern.compile(
                        "%(25)*(2e|2f|5c|c0%ae|c0%af|c1%9c|e0%80%ae|c0%2e)",
                        Pattern.CASE_INSENSITIVE);
        static final Pattern WINDOWS_VARIABLE = Pattern.compile("%[A-Za-z_][A-Za-z0-9_]*%");
        static final Pattern SHORT_NAME = Pattern.compile("^[^~./]{1,6}~[0-9]+(\\.[^.]{0,3})?$");
        static final Pattern STREAM = Pattern.compile(".*(::|:\\$[A-Za-z_]+).*", Pattern.DOTALL);
    }

    private PathSyntax() {}

    /** Returns the first problem with {@code path}, or empty if it may be resolved. */
    static Optional<Problem> check(String path) {
        if (path == null || path.isEmpty()) {
            return problem(
                    "the path is empty", "give a file path relative to the working directory");
        }
        if (path.isBlank()) {
            return problem(
                    "the path is only whitespace",
                    "give a file path relative to the working directory");
        }
        if (path.length() > MAX_PATH_CHARS) {
            return problem(
                    "the path is longer than " + MAX_PATH_CHARS + " characters",
                    "use a shorter path");
        }
        Optional<Problem> character = checkCharacters(path);
        if (character.isPresent()) {
            return character;
        }
        if (path.indexOf('\\') >= 0) {
            return problem(
                    "the path contains a backslash",
                    "use / as the separator, relative to the working directory (src/a.txt, not"
                            + " src\\a.txt)");
        }
        if (path.startsWith("~")) {
            return problem(
                    "~ (home directory) is not expanded",
                    "paths are relative to the working directory; drop the leading ~/");
        }
        if (path.contains("${") || path.contains("$(")) {
            return problem(
                    "the path contains an unexpanded shell variable or command",
                    "write the literal path relative to the working directory; nothing is"
                            + " expanded");
        }
        boolean colon = path.indexOf(':') >= 0;
        boolean percent = path.indexOf('%') >= 0;
        if (colon && Patterns.URI.matcher(path).matches()) {
            return problem(
                    "the path is a URI",
                    "write a plain path relative to the working directory, without file:// or"
                            + " another scheme");
        }
        if (colon && Patterns.DRIVE.matcher(path).matches()) {
            return problem(
                    "the path starts with a drive letter",
                    "paths are relative to the working directory and use /; drop the drive"
                            + " letter");
        }
        if (path.startsWith("//") && path.length() > 2 && path.charAt(2) != '/') {
            return problem(
                    "the path starts with a network (UNC) prefix",
                    "paths are relative to the working directory; drop the leading //server");
        }
        if (percent && Patterns.PERCENT.matcher(path).find()) {
            return problem(
                    "the path contains a percent-encoded dot or slash",
                    "write the path plainly; %2e is not decoded to . nor %2f to /");
        }
        for (String name : path.split("/", -1)) {
            Optional<Problem> p = checkName(name);
            if (p.isPresent()) {
                return p;
            }
        }
        return Optional.empty();
    }

    private static Optional<Problem> checkCharacters(String path) {
        for (int i = 0; i < path.length(); ) {
            int cp = path.codePointAt(i);
            i += Character.charCount(cp);
            if (isControl(cp)) {
                return problem(
                        "the path contains the control character " + codePoint(cp),
                        "remove the control character; file names are plain text on one line");
            }
            if (isInvisible(cp)) {
                return problem(
                        "the path contains the invisible character " + codePoint(cp),
                        "retype the path without zero-width or text-direction characters");
            }
            if (isLookalike(cp)) {
                return problem(
                        "the path contains " + codePoint(cp) + ", which looks like . / or \\",
                        "use the plain ASCII characters . and / in paths");
            }
            if (inRanges(SURROGATES, cp)) {
                return problem(
                        "the path contains a broken UTF-16 surrogate " + codePoint(cp),
                        "retype the path as plain text");
            }
        }
        return Optional.empty();
    }

    private static Optional<Problem> checkName(String name) {
        if (name.isEmpty() || name.equals(".") || name.equals("..")) {
            return Optional.empty();
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            return problem(
                    "the name '" + abbreviate(name) + "' is longer than 255 bytes",
                    "use a shorter file name");
        }
        if (name.startsWith("$")
                && name.length() > 1
                && (Character.isLetter(name.charAt(1)) || name.charAt(1) == '_')) {
            return problem(
                    "'" + name + "' looks like an unexpanded shell variable",
                    "write the literal path relative to the working directory; $HOME and other"
                            + " variables are not expanded");
        }
        if (name.indexOf('%') >= 0 && Patterns.WINDOWS_VARIABLE.matcher(name).find()) {
            return problem(
                    "'" + name + "' looks like an unexpanded Windows variable",
                    "write the literal path relative to the working directory; nothing is"
                            + " expanded");
        }
        char last = name.charAt(name.length() - 1);
        if (last == '.' || last == ' ') {
            return problem(
                    "the name '" + name + "' ends in " + (last == '.' ? "a dot" : "a space"),
                    "remove the trailing " + (last == '.' ? "dot" : "space") + " from the name");
        }
        if (name.charAt(0) == ' ') {
            return problem(
                    "the name '" + name + "' starts with a space",
                    "remove the leading space from the name");
        }
        if (name.indexOf(':') >= 0 && Patterns.STREAM.matcher(name).matches()) {
            return problem(
                    "'" + name + "' names an NTFS alternate data stream",
                    "drop the ::$DATA / :stream suffix and name the file itself");
        }
        String stem = name;
        int dot = stem.indexOf('.');
        if (dot >= 0) {
            stem = stem.substring(0, dot);
        }
        if (DEVICE_NAMES.contains(stem.strip().toUpperCase(Locale.ROOT))) {
            return problem(
                    "'" + name + "' is a reserved Windows device name",
                    "choose another name; CON, NUL, AUX, PRN, COM1, LPT1 … are reserved even with"
                            + " an extension");
        }
        if (name.indexOf('~') >= 0 && Patterns.SHORT_NAME.matcher(name).matches()) {
            return problem(
                    "'" + name + "' looks like a Windows 8.3 short name",
                    "use the full name of the file or directory (.git, not GIT~1)");
        }
        return Optional.empty();
    }

    static boolean isControl(int cp) {
        return inRanges(CONTROLS, cp);
    }

    private static boolean isInvisible(int cp) {
        return inRanges(INVISIBLE, cp);
    }

    private static boolean isLookalike(int cp) {
        return java.util.Arrays.binarySearch(LOOKALIKES, cp) >= 0;
    }

    private static boolean inRanges(int[][] ranges, int cp) {
        for (int[] range : ranges) {
            if (cp >= range[0] && cp <= range[1]) {
                return true;
            }
        }
        return false;
    }

    private static Optional<Problem> problem(String reason, String hint) {
        return Optional.of(new Problem(reason, hint));
    }

    private static String codePoint(int cp) {
        return String.format(Locale.ROOT, "U+%04X", cp);
    }

    private static String abbreviate(String name) {
        return name.length() <= 40 ? name : name.substring(0, 37) + "...";
    }
}
