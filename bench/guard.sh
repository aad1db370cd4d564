#!/usr/bin/env bash
# Benchmarks the fs-guard with JMH: resolution of a 5-component path, a 4 KiB read and an atomic
# 4 KiB replace (temp file, fsync, rename, fsync of the directory), on the real disk (the system
# temp directory) and on Jimfs. Usage: bench/guard.sh [JMH options, e.g. -f 1 -wi 2 -i 3]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -pl fs-guard -am package -DskipTests -Dspotless.check.skip=true
(cd bench/guard && mvn -B -q package)
cp="bench/guard/target/classes:$(cat bench/guard/target/classpath.txt):fs-guard/target/csl-fs-guard-0.1.0-SNAPSHOT.jar"
exec java -cp "$cp" org.openjdk.jmh.Main GuardBench "$@"
