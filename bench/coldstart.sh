#!/usr/bin/env bash
# Cold start of `csl apply` as a whole process, on a typical answer (20 top-level operations,
# ~36 KB, no RUN), side by side in one run with:
#   * node bench/coldstart-reference.js: a minimal Node applier of the same answer. No reference
#     implementation is available on this machine; this stand-in is what such an applier costs.
#   * java -jar of a hello-world jar: the floor a JVM start costs here.
#   * java -jar csl.jar without the launcher's flags and archive: what the launcher saves.
# Every measured run starts from a fresh copy of the project (not timed).
# usage: bench/coldstart.sh [RUNS=30]   (hyperfine when installed, else a date loop; NO_HYPERFINE=1 forces the loop)
set -euo pipefail
# Cold means a JVM per call: never the resident process (docs/daemon.md), which is on by default.
export CSL_DAEMON=0
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-30}"
work="$(mktemp -d "${TMPDIR:-/tmp}/csl-coldstart.XXXXXX")"
trap 'rm -rf "$work"' EXIT

"$here/csl" --version >/dev/null           # builds the jar and records the CDS archive if needed
jar="$here/cli/target/csl.jar"
node "$here/bench/coldstart-fixture.js" "$work"

mkdir -p "$work/hello"
cat > "$work/hello/Hello.java" <<'JAVA'
public class Hello { public static void main(String[] args) { System.out.println("hi"); } }
JAVA
javac -d "$work/hello" "$work/hello/Hello.java"
printf 'Main-Class: Hello\n' > "$work/hello/manifest.txt"
jar cfm "$work/hello/hello.jar" "$work/hello/manifest.txt" -C "$work/hello" Hello.class

# Same result from csl and the stand-in, or the comparison means nothing.
reset="rm -rf $work/run && cp -r $work/fixture $work/run"
sh -c "$reset"
"$here/csl" apply "$work/answer.md" -C "$work/run" >/dev/null
cp -r "$work/run" "$work/by-csl"
sh -c "$reset"
node "$here/bench/coldstart-reference.js" "$work/answer.md" "$work/run" >/dev/null
if ! diff -r -x .csl "$work/by-csl" "$work/run" >/dev/null; then
  echo "coldstart: csl and the Node stand-in disagree on the result:" >&2
  diff -r -x .csl "$work/by-csl" "$work/run" >&2 || true
  exit 1
fi
echo "csl and the Node stand-in produce the same tree."
echo "answer: $(wc -c < "$work/answer.md") bytes; machine load: $(cut -d' ' -f1-3 /proc/loadavg); $runs runs each"

names=("csl apply (./csl launcher)" "node stand-in apply" "java -jar csl.jar apply (no flags, no CDS)" "java -jar hello.jar")
cmds=("$here/csl apply $work/answer.md -C $work/run"
      "node $here/bench/coldstart-reference.js $work/answer.md $work/run"
      "java -jar $jar apply $work/answer.md -C $work/run"
      "java -jar $work/hello/hello.jar")

if [ -z "${NO_HYPERFINE:-}" ] && command -v hyperfine >/dev/null; then
  args=()
  for i in "${!cmds[@]}"; do args+=(-n "${names[$i]}" "${cmds[$i]}"); done
  hyperfine -N --warmup 3 --runs "$runs" --prepare "sh -c '$reset'" \
    --export-json "$work/result.json" "${args[@]}" >&2
  node -e '
    const r = require(process.argv[1]).results;
    const ms = (s) => (s * 1000).toFixed(1);
    console.log("| Command | Mean [ms] | Median [ms] | Min [ms] | User+Sys CPU [ms] |");
    console.log("|:---|---:|---:|---:|---:|");
    for (const b of r) {
      console.log(`| ${b.command} | ${ms(b.mean)} ± ${ms(b.stddev)} | ${ms(b.median)} | ${ms(b.min)} | ${ms(b.user + b.system)} |`);
    }' "$work/result.json"
else
  printf '| Command | Mean [ms] | Median [ms] | Min [ms] |\n|:---|---:|---:|---:|\n'
  for i in "${!cmds[@]}"; do
    times=()
    for r in $(seq 1 $((runs + 3))); do
      sh -c "$reset"
      t0=$(date +%s%N); ${cmds[$i]} >/dev/null 2>&1 || true; t1=$(date +%s%N)
      [ "$r" -gt 3 ] && times+=($(( (t1 - t0) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk -v name="${names[$i]}" \
      '{ a[NR] = $1; s += $1 } END { printf "| %s | %.1f | %.1f | %.1f |\n", name, s / NR / 1000, a[int((NR + 1) / 2)] / 1000, a[1] / 1000 }'
  done
fi
