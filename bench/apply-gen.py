#!/usr/bin/env python3
"""Generates a project with one large source file and an answer with many SEARCH operations on it.

usage: apply-gen.py DIR SIZE_MB SEARCHES
Writes DIR/before/big.js (SIZE_MB of JavaScript-like lines) and DIR/answer.md with SEARCHES
multi-line SEARCH/REPLACE blocks spread evenly over the file (each matches exactly once).
"""
import os
import sys

out, size_mb, searches = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
os.makedirs(os.path.join(out, "before"), exist_ok=True)
target = int(size_mb * 1024 * 1024)
lines = []
total = 0
i = 0
while total < target:
    block = "function f%d(x) {\n    return x + %d;\n}\n\n" % (i, i)
    lines.append(block)
    total += len(block)
    i += 1
with open(os.path.join(out, "before", "big.js"), "w") as f:
    f.write("".join(lines))
step = max(1, i // searches)
with open(os.path.join(out, "answer.md"), "w") as f:
    f.write("Renaming %d functions.\n\n" % searches)
    for k in range(searches):
        n = k * step
        f.write('<---SEARCH file="big.js"--->\nfunction f%d(x) {\n    return x + %d;\n<---REPLACE--->\n'
                'function renamed%d(value) {\n    return value + %d;\n<---END--->\n\n' % (n, n, n, n))
print("%s: %d bytes, %d functions, %d searches" % (out, total, i, searches))
