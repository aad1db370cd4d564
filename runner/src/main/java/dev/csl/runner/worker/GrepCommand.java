package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** grep: GNU grep's output, context, recursion and exit status (0 match, 1 none, 2 error). */
final class GrepCommand implements Builtin {

    /** What one run of grep was asked to do. */
    static final class Job {
        Pattern pattern;

        /** The bytes every selected line holds, when the pattern is a plain ASCII literal. */
        Bytes.Literal literal;

        Invocation inv;
        Context ctx;
        boolean names;
        boolean matched;
        boolean error;
        boolean anyGroup;
        boolean invert;
        boolean listOnly;
        boolean countOnly;
        boolean lineNumbers;
        int before;
        int after;
        long maxCount;
        List<Predicate<String>> include = new ArrayList<>();
        List<Predicate<String>> exclude = new ArrayList<>();
        List<Predicate<String>> excludeDir = new ArrayList<>();
    }

    /** Thrown to stop everything at the first match of {@code -q}. */
    static final class QuietMatch extends RuntimeException {
        private static final long serialVersionUID = 1L;

        QuietMatch() {
            super(null, null, false, false);
        }
    }

    @Override
    public int run(Invocation inv, Context ctx) {
        List<String> operands = new ArrayList<>(inv.operands());
        List<String> patterns = new ArrayList<>(inv.values("-e"));
        if (patterns.isEmpty()) {
            patterns.add(operands.remove(0));
        }
        Job job = new Job();
        job.inv = inv;
        job.ctx = ctx;
        try {
            job.pattern = compile(patterns, inv);
        } catch (IllegalArgumentException e) {
            ctx.error(e instanceof PatternSyntaxException p ? p.getDescription() : e.getMessage());
            return 2;
        }
        byte[] literal = literal(patterns, inv);
        job.literal = literal == null ? null : new Bytes.Literal(literal);
        job.invert = inv.has("-v");
        job.listOnly = inv.has("-l") || inv.has("-L") || inv.has("-q");
        job.countOnly = inv.has("-c");
        job.lineNumbers = inv.has("-n");
        int context = Integer.parseInt(inv.value("-C", "0"));
        job.before = Integer.parseInt(inv.value("-B", Integer.toString(context)));
        job.after = Integer.parseInt(inv.value("-A", Integer.toString(context)));
        job.maxCount = Long.parseLong(inv.value("-m", Long.toString(Long.MAX_VALUE)));
        inv.values("--include").forEach(g -> job.include.add(Glob.matcher(g, false)));
        inv.values("--exclude").forEach(g -> job.exclude.add(Glob.matcher(g, false)));
        inv.values("--exclude-dir").forEach(g -> job.excludeDir.add(Glob.matcher(g, false)));
        boolean recursive = inv.has("-r");
        boolean implicitDot = operands.isEmpty();
        if (implicitDot) {
            operands.add(".");
        }
        job.names = inv.has("-H") || (!inv.has("-h") && (operands.size() > 1 || recursive));
        int threads = Math.min(4, Runtime.getRuntime().availableProcessors());
        try (GrepFiles scan = new GrepFiles(job, threads)) {
            for (String op : operands) {
                operand(job, scan, op, implicitDot ? "" : op, recursive);
            }
        } catch (QuietMatch e) {
            return 0;
        }
        if (job.error && !(inv.has("-q") && job.matched)) {
            return 2;
        }
        return job.matched ? 0 : 1;
    }

    private static Pattern compile(List<String> patterns, Invocation inv) {
        List<String> alternatives = new ArrayList<>();
        for (String p : patterns) {
            for (String one : p.split("\n", -1)) {
                String body;
                if (inv.has("-F")) {
                    body = Pattern.quote(one);
                } else if (inv.has("-P")) {
                    body = one; // Java's regular expressions are Perl-style already
                } else {
                    body = PosixRegex.translate(one, inv.has("-E"));
                }
                if (inv.has("-x")) {
                    body = "^(?:" + body + ")$";
                } else if (inv.has("-w")) {
                    body = "(?<![\\p{Alnum}_])(?:" + body + ")(?![\\p{Alnum}_])";
                }
                alternatives.add("(?:" + body + ")");
            }
        }
        int flags = inv.has("-i") ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
        return Pattern.compile(String.join("|", alternatives), flags);
    }

