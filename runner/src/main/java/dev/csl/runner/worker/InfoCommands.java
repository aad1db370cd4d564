package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** pwd, echo, realpath, dirname and basename. */
final class InfoCommands {

    int pwd(Invocation inv, Context ctx) {
        ctx.out.println(ctx.files.base().toString());
        return 0;
    }

    int echo(Invocation inv, Context ctx) {
        String text = String.join(" ", inv.operands());
        boolean stop = false;
        if (inv.has("-e") && !lastIs(inv, "-E")) {
            StringBuilder s = new StringBuilder();
            stop = unescape(text, s);
            text = s.toString();
        }
        ctx.out.print(text + (inv.has("-n") || stop ? "" : "\n"));
        return 0;
    }

    private static boolean lastIs(Invocation inv, String flag) {
        List<Invocation.Option> o = inv.options();
        for (int i = o.size() - 1; i >= 0; i--) {
            String f = o.get(i).flag();
            if (f.equals("-e") || f.equals("-E")) {
                return f.equals(flag);
            }
        }
        return false;
    }

    /** echo -e's escapes; returns true at {@code \c} (no further output, no newline). */
    private static boolean unescape(String text, StringBuilder s) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 >= text.length()) {
                s.append(c);
                continue;
            }
            char d = text.charAt(++i);
            switch (d) {
                case 'n' -> s.append('\n');
                case 't' -> s.append('\t');
                case 'r' -> s.append('\r');
                case 'a' -> s.append('\007');
                case 'b' -> s.append('\b');
                case 'e' -> s.append('\033');
                case 'f' -> s.append('\f');
                case 'v' -> s.append('\013');
                case '\\' -> s.append('\\');
                case 'c' -> {
                    return true;
                }
                case '0' -> {
                    int end = i + 1;
                    while (end < text.length()
                            && end < i + 4
                            && text.charAt(end) >= '0'
                            && text.charAt(end) <= '7') {
                        end++;
                    }
                    s.append(
                            (char)
                                    (end > i + 1
                                            ? Integer.parseInt(text.substring(i + 1, end), 8)
                                            : 0));
                    i = end - 1;
                }
                case 'x' -> {
                    int end = i + 1;
                    while (end < text.length()
                            && end < i + 3
                            && Character.digit(text.charAt(end), 16) >= 0) {
                        end++;
                    }
                    if (end == i + 1) {
                        s.append("\\x");
                    } else {
                        s.append((char) Integer.parseInt(text.substring(i + 1, end), 16));
                        i = end - 1;
                    }
                }
                default -> s.append('\\').append(d);
            }
        }
        return false;
    }

    int realpath(Invocation inv, Context ctx) {
        int status = 0;
        for (String path : inv.operands()) {
            try {
                Path resolved;
                if (inv.has("-s")) {
                    resolved = ctx.files.base().resolve(path).normalize();
                    ctx.files.resolveForRead(path); // still refused when it leads out
                } else {
                    resolved = ctx.files.resolveForRead(path);
                }
                if (!inv.has("-m")) {
                    FileInfo info = ctx.files.stat(path, true);
                    boolean mustExist = inv.has("-e");
                    if (info.type() == FileInfo.Type.MISSING
                            && (mustExist || !parentExists(ctx, resolved))) {
                        ctx.error(path + ": No such file or directory");
                        status = 1;
                        continue;
                    }
                }
                ctx.out.println(resolved.toString());
            } catch (IOException e) {
                ctx.error(path, e);
                status = 1;
            }
        }
        return status;
    }

    private static boolean parentExists(Context ctx, Path resolved) throws IOException {
        Path parent = resolved.getParent();
        return parent == null
                || ctx.files.stat(parent.toString(), true).type() == FileInfo.Type.DIRECTORY;
    }

    int dirname(Invocation inv, Context ctx) {
        for (String path : inv.operands()) {
            ctx.out.println(dirnameOf(path));
        }
        return 0;
    }

    static String dirnameOf(String path) {
        String p = stripTrailingSlashes(path);
        int slash = p.lastIndexOf('/');
        if (slash < 0) {
            return ".";
        }
        String d = stripTrailingSlashes(p.substring(0, slash));
        return d.isEmpty() ? "/" : d;
    }

    int basename(Invocation inv, Context ctx) {
        List<String> ops = inv.operands();
        String suffix = inv.value("-s", null);
        boolean multiple = inv.has("-a") || suffix != null;
        if (!multiple) {
            suffix = ops.size() == 2 ? ops.get(1) : null;
            ops = ops.subList(0, 1);
        }
        for (String path : ops) {
            String base = basenameOf(path);
            if (suffix != null
                    && !suffix.isEmpty()
                    && base.endsWith(suffix)
                    && !base.equals(suffix)) {
                base = base.substring(0, base.length() - suffix.length());
            }
            ctx.out.println(base);
        }
        return 0;
    }

    static String basenameOf(String path) {
        String p = stripTrailingSlashes(path);
        if (p.equals("/")) {
            return "/";
        }
        return p.substring(p.lastIndexOf('/') + 1);
    }

    private static String stripTrailingSlashes(String p) {
        String s = p;
        while (s.length() > 1 && s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }
}
