package dev.csl.fsguard;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Step 1 of the guard (SPEC §3): names a careful engineer would never mean. Pure text checks, no
 * file system access, so the same verdict holds on every file system. Each refusal carries a reason
 * and a hint of its own.
 */
final class PathSyntax {

    /** Why a path was refused, before any resolution. */
    record Problem(String reason, String hint) {}

    static final int MAX_PATH_CHARS = 4096;
    static final int MAX_NAME_BYTES = 255;

    private static final Set<String> DEVICE_NAMES =
            Set.of(
                    "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$", "COM0", "COM1",
                    "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9", "COM¹", "COM²",
                    "COM³", "LPT0", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8",
                    "LPT9", "LPT¹", "LPT²", "LPT³");

    /**
     * Compiled on first need: every pattern needs a ':', '%' or '~' to match, which an ordinary
     * path lacks, so a cold apply neither compiles nor runs any of them (~2 ms).
     */
    private static final class Patterns {
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
            if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
                return problem(
                        "the path contains the control character " + codePoint(cp),
                        "remove the control character; file names are plain text on one line");
            }
            if (isInvisible(cp)) {
                return problem(
                        "the path contains the invisible character " + codePoint(cp),
                        "retype the path without zero-width or text-direction characters");
            }
            if (cp > 0x7f && isLookalike(cp)) {
                return problem(
                        "the path contains " + codePoint(cp) + ", which looks like . / or \\",
                        "use the plain ASCII characters . and / in paths");
            }
            if (cp >= 0xD800 && cp <= 0xDFFF) {
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

    private static boolean isInvisible(int cp) {
        return (cp >= 0x200B && cp <= 0x200F)
                || (cp >= 0x202A && cp <= 0x202E)
                || (cp >= 0x2060 && cp <= 0x2064)
                || (cp >= 0x2066 && cp <= 0x206F)
                || cp == 0xFEFF
                || cp == 0x061C
                || cp == 0x180E
                || cp == 0x00AD
                || cp == 0x034F
                || (cp >= 0xFE00 && cp <= 0xFE0F)
                || (cp >= 0xE0000 && cp <= 0xE007F);
    }

    /** True if the compatibility form introduces . / or \ the raw character does not have. */
    private static boolean isLookalike(int cp) {
        if (cp == 0x2215 || cp == 0x2044 || cp == 0x29F8 || cp == 0x29F9 || cp == 0x2216) {
            return true; // division slash, fraction slash, big solidus: not NFKC but look alike
        }
        String nfkc = Normalizer.normalize(new String(Character.toChars(cp)), Normalizer.Form.NFKC);
        return nfkc.indexOf('.') >= 0 || nfkc.indexOf('/') >= 0 || nfkc.indexOf('\\') >= 0;
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
