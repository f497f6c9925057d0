#!/usr/bin/env bash
# The shell, Python and Makefile tooling against hostile input ("Nothing lost, nothing
# injected, round three"): scripts/bisect-replay.sh, `make k8s` (scripts/render-k8s.py),
# scripts/tune-slurm.sh, scripts/install.sh and scripts/optuna_search.py; and round
# four's and five's cases on the built `ocean`, when it is built (a full disk, a file-size
# limit, absurd tune targets, a game key as a bin key, a deep TOML key, an edited high score).
# Usage: Tests/Tools/hostile-scripts.sh   (from anywhere; one line per case, exit 1 if any fails)
# Needs bash, git, make, python3 (3.11+, tomllib) and dash or sh; no Slurm, no Kubernetes,
# no network, no Swift build: `ocean`, `sbatch` and Optuna are small fakes made here.
# Everything it makes is in one mktemp -d folder, removed on the way out.
set -uo pipefail
export SWIFT_BACKTRACE=enable=no LC_ALL=C

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd -P)
T=$(mktemp -d "${TMPDIR:-/tmp}/hostile-scripts-XXXXXX") || exit 2
T=$(cd -- "$T" && pwd -P)
trap 'rm -rf -- "$T"' EXIT
failures=0 cases=0
pass() { cases=$((cases + 1)); echo "ok   $1"; }
flunk() { cases=$((cases + 1)); failures=$((failures + 1)); echo "FAIL $1"; shift; [ $# -eq 0 ] || printf '     %s\n' "$@"; }
# check NAME CONDITION-COMMAND... [-- DETAIL]
check() {
  local name=$1; shift
  local detail=""
  local args=()
  while [ $# -gt 0 ]; do if [ "$1" = "--" ]; then shift; detail=$*; break; fi; args+=("$1"); shift; done
  if "${args[@]}"; then pass "$name"; else flunk "$name" "$detail"; fi
}
PY=python3
SH=$(command -v dash || command -v sh)

# ---------------------------------------------------------------- bisect-replay.sh
# A throwaway repository like ReplayToolsTests's: each commit has a status the verify
# command prints and exits with; `broken` makes the build fail.
bisect_repo() {  # DIR STATUS...
  local dir=$1; shift
  mkdir -p "$dir" && git -C "$dir" init -q && git -C "$dir" config user.email t@example.com &&
    git -C "$dir" config user.name Test || return 1
  printf '#!/bin/sh\necho "verdict $(cat status) for $(basename "$1")"\nexit $(cat status)\n' > "$dir/verify.sh"
  local n=0 s
  for s in "$@"; do
    n=$((n + 1)); echo "$s" > "$dir/status"
    git -C "$dir" add -A && git -C "$dir" commit -q --allow-empty -m "commit $n: status $s" || return 1
  done
  echo "a replay" > "$dir/game.replay"
}
worktrees() { git -C "$1" worktree list --porcelain | grep -c '^worktree '; }
no_leftovers() {  # REPO TMPDIR: one worktree, nothing to prune, no bisection, no temporary folder
  [ "$(worktrees "$1")" = 1 ] && [ -z "$(git -C "$1" worktree prune -n -v 2>&1)" ] &&
    ! git -C "$1" bisect log >/dev/null 2>&1 && [ -z "$(find "$2" -maxdepth 1 -name 'bisect-replay-*')" ]
}
bisect() {  # DIR GOOD BAD [VERIFY]: runs in DIR, output in $T/bisect.out/.err, status in $bs
  ( cd -- "$1" && OCEAN_BISECT_BUILD='test ! -e broken' OCEAN_BISECT_VERIFY=${4:-sh verify.sh} \
      "$repo/scripts/bisect-replay.sh" "$2" "$3" game.replay ) > "$T/bisect.out" 2> "$T/bisect.err"
  bs=$?
}

n=0
for hostile_tmp in "$T/x\$(touch $T/pwned)y" "$T/x\$(touch $T/pwned)y\"'\`touch $T/pwned2\`"; do
  n=$((n + 1)); b=$T/bisect-one-$n; bisect_repo "$b" 0 1 1 1
  mkdir -p "$hostile_tmp"
  TMPDIR=$hostile_tmp bisect "$b" HEAD~3 HEAD
  check "bisect-replay: TMPDIR=$(printf %q "${hostile_tmp#"$T"/}") runs nothing" \
    test ! -e "$T/pwned" -a ! -e "$T/pwned2" -- "$(ls "$T")"
  check "bisect-replay: with that TMPDIR it still names the commit (exit 0)" \
    grep -q "commit 2: status 1" "$T/bisect.out" -- "exit $bs" "$(cat "$T/bisect.out" "$T/bisect.err")"
  check "bisect-replay: the verdict is the replay's, with the temporary path taken out" \
    grep -qx "  verdict 1 for replay.replay" "$T/bisect.out" -- "$(cat "$T/bisect.out")"
  check "bisect-replay: no worktree, bisection or temporary folder left behind" no_leftovers "$b" "$hostile_tmp"
done

# A commit that does not build is skipped (as ReplayToolsTests drives it).
b=$T/bisect-skip; bisect_repo "$b" 0 1 1 1
git -C "$b" checkout -q HEAD~1 && touch "$b/broken" && git -C "$b" add broken && git -C "$b" commit -q -m "broken" &&
  git -C "$b" rm -q broken && git -C "$b" commit -q -m "four: status 1" && git -C "$b" checkout -q -B main
bisect "$b" HEAD~4 HEAD
check "bisect-replay: a commit that does not build is skipped; the commit is still named" \
  eval '[ "$bs" = 0 ] && grep -q "commit 2: status 1" "$T/bisect.out"' -- "exit $bs" "$(cat "$T/bisect.out" "$T/bisect.err")"

# A step whose checkout has gone (the verify command of a bad step moves it away):
# the next step cannot cd there, and must stop the bisection, not be judged.
b=$T/bisect-cd; bisect_repo "$b" 0 1 1 1 1 1 1
mkdir -p "$T/tmp-cd"
TMPDIR=$T/tmp-cd bisect "$b" HEAD~6 HEAD 'sh verify.sh "$1"; s=$?; [ $s = 0 ] || mv "$PWD" "$PWD.gone"; exit $s #'
check "bisect-replay: a step that cannot enter its checkout stops it (exit 2, no commit named)" \
  eval '[ "$bs" = 2 ] && ! grep -q "first commit" "$T/bisect.out"' -- "exit $bs" "$(cat "$T/bisect.out" "$T/bisect.err")"
check "bisect-replay: … and leaves no worktree behind" no_leftovers "$b" "$T/tmp-cd"

# GOOD's own checkout gone after its verdict: the script cannot cd into it either.
b=$T/bisect-cd2; bisect_repo "$b" 0 1 1
mkdir -p "$T/tmp-cd2"
TMPDIR=$T/tmp-cd2 bisect "$b" HEAD~2 HEAD 'sh verify.sh "$1"; s=$?; mv "$PWD" "$PWD.gone"; exit $s #'
check "bisect-replay: GOOD's checkout gone: exit 2, nothing named, nothing left" \
  eval '[ "$bs" = 2 ] && ! grep -q "first commit" "$T/bisect.out" && no_leftovers "$b" "$T/tmp-cd2"' -- "exit $bs"

# Killed mid-bisection (the whole process group, as a terminal's ^C or a hang-up does).
for sig in INT TERM HUP; do
  b=$T/bisect-$sig; bisect_repo "$b" 0 1 1 1 1 1 1 1 1
  mkdir -p "$T/tmp-$sig"
  export MARK=$T/mark-$sig
  set -m
  ( cd -- "$b" && TMPDIR=$T/tmp-$sig OCEAN_BISECT_BUILD=: \
      OCEAN_BISECT_VERIFY='sh verify.sh "$1"; s=$?; if [ $s = 1 ]; then touch "$MARK"; sleep 60; fi; exit $s #' \
      exec "$repo/scripts/bisect-replay.sh" HEAD~8 HEAD game.replay ) > "$T/sig.out" 2>&1 &
  pid=$!
  set +m
  for _ in $(seq 200); do [ -e "$MARK" ] && break; sleep 0.1; done
  in_step=no; [ -e "$MARK" ] && [ "$(worktrees "$b")" = 2 ] && in_step=yes
  kill -s "$sig" -- "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null; st=$?
  check "bisect-replay: SIG$sig mid-bisection removes its worktree (exit $st)" \
    eval '[ "$in_step" = yes ] && [ "$st" != 0 ] && no_leftovers "$b" "$T/tmp-$sig"' -- \
    "in a step: $in_step" "$(git -C "$b" worktree list)" "$(cat "$T/sig.out")"
done
unset MARK

# The cache trusts only what this user built there: a link is never followed when
# trimming, a planted or changed artifact is never run, and a run killed with -9
# leaves nothing the next run does not clean.
b=$T/bisect-cache; bisect_repo "$b" 0 1 1 1
mkdir -p "$T/victim" "$T/cache" && echo keep > "$T/victim/precious" && ln -s "$T/victim" "$T/cache/evil"
key() {  # COMMIT BUILD: the cache key bisect-replay.sh gives that tree and build
  printf '%s\n%s\n' "$(git -C "$b" rev-parse "$1^{tree}")" "$2" | git -C "$b" hash-object --stdin
}
build_art='printf "#!/bin/sh\nexec sh verify.sh \"\$1\"\n" > art'
for c in HEAD~2 HEAD~1; do
  e=$T/cache/$(key "$c" "$build_art"); mkdir -p "$e"
  printf '#!/bin/sh\ntouch %q\nexit 0\n' "$T/planted-ran" > "$e/artifact"
done
chmod 666 "$T/cache/$(key HEAD~2 "$build_art")/artifact"   # world-writable: not ours to trust
sha256sum < /dev/null | cut -d' ' -f1 > "$T/cache/$(key HEAD~1 "$build_art")/artifact.sha256"  # a hash it no longer has
mkdir -p "$T/tmp-stale/bisect-replay-old" && echo 999999 > "$T/tmp-stale/bisect-replay-old/bisect-replay.pid"
git -C "$b" worktree add -q --detach "$T/tmp-stale/bisect-replay-old/tree" HEAD
( cd -- "$b" && TMPDIR=$T/tmp-stale OCEAN_BISECT_CACHE=$T/cache OCEAN_BISECT_CACHE_KEEP=0 OCEAN_BISECT_BUILD=$build_art \
    OCEAN_BISECT_ARTIFACT=art OCEAN_BISECT_VERIFY='sh art' "$repo/scripts/bisect-replay.sh" HEAD~3 HEAD game.replay ) \
  > "$T/bisect.out" 2> "$T/bisect.err"; bs=$?
check "bisect-replay: a planted or changed cached build is never run; the commit is still named" \
  eval '[ "$bs" = 0 ] && [ ! -e "$T/planted-ran" ] && grep -q "commit 2: status 1" "$T/bisect.out"' -- \
  "exit $bs" "$(cat "$T/bisect.out" "$T/bisect.err")"
check "bisect-replay: trimming the cache never follows a link (its target keeps its files)" \
  eval '[ -f "$T/victim/precious" ] && [ -L "$T/cache/evil" ]' -- "$(ls -la "$T/victim" "$T/cache")"
check "bisect-replay: a run killed with -9 (its marker, a dead process) is cleaned by the next" \
  no_leftovers "$b" "$T/tmp-stale" -- "$(git -C "$b" worktree list)" "$(ls -a "$T/tmp-stale")"

b=$T/bisect-args; bisect_repo "$b" 0
bisect "$b" nosuchcommit HEAD
check "bisect-replay: bad arguments still exit 2 by name" \
  eval '[ "$bs" = 2 ] && grep -q "'"'"'nosuchcommit'"'"' is not a commit" "$T/bisect.err"' -- "exit $bs"

# ---------------------------------------------------------------- make k8s
k=$T/k8s; mkdir -p "$k/scripts" "$k/deploy"
cp "$repo/Makefile" "$k/" && cp "$repo/scripts/render-k8s.py" "$k/scripts/" && cp -r "$repo/deploy/k8s" "$k/deploy/"
k8s() { rm -rf "$k/.build"; make -s -C "$k" k8s IMAGE_NAME=ocean-rescue-headless:abc1234 "$@" > "$T/k8s.out" 2> "$T/k8s.err"; ks=$?; }
# The args of a container as JSON (the rendered flow sequences are JSON arrays), or
# every document's args through PyYAML when some python3 has it.
yaml_py=""
for py in python3 /usr/bin/python3; do if "$py" -c 'import yaml' 2>/dev/null; then yaml_py=$py; break; fi; done
args_of() {  # FILE: each container's args as a JSON array, one line per container
  if [ -n "$yaml_py" ]; then
    "$yaml_py" -c '
import json, sys, yaml
for doc in yaml.safe_load_all(open(sys.argv[1])):
    for c in ((doc.get("spec") or {}).get("template") or {}).get("spec", {}).get("containers", []):
        print(json.dumps(c["args"]))' "$1"
  else
    $PY -c '
import json, re, sys
text = open(sys.argv[1]).read()
for m in re.finditer(r"^\s*args: (\[.*?\])\s*$", text, re.M | re.S):
    print(json.dumps(json.loads(m.group(1))))' "$1"
  fi
}
k8s
check "make k8s: the default values render (exit 0)" eval '[ "$ks" = 0 ]' -- "$(cat "$T/k8s.err")"
check "make k8s: the default tune.yaml has the shard count, image and spec" eval '
  grep -qx "  completions: 3" "$k/.build/k8s/tune.yaml" && grep -qx "          image: ocean-rescue-headless:abc1234" "$k/.build/k8s/tune.yaml" &&
  [ "$(args_of "$k/.build/k8s/tune.yaml")" = "[\"tune\", \"/usr/local/share/ocean-rescue/assets/tune/example.toml\", \"--shard\", \"auto\", \"--quiet\", \"--out\", \"/results/shard-\$(JOB_COMPLETION_INDEX).jsonl\", \"--force\"]" ]' -- \
  "$(args_of "$k/.build/k8s/tune.yaml")"
check "make k8s: the default merge.yaml names the 3 shards" eval '
  [ "$(args_of "$k/.build/k8s/merge.yaml")" = "[\"tune\", \"merge\", \"/results/shard-0.jsonl\", \"/results/shard-1.jsonl\", \"/results/shard-2.jsonl\", \"--out\", \"/results/sweep.jsonl\", \"--chart\", \"/results/sweep.svg\", \"--importance-chart\", \"/results/importance.svg\", \"--force\"]" ]' -- \
  "$(args_of "$k/.build/k8s/merge.yaml")"
hostile_spec='/x.toml", "--out", "/etc/cron.d/owned", "--force'
k8s K8S_SPEC="$hostile_spec"
check "make k8s: a K8S_SPEC holding quotes and commas is one argument" eval '
  [ "$ks" = 0 ] && [ "$($PY -c "import json,sys; print(json.loads(sys.stdin.readline())[1])" < <(args_of "$k/.build/k8s/tune.yaml"))" = "$hostile_spec" ] &&
  [ "$($PY -c "import json,sys; print(len(json.loads(sys.stdin.readline())))" < <(args_of "$k/.build/k8s/tune.yaml"))" = 8 ]' -- \
  "exit $ks" "$(args_of "$k/.build/k8s/tune.yaml" 2>&1)"
for s in 0 -2 abc 1.5 '' 1001 1e3 03 '3;rm'; do
  k8s SHARDS="$s"
  check "make k8s: SHARDS='$s' is refused (exit 2) and nothing is written" \
    eval '[ "$ks" = 2 ] && grep -q "SHARDS must be a whole number from 1 to 1000" "$T/k8s.err" && [ ! -e "$k/.build/k8s/tune.yaml" ]' -- \
    "exit $ks" "$(cat "$T/k8s.err")"
done
k8s SHARDS=1000
check "make k8s: SHARDS=1000 renders 1000 shard files" eval '[ "$ks" = 0 ] && [ "$(grep -o "/results/shard-[0-9]*.jsonl" "$k/.build/k8s/merge.yaml" | sort -u | wc -l)" = 1000 ]'
for image in $'x\n  command: [sh]' 'Upper/Case' 'a b' 'x:tag"' '' '-x'; do
  k8s IMAGE_NAME="$image"
  check "make k8s: IMAGE_NAME=$(printf %q "$image") is refused (exit 2)" \
    eval '[ "$ks" = 2 ] && grep -q "is not an image reference" "$T/k8s.err" && [ ! -e "$k/.build/k8s/tune.yaml" ]' -- "exit $ks" "$(cat "$T/k8s.err")"
done
k8s IMAGE_NAME=registry.example:5000/team/ocean-rescue_headless:v1.2@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
check "make k8s: a registry, port, tag and digest are an image reference" eval '[ "$ks" = 0 ]' -- "$(cat "$T/k8s.err")"
for spec in relative.toml -x.toml $'/a\nb.toml' $'/a\tb.toml' ''; do
  k8s K8S_SPEC="$spec"
  check "make k8s: K8S_SPEC=$(printf %q "$spec") is refused (exit 2)" \
    eval '[ "$ks" = 2 ] && grep -q "K8S_SPEC" "$T/k8s.err" && [ ! -e "$k/.build/k8s/tune.yaml" ]' -- "exit $ks" "$(cat "$T/k8s.err")"
done
k8s K8S_SPEC="/data/spec 'é' \\ \" ok.toml"
check "make k8s: a spec with spaces, quotes, backslash and é round-trips as one argument" eval '
  [ "$ks" = 0 ] && [ "$($PY -c "import json,sys; print(json.loads(sys.stdin.readline())[1])" < <(args_of "$k/.build/k8s/tune.yaml"))" = "/data/spec '"'"'é'"'"' \\ \" ok.toml" ]' -- \
  "exit $ks" "$(args_of "$k/.build/k8s/tune.yaml" 2>&1)"

# ---------------------------------------------------------------- tune-slurm.sh
# A fake sbatch: records its arguments, prints a job id, and runs the --wrap text the
# way Slurm does (with /bin/sh: dash here when there is one) for each array task.
s=$T/slurm; mkdir -p "$s/bin"
cat > "$s/bin/sbatch" <<'EOF'
#!/usr/bin/env bash
wrap="" array=""
while [ $# -gt 0 ]; do
  case $1 in
    --wrap) wrap=$2; shift 2 ;;
    --array=*) array=${1#--array=}; shift ;;
    *) shift ;;
  esac
done
n=$(cat "$SLURM_FAKE/count" 2>/dev/null || echo 0); n=$((n + 1)); echo "$n" > "$SLURM_FAKE/count"
printf '%s' "$wrap" > "$SLURM_FAKE/wrap-$n"
if [ -n "$array" ]; then
  for i in $(seq "${array%-*}" "${array#*-}"); do
    SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=2 "$SLURM_FAKE_SH" -c "$wrap" >> "$SLURM_FAKE/jobs.log" 2>&1 || echo "task $i failed" >> "$SLURM_FAKE/failed"
  done
else
  "$SLURM_FAKE_SH" -c "$wrap" >> "$SLURM_FAKE/jobs.log" 2>&1 || echo "merge failed" >> "$SLURM_FAKE/failed"
fi
echo "$((1000 + n))"
EOF
# A fake ocean: each call's arguments as a JSON array, one call a line in argv.
cat > "$s/ocean" <<'EOF'
#!/usr/bin/env bash
python3 -c 'import json,sys; print(json.dumps(sys.argv[1:]))' "$@" >> "$SLURM_FAKE/argv"
EOF
chmod +x "$s/bin/sbatch" "$s/ocean"
names=("plain" "spé cial" $'new\nline' "it's \"quoted\"" 'dollar $(touch PWNED) `touch PWNED2`' 'back\slash 50%')
i=0
for name in "${names[@]}"; do
  i=$((i + 1))
  fake=$s/run-$i; mkdir -p "$fake"
  dir="$s/d-$i/$name"; mkdir -p "$dir"; echo 'bots = ["greedy"]' > "$dir/spec.toml"
  ( cd "$s/d-$i" && PATH=$s/bin:$PATH SLURM_FAKE=$fake SLURM_FAKE_SH=$SH OCEAN=$s/ocean \
      "$repo/scripts/tune-slurm.sh" --shards 2 "$dir/spec.toml" "$dir/out.jsonl" -- --games 5 "$name" ) > "$fake/out" 2>&1
  st=$?
  expected=$($PY - "$dir" "$name" <<'EOF'
import json, sys
d, name = sys.argv[1], sys.argv[2]
parts = d + "/out.shards"
for i in range(2):
    print(json.dumps(["tune", d + "/spec.toml", "--shard", "auto", "--jobs", "2", "--out", f"{parts}/shard-{i}.jsonl", "--games", "5", name]))
print(json.dumps(["tune", "merge", parts + "/shard-0.jsonl", parts + "/shard-1.jsonl", "--out", d + "/out.jsonl"]))
EOF
)
  check "tune-slurm: $(printf %q "$name") reaches ocean as one argument under $SH (LC_ALL=C)" \
    eval '[ "$st" = 0 ] && [ ! -e "$fake/failed" ] && [ "$(cat "$fake/argv" 2>/dev/null)" = "$expected" ] && [ -z "$(find "$s" -name "PWNED*")" ]' -- \
    "exit $st" "$(cat "$fake/out")" "got: $(cat "$fake/argv" 2>/dev/null)" "want: $expected" "$(cat "$fake/jobs.log" 2>/dev/null)"
done
( cd "$s" && PATH=$s/bin:$PATH SLURM_FAKE=$s OCEAN=$s/ocean "$repo/scripts/tune-slurm.sh" "$s/no-such.toml" "$s/o.jsonl" ) > "$s/err" 2>&1; st=$?
check "tune-slurm: a missing spec is refused before anything is submitted (exit 2)" \
  eval '[ "$st" = 2 ] && [ ! -e "$s/count" ] && [ ! -e "$s/o.shards" ]' -- "exit $st" "$(cat "$s/err")"
( cd "$s" && PATH=$s/bin:$PATH SLURM_FAKE=$s OCEAN=$s/no-ocean "$repo/scripts/tune-slurm.sh" "$s/d-1/plain/spec.toml" "$s/o.jsonl" ) > "$s/err" 2>&1; st=$?
check "tune-slurm: a missing binary is refused before anything is submitted (exit 2)" \
  eval '[ "$st" = 2 ] && [ ! -e "$s/count" ] && [ ! -e "$s/o.shards" ]' -- "exit $st" "$(cat "$s/err")"

# ---------------------------------------------------------------- install.sh
r=$T/install-repo; mkdir -p "$r/scripts" "$r/docs/man"
cp -r "$repo/assets" "$repo/deploy" "$repo/LICENSE" "$r/" && cp "$repo/scripts/install.sh" "$r/scripts/" && cp "$repo/docs/man/ocean.1" "$r/docs/man/"
cat > "$T/fake-ocean" <<'EOF'
#!/bin/sh
case $1 in
  icon) printf 'PNG' > "$5" ;;
  --generate-completion-script) echo "# $2 completion" ;;
  *) exit 1 ;;
