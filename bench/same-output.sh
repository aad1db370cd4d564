#!/usr/bin/env bash
# Same output, before and after a restructuring: runs every testdata/apply answer through two csl
# jars (plain, --json and --dry-run --json by default; MODES= to choose), then undo, and compares
# exit status, stdout, stderr, the tree after apply and after undo, the .csl/ file names and the
# audit log (times and ids masked), and `parse --json` of every testdata/parse case.
# usage: bench/same-output.sh BASE.jar NEW.jar      (e.g. a jar built from the commit before)
# Takes ~10 min on 2 cores (about 1,500 JVM starts). Prints each difference and a count.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base=$1 new=$2 td=${3:-$here/testdata}
work=$(mktemp -d /tmp/same-output.XXXX)
fail=0; n=0
mask() { sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z?/TIME/g; s/"(id|at|time|started|ended|durationMs|ms|elapsedMs|pid)":[^,}]*/"\1":X/g; s/[0-9]{8}T[0-9]{6}[-0-9a-zA-Z]*/ENTRY/g'; }
snapshot() { # dir -> listing of files with content hashes, .csl masked
  (cd "$1" && find . -path ./.csl -prune -o -type f -print | sort | while read -r f; do echo "$f $(stat -c %a "$f") $(sha1sum < "$f" | cut -c1-12)"; done
   if [ -d .csl ]; then find .csl -type f | sed -E 's/[0-9]{8}T[0-9]{6}[-0-9a-zA-Z]*/ENTRY/g' | sort; [ -f .csl/audit.jsonl ] && mask < .csl/audit.jsonl; fi)
}
runone() { # jar mode case out
  local jar=$1 mode=$2 c=$3 out=$4
  rm -rf "$out"; mkdir -p "$out"; cp -a "$c/before/." "$out/dir/" 2>/dev/null || mkdir -p "$out/dir"
  local args=(apply "$c/answer.md" -C "$out/dir" --color=never)
  case $mode in json) args+=(--json);; dry) args+=(--dry-run);; dryjson) args+=(--dry-run --json);; strict) args+=(--strict --json);; esac
  (cd "$out" && timeout 60 java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$jar" "${args[@]}" > "$out/stdout" 2> "$out/stderr"; echo $? > "$out/rc")
  mask < "$out/stdout" | sed "s|$out|OUT|g" | python3 "$here/bench/same-output-canon.py" > "$out/stdout.m"; mask < "$out/stderr" | sed "s|$out|OUT|g" > "$out/stderr.m"
  snapshot "$out/dir" > "$out/tree"
  # an undo after a real apply
  if [ "$mode" = plain ] || [ "$mode" = json ]; then
    (cd "$out" && timeout 60 java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$jar" undo -C "$out/dir" --json 2>&1 | mask | sed "s|$out|OUT|g" > "$out/undo"; echo $? >> "$out/undo")
    snapshot "$out/dir" > "$out/tree-after-undo"
  fi
}
for c in "$td"/apply/*/; do
  c=${c%/}; name=$(basename "$c")
  for mode in ${MODES:-plain json dryjson}; do
    n=$((n+1))
    runone "$base" $mode "$c" "$work/a" ; runone "$new" $mode "$c" "$work/b"
    for f in rc stdout.m stderr.m tree tree-after-undo undo; do
      if ! cmp -s "$work/a/$f" "$work/b/$f" 2>/dev/null; then
        [ -f "$work/a/$f" ] || [ -f "$work/b/$f" ] || continue
        echo "DIFF $name [$mode] $f"; diff "$work/a/$f" "$work/b/$f" | head -10; fail=$((fail+1))
      fi
    done
  done
done
for p in "$td"/parse/*.csl; do
  n=$((n+1))
  for jar in "$base" "$new"; do java -jar "$jar" parse --json "$p" > "$work/p-$(basename $jar)" 2>&1; echo $? >> "$work/p-$(basename $jar)"; done
  cmp -s "$work/p-$(basename $base)" "$work/p-$(basename $new)" || { echo "DIFF parse $(basename $p)"; fail=$((fail+1)); }
done
echo "same-output: $n runs, $fail differences ($work)"
