#!/usr/bin/env bash
# Runs an `ocean tune` sweep as a Slurm job array and merges the shards when every
# task has ended; the merged file is byte-for-byte what one machine would write.
#
#   scripts/tune-slurm.sh SPEC OUT.jsonl [SHARDS] [-- extra `ocean tune` options]
#
# SHARDS (default 3) array tasks each run `ocean tune SPEC --shard auto`, which reads
# SLURM_ARRAY_TASK_ID / _MIN / _COUNT. Needs sbatch on PATH and a shared folder: the
# shards are written next to OUT. OCEAN (default .build/release/ocean) is the binary.
# An OUT that exists is refused before anything is submitted, unless --force is among
# the extra options (as `ocean tune` and `ocean tune merge` refuse it).
set -euo pipefail
if [ $# -lt 2 ]; then echo "usage: $0 SPEC OUT.jsonl [SHARDS] [-- ocean tune options]" >&2; exit 2; fi
spec=$(realpath "$1"); out=$(realpath -m "$2"); shift 2
shards=3
if [ $# -gt 0 ] && [ "$1" != "--" ]; then shards=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
ocean=$(realpath "${OCEAN:-.build/release/ocean}")
parts="${out%.jsonl}.shards"
extra=""; if [ $# -gt 0 ]; then extra=$(printf ' %q' "$@"); fi
force=()
for a in "$@"; do if [ "$a" = "--force" ]; then force=(--force); fi; done
if [ ${#force[@]} = 0 ] && [ -f "$out" ]; then echo "ocean: --out '$out' exists; add --force to replace it" >&2; exit 2; fi
rm -rf "$parts"; mkdir -p "$parts"
# Each task: its own shard file; --wait returns when the whole array has ended.
sbatch --array=0-$((shards - 1)) --wait --job-name=ocean-tune -o "$parts/task-%a.log" \
  --wrap "$(printf '%q' "$ocean") tune $(printf '%q' "$spec") --shard auto --quiet --out $(printf '%q' "$parts")/shard-\$SLURM_ARRAY_TASK_ID.jsonl$extra"
files=()
for i in $(seq 0 $((shards - 1))); do files+=("$parts/shard-$i.jsonl"); done
"$ocean" tune merge "${files[@]}" --out "$out" ${force[@]+"${force[@]}"}
echo "merged $shards shards into $out"