esac
EOF
chmod +x "$T/fake-ocean"
mkdir -p "$T/elsewhere"
install_run() {  # PREFIX ACTION [OCEAN]: from an unrelated folder, OCEAN relative to it
  ( cd "$T/elsewhere" && PREFIX=$1 OCEAN=${3:-../fake-ocean} "$r/scripts/install.sh" "$2" ) > "$T/install.out" 2> "$T/install.err"
  is=$?
}
install_run "$T/p-full" install
check "install.sh: run from another folder, it installs (exit 0) with a manifest" \
  eval '[ "$is" = 0 ] && [ -x "$T/p-full/bin/ocean" ] && [ -f "$T/p-full/share/man/man1/ocean.1" ] && [ -f "$T/p-full/share/ocean-rescue/install-manifest" ]' -- \
  "exit $is" "$(cat "$T/install.err")"
install_run "$T/p-full" uninstall
check "install.sh: … and uninstall leaves the prefix empty" \
  eval '[ "$is" = 0 ] && [ -z "$(find "$T/p-full" -mindepth 1)" ]' -- "$(find "$T/p-full" -mindepth 1 | head)"
mv "$r/docs/man/ocean.1" "$T/ocean.1.aside"; mv "$r/LICENSE" "$T/LICENSE.aside"
install_run "$T/p-missing" install
check "install.sh: a missing man page and LICENSE: exit 2, both named, nothing written" \
  eval '[ "$is" = 2 ] && grep -q "docs/man/ocean.1" "$T/install.err" && grep -q "/LICENSE" "$T/install.err" && [ ! -e "$T/p-missing" ]' -- \
  "exit $is" "$(cat "$T/install.err")" "$(find "$T/p-missing" 2>/dev/null | head -3)"
