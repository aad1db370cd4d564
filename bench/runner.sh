#!/usr/bin/env bash
# Benchmark of the runner's built-ins: first RUN of an apply (worker JVM start included), the
# warm round trip of `cat small.txt`, and a plain ProcessBuilder start of /bin/cat, in one run.
# Targets: warm round trip <= 1 ms median; first RUN < 150 ms.
# usage: bench/runner.sh [FIRST_RUNS=20] [WARM_RUNS=2000] [SANDBOX=auto|off|required]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/csl" --version >/dev/null   # builds the jar when missing or stale
exec java -XX:+UseSerialGC -cp "$here/cli/target/csl.jar" "$here/bench/RunnerBench.java" \
  "${1:-20}" "${2:-2000}" "${3:-auto}"
