#!/usr/bin/env python3
"""Copies the real-code sample of ElisionCorpusTest: from each source, the files (at most 10 KB)
holding the most comment lines with the words elision comments are made of, so that a small
sample is the hardest one. Run from this directory: python3 pick.py (paths as on the machine that
made it: Debian 12 packages, pyenv's CPython 3.11.7, npm 10)."""
import os, re, shutil, sys

SOURCES = [
    # name, root, extensions, licence file, files to take
    ("cpython", "/root/.pyenv/versions/3.11.7/lib/python3.11", (".py",),
     "/root/.pyenv/versions/3.11.7/lib/python3.11/LICENSE.txt", 120),
    ("npm", "/usr/lib/node_modules/npm", (".js", ".md"),
     "/usr/lib/node_modules/npm/LICENSE", 90),
    ("llvm", "/usr/include/llvm-14", (".h",), ("/usr/share/doc/llvm-14/copyright", "/usr/share/common-licenses/Apache-2.0"), 60),
    ("cmake", "/usr/share/cmake-3.25/Modules", (".cmake",),
     "/usr/share/doc/cmake-data/copyright", 60),
]
SKIP = ("site-packages", "/test/", "/tests/", "/idlelib/idle_test/", "node_modules/npm/node_modules/")
WORDS = re.compile(r"rest|remain|existing|previous|original|other|unchanged|same|keep|before|omit|\.\.\.|…")
COMMENT = re.compile(r"^\s*(//|#|/\*|\*|<!--|--|;)")
MAX_BYTES = 10_000

def score(path):
    try:
        text = open(path, encoding="utf-8").read()
    except (UnicodeDecodeError, OSError):
        return -1
    return sum(1 for line in text.splitlines()
               if COMMENT.match(line) and WORDS.search(line.lower()))

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real-code")
shutil.rmtree(out, ignore_errors=True)
for name, root, exts, licence, take in SOURCES:
    found = []
    for d, _, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            if f.endswith(exts) and not any(s in p + "/" for s in SKIP) and os.path.getsize(p) <= MAX_BYTES:
                s = score(p)
                if s > 0:
                    found.append((-s, os.path.relpath(p, root)))
    for _, rel in sorted(found)[:take]:
        dst = os.path.join(out, name, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(root, rel), dst)
    with open(os.path.join(out, name, "LICENSE"), "w", encoding="utf-8") as f:
        for part in (licence,) if isinstance(licence, str) else licence:
            f.write(open(part, encoding="utf-8").read())
