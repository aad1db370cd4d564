#!/usr/bin/env bash
# CPU time per call of the resident process (docs/daemon.md), itself and its children (worker JVMs,
# bubblewrap), read from /proc around N calls of a command, with the wall time per call:
#
#   CSL=./csl bench/resident-cpu.sh N COMMAND...     e.g. bench/resident-cpu.sh 30 ./csl apply echo.md -C DIR --json
#
# CPU time moves less with a busy machine's load than wall time does (docs/performance.md). The
# resident process must be up (CSL_DAEMON=1 ./csl --version starts one); children that ended
# during the calls are not counted (a worker JVM the pool keeps is).
set -uo pipefail
CSL=${CSL:-./csl}
pid=$(CSL_DAEMON=1 "$CSL" daemon status | sed -n 's/.*running, pid \([0-9]*\).*/\1/p')
[ -n "$pid" ] || { echo "no resident process runs (CSL_DAEMON=1 $CSL --version starts one)"; exit 1; }
tick=$(getconf CLK_TCK)
own() { set -- $(cut -d' ' -f14,15 "/proc/$1/stat" 2>/dev/null); echo $((${1:-0} + ${2:-0})); }
tree() { local t=0 c; for c in $(ps -o pid= --ppid "$1"); do t=$((t + $(own "$c") + $(tree "$c"))); done; echo $t; }
n=$1; shift
a=$(own "$pid"); aw=$(tree "$pid"); t0=$(date +%s%N)
for _ in $(seq "$n"); do CSL_DAEMON=1 "$@" >/dev/null; done
t1=$(date +%s%N); b=$(own "$pid"); bw=$(tree "$pid")
echo "resident $(((b - a) * 1000 / tick / n)) ms/call; its children $(((bw - aw) * 1000 / tick / n)) ms/call; wall $(((t1 - t0) / 1000000 / n)) ms/call"