mv "$T/ocean.1.aside" "$r/docs/man/ocean.1"; mv "$T/LICENSE.aside" "$r/LICENSE"
install_run "$T/p-noocean" install ../no-such-ocean
check "install.sh: a missing binary: exit 2, nothing written" eval '[ "$is" = 2 ] && [ ! -e "$T/p-noocean" ]' -- "exit $is" "$(cat "$T/install.err")"
# A copy that fails midway (share/doc is someone's file, so share/doc/ocean-rescue cannot
# be made): what was written is in the manifest, and uninstall removes it all.
mkdir -p "$T/p-mid/share" && echo theirs > "$T/p-mid/share/doc"
install_run "$T/p-mid" install
check "install.sh: a copy failing midway still leaves a manifest of what was written" \
  eval '[ "$is" != 0 ] && grep -q "^file bin/ocean$" "$T/p-mid/share/ocean-rescue/install-manifest"' -- "exit $is" "$(cat "$T/install.err")"
install_run "$T/p-mid" uninstall
check "install.sh: … and uninstall removes it, leaving only the file that was there" \
  eval '[ "$is" = 0 ] && [ "$(cd "$T/p-mid" && find . -mindepth 1 | sort | tr "\n" " ")" = "./share ./share/doc " ] && [ "$(cat "$T/p-mid/share/doc")" = theirs ]' -- \
  "$(cd "$T/p-mid" && find . -mindepth 1 | head)"

