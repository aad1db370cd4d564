#!/usr/bin/env bash
# Load test of csl serve: CLIENTS concurrent clients for SECONDS applying overlapping answers to
# DIRS directories through one serve process; checks no lost update (final trees equal a
# sequential replay), no deadlock, flat memory; prints requests/s and p50/p99 latency.
# usage: bench/serve-load.sh [SECONDS=20] [CLIENTS=32] [DIRS=8]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/csl" --version >/dev/null   # builds the jar when missing or stale
exec java -cp "$here/cli/target/csl.jar" "$here/bench/ServeLoad.java" \
  "$here/cli/target/csl.jar" "${1:-20}" "${2:-32}" "${3:-8}"
