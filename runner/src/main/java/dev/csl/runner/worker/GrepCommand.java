package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** grep: GNU grep's output, context, recursion and exit status (0 match, 1 none, 2 error). */
final class GrepCommand implements Builtin {

    /** What one run of grep was asked to do. */
    private static final class Job {
        Pattern pattern;
        Invocation inv;
        Context ctx;
        boolean names;
        boolean matched;
        boolean error;
        boolean anyGroup;
        int before;
        int after;
        long maxCount;
        List<Pattern> include = new ArrayList<>();
        List<Pattern> exclude = new ArrayList<>();
        List<Pattern> excludeDir = new ArrayList<>();
    }

    /** Thrown to stop everything at the first match of {@code -q}. */
    private static final class QuietMatch extends RuntimeException {
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
        int context = Integer.parseInt(inv.value("-C", "0"));
        job.before = Integer.parseInt(inv.value("-B", Integer.toString(context)));
        job.after = Integer.parseInt(inv.value("-A", Integer.toString(context)));
        job.maxCount = Long.parseLong(inv.value("-m", Long.toString(Long.MAX_VALUE)));
        inv.values("--include").forEach(g -> job.include.add(Glob.compile(g, false)));
        inv.values("--exclude").forEach(g -> job.exclude.add(Glob.compile(g, false)));
        inv.values("--exclude-dir").forEach(g -> job.excludeDir.add(Glob.compile(g, false)));
        boolean recursive = inv.has("-r");
        boolean implicitDot = operands.isEmpty();
        if (implicitDot) {
            operands.add(".");
        }
        job.names = inv.has("-H") || (!inv.has("-h") && (operands.size() > 1 || recursive));
        try {
            for (String op : operands) {
                operand(job, op, implicitDot ? "" : op, recursive);
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

    private void operand(Job job, String path, String shown, boolean recursive) {
        FileInfo info;
        try {
            info = job.ctx.statFollow(path);
        } catch (IOException e) {
            fileError(job, path, Context.reason(e));
            return;
        }
        if (info.type() == FileInfo.Type.MISSING) {
            fileError(job, path, "No such file or directory");
        } else if (info.type() != FileInfo.Type.DIRECTORY) {
            search(job, path, shown);
        } else if (recursive) {
            walk(job, path, shown);
        } else {
            fileError(job, path, "Is a directory");
        }
    }

    private void walk(Job job, String dir, String shown) {
        List<String> names;
        try {
            names = job.ctx.files.list(dir);
        } catch (IOException e) {
            fileError(job, dir, Context.reason(e));
            return;
        }
        for (String name : names) {
            if (job.ctx.out.full()) {
                return;
            }
            String path = Context.child(dir, name);
            String childShown = shown.isEmpty() ? name : Context.child(shown, name);
            FileInfo info;
            try {
                info = job.ctx.files.stat(path);
            } catch (IOException e) {
                fileError(job, childShown, Context.reason(e));
                continue;
            }
            if (info.type() == FileInfo.Type.DIRECTORY) {
                if (job.excludeDir.stream().noneMatch(g -> g.matcher(name).matches())
                        && !job.ctx.isMountPoint(info)) {
                    walk(job, path, childShown);
                }
            } else if (info.type() == FileInfo.Type.FILE) {
                boolean included =
                        job.include.isEmpty()
                                || job.include.stream().anyMatch(g -> g.matcher(name).matches());
                boolean excluded = job.exclude.stream().anyMatch(g -> g.matcher(name).matches());
                if (included && !excluded) {
                    search(job, path, childShown);
                }
            }
            // symlinks met while recursing are skipped, as grep -r does
        }
    }

    private void fileError(Job job, String path, String reason) {
        job.error = true;
        if (!job.inv.has("-s")) {
            job.ctx.error(path + ": " + reason);
        }
    }

    private void search(Job job, String path, String shown) {
        byte[] bytes;
        try {
            bytes = job.ctx.files.readBytes(path);
        } catch (IOException e) {
            fileError(job, shown, Context.reason(e));
            return;
        }
        Invocation inv = job.inv;
        Output out = job.ctx.out;
        boolean binary = indexOfZero(bytes) >= 0;
        boolean invert = inv.has("-v");
        boolean listOnly = inv.has("-l") || inv.has("-L") || inv.has("-q");
        boolean countOnly = inv.has("-c");
        List<Line> lines = Line.split(bytes);
        long count = 0;
        int lastPrinted = -1;
        int afterLeft = 0;
        String prefix = job.names ? shown : null;
        for (int i = 0; i < lines.size() && count < job.maxCount; i++) {
            Line line = lines.get(i);
            String text = new String(bytes, line.start(), line.length(), StandardCharsets.UTF_8);
            Matcher m = job.pattern.matcher(text);
            boolean selected = m.find() != invert;
            if (!selected) {
                if (afterLeft > 0 && !listOnly && !countOnly && !binary) {
                    printLine(job, prefix, i, text, '-');
                    lastPrinted = i;
                    afterLeft--;
                }
                continue;
            }
            count++;
            job.matched = true;
            if (inv.has("-q")) {
                throw new QuietMatch();
            }
            if (listOnly || countOnly || binary) {
                if (inv.has("-l") || binary) {
                    break;
                }
                continue;
            }
            int from = Math.max(lastPrinted + 1, i - job.before);
            if (job.before + job.after > 0 && job.anyGroup && from > lastPrinted + 1) {
                out.println("--");
            }
            job.anyGroup = true;
            for (int j = from; j < i; j++) {
                Line ctxLine = lines.get(j);
                printLine(
                        job,
                        prefix,
                        j,
                        new String(
                                bytes, ctxLine.start(), ctxLine.length(), StandardCharsets.UTF_8),
                        '-');
            }
            if (inv.has("-o") && !invert) {
                m.reset();
                while (m.find()) {
                    if (m.end() > m.start()) {
                        printLine(job, prefix, i, m.group(), ':');
                    }
                }
            } else if (!inv.has("-o")) {
                printLine(job, prefix, i, text, ':');
            }
            lastPrinted = i;
            afterLeft = job.after;
        }
        if (inv.has("-l") && count > 0) {
            out.println(shown);
        } else if (inv.has("-L") && count == 0) {
            out.println(shown);
        } else if (countOnly) {
            out.println(prefix == null ? Long.toString(count) : prefix + ":" + count);
        } else if (binary && count > 0 && !inv.has("-q")) {
            job.ctx.err.println("grep: " + shown + ": binary file matches");
        }
    }

    private static void printLine(Job job, String prefix, int index, String text, char sep) {
        StringBuilder s = new StringBuilder();
        if (prefix != null) {
            s.append(prefix).append(sep);
        }
        if (job.inv.has("-n")) {
            s.append(index + 1).append(sep);
        }
        job.ctx.out.println(s.append(text).toString());
    }

    private static int indexOfZero(byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }
}
