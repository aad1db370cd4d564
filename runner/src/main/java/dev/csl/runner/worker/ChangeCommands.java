package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** mkdir, touch, cp, mv and rm over the guarded file operations, with GNU's messages. */
final class ChangeCommands {

    int mkdir(Invocation inv, Context ctx) {
        boolean parents = inv.has("-p");
        int status = 0;
        for (String dir : inv.operands()) {
            try {
                FileInfo info = ctx.files.stat(dir);
                if (info.type() != FileInfo.Type.MISSING) {
                    if (parents && ctx.statFollow(dir).type() == FileInfo.Type.DIRECTORY) {
                        continue;
                    }
                    ctx.error("cannot create directory '" + dir + "': File exists");
                    status = 1;
                    continue;
                }
                String parent = parentOf(dir);
                if (!parents && parent != null && !isDir(ctx, parent)) {
                    ctx.error("cannot create directory '" + dir + "': No such file or directory");
                    status = 1;
                    continue;
                }
                List<String> created = missingChain(ctx, dir);
                ctx.files.createDirectories(dir);
                if (inv.has("-v")) {
                    for (String d : created) {
                        ctx.out.println("mkdir: created directory '" + d + "'");
                    }
                }
            } catch (IOException e) {
                ctx.error("cannot create directory '" + dir + "': " + Context.reason(e));
                status = 1;
            }
        }
        return status;
    }

    /** The components of {@code dir} that do not exist yet, outermost first. */
    private static List<String> missingChain(Context ctx, String dir) throws IOException {
        ArrayList<String> chain = new ArrayList<>();
        String d = dir;
        while (d != null && ctx.files.stat(d).type() == FileInfo.Type.MISSING) {
            chain.add(0, d);
            d = parentOf(d);
        }
        return chain;
    }

    int touch(Invocation inv, Context ctx) {
        int status = 0;
        for (String file : inv.operands()) {
            try {
                FileInfo info = ctx.files.stat(file);
                if (info.type() == FileInfo.Type.MISSING) {
                    if (inv.has("-c")) {
                        continue;
                    }
                    String parent = parentOf(file);
                    if (parent != null && !isDir(ctx, parent)) {
                        ctx.error("cannot touch '" + file + "': No such file or directory");
                        status = 1;
                        continue;
                    }
                    ctx.files.writeAtomic(file, new byte[0]);
                } else {
                    ctx.files.setLastModified(file, Instant.now());
                }
            } catch (IOException e) {
                ctx.error("cannot touch '" + file + "': " + Context.reason(e));
                status = 1;
            }
        }
        return status;
    }

    int cp(Invocation inv, Context ctx) {
        return transfer(inv, ctx, true);
    }

    int mv(Invocation inv, Context ctx) {
        return transfer(inv, ctx, false);
    }

    private int transfer(Invocation inv, Context ctx, boolean copy) {
        String name = copy ? "cp" : "mv";
        List<String> ops = inv.operands();
        List<String> sources = ops.subList(0, ops.size() - 1);
        String dest = ops.get(ops.size() - 1);
        boolean recursive = inv.has("-r") || inv.has("-a");
        int status = 0;
        String[] current = {null, null}; // the source and target being handled, for messages
        try {
            boolean destIsDir = isDir(ctx, dest);
            if (sources.size() > 1 && !destIsDir) {
                boolean exists = ctx.files.stat(dest).type() != FileInfo.Type.MISSING;
                ctx.error(
                        "target '"
                                + dest
                                + "': "
                                + (exists ? "Not a directory" : "No such file or directory"));
                return 1;
            }
            for (String src : sources) {
                FileInfo info = ctx.files.stat(src);
                if (info.type() == FileInfo.Type.MISSING) {
                    ctx.error("cannot stat '" + src + "': No such file or directory");
                    status = 1;
                    continue;
                }
                String target = destIsDir ? Context.child(dest, FindCommand.baseName(src)) : dest;
                if (copy && info.type() == FileInfo.Type.DIRECTORY && !recursive) {
                    ctx.error("-r not specified; omitting directory '" + src + "'");
                    status = 1;
                    continue;
                }
                if (info.type() == FileInfo.Type.DIRECTORY && inside(ctx, src, target)) {
                    ctx.error(
                            (copy ? "cannot copy a directory, '" : "cannot move '")
                                    + src
                                    + "'"
                                    + (copy
                                            ? ", into itself, '"
                                            : " to a subdirectory of itself, '")
                                    + target
                                    + "'");
                    status = 1;
                    continue;
                }
                if (inv.has("-n") && ctx.files.stat(target).type() != FileInfo.Type.MISSING) {
                    continue;
                }
                current[0] = src;
                current[1] = target;
                if (copy) {
                    ctx.files.copy(src, target, info.type() == FileInfo.Type.DIRECTORY);
                } else {
                    ctx.files.move(src, target);
                }
                if (inv.has("-v")) {
                    ctx.out.println((copy ? "" : "renamed ") + "'" + src + "' -> '" + target + "'");
                }
            }
        } catch (IOException e) {
            if (current[0] == null) {
                ctx.error(Context.reason(e));
            } else {
                ctx.error(
                        "cannot "
                                + (copy ? "copy '" : "move '")
                                + current[0]
                                + "' to '"
                                + current[1]
                                + "': "
                                + Context.reason(e));
            }
            return 1;
        }
        return status == 0 ? 0 : 1;
    }

