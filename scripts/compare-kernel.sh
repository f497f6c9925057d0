#!/usr/bin/env bash
# Ticks per CPU second of the kernel's typical tick (without and with a career session
# open, and with the state hashed after every tick), this checkout's HEAD against another commit (default 5a92273, the reference
# of issue 25), on this machine, in the same run: each commit is exported (git
# archive) into a folder under ${TMPDIR:-/tmp}, given the small timing program in
# scripts/compare-kernel/ and built in release; then the two programs take turns,
# A B A B …, ROUNDS times, each timing SECONDS of CPU per scenario, and the median
# of each is printed with the ratio. CPU time, not wall time: the machine may be
# shared. Builds are kept per commit (rerunning reuses them; KEEP=0 removes them).
#
#   scripts/compare-kernel.sh [OTHER_COMMIT [THIS_COMMIT]]      ROUNDS=5 SECONDS_EACH=2
#
# THIS_COMMIT defaults to HEAD, the last commit: uncommitted changes are not measured.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
other=$(git rev-parse --short "${1:-5a92273}")
head=$(git rev-parse --short "${2:-HEAD}")
rounds=${ROUNDS:-5}
seconds=${SECONDS_EACH:-2}
base=${TMPDIR:-/tmp}/ocean-compare-kernel
harness=$PWD/scripts/compare-kernel/main.swift

# Exports commit $1 to $base/$1 and builds the timing program there.
build() {
  local commit=$1 dir=$base/$1
  if [ ! -x "$dir/.build/release/kernel-rate" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    git archive "$commit" | tar -x -C "$dir"
    mkdir -p "$dir/Sources/kernel-rate" && cp "$harness" "$dir/Sources/kernel-rate/main.swift"
    # The program's target: the kernel and whatever held the bots and the balance
    # loader then (OceanSim before the split; OceanDrivers and OceanStore now).
    local deps='"OceanKernel", "OceanDrivers", "OceanStore"'
    [ -d "$dir/Sources/OceanSim" ] && deps='"OceanKernel", "OceanSim"'
    python3 - "$dir/Package.swift" "$deps" <<'PY'
import sys
path, deps = sys.argv[1], sys.argv[2]
text = open(path).read()
anchor = "targets: ["
at = text.rindex(anchor) + len(anchor)
text = text[:at] + '\n        .executableTarget(name: "kernel-rate", dependencies: [%s], path: "Sources/kernel-rate"),' % deps + text[at:]
open(path, "w").write(text)
PY
    echo "building $commit in $dir (release)…" >&2
    (cd "$dir" && swift build -c release --product kernel-rate >"$dir/build.log" 2>&1) \
      || { tail -30 "$dir/build.log" >&2; exit 1; }
  fi
}

build "$other"
build "$head"

export SWIFT_BACKTRACE=enable=no
declare -a a_typ a_ses a_hash b_typ b_ses b_hash
for ((i = 0; i < rounds; i++)); do
  read -r _ t _ s _ h < <("$base/$other/.build/release/kernel-rate" "$seconds" "$base/$other")
  a_typ+=("$t"); a_ses+=("$s"); a_hash+=("$h")
  read -r _ t _ s _ h < <("$base/$head/.build/release/kernel-rate" "$seconds" "$base/$head")
  b_typ+=("$t"); b_ses+=("$s"); b_hash+=("$h")
  echo "round $((i + 1)): $other typical ${a_typ[-1]} session ${a_ses[-1]} hashed ${a_hash[-1]}; $head typical $t session $s hashed $h" >&2
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
mt=$(median "${a_typ[@]}"); ms=$(median "${a_ses[@]}"); ht=$(median "${b_typ[@]}"); hs=$(median "${b_ses[@]}")
mh=$(median "${a_hash[@]}"); hh=$(median "${b_hash[@]}")
printf 'ticks per CPU second, median of %d interleaved rounds of %s s each\n' "$rounds" "$seconds"
printf '%-22s %14s %14s %7s\n' "" "$other" "$head" "ratio"
printf '%-22s %14d %14d %7.2f\n' "typical tick" "$mt" "$ht" "$(awk -v a="$mt" -v b="$ht" 'BEGIN { print b / a }')"
printf '%-22s %14d %14d %7.2f\n' "with a career session" "$ms" "$hs" "$(awk -v a="$ms" -v b="$hs" 'BEGIN { print b / a }')"
printf '%-22s %14d %14d %7.2f\n' "session, hashed a tick" "$mh" "$hh" "$(awk -v a="$mh" -v b="$hh" 'BEGIN { print b / a }')"
[ "${KEEP:-1}" = 0 ] && rm -rf "$base/$other" "$base/$head"
true
