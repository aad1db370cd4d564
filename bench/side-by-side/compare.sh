#!/usr/bin/env bash
# Side-by-side measurements of csl against the TypeScript reference it replaces, and
# against floors, on the same machine in one run. Ratios are what count: absolute
# times on shared 2-core machines move from run to run.
#
#   bench/side-by-side/compare.sh [STEP...]     steps: cold-apply cold-parse version serve builtins
#                                         all (default: all of them)
#
# Environment:
#   CSL            the csl launcher to measure                 (default: ./csl of the current checkout)
#   REF_BUILD_DIR  the reference built by setup_ref.sh (see README.md here)  (cold-apply, cold-parse)
#   CORPUS_DIR     where gen_corpus.py writes its corpus       (default ~/.cache/csl-bench/corpus)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CSL=${CSL:-$(pwd)/csl}
C=${CORPUS_DIR:-$HOME/.cache/csl-bench/corpus}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
[ -x "$CSL" ] || { echo "no csl launcher at $CSL (set CSL)"; exit 1; }
[ -f "$C/typical.txt" ] || python3 "$here/gen_corpus.py" "$C" >/dev/null || { echo "corpus generation failed"; exit 1; }
need_ref() { [ -n "${REF_BUILD_DIR:-}" ] && [ -f "$REF_BUILD_DIR/driver.mjs" ] || { echo "  skipped: set REF_BUILD_DIR (README.md)"; return 1; }; }
ab() { python3 "$here/ab.py" "$@" | tail -1; }

step_cold_apply() {
  echo "cold apply of typical.txt (36 KB, 20 ops), csl (A) vs reference Node apply (B); goal: ratio < 0.7"
  need_ref || return 0
  for flag in "--json" ""; do
    printf '  csl apply %-7s ' "${flag:-(plain)}"
    ab -n 15 --warmup 3 \
      --a "rm -rf $W/a && cp -a $C/typical.init $W/a && exec $CSL apply $C/typical.txt -C $W/a $flag" \
      --b "rm -rf $W/b && cp -a $C/typical.init $W/b && exec node $REF_BUILD_DIR/driver.mjs apply $C/typical.txt $W/b"
  done
}
step_cold_parse() {
  echo "cold parse of big-10mb.txt (10 MB), csl (A) vs reference (B); goal: ratio < 0.5"
  need_ref || return 0
  for flag in "--json" ""; do
    printf '  csl parse %-7s ' "${flag:-(plain)}"
    ab -n 7 --warmup 1 --a "exec $CSL parse $C/big-10mb.txt $flag >/dev/null" \
      --b "exec node $REF_BUILD_DIR/driver.mjs parse $C/big-10mb.txt $flag >/dev/null"
  done
}
step_version() {
  echo "csl --version (A) vs node -e 0 (B): a command that does nothing should cost no more than a runtime start"
  printf '  '; ab -n 15 --warmup 3 --a "exec $CSL --version" --b "exec node -e 0"
}
step_serve() {
  echo "csl serve, one client, 40 sequential applies to one working directory (p50; worker JVMs started)"
  for k in write tasks run; do printf '  '; python3 "$here/serve_lat.py" "$CSL" 40 "$k"; done
}
step_builtins() {
  echo "RUN's built-ins on a 10,000-file, 170 MB tree (gen_tree.py), cold csl apply (A) vs GNU grep/find and ripgrep (B)"
  local t; t=$(python3 "$here/gen_tree.py" "$C") || { echo "  tree generation failed"; return 0; }
  run_md() { printf '<---RUN--->\n%s\n<---END--->\n' "$1" > "$W/$2.md"; }
  run_md 'grep -rn "def handle_request(" .' grep; run_md "find . -name 'mod0*.py'" find
  run_md 'echo hi' echo; printf '<---WRITE file="w.txt"--->\nhi\n<---END--->\n' > "$W/write.md"
  printf '  grep -rn vs GNU grep -rn    '; ab -n 5 --warmup 1 --a "exec $CSL apply $W/grep.md -C $t --json >/dev/null" \
    --b "cd $t && exec grep -rn --binary-files=without-match 'def handle_request(' . >/dev/null"
  if command -v rg >/dev/null; then
    printf '  grep -rn vs ripgrep          '; ab -n 5 --warmup 1 --a "exec $CSL apply $W/grep.md -C $t --json >/dev/null" \
      --b "cd $t && exec rg -n 'def handle_request\(' . >/dev/null"
  fi
  printf '  find -name vs GNU find       '; ab -n 5 --warmup 1 --a "exec $CSL apply $W/find.md -C $t --json >/dev/null" \
    --b "cd $t && exec find . -name 'mod0*.py' >/dev/null"
  mkdir -p "$W/e"
  printf '  apply RUN echo vs WRITE      '; ab -n 9 --warmup 2 --a "exec $CSL apply $W/echo.md -C $W/e --json >/dev/null" \
    --b "exec $CSL apply $W/write.md -C $W/e --json >/dev/null"
}
steps=("$@"); [ ${#steps[@]} -eq 0 ] || [ "${steps[0]}" = all ] && steps=(cold-apply cold-parse version serve builtins)
for s in "${steps[@]}"; do "step_${s//-/_}"; done