# ---------------------------------------------------------------- optuna_search.py
o=$T/optuna; mkdir -p "$o/fake/optuna"
# A fake Optuna, just what optuna_search.py calls (the real one is not needed to test the
# script's own checks and writes): every trial suggests each space's first value.
cat > "$o/fake/optuna/__init__.py" <<'EOF'
import types
logging = types.SimpleNamespace(WARNING=30, set_verbosity=lambda level: None)
class _Sampler:
    def __init__(self, **kw): pass
samplers = types.SimpleNamespace(TPESampler=_Sampler, CmaEsSampler=_Sampler)
exceptions = types.SimpleNamespace(ExperimentalWarning=Warning)
class TrialState:
    COMPLETE = "COMPLETE"
    PRUNED = "PRUNED"
    RUNNING = "RUNNING"
trial = types.SimpleNamespace(TrialState=TrialState)
class _Trial:
    def __init__(self, number):
        self.number, self.params, self.user_attrs, self.state = number, {}, {}, TrialState.RUNNING
        self.value = self.values = None
    def suggest_categorical(self, key, values): self.params[key] = values[0]; return values[0]
    def suggest_int(self, key, lo, hi, step=1): self.params[key] = lo; return lo
    def set_user_attr(self, key, value): self.user_attrs[key] = value
    def set_constraint(self, key, value): self.user_attrs.setdefault("_constraints", {})[key] = value
