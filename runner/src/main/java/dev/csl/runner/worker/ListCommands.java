package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** ls: GNU's output when stdout is not a terminal (one entry per line), and -l. */
final class ListCommands {

    /** An entry to show: its name as printed, the path to reach it, and its status. */
    private record Entry(String name, String path, FileInfo info) {}

    int ls(Invocation inv, Context ctx) {
        List<String> operands = inv.operands().isEmpty() ? List.of(".") : inv.operands();
        int status = 0;
        List<Entry> files = new ArrayList<>();
        List<Entry> dirs = new ArrayList<>();
        for (String op : operands) {
            try {
                FileInfo info = ctx.files.stat(op);
                if (info.type() == FileInfo.Type.MISSING) {
                    ctx.error("cannot access '" + op + "': No such file or directory");
                    status = 2;
                    continue;
                }
                FileInfo shown = info;
                if (info.type() == FileInfo.Type.SYMLINK && !inv.has("-l") && !inv.has("-d")) {
                    shown = ctx.statFollow(op);
                }
                if (shown.type() == FileInfo.Type.DIRECTORY && !inv.has("-d")) {
                    dirs.add(new Entry(op, op, shown));
                } else {
                    files.add(new Entry(op, op, info));
                }
            } catch (IOException e) {
                ctx.error("cannot access '" + op + "': " + Context.reason(e));
                status = 2;
            }
        }
        Instant now = Instant.now();
        sort(files, inv);
        sort(dirs, inv);
        print(files, inv, ctx, now, false);
        boolean headers = operands.size() > 1 || inv.has("-R");
        boolean first = files.isEmpty();
        for (Entry dir : dirs) {
            status = Math.max(status, listDir(dir.path(), inv, ctx, now, headers, first));
            first = false;
        }
        return status;
    }

    private int listDir(
            String dir, Invocation inv, Context ctx, Instant now, boolean header, boolean first) {
        if (header) {
            ctx.out.print((first ? "" : "\n") + dir + ":\n");
        }
        List<Entry> entries = new ArrayList<>();
        int status = 0;
        try {
            boolean all = inv.has("-a");
            if (all) {
                entries.add(new Entry(".", dir, ctx.files.stat(dir)));
                entries.add(new Entry("..", dir + "/..", parentInfo(ctx, dir)));
            }
            for (String name : ctx.files.list(dir)) {
                if (name.startsWith(".") && !all && !inv.has("-A")) {
                    continue;
                }
                String path = Context.child(dir, name);
                entries.add(new Entry(name, path, ctx.files.stat(path)));
            }
        } catch (IOException e) {
            ctx.error("cannot open directory '" + dir + "': " + Context.reason(e));
            return 2;
        }
        sort(entries, inv);
        print(entries, inv, ctx, now, true);
        if (inv.has("-R")) {
            for (Entry e : entries) {
                if (e.info().type() == FileInfo.Type.DIRECTORY
                        && !e.name().equals(".")
                        && !e.name().equals("..")
                        && !ctx.isMountPoint(e.info())) {
                    status = Math.max(status, listDir(e.path(), inv, ctx, now, true, false));
                }
            }
        }
        return status;
    }

    /** The parent of {@code dir}; at the working directory's top, the directory itself. */
    private static FileInfo parentInfo(Context ctx, String dir) {
        try {
            return ctx.files.stat(dir + "/..");
        } catch (IOException e) {
            try {
                return ctx.files.stat(dir);
            } catch (IOException again) {
                return new FileInfo(FileInfo.Type.DIRECTORY, 4096, 0755, Instant.EPOCH, null, null);
            }
        }
    }

    private static void sort(List<Entry> entries, Invocation inv) {
        Comparator<Entry> order = Comparator.comparing(Entry::name);
        if (inv.has("-t")) {
            order =
                    Comparator.comparing((Entry e) -> e.info().modified())
                            .reversed()
                            .thenComparing(Entry::name);
        } else if (inv.has("-S")) {
            order =
                    Comparator.comparingLong((Entry e) -> e.info().size())
                            .reversed()
                            .thenComparing(Entry::name);
        }
        if (inv.has("-r")) {
            order = order.reversed();
        }
        entries.sort(order);
    }

    private static void print(
            List<Entry> entries, Invocation inv, Context ctx, Instant now, boolean total) {
        if (!inv.has("-l")) {
            for (Entry e : entries) {
                ctx.out.println(e.name() + (inv.has("-F") ? classify(e.info()) : ""));
            }
            return;
        }
        List<String[]> rows = new ArrayList<>();
        long blocks = 0;
        int[] width = new int[4];
        for (Entry e : entries) {
            FileInfo info = e.info();
            Attributes a = info.resolved() == null ? defaults() : Attributes.of(info);
            String size = inv.has("-h") ? human(info.size()) : Long.toString(info.size());
            String[] row = {
                Long.toString(a.links()), a.owner(), a.group(), size,
            };
            for (int i = 0; i < 4; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
            blocks += (info.size() + 4095) / 4096 * 4;
            rows.add(row);
        }
        if (total) {
            ctx.out.println("total " + (inv.has("-h") ? human(blocks * 1024) : blocks));
        }
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            String[] r = rows.get(i);
            StringBuilder s = new StringBuilder();
            s.append(Attributes.modeString(e.info()))
                    .append(' ')
                    .append(pad(r[0], width[0], true))
                    .append(' ')
                    .append(pad(r[1], width[1], false))
                    .append(' ')
                    .append(pad(r[2], width[2], false))
                    .append(' ')
                    .append(pad(r[3], width[3], true))
                    .append(' ')
                    .append(Attributes.lsTime(e.info().modified(), now))
                    .append(' ')
                    .append(e.name());
            if (inv.has("-F")) {
                s.append(classify(e.info()));
            }
            if (e.info().type() == FileInfo.Type.SYMLINK && e.info().linkTarget() != null) {
                s.append(" -> ").append(e.info().linkTarget());
            }
            ctx.out.println(s.toString());
        }
    }

    private static Attributes defaults() {
        return new Attributes(1, "-", "-", 0, 0, 0, 0);
    }

    static String classify(FileInfo info) {
        return switch (info.type()) {
            case DIRECTORY -> "/";
            case SYMLINK -> "@";
            case FILE -> info.posixMode() > 0 && (info.posixMode() & 0111) != 0 ? "*" : "";
            default -> "";
        };
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - s.length()));
        return right ? spaces + s : s + spaces;
    }

    /** GNU's -h: 1023, 1.0K, 1.5M; one decimal below 10, rounded up. */
    static String human(long bytes) {
        if (bytes < 1024) {
            return Long.toString(bytes);
        }
        String units = "KMGTPE";
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length() - 1) {
            v /= 1024;
            u++;
        }
        if (v < 10) {
            double up = Math.ceil(v * 10) / 10;
            if (up >= 10) {
                return "10" + units.charAt(u);
            }
            return String.format("%.1f%c", up, units.charAt(u));
        }
        return (long) Math.ceil(v) + "" + units.charAt(u);
    }
}
