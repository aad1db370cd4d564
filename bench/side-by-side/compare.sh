#!/usr/bin/env bash
# Side-by-side measurements of csl against the TypeScript reference it replaces, and
# against floors, on the same machine in one run. Ratios are what count: absolute
# times on shared 2-core machines move from run to run.
#
#   bench/side-by-side/compare.sh [STEP...]     steps: cold-apply cold-parse version serve builtins
#                                         warm-apply warm-version; all (default: all of them)
#
# The cold steps run with CSL_DAEMON=0 (a JVM per call, whatever the caller's setting); the warm
# ones and builtins' warm column with the resident process up, started from this script's own
# environment (docs/daemon.md).
#
# Environment:
#   CSL            the csl launcher to measure                 (default: ./csl of the current checkout)
#   REF_BUILD_DIR  the reference built by setup_ref.sh (see README.md here)  (cold-apply, cold-parse)
#   CORPUS_DIR     where gen_corpus.py writes its corpus       (default ~/.cache/csl-bench/corpus)
#   BUILTINS_MODES cold, warm or both (builtins)              (default "cold warm")
#   BUILTINS_N     pairs per grep/find measure (builtins)      (default 5)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CSL=${CSL:-$(pwd)/csl}
C=${CORPUS_DIR:-$HOME/.cache/csl-bench/corpus}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
[ -x "$CSL" ] || { echo "no csl launcher at $CSL (set CSL)"; exit 1; }
[ -f "$C/typical.txt" ] || python3 "$here/gen_corpus.py" "$C" >/dev/null || { echo "corpus generation failed"; exit 1; }
need_ref() { [ -n "${REF_BUILD_DIR:-}" ] && [ -f "$REF_BUILD_DIR/driver.mjs" ] || { echo "  skipped: set REF_BUILD_DIR (README.md)"; return 1; }; }
# The interpreter itself, not a version manager's shim: pyenv's shim puts its own directories first
# on PATH, so the commands ab.py runs would see another PATH than this script, and the resident
# process (started from this script) would decline them and run them cold.
PY=$(python3 -c 'import sys; print(sys.executable)')
ab() { "$PY" "$here/ab.py" "$@" | tail -1; }

step_cold_apply() {
  echo "cold apply of typical.txt (36 KB, 20 ops), csl (A) vs reference Node apply (B); goal: ratio < 0.7"
  need_ref || return 0
  apply_pairs
}
step_warm_apply() {
  echo "apply of typical.txt with the resident process up, csl (A) vs reference Node apply (B); goal: ratio <= 0.5"
  need_ref || return 0
  daemon_up || return 0
  CSL_DAEMON=1 apply_pairs
  daemon_calls
}
apply_pairs() {
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
step_warm_version() {
  echo "csl --version with the resident process up (A) vs node -e 0 (B); goal: ratio <= 0.5"
  daemon_up || return 0
  printf '  '; CSL_DAEMON=1 ab -n 15 --warmup 3 --a "exec $CSL --version" --b "exec node -e 0"
  daemon_calls
}
step_serve() {
  echo "csl serve, one client, 40 sequential applies to one working directory (p50; worker JVMs started)"
  for k in write tasks run; do printf '  '; python3 "$here/serve_lat.py" "$CSL" 40 "$k"; done
}
# The resident process (docs/daemon.md) for the warm column: stopped if one runs (it may have been
# started from another environment, whose calls it would decline), then started by a call from this
# script's own environment, so that PATH, HOME and the locale match the measured calls'.
daemon_up() {
  CSL_DAEMON=1 "$CSL" daemon stop >/dev/null 2>&1
  CSL_DAEMON=1 "$CSL" --version >/dev/null 2>&1 # runs cold, starts the resident process
  for _ in $(seq 1 120); do
    CSL_DAEMON=1 "$CSL" daemon status >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "  the resident process did not start"; return 1
}
daemon_calls() { CSL_DAEMON=1 "$CSL" daemon status 2>/dev/null | grep -E 'calls served|workers:' | sed 's/^ */    /'; }
step_builtins() {
  echo "RUN's built-ins on a 10,000-file, 170 MB tree (gen_tree.py), csl apply (A) vs GNU grep/find and ripgrep (B);"
  echo "cold: CSL_DAEMON=0 (a JVM and a worker JVM per call); warm: CSL_DAEMON=1, the resident process up"
  echo "(started from this environment) with its warm workers; goals warm: grep <= 1.0, find <= 1.5, echo/WRITE <= 1.2"
  local t; t=$(python3 "$here/gen_tree.py" "$C") || { echo "  tree generation failed"; return 0; }
  run_md() { printf '<---RUN--->\n%s\n<---END--->\n' "$1" > "$W/$2.md"; }
  run_md 'grep -rn "def handle_request(" .' grep; run_md "find . -name 'mod0*.py'" find
  run_md 'echo hi' echo; printf '<---WRITE file="w.txt"--->\nhi\n<---END--->\n' > "$W/write.md"
  mkdir -p "$W/e"
  local modes=(${BUILTINS_MODES:-cold warm})
  for mode in "${modes[@]}"; do
    if [ "$mode" = warm ]; then
      daemon_up || continue
      export CSL_DAEMON=1
    else
      export CSL_DAEMON=0
    fi
    printf '  %-4s grep -rn vs GNU grep -rn    ' "$mode"; ab -n "${BUILTINS_N:-5}" --warmup 1 --a "exec $CSL apply $W/grep.md -C $t --json >/dev/null" \
      --b "cd $t && exec grep -rn --binary-files=without-match 'def handle_request(' . >/dev/null"
    if command -v rg >/dev/null; then
      printf '  %-4s grep -rn vs ripgrep          ' "$mode"; ab -n "${BUILTINS_N:-5}" --warmup 1 --a "exec $CSL apply $W/grep.md -C $t --json >/dev/null" \
        --b "cd $t && exec rg -n 'def handle_request\(' . >/dev/null"
    fi
    printf '  %-4s find -name vs GNU find       ' "$mode"; ab -n "${BUILTINS_N:-5}" --warmup 1 --a "exec $CSL apply $W/find.md -C $t --json >/dev/null" \
      --b "cd $t && exec find . -name 'mod0*.py' >/dev/null"
    printf '  %-4s apply RUN echo vs WRITE      ' "$mode"; ab -n 9 --warmup 2 --a "exec $CSL apply $W/echo.md -C $W/e --json >/dev/null" \
      --b "exec $CSL apply $W/write.md -C $W/e --json >/dev/null"
    [ "$mode" = warm ] && daemon_calls
  done
  export CSL_DAEMON=0
}
export CSL_DAEMON=0
steps=("$@"); [ ${#steps[@]} -eq 0 ] || [ "${steps[0]}" = all ] && steps=(cold-apply cold-parse version serve builtins warm-apply warm-version)
for s in "${steps[@]}"; do "step_${s//-/_}"; done
