#!/usr/bin/env bash
# scripts/bisect-replay.sh GOOD BAD REPLAY
#
# Finds the first commit between GOOD and BAD that changes REPLAY's result under
# `ocean replay verify`: `git bisect run` builds each step and verifies the replay
# there. A commit that does not build is skipped (exit 125). "The result" is the
# verdict at GOOD (pass, or where and how it diverges): a step with the same verdict
# is good, any other verdict is bad.
#
# REPLAY is copied once, before bisecting, so every step verifies the same bytes
# (a commit may rewrite the golden replays). The bisection runs in a temporary
# worktree of the repository, so the checkout you run it from is never touched; the
# worktree is removed on the way out, also when the bisection is interrupted
# (SIGINT, SIGTERM, SIGHUP).
#
# Environment (for tests and other build set-ups):
#   OCEAN_BISECT_BUILD   the build command (default: swift build -c release --product ocean)
#   OCEAN_BISECT_VERIFY  the verify command, given the replay's path
#                        (default: .build/release/ocean replay verify)
# Both run in the step's checkout; they are shell commands and are evaluated as such.
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

work=$(mktemp -d "${TMPDIR:-/tmp}/bisect-replay-XXXXXX") || { echo "bisect-replay: cannot make a temporary folder" >&2; exit 2; }
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
# What the step scripts read: the user's two commands, and the paths as data only.
export OCEAN_BISECT_STEP_BUILD=$build OCEAN_BISECT_STEP_VERIFY=$verify
export OCEAN_BISECT_STEP_WORK=$work OCEAN_BISECT_STEP_TREE=$tree

# One step: build (125 if it fails), verify, and reduce the output to the verdict:
# the exit status and the lines that do not depend on the machine (no timings).
# Exit 255 when the step cannot be run at all: `git bisect run` stops there (any
# status from 128 up), rather than judging the commit good or bad.
cat > "$work/verdict.sh" <<'EOF'
#!/usr/bin/env bash
work=${OCEAN_BISECT_STEP_WORK:?} tree=${OCEAN_BISECT_STEP_TREE:?}
cd -- "$tree" || { echo "bisect-replay: cannot enter the step's checkout $tree" >&2; exit 255; }
if ! { eval "$OCEAN_BISECT_STEP_BUILD"; } >"$work/build.log" 2>&1; then exit 125; fi
replay=$work/replay.replay
out=$(eval "$OCEAN_BISECT_STEP_VERIFY"' "$replay"' 2>&1)
status=$?
out=${out//"$work/"/}
printf 'exit %s\n%s\n' "$status" "$out" | grep -v -e '^throughput' -e '^frame '
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
first=$(sed -n 's/^\([0-9a-f]\{40\}\) is the first bad commit$/\1/p' "$work/bisect.log" | head -1)
git bisect reset >/dev/null 2>&1 || true
if [ -z "$first" ]; then
  if grep -q "only skipped commits left" "$work/bisect.log"; then
    echo "bisect-replay: the change is among commits that do not build:" >&2
    sed -n '/only skipped commits left/,$p' "$work/bisect.log" >&2
    exit 1
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
