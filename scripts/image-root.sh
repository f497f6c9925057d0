#!/usr/bin/env bash
# Stages the image's root for deploy/Containerfile: `make image` runs it after the
# release builds of ocean-headless and ocean-server.
#   scripts/image-root.sh BINARY SERVER ROOT
# ROOT gets: usr/local/bin/ocean (BINARY, the headless tuner), usr/local/bin/ocean-server
# (SERVER) and ocean.commit beside them; the shared libraries both need, at the paths
# `ldd` gives, with the loader (so no libc from anywhere else is used); the assets the tuning commands read under
# usr/local/share/ocean-rescue/assets (where the binary looks, from its own folder);
# a user and group `ocean` (1000) with a home; /tmp.
set -euo pipefail
binary=$1; server=$2; root=$3
rm -rf "$root"; mkdir -p "$root/usr/local/bin" "$root/usr/local/share/ocean-rescue" "$root/etc" "$root/home/ocean" "$root/tmp"
cp "$binary" "$root/usr/local/bin/ocean"
cp "$server" "$root/usr/local/bin/ocean-server"
strip "$root/usr/local/bin/ocean" "$root/usr/local/bin/ocean-server"
if [ -f "$(dirname "$binary")/ocean.commit" ]; then cp "$(dirname "$binary")/ocean.commit" "$root/usr/local/bin/"; fi
# Every library ldd resolves (absolute paths), and the loader it names.
ldd "$binary" "$server" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' | sort -u | while read -r lib; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
for b in "$binary" "$server"; do
  if ldd "$b" | grep -qi sdl; then echo "ocean: error: image-root.sh: $b links SDL; the image takes the headless builds" >&2; exit 1; fi
done
# The assets whole (156 KB): the balance, challenges, impact and the example specs
# the tuning commands read, and the rest so a spec's `balance = "…"` finds its neighbours.
cp -r assets "$root/usr/local/share/ocean-rescue/assets"
printf 'root:x:0:0:root:/root:/sbin/nologin\nocean:x:1000:1000:ocean:/home/ocean:/sbin/nologin\n' > "$root/etc/passwd"
printf 'root:x:0:\nocean:x:1000:\n' > "$root/etc/group"
chmod 1777 "$root/tmp"
chown -R 1000:1000 "$root/home/ocean"
echo "image root: $(du -sh "$root" | cut -f1) in $root"
