package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;

/** stat: GNU's default report, or {@code -c FORMAT} with the common sequences. */
final class StatCommand implements Builtin {

    @Override
    public int run(Invocation inv, Context ctx) {
        int status = 0;
        String format = inv.value("-c", null);
        for (String path : inv.operands()) {
            try {
                FileInfo info = ctx.files.stat(path, inv.has("-L"));
                if (info.type() == FileInfo.Type.MISSING) {
                    ctx.error("cannot statx '" + path + "': No such file or directory");
                    status = 1;
                    continue;
                }
                Attributes a = Attributes.of(info);
                if (format != null) {
                    ctx.out.println(format(format, path, info, a));
                } else {
                    ctx.out.print(report(path, info, a));
                }
            } catch (IOException e) {
                ctx.error("cannot statx '" + path + "': " + Context.reason(e));
                status = 1;
            }
        }
        return status;
    }

    private static String report(String path, FileInfo info, Attributes a) {
        String name =
                info.type() == FileInfo.Type.SYMLINK
                        ? "'" + path + "' -> '" + info.linkTarget() + "'"
                        : path;
        String time = Attributes.fullTime(info.modified());
        long blocks = (info.size() + 4095) / 4096 * 8;
        return "  File: "
                + name
                + "\n"
                + String.format(
                                "  Size: %-10d\tBlocks: %-10d IO Block: %-6d %s%n",
                                info.size(), blocks, 4096, type(info))
                        .replace(System.lineSeparator(), "\n")
                + String.format(
                        "Device: %d,%d\tInode: %-11d Links: %d\n",
                        a.dev() >>> 8 & 0xfff, a.dev() & 0xff, a.inode(), a.links())
                + String.format(
                        "Access: (%04o/%s)  Uid: (%5d/%8s)   Gid: (%5d/%8s)\n",
                        Attributes.mode(info),
                        Attributes.modeString(info),
                        a.uid(),
                        a.owner(),
                        a.gid(),
                        a.group())
                + "Access: "
                + time
                + "\n"
                + "Modify: "
                + time
                + "\n"
                + "Change: "
                + time
                + "\n"
                + " Birth: -\n";
    }

    static String type(FileInfo info) {
        return switch (info.type()) {
            case DIRECTORY -> "directory";
            case SYMLINK -> "symbolic link";
            case FILE -> info.size() == 0 ? "regular empty file" : "regular file";
            default -> "weird file";
        };
    }

    private static String format(String format, String path, FileInfo info, Attributes a) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%' || i + 1 >= format.length()) {
                s.append(c);
                continue;
            }
            char d = format.charAt(++i);
            switch (d) {
                case 'n' -> s.append(path);
                case 'N' ->
                        s.append('\'')
                                .append(path)
                                .append('\'')
                                .append(
                                        info.linkTarget() == null
                                                ? ""
                                                : " -> '" + info.linkTarget() + "'");
                case 's' -> s.append(info.size());
                case 'F' -> s.append(type(info));
                case 'a' -> s.append(Integer.toOctalString(Attributes.mode(info)));
                case 'A' -> s.append(Attributes.modeString(info));
                case 'y' -> s.append(Attributes.fullTime(info.modified()));
                case 'Y' -> s.append(info.modified().getEpochSecond());
                case 'U' -> s.append(a.owner());
                case 'G' -> s.append(a.group());
                case 'u' -> s.append(a.uid());
                case 'g' -> s.append(a.gid());
                case 'i' -> s.append(a.inode());
                case 'h' -> s.append(a.links());
                case '%' -> s.append('%');
                default -> s.append('?');
            }
        }
        return s.toString();
    }
}
