#!/usr/bin/env bash
# Benchmarks warm parse + validate on generated 1 MB and 10 MB answers (JMH) and prints MB/s.
#   bench/parse.sh           full JMH run (5 warm-up + 5 measured iterations of 2 s, 1 fork)
#   bench/parse.sh --quick   a plain best-of-N loop without JMH, for a figure in seconds
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/.."
(cd "$root" && mvn -B -q -pl grammar package -DskipTests -Dspotless.check.skip=true)
(cd "$here/parse" && mvn -B -q package)
cp="$here/parse/target/classes:$(cat "$here/parse/target/classpath.txt")"

if [ "${1:-}" = "--quick" ]; then
  java -Xms1g -Xmx1g -cp "$cp" dev.csl.bench.QuickMeasure 1 200
  java -Xms1g -Xmx1g -cp "$cp" dev.csl.bench.QuickMeasure 10 40
  exit 0
fi

out="$(mktemp)"
java -cp "$cp" org.openjdk.jmh.Main dev.csl.bench.ParseBenchmark -rf csv -rff "$out" "$@"
echo
echo "Throughput (size / average time per parse + validate):"
# CSV columns: Benchmark,Mode,Threads,Samples,Score,Score Error,Unit,Param: megabytes
tail -n +2 "$out" | tr -d '"' | awk -F, '{ printf "  %3d MB answer: %8.2f ms/op  = %6.0f MB/s\n", $8, $5, $8 * 1000 / $5 }'
rm -f "$out"
