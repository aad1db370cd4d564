#!/usr/bin/env bash
# Added wall-clock cost of the OS sandbox (bubblewrap) per command, through csl's own launcher.
# Usage: bench/sandbox.sh [RUNS]   (default 30)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl runner -am compile -Dspotless.check.skip=true
cp="runner/target/classes:fs-guard/target/classes:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-databind/*/jackson-databind-*.jar | head -1)"
exec java -cp "$cp" bench/ExternalBench.java sandbox "${1:-30}"
