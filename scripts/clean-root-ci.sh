#!/usr/bin/env bash
# Runs docs/ci.md's CI jobs in a clean Debian root, as a runner would from a bare
# image with Swift: no CI service or container engine needed, only debootstrap and
# root. The root gets what the Swift image carries besides Swift (its C libraries and
# tools) and nothing else; Swift itself (and, where it lives, the machine's copy of
# the Swift packages and git's redirect to it) is bound in; the checkout's HEAD is
# cloned inside, and the job's own lines run there unchanged.
#
#   scripts/clean-root-ci.sh ROOT            make ROOT (debootstrap bookworm minbase), once
#   scripts/clean-root-ci.sh ROOT replay     the replay-only job: make, make deps-build, build, verify
#   scripts/clean-root-ci.sh ROOT test       the whole check: make, .ci/run
#
# Exit: the job's own status (0 when it passed), 2 on bad arguments.
set -euo pipefail

root=${1:-}
job=${2:-}
if [ -z "$root" ] || { [ -n "$job" ] && [ "$job" != replay ] && [ "$job" != test ]; }; then
  echo "usage: clean-root-ci.sh ROOT [replay|test]" >&2
  exit 2
fi
[ "$(id -u)" = 0 ] || { echo "clean-root-ci.sh: debootstrap, mount and chroot need root" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
swift_bin=$(command -v swift)
swift_root=${swift_bin%/usr/bin/swift}   # /opt/swift

if [ ! -x "$root/usr/bin/apt-get" ]; then
  mkdir -p "$root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
fi
[ -n "$job" ] || exit 0

mounts=()
bind() { mkdir -p "$root$1"; mount --bind "$1" "$root$1"; mounts=("$root$1" "${mounts[@]}"); }
cleanup() { for m in "${mounts[@]}"; do umount -l "$m" 2>/dev/null || true; done; }
trap cleanup EXIT
mkdir -p "$root/proc" && mount -t proc proc "$root/proc" && mounts=("$root/proc")
bind /dev
bind "$swift_root"
# A machine that serves Swift packages from a local copy redirects git there (/etc/gitconfig).
if [ -d /opt/swift-packages ]; then bind /opt/swift-packages; cp /etc/gitconfig "$root/etc/gitconfig"; fi
cp /etc/resolv.conf "$root/etc/resolv.conf"

in_root() { chroot "$root" env -i HOME=/root PATH="$swift_root/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  LANG=C.UTF-8 SWIFT_BACKTRACE=enable=no DEBIAN_FRONTEND=noninteractive bash -euo pipefail -c "$1"; }

# What the Swift image carries besides Swift (swift-docker's Debian 12 image).
in_root "apt-get update -qq && apt-get install -y -qq --no-install-recommends binutils git ca-certificates gnupg2 \
  libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev \
  libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev >/dev/null"

rm -rf "$root/work/ci"
mkdir -p "$root/work"
git clone -q "$here" "$root/work/ci"

case $job in
  replay)
    # docs/ci.md's replay job, line for line.
    in_root "cd /work/ci
      apt-get update && apt-get install -y make
      make deps-build
      swift build -c release --product ocean
      shopt -s globstar nullglob
      mkdir -p .build/frames
      .build/release/ocean replay verify replays/**/*.replay --jobs \"\$(nproc)\" --timeout 300 \
        --junit .build/replay-check.xml --frames .build/frames --force"
    ;;
  test)
    in_root "cd /work/ci
      apt-get update && apt-get install -y make
      .ci/run"
    ;;
esac
