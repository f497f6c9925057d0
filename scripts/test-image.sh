#!/usr/bin/env bash
# `make test-image`: builds the image (`make image` did the staging), then, since
# `podman run` is refused in this sandbox (crun cannot set rlimits), unpacks it
# (`podman image mount`, else `podman export` of a created container) and runs its
# `ocean tune` with chroot as the image's user, comparing the bytes with the local
# release build's run of the same spec. Root only (podman, chroot).
set -euo pipefail
cd "$(dirname "$0")/.."
image=${IMAGE:-ocean-rescue-headless:test}
work=$(realpath -m .build/image-test)
rm -rf "$work"; mkdir -p "$work"
podman build -q -t "$image" -f deploy/Containerfile .build/image/root >/dev/null
echo "built $image: $(podman image inspect "$image" --format '{{.Size}}') bytes"
# The image's files, as a container would see them.
cid=$(podman create "$image")
trap 'umount "$work/root/proc" 2>/dev/null || true; podman rm -f "$cid" >/dev/null 2>&1 || true' EXIT
mkdir -p "$work/root"
podman export "$cid" | tar -x -C "$work/root"
# A container runtime mounts /proc; so does this (the Swift runtime reads its
# arguments from /proc/self/cmdline).
mkdir -p "$work/root/proc"; mount -t proc proc "$work/root/proc"
[ "$(podman image inspect "$image" --format '{{.Config.User}}')" = 1000:1000 ] || { echo "test-image: the image's user is not 1000" >&2; exit 1; }
mkdir -p "$work/root/results"; chown 1000:1000 "$work/root/results"
spec=/usr/local/share/ocean-rescue/assets/tune/example.toml
start=$(date +%s.%N)
chroot --userspec=1000:1000 "$work/root" /usr/local/bin/ocean tune "$spec" --games 20 --jobs 2 --quiet --out /results/image.jsonl
mid=$(date +%s.%N)
.build/release/ocean tune assets/tune/example.toml --games 20 --jobs 2 --quiet --out "$work/local.jsonl" --force
end=$(date +%s.%N)
cmp "$work/root/results/image.jsonl" "$work/local.jsonl"
# The Kubernetes Indexed Job's pods and its merge Job, emulated: the rendered manifest's
# arguments, JOB_COMPLETION_INDEX set by hand, the image's files and user.
for i in 0 1 2; do
  env -i JOB_COMPLETION_INDEX=$i OCEAN_SHARD_COUNT=3 SWIFT_BACKTRACE=enable=no "$(command -v chroot)" --userspec=1000:1000 "$work/root" \
    /usr/local/bin/ocean tune "$spec" --games 20 --jobs 2 --shard auto --quiet --out /results/shard-$i.jsonl --force
done
env -i SWIFT_BACKTRACE=enable=no "$(command -v chroot)" --userspec=1000:1000 "$work/root" /usr/local/bin/ocean tune merge \
  /results/shard-0.jsonl /results/shard-1.jsonl /results/shard-2.jsonl --out /results/sweep.jsonl --quiet --force
cmp "$work/root/results/sweep.jsonl" "$work/local.jsonl"
[ -f "$work/root/results/sweep.best.toml" ] || { echo "test-image: the merge wrote no best balance" >&2; exit 1; }
echo "test-image: three Indexed Job pods (JOB_COMPLETION_INDEX 0-2) and the merge, run from the image, give the same bytes"
chroot --userspec=1000:1000 "$work/root" /usr/local/bin/ocean --version
# The Daily Ocean's server from the image (what the Deployment in docs/server.md runs):
# a run recorded and posted by the local build is re-played and ranked by the image's.
env -i SWIFT_BACKTRACE=enable=no HOME=/home/ocean "$(command -v chroot)" --userspec=1000:1000 "$work/root" \
  /usr/local/bin/ocean-server --db /results/runs.sqlite --port 0 > "$work/serve.out" 2> "$work/serve.err" &
serve=$!
trap 'kill $serve 2>/dev/null || true; umount "$work/root/proc" 2>/dev/null || true; podman rm -f "$cid" >/dev/null 2>&1 || true' EXIT
for _ in $(seq 1 200); do grep -q "listening on" "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^ocean-server: listening on //p' "$work/serve.out")
[ -n "$url" ] || { echo "test-image: the image's ocean-server did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
.build/release/ocean daily record --date 2026-12-01 --bot human --skill 60 --seed 3 --out "$work/run.replay" --force >/dev/null
.build/release/ocean daily submit "$work/run.replay" --server "$url" --name image-test --key "$work/daily-key" >/dev/null
board=$(.build/release/ocean daily leaderboard --server "$url" --date 2026-12-01)
kill $serve; wait $serve 2>/dev/null || true
case $board in *'"name":"image-test"'*) ;; *) echo "test-image: the run is not on the image's leaderboard: $board" >&2; exit 1 ;; esac
echo "test-image: the image's ocean-server ranked a posted run: $board"
printf 'test-image: the image'"'"'s ocean tune (chroot, user 1000, %.2f s) wrote the same bytes as the local build (%.2f s)\n' \
  "$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
