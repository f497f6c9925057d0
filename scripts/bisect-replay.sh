#!/usr/bin/env bash
# scripts/bisect-replay.sh GOOD BAD REPLAY
#
# Finds the first commit between GOOD and BAD that changes REPLAY's result under
# `ocean replay verify`: `git bisect run` builds each step and verifies the replay
# there. A commit that does not build is skipped (exit 125). Exit 0 with the commit
# named; 1 when no commit between GOOD and BAD changes the result; 3 when the change
# is among commits that do not build (none can be named); 2 on bad arguments or a step
# that could not be run. "The result" is the
# verdict at GOOD (pass, or where and how it diverges): a step with the same verdict
# is good, any other verdict is bad.
#
# REPLAY is copied once, before bisecting, so every step verifies the same bytes
# (a commit may rewrite the golden replays). The bisection runs in a temporary
# worktree of the repository, so the checkout you run it from is never touched; the
# worktree is removed on the way out, also when the bisection is interrupted
# (SIGINT, SIGTERM, SIGHUP).
#
# A build cache: what a step builds (OCEAN_BISECT_ARTIFACT, the `ocean` binary) is
# kept per tree (the commit's tree hash and the build command), so a commit built
# once, in this bisection or any earlier one, is never built again; a tree that did
# not build is remembered too. The newest OCEAN_BISECT_CACHE_KEEP trees are kept.
# Every step is logged (commit, cached or built and how long, the verdict) on
# standard error as it goes and in the cache's last-bisect.log.
#
# Environment (for tests and other build set-ups):
#   OCEAN_BISECT_BUILD   the build command (default: swift build -c release --product ocean)
#   OCEAN_BISECT_VERIFY  the verify command, given the replay's path
#                        (default: .build/release/ocean replay verify)
#   OCEAN_BISECT_ARTIFACT  the file the build makes that the verify command runs,
#                        relative to the checkout (default: .build/release/ocean)
#   OCEAN_BISECT_CACHE   the cache folder (default: .build/bisect-cache in the
#                        repository); empty: no cache, every step builds
#   OCEAN_BISECT_CACHE_KEEP  how many trees the cache keeps (default 12)
# Both commands run in the step's checkout; they are shell commands and are evaluated as such.
# No path (TMPDIR, the worktree, the replay) is ever pasted into code: the step's
# scripts are fixed text and read them from the environment.
# Exit: 0 with the commit named, 1 when no commit between GOOD and BAD changes the
# result, 2 on bad arguments, a GOOD that does not build, or a step that could not
# be run at all (its checkout missing, its verdict not written: the bisection stops).
set -euo pipefail
export SWIFT_BACKTRACE=enable=no

usage() { echo "usage: scripts/bisect-replay.sh GOOD BAD REPLAY" >&2; exit 2; }
[ $# -eq 3 ] || usage
good=$1 bad=$2 replay=$3

repo=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "bisect-replay: not inside a git repository" >&2; exit 2; }
# As commit ids now: HEAD~2 would mean another commit inside the bisection's worktree.
commit() {
  git -C "$repo" rev-parse --verify --quiet "$1^{commit}" || { echo "bisect-replay: '$1' is not a commit" >&2; exit 2; }
}
good_name=$good bad_name=$bad
good=$(commit "$good") || exit 2
bad=$(commit "$bad") || exit 2
[ -f "$replay" ] && [ -r "$replay" ] || { echo "bisect-replay: $replay: no such readable file" >&2; exit 2; }

# A run killed with -9 leaves its folder and its worktree registered: ours (the marker
# we wrote, owned by us) whose process is gone are removed now.
for stale in "${TMPDIR:-/tmp}"/bisect-replay-*; do
  [ -d "$stale" ] && [ ! -L "$stale" ] && [ -O "$stale" ] && [ -f "$stale/bisect-replay.pid" ] || continue
  pid=$(cat -- "$stale/bisect-replay.pid" 2>/dev/null)
  case $pid in ''|*[!0-9]*) continue;; esac
  kill -0 "$pid" 2>/dev/null && continue
  git -C "$repo" worktree remove --force "$stale/tree" >/dev/null 2>&1 || true
  rm -rf -- "$stale"
