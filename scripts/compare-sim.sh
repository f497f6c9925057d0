#!/usr/bin/env bash
# CPU time per simulated tick of `ocean sim`, this checkout's release build against
# another commit's (default 5a92273, the reference of issue 36), on the same commands:
# `sim --bot idle --games 2000` and a 200-day career (`sim --bot human --days 200`).
# The other commit is exported (git archive) under ${TMPDIR:-/tmp} and its `ocean`
# built in release once (kept; KEEP=0 removes it). The two programs take turns, A B A B,
# ROUNDS times; each run's user + system CPU seconds (bash's time, in ms) over the ticks it says
# it played (`--json`), the medians and their ratio printed. Each program runs in its
# own checkout's folder, so it reads its own assets/balance.toml.
#
#   scripts/compare-sim.sh [OTHER_COMMIT]      ROUNDS=5
#
# This checkout's `.build/release/ocean` is used as it is: build it first (`make build`).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
other=$(git rev-parse --short "${1:-5a92273}")
rounds=${ROUNDS:-5}
here=$PWD
mine=$here/.build/release/ocean
[ -x "$mine" ] || { echo "compare-sim: $mine is missing; run make build first" >&2; exit 2; }
dir=${TMPDIR:-/tmp}/ocean-compare-sim/$other
if [ ! -x "$dir/.build/release/ocean" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  git archive "$other" | tar -x -C "$dir"
  echo "compare-sim: building $other's ocean in $dir (once)" >&2
  (cd "$dir" && swift build -c release --static-swift-stdlib --product ocean >"$dir/build.log" 2>&1) ||
    { echo "compare-sim: $other does not build; see $dir/build.log" >&2; exit 2; }
fi
theirs=$dir/.build/release/ocean
out=$(mktemp -d "${TMPDIR:-/tmp}/compare-sim-XXXXXX")
trap 'rm -rf -- "$out"; [ "${KEEP:-1}" = 0 ] && rm -rf -- "$dir"; true' EXIT

# One run: prints nanoseconds of CPU per tick. $1 the program, $2 its folder, the rest its arguments.
# The child's user + system CPU from bash's `time` in milliseconds (GNU time prints
# hundredths of a second, too coarse for a career that takes 0.05 s).
run() {
  local program=$1 folder=$2; shift 2
  local TIMEFORMAT='%3U %3S' back=$PWD
  cd -- "$folder"
  { time "$program" "$@" --json >"$out/json" 2>"$out/err"; } 2>"$out/time" ||
    { echo "compare-sim: $program $* failed:" >&2; tail -3 "$out/err" >&2; exit 2; }
  cd -- "$back"
  python3 - "$out/time" "$out/json" <<'PY'
import json, sys
user, system = map(float, open(sys.argv[1]).read().split()[-2:])
ticks = json.load(open(sys.argv[2]))["ticks"]
print(f"{(user + system) / ticks * 1e9:.2f}")
PY
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

for case in "games:--bot idle --games 2000 --seed 1" "career:--bot human --days 200 --seed 1"; do
  name=${case%%:*} args=${case#*:}
  : > "$out/a"; : > "$out/b"
  for _ in $(seq "$rounds"); do
    # shellcheck disable=SC2086
    run "$theirs" "$dir" sim $args >> "$out/a"
    # shellcheck disable=SC2086
    run "$mine" "$here" sim $args >> "$out/b"
  done
  a=$(median < "$out/a") b=$(median < "$out/b")
  printf '%-7s %s: %s ns/tick   HEAD: %s ns/tick   HEAD/%s = %s (median of %s, interleaved)\n' \
    "$name" "$other" "$a" "$b" "$other" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')" "$rounds"
done