    /**
     * The bytes every line selected by {@code patterns} must hold, or {@code null}: one pattern
     * without newline, case and Perl syntax that is an ASCII literal in its syntax (-F, or a
     * BRE/ERE without operators). -w, -x and -o only narrow what a literal selects, so they keep
     * it.
     */
    static byte[] literal(List<String> patterns, Invocation inv) {
        if (patterns.size() != 1 || inv.has("-i") || inv.has("-P")) {
            return null;
        }
        String p = patterns.get(0);
        String operators = inv.has("-F") ? "\n" : inv.has("-E") ? "\n\\[*.^$+?(){}|" : "\n\\[*.^$";
        if (p.isEmpty()) {
            return null;
        }
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c >= 0x80 || operators.indexOf(c) >= 0) {
                return null;
            }
        }
        return p.getBytes(StandardCharsets.US_ASCII);
    }

    private void operand(Job job, GrepFiles scan, String path, String shown, boolean recursive) {
        FileInfo info;
        try {
            info = job.ctx.statFollow(path);
        } catch (IOException e) {
            fileError(job, scan, path, Context.reason(e));
            return;
        }
        if (info.type() == FileInfo.Type.MISSING) {
            fileError(job, scan, path, "No such file or directory");
        } else if (info.type() != FileInfo.Type.DIRECTORY) {
            try {
                scan.search(job.ctx.files.openRead(path), shown);
            } catch (IOException e) {
                fileError(job, scan, shown, Context.reason(e));
            }
        } else if (recursive) {
            try (GuardedFiles.Directory dir = job.ctx.files.openDirectory(path)) {
                walk(job, scan, dir, path, shown);
            } catch (IOException e) {
                fileError(job, scan, path, Context.reason(e));
            }
        } else {
            fileError(job, scan, path, "Is a directory");
        }
    }

    /**
     * Searches the tree under {@code dir}, which stays open while its entries are searched: each
     * entry is opened relative to it, not resolved again from the root. An entry known to be no
     * directory without a look ({@link GuardedFiles.Directory#walkEntries()}) is looked at once, by
     * the open of a regular file.
     */
    private void walk(
            Job job, GrepFiles scan, GuardedFiles.Directory dir, String path, String shown) {
        List<GuardedFiles.Entry> entries;
        try {
            entries = dir.walkEntries();
        } catch (IOException e) {
            fileError(job, scan, path, Context.reason(e));
            return;
        }
        for (GuardedFiles.Entry entry : entries) {
            if (scan.full()) {
                return;
            }
            String name = entry.name();
            String childShown = shown.isEmpty() ? name : Context.child(shown, name);
            FileInfo info = entry.info();
            if (info != null && info.type() == FileInfo.Type.DIRECTORY) {
                String childPath = Context.child(path, name);
                if (!matchesAny(job.excludeDir, name) && !job.ctx.isMountPoint(info)) {
                    GuardedFiles.Directory sub;
                    try {
                        sub = dir.enter(name);
                    } catch (IOException e) {
                        fileError(job, scan, childPath, Context.reason(e));
                        continue;
                    }
                    try (sub) {
                        walk(job, scan, sub, childPath, childShown);
                    }
                }
            } else if ((info == null || info.type() == FileInfo.Type.FILE)
                    && (job.include.isEmpty() || matchesAny(job.include, name))
                    && !matchesAny(job.exclude, name)) {
                java.nio.channels.ReadableByteChannel in;
                try {
                    in = dir.openFile(name);
                } catch (IOException e) {
                    fileError(job, scan, childShown, Context.reason(e));
                    continue;
                }
                if (in != null) {
                    try {
                        scan.search(in, childShown);
                    } catch (IOException e) {
                        fileError(job, scan, childShown, Context.reason(e));
                    }
                }
            }
            // symlinks and special files met while recursing are skipped, as grep -r does
        }
    }

    private static boolean matchesAny(List<Predicate<String>> globs, String name) {
        for (Predicate<String> g : globs) {
            if (g.test(name)) {
                return true;
            }
        }
        return false;
    }

    private void fileError(Job job, GrepFiles scan, String path, String reason) {
        job.error = true;
        if (!job.inv.has("-s")) {
            scan.error(job.ctx.command + ": " + path + ": " + reason);
        }
    }
}