class _Study:
    def __init__(self): self.trials = []
    def set_metric_names(self, names): self.metric_names = names
    def ask(self):
        t = _Trial(len(self.trials)); self.trials.append(t); return t
    def tell(self, t, value=None, state=None):
        if state is not None: t.state = state; return
        t.state = TrialState.COMPLETE
        if isinstance(value, list): t.values = value
        else: t.value = value; t.values = [value]
    @property
    def best_trial(self):
        return min((t for t in self.trials if t.state == TrialState.COMPLETE), key=lambda t: t.value)
    @property
    def best_trials(self):
        return [t for t in self.trials if t.state == TrialState.COMPLETE]
def create_study(**kw): return _Study()
EOF
# A fake `ocean tune eval`: refuses a spec holding "refuse" as ocean does (one line,
# exit 2); "garbage" answers a line that is not JSON; otherwise a point line per input.
cat > "$o/ocean" <<'EOF'
#!/bin/sh
echo "$*" >> "$OPTUNA_FAKE_LOG"
[ "$1 $2" = "tune eval" ] || exit 64
if grep -q refuse "$3"; then echo "ocean: error: $3: bots: unknown bot 'refuse'" >&2; exit 2; fi
while IFS= read -r line; do
  if grep -q garbage "$3"; then echo "not json"; continue; fi
  echo '{"valid": true, "distance": 0.25, "objectives": [0.25], "results": []}'
