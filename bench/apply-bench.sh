#!/usr/bin/env bash
# Measures `csl apply` on answers with many SEARCH operations on one large file (issue 4 "Speed":
# 200 SEARCHes on one 20 MB file, target under 1 s) and shows that apply time grows linearly
# with the bytes touched. Prints one line per run: size, searches, wall time of the whole CLI
# run (JVM start included) and the exit status.
#   usage: bench/apply-bench.sh            (from the repository root)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$here/cli/target/csl.jar"
if [ ! -f "$jar" ]; then
  (cd "$here" && mvn -B -q -DskipTests -Dspotless.check.skip=true package >&2)
fi
work="$(mktemp -d /tmp/csl-apply-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
java_flags=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto)

run() { # size_mb searches
  local dir="$work/case-$1-$2"
  python3 "$here/bench/apply-gen.py" "$dir" "$1" "$2" >/dev/null
  local best=999999
  for rep in 1 2 3; do
    rm -rf "$dir/work" && cp -r "$dir/before" "$dir/work"
    local t0 t1 status
    t0=$(date +%s%N)
    set +e
    java "${java_flags[@]}" -jar "$jar" apply "$dir/answer.md" -C "$dir/work" --json >"$dir/out.json"
    status=$?
    set -e
    t1=$(date +%s%N)
    local ms=$(( (t1 - t0) / 1000000 ))
    [ "$ms" -lt "$best" ] && best=$ms
  done
  printf '%6s MB  %4d SEARCH  best of 3: %6d ms  exit %d\n' "$1" "$2" "$best" "$status"
}

echo "csl apply, SEARCH-heavy answers (JVM start included):"
run 1 1
run 20 1
run 20 200
run 5 200
run 10 200
run 40 200

echo "in-process apply (JVM already running; the 1st run includes class loading and JIT):"
classes="$work/timing-classes"
mkdir -p "$classes"
javac -cp "$jar" -d "$classes" "$here/bench/apply/ApplyTiming.java"
python3 "$here/bench/apply-gen.py" "$work/inproc" 20 200 >/dev/null
java "${java_flags[@]}" -cp "$jar:$classes" ApplyTiming "$work/inproc/before" "$work/inproc/answer.md" 5
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