done
git -C "$repo" worktree prune >/dev/null 2>&1 || true

work=$(mktemp -d "${TMPDIR:-/tmp}/bisect-replay-XXXXXX") || { echo "bisect-replay: cannot make a temporary folder" >&2; exit 2; }
echo $$ > "$work/bisect-replay.pid"
tree="$work/tree"
cleanup() {
  trap - EXIT INT TERM HUP
  cd / || true
  git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true
  git -C "$repo" worktree prune >/dev/null 2>&1 || true
  rm -rf -- "$work"
}
trap cleanup EXIT
trap 'cleanup; exit 129' HUP
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
cp -- "$replay" "$work/replay.replay"

build=${OCEAN_BISECT_BUILD:-swift build -c release --product ocean}
verify=${OCEAN_BISECT_VERIFY:-.build/release/ocean replay verify}
artifact=${OCEAN_BISECT_ARTIFACT:-.build/release/ocean}
cache=${OCEAN_BISECT_CACHE-$repo/.build/bisect-cache}
keep=${OCEAN_BISECT_CACHE_KEEP:-12}
case $keep in ''|*[!0-9]*) echo "bisect-replay: OCEAN_BISECT_CACHE_KEEP '$keep' is not a whole number" >&2; exit 2;; esac
case $artifact in /*|*..*) echo "bisect-replay: OCEAN_BISECT_ARTIFACT '$artifact' must be a path inside the checkout" >&2; exit 2;; esac
if [ -n "$cache" ]; then
  mkdir -p -- "$cache" 2>/dev/null && [ -w "$cache" ] || { echo "bisect-replay: the cache folder $cache cannot be written (OCEAN_BISECT_CACHE)" >&2; exit 2; }
  cache=$(cd -- "$cache" && pwd)
fi
: > "$work/steps.log"
# What the step scripts read: the user's commands, and the paths as data only.
export OCEAN_BISECT_STEP_BUILD=$build OCEAN_BISECT_STEP_VERIFY=$verify OCEAN_BISECT_STEP_ARTIFACT=$artifact
export OCEAN_BISECT_STEP_WORK=$work OCEAN_BISECT_STEP_TREE=$tree OCEAN_BISECT_STEP_CACHE=$cache

# One step: build (125 if it fails), verify, and reduce the output to the verdict:
# the exit status and the lines that do not depend on the machine (no timings).
# Exit 255 when the step cannot be run at all: `git bisect run` stops there (any
# status from 128 up), rather than judging the commit good or bad.
cat > "$work/verdict.sh" <<'EOF'
#!/usr/bin/env bash
work=${OCEAN_BISECT_STEP_WORK:?} tree=${OCEAN_BISECT_STEP_TREE:?}
cache=$OCEAN_BISECT_STEP_CACHE artifact=$OCEAN_BISECT_STEP_ARTIFACT
cd -- "$tree" || { echo "bisect-replay: cannot enter the step's checkout $tree" >&2; exit 255; }
head=$(git rev-parse HEAD) || exit 255
# The cache's key: the tree built and the command that built it.
key=$(printf '%s\n%s\n' "$(git rev-parse 'HEAD^{tree}')" "$OCEAN_BISECT_STEP_BUILD" | git hash-object --stdin) || exit 255
entry=${cache:+$cache/$key}
log() { printf '%s  %s\n' "$(git log -1 --format='%h %s' "$head" | cut -c1-60)" "$1" | tee -a "$work/steps.log" >&2; }
started=$(date +%s)
# An entry is trusted only if this user made it: a real folder (no link) owned by us,
# writable by nobody else, whose artifact still has the hash recorded when it was built.
trusted() {
  [ -d "$entry" ] && [ ! -L "$entry" ] && [ -O "$entry" ] && [ -z "$(find "$entry" -maxdepth 0 -perm /022)" ] || return 1
  [ -z "${1:-}" ] && return 0
  [ -f "$entry/$1" ] && [ ! -L "$entry/$1" ] && [ -O "$entry/$1" ] && [ -z "$(find "$entry/$1" -maxdepth 0 -perm /022)" ] || return 1
  [ "$1" != artifact ] && return 0
  [ -f "$entry/artifact.sha256" ] && [ "$(sha256sum < "$entry/artifact" | cut -d' ' -f1)" = "$(cat -- "$entry/artifact.sha256")" ]
}
if [ -n "$entry" ] && [ -e "$entry" ] && ! trusted; then
  log "cache entry not ours (owner, mode or a link): ignored, built anew"
  entry=""
fi
if [ -n "$entry" ] && trusted does-not-build; then
  log "does not build (cached): skipped"; exit 125
elif [ -n "$entry" ] && [ -e "$entry/artifact" ] && ! trusted artifact; then
  log "cached build changed since it was made (its hash): ignored, built anew"
  entry=""
fi
if [ -n "$entry" ] && [ -f "$entry/artifact" ]; then
  mkdir -p -- "$(dirname -- "$artifact")" && cp -p -- "$entry/artifact" "$artifact" || exit 255
  touch -- "$entry"
  how="cached"
elif ! { eval "$OCEAN_BISECT_STEP_BUILD"; } >"$work/build.log" 2>&1; then
  if [ -n "$entry" ]; then mkdir -p -m 755 -- "$entry" && : > "$entry/does-not-build"; fi
  log "does not build ($(( $(date +%s) - started )) s): skipped"; exit 125
else
  how="built in $(( $(date +%s) - started )) s"
  if [ -n "$entry" ] && [ -f "$artifact" ]; then
    # Whole or not at all: a copy beside it, then renamed into place.
    mkdir -p -m 755 -- "$entry" && cp -p -- "$artifact" "$entry/.artifact.$$" && chmod go-w -- "$entry/.artifact.$$" \
      && sha256sum < "$entry/.artifact.$$" | cut -d' ' -f1 > "$entry/artifact.sha256" \
      && mv -f -- "$entry/.artifact.$$" "$entry/artifact" || exit 255
  fi
fi
printf '%s\n' "$head" > "$work/last-step"
replay=$work/replay.replay
out=$(eval "$OCEAN_BISECT_STEP_VERIFY"' "$replay"' 2>&1)
status=$?
out=${out//"$work/"/}
printf 'exit %s\n%s\n' "$status" "$out" | grep -v -e '^throughput' -e '^frame '
log "$how, verify exit $status"
exit 0
EOF
cat > "$work/step.sh" <<'EOF'
#!/usr/bin/env bash
work=${OCEAN_BISECT_STEP_WORK:?} tree=${OCEAN_BISECT_STEP_TREE:?}
"$work/verdict.sh" > "$work/now.txt" || exit $?
head=$(git -C "$tree" rev-parse HEAD) || exit 255
cp -- "$work/now.txt" "$work/verdict-$head.txt" || exit 255
cmp -s -- "$work/now.txt" "$work/good.txt"
status=$?
[ "$status" -le 1 ] || exit 255  # cmp could not read them: not a verdict
exit "$status"
EOF
chmod +x "$work/verdict.sh" "$work/step.sh"

git -C "$repo" worktree add --detach --quiet "$tree" "$good"
set +e
"$work/verdict.sh" > "$work/good.txt"
status=$?
set -e
if [ "$status" = 125 ]; then
  echo "bisect-replay: $good_name does not build ($build); see the log:" >&2
  tail -20 "$work/build.log" >&2
  exit 2
elif [ "$status" != 0 ]; then
  echo "bisect-replay: could not verify the replay at $good_name (status $status)" >&2
  exit 2
fi
echo "bisect-replay: the result at $good_name ($good):"
sed 's/^/  /' "$work/good.txt"

cd -- "$tree" || exit 2
git bisect start "$bad" "$good" >/dev/null
set +e
git bisect run "$work/step.sh" > "$work/bisect.log" 2>&1
set -e
# The steps, kept with the cache; the cache trimmed to its newest trees.
if [ -n "$cache" ]; then
  cp -- "$work/steps.log" "$cache/last-bisect.log" 2>/dev/null || true
  # Only our own folders, never through a link (a link's target is not the cache's).
  { find "$cache" -mindepth 1 -maxdepth 1 -type d -user "$(id -u)" -printf '%T@ %p\n' 2>/dev/null || true; } \
    | sort -rn | tail -n +$((keep + 1)) | cut -d' ' -f2- | while IFS= read -r old; do rm -rf -- "$old"; done || true
fi
echo "bisect-replay: $(grep -c . "$work/steps.log") steps ($(grep -c '  cached' "$work/steps.log") from the cache):"
sed 's/^/  /' "$work/steps.log"
first=$(sed -n 's/^\([0-9a-f]\{40\}\) is the first bad commit$/\1/p' "$work/bisect.log" | head -1)
git bisect reset >/dev/null 2>&1 || true
if [ -z "$first" ]; then
  # Git says it one way or another by version ("only skipped commits left to test",
  # "The first bad commit could be any of:", "We cannot bisect more!").
  if grep -q -e "only skipped commits left" -e "could be any of" -e "cannot bisect more" "$work/bisect.log"; then
    echo "bisect-replay: the change is among commits that do not build; it could be any of:" >&2
    git -C "$repo" log --no-walk --format='  %h %s' $(grep -oE '^[0-9a-f]{40}$' "$work/bisect.log" | sort -u) >&2 2>/dev/null \
      || sed -n '/skipped commits left\|could be any of/,$p' "$work/bisect.log" >&2
    exit 3
  elif grep -q "bisect run failed" "$work/bisect.log"; then
    echo "bisect-replay: a step could not be run, so the bisection stopped:" >&2
    tail -5 "$work/bisect.log" >&2
    exit 2
  else
    echo "bisect-replay: no commit after $good_name up to $bad_name changes the result" >&2
    tail -5 "$work/bisect.log" >&2
  fi
  exit 1
fi
echo "bisect-replay: the first commit that changes the result of $replay:"
git -C "$repo" log -1 --format='  %H %s' "$first"
if [ ! -f "$work/verdict-$first.txt" ]; then  # bisect named it without testing it
  git -C "$tree" checkout --quiet --detach "$first"
  "$work/verdict.sh" > "$work/verdict-$first.txt" || true
fi
echo "the result there:"
sed 's/^/  /' "$work/verdict-$first.txt"
# Where the cache holds each side's build (what `ocean regress` runs next).
if [ -n "$cache" ]; then
  for c in "$good" "$first"; do
    k=$(printf '%s\n%s\n' "$(git -C "$repo" rev-parse "$c^{tree}")" "$build" | git -C "$repo" hash-object --stdin)
    # Only a build this user made and nobody changed since (as each step trusts one).
    e=$cache/$k
    if [ -d "$e" ] && [ ! -L "$e" ] && [ -O "$e" ] && [ -f "$e/artifact" ] && [ ! -L "$e/artifact" ] && [ -O "$e/artifact" ] \
      && [ -z "$(find "$e" "$e/artifact" -maxdepth 0 -perm /022)" ] && [ -f "$e/artifact.sha256" ] \
      && [ "$(sha256sum < "$e/artifact" | cut -d' ' -f1)" = "$(cat -- "$e/artifact.sha256")" ]; then
      echo "artifact $c $e/artifact"
    fi
  done
fi