done
EOF
chmod +x "$o/ocean"
printf 'bots = ["greedy"]\n[vary]\n"bin.width_px" = { from = 50, to = 60, step = 2 }\n[targets.greedy]\ncatch_rate = 0.9\n' > "$o/spec.toml"
optuna_run() {  # ARGS…: output in $T/optuna.out/.err, status in $os
  : > "$o/calls"
  ( cd "$o" && PYTHONPATH=$o/fake OPTUNA_FAKE_LOG=$o/calls $PY "$repo/scripts/optuna_search.py" --trials 3 \
      --storage "$o/study.db" --ocean "$o/ocean" "$@" ) > "$T/optuna.out" 2> "$T/optuna.err"
  os=$?
}
echo keep > "$o/victim"
ln -s "$o/victim" "$o/best.json.tmp"
optuna_run "$o/spec.toml" --json "$o/best.json"
check "optuna_search: a planted best.json.tmp link is not written through" \
  eval '[ "$os" = 0 ] && [ "$(cat "$o/victim")" = keep ] && [ "$(readlink "$o/best.json.tmp")" = "$o/victim" ] && $PY -c "import json,sys; json.load(open(sys.argv[1]))" "$o/best.json"' -- \
  "exit $os" "$(cat "$T/optuna.err")"
check "optuna_search: no temporary file is left beside the output" \
  eval '[ -z "$(find "$o" -maxdepth 1 -name ".best.json.*")" ]'
echo '{"mine": 1}' > "$o/best.json"
optuna_run "$o/spec.toml" --json "$o/best.json"
check "optuna_search: an existing --json is refused before the study (exit 2, ocean never run)" \
  eval '[ "$os" = 2 ] && grep -q -- "--force" "$T/optuna.err" && [ "$(cat "$o/best.json")" = "{\"mine\": 1}" ] && [ ! -s "$o/calls" ]' -- \
  "exit $os" "$(cat "$T/optuna.err")" "$(cat "$o/calls")"
optuna_run "$o/spec.toml" --json "$o/best.json" --force
check "optuna_search: --force replaces it" \
  eval '[ "$os" = 0 ] && grep -q "\"trial\"" "$o/best.json"' -- "exit $os" "$(cat "$T/optuna.err")"
check "optuna_search: --help mentions --force" eval '$PY "$repo/scripts/optuna_search.py" --help | grep -q -- "--force"'
optuna_run "$o/spec.toml" --json "$o/no-such-folder/best.json"
check "optuna_search: a --json in a missing folder is refused before the study (exit 2)" \
  eval '[ "$os" = 2 ] && [ ! -s "$o/calls" ] && ! grep -q Traceback "$T/optuna.err"' -- "exit $os" "$(cat "$T/optuna.err")"
no_traceback() { [ "$os" = 2 ] && ! grep -q Traceback "$T/optuna.err" && grep -q "^ocean: error: optuna_search.py: " "$T/optuna.err"; }
printf 'bots = ["refuse"]\n[vary]\n"bin.width_px" = [50, 60]\n[targets.greedy]\ncatch_rate = 0.9\n' > "$o/refused.toml"
optuna_run "$o/refused.toml" --json "$o/r.json"
check "optuna_search: a spec ocean refuses: its message, one line more, exit 2, no traceback" \
  eval 'no_traceback && grep -q "unknown bot" "$T/optuna.err" && [ ! -e "$o/r.json" ]' -- "exit $os" "$(cat "$T/optuna.err")"
