#!/usr/bin/env bash
# The launcher's preparation after a build, and the start of later commands, for two launchers of
# the same checkout: bench/first-start.sh OLD NEW, both paths of launcher scripts placed in the
# checkout's root (e.g. `git show OLDREV:csl > csl.before`), the jar built (./csl --version).
# 1. Three times: touch the jar (as a build does), time the first --version, then an apply.
# 2. Eleven paired runs of --version and of apply with current caches; the medians.
set -euo pipefail
# Cold means a JVM per call: never the resident process (docs/daemon.md), which is on by default.
export CSL_DAEMON=0
cd "$(dirname "$0")/.."
old=$1 new=$2
project="$(mktemp -d)"; answer="$project.md"
printf '<---WRITE file="a.txt"--->\nhi\n<---END--->\n' > "$answer"
t() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$(date +%s.%N) - $s" | bc; }
for l in "$old" "$new"; do
  for r in 1 2 3; do
    touch cli/target/csl.jar
    echo "first after build, $l, run $r: --version $(t "$l" --version) s, then apply $(t "$l" apply "$answer" -C "$project") s"
  done
done
bv=(); nv=(); ba=(); na=()
for r in $(seq 11); do
  bv+=("$(t "$old" --version)"); nv+=("$(t "$new" --version)")
  ba+=("$(t "$old" apply "$answer" -C "$project")"); na+=("$(t "$new" apply "$answer" -C "$project")")
done
m() { printf '%s\n' "$@" | sort -n | sed -n 6p; }
echo "later starts, median of 11: --version $(m "${bv[@]}") s -> $(m "${nv[@]}") s; apply $(m "${ba[@]}") s -> $(m "${na[@]}") s"
rm -rf "$project" "$answer"
