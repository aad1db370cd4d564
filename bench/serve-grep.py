#!/usr/bin/env python3
"""RUN `grep -rn` through one warm `csl serve` against GNU grep on the same tree, paired.

usage: bench/serve-grep.py CSL N TREE    (TREE: e.g. the tree of the shared gen_tree.py)
Three applies warm the worker (and its JIT) first; then N pairs: one apply of the RUN through the
server, one GNU `grep -rn` in TREE. Prints both medians and their ratio (docs/performance.md).
"""
import json, os, statistics, subprocess, sys, time

csl, n, tree = sys.argv[1], int(sys.argv[2]), os.path.realpath(sys.argv[3])
answer = '<---RUN--->\ngrep -rn "def handle_request(" .\n<---END--->\n'
srv = subprocess.Popen([csl, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True, bufsize=1)


def apply(i):
    srv.stdin.write(json.dumps({"jsonrpc": "2.0", "id": i, "method": "apply", "params": {
        "answer": answer, "workingDir": tree, "yes": True}}) + "\n")
    srv.stdin.flush()
    return json.loads(srv.stdout.readline())


for i in range(3):
    apply(i)
a, b = [], []
for i in range(n):
    t = time.perf_counter()
    r = apply(100 + i)
    a.append(time.perf_counter() - t)
    assert r["result"]["ok"], r
    t = time.perf_counter()
    subprocess.run(["grep", "-rn", "--binary-files=without-match", "def handle_request(", "."],
                   cwd=tree, stdout=subprocess.DEVNULL)
    b.append(time.perf_counter() - t)
srv.stdin.close()
srv.wait(timeout=30)
print("serve grep p50 %.3f s, GNU grep p50 %.3f s, ratio %.2f" % (
    statistics.median(a), statistics.median(b), statistics.median(a) / statistics.median(b)))