for bad in '"bin.width_px" = ["abc"]' '"bin.width_px" = { from = "a", to = 3 }' '"bin.width_px" = [1.5]' '"bin.width_px" = { from = 5 }'; do
  printf 'bots = ["greedy"]\n[vary]\n%s\n[targets.greedy]\ncatch_rate = 0.9\n' "$bad" > "$o/bad.toml"
  optuna_run "$o/bad.toml"
  check "optuna_search: vary $bad: one line, exit 2, no traceback" no_traceback -- "exit $os" "$(cat "$T/optuna.err")"
done
printf 'bots = ["greedy"]\n[vary]\n"bin.width_px" = [50]\ntargets = 3\n' > "$o/bad.toml"
optuna_run "$o/bad.toml"
check "optuna_search: targets that are not tables: one line, exit 2, no traceback" no_traceback -- "exit $os" "$(cat "$T/optuna.err")"
optuna_run "$o/spec.toml" --ocean "$o/no-such-ocean"
check "optuna_search: a missing ocean binary: one line, exit 2, no traceback" no_traceback -- "exit $os" "$(cat "$T/optuna.err")"
printf 'bots = ["garbage"]\n[vary]\n"bin.width_px" = [50]\n[targets.greedy]\ncatch_rate = 0.9\n' > "$o/garbage.toml"
optuna_run "$o/garbage.toml"
check "optuna_search: an answer that is not JSON: one line, exit 2, no traceback" no_traceback -- "exit $os" "$(cat "$T/optuna.err")"