    private static boolean inside(Context ctx, String dir, String target) throws IOException {
        Path d = ctx.files.resolveForRead(dir);
        Path t = ctx.files.resolveForWrite(target);
        return t.startsWith(d);
    }

    int rm(Invocation inv, Context ctx) {
        boolean recursive = inv.has("-r");
        boolean force = inv.has("-f");
        int status = 0;
        for (String path : inv.operands()) {
            String base = FindCommand.baseName(path);
            if (base.equals(".") || base.equals("..")) {
                ctx.error("refusing to remove '.' or '..' directory: skipping '" + path + "'");
                status = 1;
                continue;
            }
            try {
                FileInfo info = ctx.files.stat(path);
                if (info.type() == FileInfo.Type.MISSING) {
                    if (!force) {
                        ctx.error("cannot remove '" + path + "': No such file or directory");
                        status = 1;
                    }
                    continue;
                }
                boolean dir = info.type() == FileInfo.Type.DIRECTORY;
                List<String> removed = List.of();
                if (dir && recursive) {
                    if (inv.has("-v")) {
                        removed = new ArrayList<>();
                        postOrder(ctx, path, (ArrayList<String>) removed);
                    }
                    ctx.files.deleteRecursive(path);
                } else if (dir && !inv.has("-d")) {
                    ctx.error("cannot remove '" + path + "': Is a directory");
                    status = 1;
                    continue;
                } else if (dir && !ctx.files.list(path).isEmpty()) {
                    ctx.error("cannot remove '" + path + "': Directory not empty");
                    status = 1;
                    continue;
                } else {
                    ctx.files.delete(path);
                }
                if (inv.has("-v")) {
                    removed.forEach(ctx.out::println);
                    ctx.out.println("removed " + (dir ? "directory " : "") + "'" + path + "'");
                }
            } catch (IOException e) {
                ctx.error("cannot remove '" + path + "': " + Context.reason(e));
                status = 1;
            }
        }
        return status;
    }

    /** rm -v's lines for everything below {@code dir}, each entry before its directory. */
    private static void postOrder(Context ctx, String dir, ArrayList<String> lines)
            throws IOException {
        for (String name : ctx.files.list(dir)) {
            String child = Context.child(dir, name);
            if (ctx.files.stat(child).type() == FileInfo.Type.DIRECTORY) {
                postOrder(ctx, child, lines);
                lines.add("removed directory '" + child + "'");
            } else {
                lines.add("removed '" + child + "'");
            }
        }
    }

    private static boolean isDir(Context ctx, String path) throws IOException {
        FileInfo info = ctx.files.stat(path);
        if (info.type() == FileInfo.Type.SYMLINK) {
            info = ctx.statFollow(path);
        }
        return info.type() == FileInfo.Type.DIRECTORY;
    }

    /** The parent as written ({@code a/b} of {@code a/b/c}), or {@code null} for a bare name. */
    static String parentOf(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        int slash = p.lastIndexOf('/');
        if (slash < 0) {
            return null;
        }
        return slash == 0 ? "/" : p.substring(0, slash);
    }
}
