package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.util.List;
import java.util.function.Predicate;

/**
 * find: walks each start path depth-first (names in sorted order, symlinks not followed) and
 * evaluates the expression: tests joined by implicit {@code -a}, {@code -o}, {@code !}/{@code -not}
 * and parentheses; {@code -print} where written, else for every match.
 */
final class FindCommand implements Builtin {

    /** A node of the expression. */
    private interface Expr {
        boolean eval(String path, String name, FileInfo info, Context ctx);
    }

    @Override
    public int run(Invocation inv, Context ctx) {
        List<Invocation.Option> opts = inv.options();
        int maxDepth = Integer.MAX_VALUE;
        int minDepth = 0;
        boolean explicitPrint = false;
        for (Invocation.Option o : opts) {
            switch (o.flag()) {
                case "-maxdepth" -> maxDepth = Integer.parseInt(o.value());
                case "-mindepth" -> minDepth = Integer.parseInt(o.value());
                case "-print" -> explicitPrint = true;
                default -> {}
            }
        }
        Parser parser = new Parser(opts);
        Expr expr = parser.atEnd() ? (p, n, i, c) -> true : parser.or();
        if (!parser.atEnd()) {
            ctx.error("invalid expression near '" + opts.get(parser.pos).flag() + "'");
            return 1;
        }
        Expr top = explicitPrint ? expr : print(expr);
        // -name, -path and -print need no look at an entry: entries known to be no directory
        // are then not looked at (GuardedFiles.Directory#walkEntries)
        boolean needsInfo = false;
        for (Invocation.Option o : opts) {
            needsInfo |= o.flag().equals("-type") || o.flag().equals("-empty");
        }
        List<String> starts = inv.operands().isEmpty() ? List.of(".") : inv.operands();
        int status = 0;
        for (String start : starts) {
            FileInfo info;
            try {
                info = ctx.files.stat(start);
            } catch (IOException e) {
                ctx.error("'" + start + "': " + Context.reason(e));
                status = 1;
                continue;
            }
            if (info.type() == FileInfo.Type.MISSING) {
                ctx.error("'" + start + "': No such file or directory");
                status = 1;
                continue;
            }
            Walk walk = new Walk(minDepth, maxDepth, top, needsInfo, ctx);
            status = Math.max(status, walk.visit(null, start, baseName(start), info, 0));
        }
        return status;
    }

    /**
     * One depth-first walk from a start path. Each directory is held open while its entries are
     * visited, and each subdirectory is entered relative to it, not resolved again from the root.
     * An entry's info is {@code null} when it is known to be no directory and was not looked at; it
     * is looked at only when the expression asks what it is ({@code needsInfo}).
     */
    private record Walk(int minDepth, int maxDepth, Expr top, boolean needsInfo, Context ctx) {
        int visit(
                GuardedFiles.Directory parent, String path, String name, FileInfo seen, int depth) {
            if (ctx.out.full()) {
                return 0;
            }
            FileInfo info = seen;
            if (info == null && needsInfo) {
                try {
                    info = parent.info(name);
                } catch (IOException e) {
                    ctx.error("'" + path + "': " + Context.reason(e));
                    return 1;
                }
                if (info.type() == FileInfo.Type.MISSING) {
                    return 0; // removed since it was listed
                }
            }
            if (depth >= minDepth) {
                top.eval(path, name, info, ctx);
            }
            if (info == null
                    || info.type() != FileInfo.Type.DIRECTORY
                    || depth >= maxDepth
                    || depth > 0 && ctx.isMountPoint(info)) {
                return 0; // -xdev always: a mount point below a start is listed, not entered
            }
            int status = 0;
            try (GuardedFiles.Directory dir =
                    parent == null ? ctx.files.openDirectory(path) : parent.enter(name)) {
                for (GuardedFiles.Entry child : dir.walkEntries()) {
                    String childPath =
                            path.endsWith("/") ? path + child.name() : path + "/" + child.name();
                    status =
                            Math.max(
                                    status,
                                    visit(dir, childPath, child.name(), child.info(), depth + 1));
                }
            } catch (IOException e) {
                ctx.error("'" + path + "': " + Context.reason(e));
                return 1;
            }
            return status;
        }
    }

    private static Expr print(Expr e) {
        return (p, n, i, c) -> {
            boolean match = e.eval(p, n, i, c);
            if (match) {
                c.out.println(p);
            }
            return match;
        };
    }

    static String baseName(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        int slash = p.lastIndexOf('/');
        return slash < 0 || p.equals("/") ? p : p.substring(slash + 1);
    }

    /** Recursive descent over the options: or := and (-o and)*; and := not (-a? not)*. */
    private static final class Parser {
        private final List<Invocation.Option> opts;
        int pos;

        Parser(List<Invocation.Option> opts) {
            this.opts = opts;
        }

        boolean atEnd() {
            return pos >= opts.size();
        }

        private String peek() {
            return atEnd() ? "" : opts.get(pos).flag();
        }

        Expr or() {
            Expr left = and();
            while (peek().equals("-o")) {
                pos++;
                Expr l = left;
                Expr r = and();
                left = (p, n, i, c) -> l.eval(p, n, i, c) || r.eval(p, n, i, c);
            }
            return left;
        }

        private Expr and() {
            Expr left = not();
            while (!atEnd() && !peek().equals("-o") && !peek().equals(")")) {
                if (peek().equals("-a")) {
                    pos++;
                }
                Expr l = left;
                Expr r = not();
                left = (p, n, i, c) -> l.eval(p, n, i, c) && r.eval(p, n, i, c);
            }
            return left;
        }

        private Expr not() {
            if (peek().equals("-not")) {
                pos++;
                Expr e = not();
                return (p, n, i, c) -> !e.eval(p, n, i, c);
            }
            return primary();
        }

        private Expr primary() {
            if (atEnd()) {
                throw new IllegalArgumentException("expected an expression at the end");
            }
            Invocation.Option o = opts.get(pos++);
            String v = o.value();
            return switch (o.flag()) {
                case "(" -> {
                    Expr e = or();
                    if (!peek().equals(")")) {
                        throw new IllegalArgumentException("missing ')'");
                    }
                    pos++;
                    yield e;
                }
                case "-name" -> {
                    Predicate<String> g = Glob.matcher(v, false);
                    yield (p, n, i, c) -> g.test(n);
                }
                case "-iname" -> {
                    Predicate<String> g = Glob.matcher(v, true);
                    yield (p, n, i, c) -> g.test(n);
                }
                case "-path" -> {
                    Predicate<String> g = Glob.matcher(v, false);
                    yield (p, n, i, c) -> g.test(p);
                }
                case "-type" -> (p, n, i, c) -> typeOf(i).equals(v);
                case "-empty" -> FindCommand::empty;
                case "-print" ->
                        (p, n, i, c) -> {
                            c.out.println(p);
                            return true;
                        };
                default -> (p, n, i, c) -> true; // -maxdepth, -mindepth: global options
            };
        }
    }

    private static String typeOf(FileInfo info) {
        return switch (info.type()) {
            case DIRECTORY -> "d";
            case SYMLINK -> "l";
            case FILE -> "f";
            default -> "?";
        };
    }

    private static boolean empty(String path, String name, FileInfo info, Context ctx) {
        if (info.type() == FileInfo.Type.FILE) {
            return info.size() == 0;
        }
        if (info.type() == FileInfo.Type.DIRECTORY) {
            try {
                return ctx.files.list(path).isEmpty();
            } catch (IOException e) {
                return false;
            }
        }
        return false;
    }
}
