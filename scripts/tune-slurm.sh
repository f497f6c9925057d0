#!/usr/bin/env bash
# Submits an `ocean tune` sweep to Slurm as a job array plus a merge job that runs when
# every task has ended well (--dependency=afterok), and returns: the shell is not held.
# The merged file is byte-for-byte what one machine would write, with the sweep's best
# balance beside it (OUT with .best.toml) when the spec has targets.
#
#   scripts/tune-slurm.sh [--cpus N] [--shards N] [--wait] SPEC OUT.jsonl [-- extra `ocean tune` options]
#
# --shards N   array tasks (default 3), each `ocean tune SPEC --shard auto`, which reads
#              SLURM_ARRAY_TASK_ID / _MIN / _STEP / _COUNT (so an array with a step works too).
# --cpus N     CPUs per task (default 2): the task asks Slurm for N CPUs
#              (--cpus-per-task) and plays on exactly N threads (--jobs N).
# --wait       return only when the merge job has ended (its exit status is the script's).
#
# Needs sbatch on PATH and a folder every node sees: the shards are written next to OUT
# (OUT without .jsonl, then .shards/). OCEAN (default .build/release/ocean) is the binary.
# An OUT that exists is refused before anything is submitted, unless --force is among
# the extra options (as `ocean tune` and `ocean tune merge` refuse it).
set -euo pipefail
usage() { echo "usage: $0 [--cpus N] [--shards N] [--wait] SPEC OUT.jsonl [-- ocean tune options]" >&2; exit 2; }
cpus=2; shards=3; wait=0
while [ $# -gt 0 ]; do
  case $1 in
    --cpus) [ $# -ge 2 ] || usage; cpus=$2; shift 2 ;;
    --shards) [ $# -ge 2 ] || usage; shards=$2; shift 2 ;;
    --wait) wait=1; shift ;;
    --) break ;;
    -*) echo "ocean: error: tune-slurm.sh: unknown option '$1'" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || usage
for n in "$cpus" "$shards"; do
  case $n in ''|*[!0-9]*|0) echo "ocean: error: tune-slurm.sh: --cpus and --shards take a whole number of 1 or more, not '$n'" >&2; exit 2 ;; esac
done
[ -f "$1" ] && [ -r "$1" ] || { echo "ocean: error: tune-slurm.sh: the spec '$1' is not a readable file" >&2; exit 2; }
ocean_given=${OCEAN:-.build/release/ocean}
[ -f "$ocean_given" ] && [ -x "$ocean_given" ] ||
  { echo "ocean: error: tune-slurm.sh: no ocean binary at '$ocean_given' (set OCEAN, or build it: swift build -c release)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "ocean: error: tune-slurm.sh: no sbatch on PATH (this submits to Slurm)" >&2; exit 2; }
# realpath's answer without $(…) eating a newline that ends the path itself.
abs() { local p; p=$(realpath "$@" && echo x) || exit 2; abs=${p%$'\nx'}; }
abs -- "$1"; spec=$abs; abs -m -- "$2"; out=$abs; shift 2
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
abs -- "$ocean_given"; ocean=$abs
parts="${out%.jsonl}.shards"
# Quoting for the job's /bin/sh (sbatch --wrap runs its text with /bin/sh, often dash):
# POSIX single quotes, each ' as '\'' -- never bash's printf %q, whose $'...' (for
# bytes outside ASCII under LC_ALL=C, or a newline) /bin/sh does not understand.
q() { local s=${1//\'/\'\\\'\'}; printf "'%s'" "$s"; }
# Slurm's -o expands %-patterns in the file name: a literal % is %%.
log_path() { printf '%s' "${1//%/%%}"; }
extra=""; for a in "$@"; do extra="$extra $(q "$a")"; done
force=""
for a in "$@"; do if [ "$a" = "--force" ]; then force=" --force"; fi; done
if [ -z "$force" ] && [ -f "$out" ]; then echo "ocean: error: --out '$out' exists; add --force to replace it" >&2; exit 2; fi
rm -rf -- "$parts"; mkdir -p -- "$parts"
# Each task: its own shard file, named by its task id; as many threads as CPUs asked for.
array=$(sbatch --parsable --array=0-$((shards - 1)) --cpus-per-task="$cpus" --job-name=ocean-tune \
  -o "$(log_path "$parts")/task-%a.log" \
  --wrap "echo \"task \$SLURM_ARRAY_TASK_ID: \$SLURM_CPUS_PER_TASK CPUs\"; $(q "$ocean") tune $(q "$spec") --shard auto --jobs $cpus --out $(q "$parts")/shard-\$SLURM_ARRAY_TASK_ID.jsonl$extra")
array=${array%%;*}
files=""
for i in $(seq 0 $((shards - 1))); do files="$files $(q "$parts/shard-$i.jsonl")"; done
echo "submitted: array $array ($shards tasks × $cpus CPUs); the merge runs after it ends well → $out"
# With --wait, sbatch itself waits for the merge job (and so for the array before it)
# and returns the merge's exit status; without, it returns at once.
waitflag=(); if [ "$wait" = 1 ]; then waitflag=(--wait); fi
merge=$(sbatch --parsable ${waitflag[@]+"${waitflag[@]}"} --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
  --cpus-per-task=1 --job-name=ocean-tune-merge -o "$(log_path "$parts")/merge.log" \
  --wrap "$(q "$ocean") tune merge$files --out $(q "$out")$force") || {
  echo "ocean: error: the merge job failed; see $parts/merge.log and $parts/task-*.log" >&2; exit 1; }
merge=${merge%%;*}
if [ "$wait" = 1 ]; then echo "merge job $merge: merged $shards shards into $out"; else echo "merge job $merge"; fi
