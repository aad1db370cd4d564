#!/usr/bin/env bash
# Cold start of a one-line lang="node" script (guarded-fs preload + permission model, without and
# with the sandbox) next to `node -e 0`, measured in the same run through csl's own launcher.
# Usage: bench/node.sh [RUNS]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl runner -am compile -Dspotless.check.skip=true
cp="runner/target/classes:fs-guard/target/classes:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-databind/*/jackson-databind-*.jar | head -1)"
exec java -cp "$cp" bench/ExternalBench.java node "${1:-20}"
