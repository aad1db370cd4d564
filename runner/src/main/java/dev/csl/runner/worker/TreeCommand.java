package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** tree: the box-drawing listing of tree(1) with its closing "N directories, M files" line. */
final class TreeCommand implements Builtin {

    private static final class Counts {
        long dirs;
        long files;
    }

    @Override
    public int run(Invocation inv, Context ctx) {
        List<String> roots = inv.operands().isEmpty() ? List.of(".") : inv.operands();
        int maxLevel = Integer.parseInt(inv.value("-L", "0"));
        List<Pattern> ignored = new ArrayList<>();
        for (String globs : inv.values("-I")) {
            for (String glob : globs.split("\\|")) {
                ignored.add(Glob.compile(glob, false));
            }
        }

        Counts counts = new Counts();
        int status = 0;
        for (String root : roots) {
            FileInfo info;
            try {
                info = ctx.statFollow(root);
            } catch (IOException e) {
                info = null;
            }
            if (info == null || info.type() != FileInfo.Type.DIRECTORY) {
                ctx.out.println(root + "  [error opening dir]");
                status = 2;
                continue;
            }
            ctx.out.println(root);
            counts.dirs++; // tree 2 counts the directories it was given
            walk(root, "", 1, maxLevel, ignored, inv, ctx, counts);
        }
        ctx.out.println("");
        String dirs = counts.dirs + (counts.dirs == 1 ? " directory" : " directories");
        if (inv.has("-d")) {
            ctx.out.println(dirs);
        } else {
            ctx.out.println(dirs + ", " + counts.files + (counts.files == 1 ? " file" : " files"));
        }
        return status;
    }

    private void walk(
            String dir,
            String indent,
            int level,
            int maxLevel,
            List<Pattern> ignored,
            Invocation inv,
            Context ctx,
            Counts counts) {
        List<String> names = new ArrayList<>();
        List<FileInfo> infos = new ArrayList<>();
        try {
            for (String name : ctx.files.list(dir)) {
                if (name.startsWith(".") && !inv.has("-a")
                        || ignored.stream().anyMatch(g -> g.matcher(name).matches())) {
                    continue;
                }
                FileInfo info = ctx.files.stat(Context.child(dir, name));
                if (inv.has("-d") && !isDir(ctx, dir, name, info)) {
                    continue;
                }
                names.add(name);
                infos.add(info);
            }
        } catch (IOException e) {
            return;
        }
        for (int i = 0; i < names.size(); i++) {
            if (ctx.out.full()) {
                return;
            }
            boolean last = i == names.size() - 1;
            String name = names.get(i);
            FileInfo info = infos.get(i);
            String path = Context.child(dir, name);
            StringBuilder line = new StringBuilder(indent).append(last ? "└── " : "├── ");
            line.append(inv.has("-f") ? path : name);
            if (info.type() == FileInfo.Type.SYMLINK) {
                line.append(" -> ").append(info.linkTarget());
                if (isDir(ctx, dir, name, info)) {
                    counts.dirs++;
                } else {
                    counts.files++;
                }
                ctx.out.println(line.toString());
                continue; // tree does not descend into symlinked directories without -l
            }
            ctx.out.println(line.toString());
            if (info.type() == FileInfo.Type.DIRECTORY) {
                counts.dirs++;
                if ((maxLevel == 0 || level < maxLevel) && !ctx.isMountPoint(info)) {
                    walk(
                            path,
                            indent + (last ? "    " : "│\u00a0\u00a0 "),
                            level + 1,
                            maxLevel,
                            ignored,
                            inv,
                            ctx,
                            counts);
                }
            } else {
                counts.files++;
            }
        }
    }

    private static boolean isDir(Context ctx, String dir, String name, FileInfo info) {
        if (info.type() == FileInfo.Type.DIRECTORY) {
            return true;
        }
        if (info.type() != FileInfo.Type.SYMLINK) {
            return false;
        }
        try {
            return ctx.statFollow(Context.child(dir, name)).type() == FileInfo.Type.DIRECTORY;
        } catch (IOException e) {
            return false;
        }
    }
}
