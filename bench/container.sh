#!/usr/bin/env bash
# A command (/bin/true) plainly, in bubblewrap, and in a fresh and in a warm container of the container layer (its exec agent, else exec),
# and as the first command of a later apply in serve or the resident process (the container kept between applies)
# (Podman, the host's root as the image), through csl's own launcher, cases interleaved.
# Usage: bench/container.sh [RUNS]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
# process-classes: csl-exec, the warm container's exec agent, is built there
mvn -B -q -pl runner -am process-classes -Dspotless.check.skip=true
cp="runner/target/classes:fs-guard/target/classes:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-databind/*/jackson-databind-*.jar | head -1)"
cp="$cp:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-core/*/jackson-core-*.jar | head -1)"
cp="$cp:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-annotations/*/jackson-annotations-*.jar | head -1)"
# the bench's trust record goes to a state directory of its own, never the user's
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
CSL_CONFIG_HOME="$state" java -cp "$cp" bench/ExternalBench.java container "${1:-20}"
