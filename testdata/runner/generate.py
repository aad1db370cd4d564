#!/usr/bin/env python3
"""Fills in the expected output of testdata/runner/*.cases by running the REAL GNU tools
(coreutils, findutils, grep, diffutils, tree) on a fresh copy of fixture.txt, with LC_ALL=C (tree:
C.UTF-8) and TZ=UTC, so the golden files say what GNU does, not what csl does. Cases marked "### ... #keep"
are left as written (documented deviations). Usage: python3 testdata/runner/generate.py [NAME...]
"""
import os, shlex, subprocess, sys, tempfile, calendar, time

HERE = os.path.dirname(os.path.abspath(__file__))
MTIME = calendar.timegm((2020, 6, 15, 12, 0, 0))

def fixture(root):
    entries, cur = [], None
    for line in open(os.path.join(HERE, "fixture.txt"), encoding="utf-8").read().split("\n"):
        if line.startswith("#") and cur is None:
            continue
        if line.startswith("== "):
            cur = [line[3:], []]
            entries.append(cur)
        elif cur is not None:
            cur[1].append(line)
    dirs = set()
    for head, lines in entries:
        while lines and lines[-1] == "":
            lines.pop()
        if " -> " in head:
            name, target = head.split(" -> ")
            os.symlink(target, os.path.join(root, name))
            os.utime(os.path.join(root, name), (MTIME, MTIME), follow_symlinks=False)
            continue
        if head.endswith("/"):
            os.makedirs(os.path.join(root, head), exist_ok=True)
            dirs.add(head.rstrip("/"))
            continue
        nonl = head.endswith(" (no newline)")
        name = head.replace(" (no newline)", "")
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        text = "\n".join(lines) + ("" if nonl or not lines else "\n")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(path, 0o644)
        os.utime(path, (MTIME, MTIME))
    for dirpath, dirnames, _ in os.walk(root, topdown=False):
        os.chmod(dirpath, 0o755)
        os.utime(dirpath, (MTIME, MTIME))

def run(cmd):
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.realpath(tmp)
        fixture(root)
        # tree draws its lines with box characters in a UTF-8 locale, as on most machines
        locale = "C.UTF-8" if cmd.startswith("tree") else "C"
        env = dict(os.environ, LC_ALL=locale, TZ="UTC")
        p = subprocess.run(shlex.split(cmd), cwd=root, capture_output=True, env=env, stdin=subprocess.DEVNULL)
        out = p.stdout.decode("utf-8", "replace").replace(root, "/ROOT")
        err = p.stderr.decode("utf-8", "replace").replace(root, "/ROOT")
        tree = []
        for dirpath, dirnames, files in os.walk(root):
            dirnames.sort()
            for n in sorted(dirnames + files):
                full = os.path.join(dirpath, n)
                rel = os.path.relpath(full, root)
                if os.path.islink(full) or not os.path.isdir(full):
                    tree.append(rel)
                else:
                    tree.append(rel + "/")
        return p.returncode, out, err, sorted(tree)

def unordered(cmd):
    """find and grep -r print in directory order, which the file system decides."""
    words = shlex.split(cmd)
    return words[0] == "find" or (words[0] == "grep" and any(
        w.startswith("-") and not w.startswith("--") and ("r" in w or "R" in w) or w == "--recursive"
        for w in words[1:]))

def section(name, text):
    if text == "":
        return "=== %s\n" % name
    if text.endswith("\n"):
        return "=== %s\n%s" % (name, text)
    return "=== %s (no newline)\n%s\n" % (name, text)

def regenerate(path):
    cases = open(path, encoding="utf-8").read().split("### ")
    head, out = cases[0], [cases[0]]
    for case in cases[1:]:
        first, _, rest = case.partition("\n")
        if first.rstrip().endswith("#keep"):
            out.append("### " + case if case.endswith("\n") else "### " + case + "\n")
            continue
        cmd = first.strip()
        want_tree = "=== tree" in rest or "--- tree" in rest
        code, so, se, tree = run(cmd)
        if unordered(cmd):
            so = "".join(sorted(so.splitlines(True)))
        block = "### %s\n=== exit\n%d\n" % (cmd, code) + section("stdout", so) + section("stderr", se)
        if want_tree:
            block += "=== tree\n" + "".join(t + "\n" for t in tree)
        out.append(block)
    text = "".join(out)
    open(path, "w", encoding="utf-8").write(text if text.endswith("\n") else text + "\n")

names = sys.argv[1:] or sorted(f[:-6] for f in os.listdir(HERE) if f.endswith(".cases"))
for n in names:
    regenerate(os.path.join(HERE, n + ".cases"))