# ---------------------------------------------------------------- the built ocean (round four)
# An error is never silent, a claim is checked where it is made: run on the release
# `ocean` when it is built (`make test` builds it first); skipped, and said, when not.
O="$repo/.build/release/ocean"
if [ -x "$O" ]; then
  for cmd in "sim" "scores" "replay states $repo/replays/greedy-bot.replay"; do
    # shellcheck disable=SC2086
    (cd "$repo" && "$O" $cmd > /dev/full 2> "$T/full.err"); fs=$?
    check "ocean $cmd > /dev/full: said, not exit 0" \
      eval '[ "$fs" != 0 ] && grep -q "standard output could not be written" "$T/full.err"' -- "exit $fs" "$(cat "$T/full.err")"
  done
  mkdir -p "$T/fsize"
  (ulimit -f 8; "$O" audio render --health 0.5 --seconds 2 --out "$T/fsize/a.wav" 2> "$T/fsize.err"); zs=$?
  check "ulimit -f: a file too large is a failed write (exit 2, said), not SIGXFSZ, and no temporary is left" \
    eval '[ "$zs" = 2 ] && grep -qi "too large" "$T/fsize.err" && [ -z "$(ls -A "$T/fsize")" ]' -- "exit $zs" "$(cat "$T/fsize.err")" "$(ls -A "$T/fsize")"
  for target in nan inf 1e308; do
    printf 'bots = ["greedy"]\n[vary]\n"bin.width_px" = [46]\n[targets.greedy]\ncatch_rate = %s\n' "$target" > "$T/target.toml"
    "$O" tune "$T/target.toml" --out "$T/target.jsonl" > /dev/null 2> "$T/target.err"; ts=$?
    check "ocean tune: a target of $target is refused by its key (exit 2), nothing tuned" \
      eval '[ "$ts" = 2 ] && grep -q "targets.greedy.catch_rate" "$T/target.err" && [ ! -e "$T/target.jsonl" ]' -- "exit $ts" "$(cat "$T/target.err")"
  done
  # daily submit names why a file cannot be sent: its kind, or its size (nothing is sent).
  mkfifo "$T/pipe.replay"; mkdir "$T/folder.replay"; head -c $((65 << 20)) /dev/zero > "$T/big.replay"
  for f in pipe folder big; do
    timeout 20 "$O" daily submit "$T/$f.replay" --server http://127.0.0.1:9 > /dev/null 2> "$T/submit-$f.err"; ss=$?
    case $f in pipe) why="FIFO";; folder) why="is a folder";; big) why="too large";; esac
    check "ocean daily submit: a $f is refused saying why ($why), exit 2, nothing sent" \
      eval '[ "$ss" = 2 ] && grep -q "$why" "$T/submit-$f.err" && ! grep -q "cannot reach" "$T/submit-$f.err"' -- "exit $ss" "$(cat "$T/submit-$f.err")"
  done
  rm -f "$T/big.replay"
  # A sweep over keys its bots never read (arcade's, under classic bots) says so and
  # writes no best balance; a sweep that does change the games says nothing of the kind.
  printf 'games = 20\nbots = ["greedy"]\n[vary]\n"arcade.miss_budget" = [3, 8]\n"bin.width_px" = [46, 60]\n[targets.greedy]\ncatch_rate = 0.9\n' > "$T/inert.toml"
  "$O" tune "$T/inert.toml" --out "$T/inert.jsonl" --quiet --force 2> "$T/inert.err"; is=$?
  check "ocean tune: a swept key that changes no game is named in a warning (arcade.miss_budget, not bin.width_px)" \
    eval '[ "$is" = 0 ] && grep -q "warning: arcade.miss_budget changed no game" "$T/inert.err" && ! grep -q "bin.width_px changed" "$T/inert.err"' -- "exit $is" "$(cat "$T/inert.err")"
  printf 'games = 20\nbots = ["greedy"]\n[vary]\n"arcade.miss_budget" = [3, 8]\n[targets.greedy]\ncatch_rate = 0.9\n' > "$T/inert2.toml"
  "$O" tune "$T/inert2.toml" --out "$T/inert2.jsonl" --quiet --force 2> "$T/inert2.err"; is=$?
  check "ocean tune: a sweep whose points all play the same games writes no best balance and says why" \
    eval '[ "$is" = 0 ] && grep -q "every point played the same games" "$T/inert2.err" && [ ! -e "$T/inert2.best.toml" ]' -- "exit $is" "$(cat "$T/inert2.err")" "$(ls "$T" | grep inert)"
  # Days to a milestone that no 10-day career reached are censored, not "day 11": a
  # maximum of 35 cannot be kept; one every career reached is judged on its interval.
  for m in "thriving 0" "stabilizing 1"; do
    set -- $m
    printf 'games = 10\nbots = ["human@50"]\n[vary]\n"career.grams_per_level" = [25]\n[career]\ncareers = 4\ndays = 10\n[constraints]\n"human@50.days_to_%s" = { max = %s }\n' "$1" "$([ "$1" = thriving ] && echo 35 || echo 3)" > "$T/cens.toml"
    "$O" tune "$T/cens.toml" --out "$T/cens.jsonl" --force > "$T/cens.out" 2>&1; cs=$?
    if [ "$2" = 0 ]; then want="no point keeps every constraint"; else want="(feasible)"; fi
    check "ocean tune: days_to_$1 on 10-day careers: $([ "$2" = 0 ] && echo "never reached, a maximum fails" || echo "always reached, kept on its interval")" \
      eval '[ "$cs" = 0 ] && grep -qF "$want" "$T/cens.out"' -- "exit $cs" "$(tail -3 "$T/cens.out")"
  done
  # A goal on round 6 of a 5-round game has no value at any point: refused, by its key.
  printf 'bots = ["greedy"]\n[vary]\n"bin.width_px" = [46]\n[targets.greedy]\n"round6.catch_rate" = 0.8\n' > "$T/round.toml"
  printf 'bots = ["greedy"]\n[vary]\n"bin.width_px" = [46]\n[constraints]\n"greedy.round6.catch_rate" = { min = 0.5 }\n' > "$T/round-c.toml"
  printf 'bots = ["greedy"]\n[vary]\n"bin.width_px" = [46]\n"rounds.per_game" = [6, 4]\n[targets.greedy]\n"round5.catch_rate" = 0.8\n' > "$T/round-v.toml"
  for spec in round round-c round-v; do
    "$O" tune "$T/$spec.toml" --out "$T/$spec.jsonl" > /dev/null 2> "$T/$spec.err"; rs=$?
    check "ocean tune: a goal past the game's last round ($spec) is refused naming it (exit 2), nothing tuned" \
      eval '[ "$rs" = 2 ] && grep -q "round[56].catch_rate" "$T/$spec.err" && grep -q "rounds" "$T/$spec.err" && [ ! -e "$T/$spec.jsonl" ]' -- "exit $rs" "$(cat "$T/$spec.err")"
  done
  "$O" keys --right Escape --settings "$T/keys.toml" 2> "$T/keys.err"; ks=$?
  check "ocean keys: the game's own key (Escape) is refused as a bin key, nothing written" \
    eval '[ "$ks" = 2 ] && grep -q "the game'"'"'s own key" "$T/keys.err" && [ ! -e "$T/keys.toml" ]' -- "exit $ks" "$(cat "$T/keys.err")"
  # Round five: a tune spec whose one key is 120 parts of 30 KB each is refused in
  # memory in proportion to its 3.6 MB (it took 329 MB).
  "$PY" -c 'import sys; p = "k" * 30000; sys.stdout.write(".".join([p] * 120) + " = 1\n")' > "$T/deep.toml"
  /usr/bin/time -f %M -o "$T/deep.rss" "$O" tune "$T/deep.toml" --out "$T/deep.jsonl" > /dev/null 2> "$T/deep.err"; ds=$?
  check "ocean tune: a key 120 parts deep in a 3.6 MB spec is refused (exit 2) in under 100 MB" \
    eval '[ "$ds" = 2 ] && [ "$(tail -1 "$T/deep.rss")" -lt 100000 ]' -- "exit $ds" "$(tail -1 "$T/deep.rss") KiB" "$(head -c 300 "$T/deep.err")"
  # A high score edited by hand is listed as not proven by its replay.
  mkdir -p "$T/scores"
  "$O" replay record --bot greedy --seed 2 --out "$T/game.replay" > /dev/null 2>&1
  mkdir -p "$T/scores/scores" && cp "$T/game.replay" "$T/scores/scores/classic-1.replay"
  printf '# hand-made\nocean-high-scores 1\nentry classic score=999999 rounds=5 catches=90 best-combo=94 date=2026-11-29 replay=classic-1.replay name=Mallory\n' > "$T/scores/high-scores.txt"
  "$O" scores --profile "$T/scores/profile" > "$T/scores.out" 2>&1; ss=$?
  check "ocean scores: an entry edited to 999,999 is listed as NOT PROVEN by its replay" \
    eval '[ "$ss" = 0 ] && grep -q "999999" "$T/scores.out" && grep -q "NOT PROVEN: its replay'"'"'s game is classic, score" "$T/scores.out"' -- "exit $ss" "$(cat "$T/scores.out")"
else
  echo "skip the built ocean's cases: $O is not built (make test builds it)"
fi

echo "$cases cases, $failures failed"
[ "$failures" = 0 ]
