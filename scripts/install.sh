#!/bin/bash
# `make install` and `make uninstall`: Ocean Rescue under PREFIX the way Linux games
# are installed (freedesktop and shell conventions):
#   bin/ocean                                        the release binary (its Swift
#                                                    runtime linked in; SDL from the system)
#   share/ocean-rescue/assets/                       its data; the binary looks there
#   share/applications/ocean-rescue.desktop          the menu entry
#   share/icons/hicolor/NxN/apps/ocean-rescue.png    the icon, drawn from the sprites
#   share/bash-completion/completions/ocean, share/zsh/site-functions/_ocean,
#   share/fish/vendor_completions.d/ocean.fish       completions from argument-parser
#   share/man/man1/ocean.1                           the manual (docs/man/ocean.1, made by
#                                                    argument-parser's plugin: make man)
#   share/metainfo/io.github.ocean_rescue.OceanRescue.metainfo.xml  AppStream metadata
#   share/doc/ocean-rescue/LICENSE
# Every file and every folder install creates is listed in
# share/ocean-rescue/install-manifest, so uninstall removes exactly those.
#
# Usage: scripts/install.sh install|uninstall, with PREFIX (absolute; a leading ~/
# is the home folder), DESTDIR (an optional staging root for packagers: files go to
# DESTDIR/PREFIX, while the desktop entry names PREFIX/bin/ocean) and, for install,
# OCEAN (the built binary). Bad input: a message naming what is wrong, exit 2.
set -euo pipefail

fail() { echo "install.sh: $*" >&2; exit 2; }

action=${1:-}
[[ $action == install || $action == uninstall ]] || fail "expected 'install' or 'uninstall', got '${action}'"
PREFIX=${PREFIX:-$HOME/.local}
[[ $PREFIX == "~/"* ]] && PREFIX=$HOME/${PREFIX#"~/"}  # zsh leaves PREFIX=~/… unexpanded
[[ $PREFIX == /* ]] || fail "PREFIX must be an absolute path, got '$PREFIX'"
while [[ $PREFIX == */ && $PREFIX != / ]]; do PREFIX=${PREFIX%/}; done
[[ $PREFIX != / ]] ||
  fail "PREFIX '/' would put files straight into /bin and /share; choose a prefix such as /usr/local or ~/.local"
# The desktop entry's Exec holds the path; these characters would need escaping there.
[[ $PREFIX =~ ^[A-Za-z0-9._+/@=:,-]+$ ]] ||
  fail "PREFIX '$PREFIX' has a space or a character a desktop entry's Exec would need escaped; choose a plainer path"
root=${DESTDIR:-}$PREFIX
manifest=share/ocean-rescue/install-manifest
icon_sizes=(48 64 128 256)

# What install writes, relative to PREFIX, besides the assets.
files=(bin/ocean bin/ocean.commit share/applications/ocean-rescue.desktop
       share/bash-completion/completions/ocean share/zsh/site-functions/_ocean
       share/fish/vendor_completions.d/ocean.fish share/man/man1/ocean.1
       share/metainfo/io.github.ocean_rescue.OceanRescue.metainfo.xml share/doc/ocean-rescue/LICENSE)
for size in "${icon_sizes[@]}"; do files+=("share/icons/hicolor/${size}x${size}/apps/ocean-rescue.png"); done

# A manifest entry as a plain path relative to PREFIX ('.' and empty components
# dropped), or nothing (status 1) when it would leave PREFIX: an absolute path, a '..'
# component, an empty one, a control character, or a folder on the way that is a
# symbolic link (which could lead anywhere).
inside_prefix() {
  local entry=$1 part normal=()
  [[ -n $entry && $entry != /* && ! $entry =~ [[:cntrl:]] ]] || return 1
  local IFS=/
  for part in $entry; do
    case $part in
      ''|.) ;;
      ..) return 1 ;;
      *) normal+=("$part") ;;
    esac
  done
  ((${#normal[@]} > 0)) || return 1
  local path=${normal[*]} folder=$root i
  for ((i = 0; i < ${#normal[@]} - 1; i++)); do
    folder+=/${normal[i]}
    [[ ! -L $folder ]] || return 1
  done
  printf '%s\n' "$path"
}

# Reads the manifest's entries of KIND (file or dir) into the array `entries`,
# normalised; any entry outside PREFIX stops everything before anything is removed.
read_manifest() {
  local want=$1 kind path normal line=0
  entries=()
  while IFS= read -r text || [[ -n $text ]]; do
    line=$((line + 1))
    [[ -n $text ]] || continue
    kind=${text%% *}; path=${text#* }
    [[ $kind == file || $kind == dir ]] && [[ $text == *" "* ]] ||
      fail "$root/$manifest:$line: '$text' is not 'file PATH' or 'dir PATH'; nothing was removed"
    normal=$(inside_prefix "$path") ||
      fail "$root/$manifest:$line: '$path' is outside PREFIX ($root): entries must be paths inside it, without '..' or symbolic links; nothing was removed"
    [[ $kind == "$want" ]] && entries+=("$normal")
  done < "$root/$manifest"
  return 0
}

if [[ $action == uninstall ]]; then
  [[ -f $root/$manifest ]] || { echo "nothing to uninstall: no $root/$manifest"; exit 0; }
  # Every entry is checked before the first is removed.
  read_manifest dir; dirs=("${entries[@]}")
  read_manifest file
  for path in "${entries[@]}"; do
    if [[ -f $root/$path || -L $root/$path ]]; then rm -f -- "${root:?}/$path"; fi
  done
  rm -f -- "$root/$manifest"
  # Folders install created, deepest first, each only once it is empty.
  while IFS= read -r dir; do
    [[ -n $dir && -d $root/$dir && ! -L $root/$dir ]] && rmdir -- "$root/$dir" 2>/dev/null || true
  done < <(printf '%s\n' "${dirs[@]}" | sort -r)
  echo "uninstalled Ocean Rescue from $root"
  exit 0
fi

# The sources come from the checkout this script is in, wherever it is run from; a
# relative OCEAN is the caller's (it is resolved before moving to the checkout).
checkout=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P) || fail "cannot find the checkout around $0"
OCEAN=${OCEAN:-$checkout/.build/release/ocean}
[[ $OCEAN == /* ]] || OCEAN=$(pwd -P)/$OCEAN
cd -- "$checkout" || fail "cannot enter the checkout $checkout"

# Everything install copies is checked before anything is written: one message naming
# all that is missing or unreadable, exit 2, and PREFIX untouched.
sources=(deploy/ocean-rescue.desktop docs/man/ocean.1 deploy/io.github.ocean_rescue.OceanRescue.metainfo.xml LICENSE)
missing=()
[[ -f $OCEAN && -x $OCEAN ]] || missing+=("$OCEAN (the built binary; make install builds it: swift build -c release)")
if [[ -d assets && -r assets && -x assets ]]; then
  asset_files=()
  while IFS= read -r -d '' file; do asset_files+=("$file"); done < <(find assets -type f -print0 | sort -z)
  ((${#asset_files[@]} > 0)) || missing+=("assets/ (it has no files)")
  for file in "${asset_files[@]}"; do [[ -r $file ]] || missing+=("$checkout/$file (unreadable)"); done
  [[ -z $(find assets -type d ! -readable -print -quit) ]] || missing+=("a folder under $checkout/assets (unreadable)")
else
  missing+=("$checkout/assets/")
fi
for file in "${sources[@]}"; do [[ -f $file && -r $file ]] || missing+=("$checkout/$file"); done
if ((${#missing[@]} > 0)); then
  echo "install.sh: missing or unreadable, so nothing was installed:" >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 2
fi

work=$(mktemp -d) || fail "cannot make a temporary folder"
# What this install has written (relative to PREFIX), for the manifest: written on the
# way out however install ends, so a copy that fails midway still leaves a manifest
# uninstall can use.
written=() created=() old_files=() finished=0
write_manifest() {
  local folder=${manifest%/*} list
  [[ -d $root/$folder ]] || return 0  # nothing of ours there
  list=$(mktemp "$root/$folder/.install-manifest.XXXXXX") || return 1
  {
    if ((finished)); then
      for path in "${files[@]}" "${installed_assets[@]}"; do echo "file $path"; done
    else
      printf '%s\n' ${old_files[@]+"${old_files[@]}"} ${written[@]+"${written[@]}"} | sed '/^$/d' | sort -u | sed 's/^/file /'
    fi
    printf '%s\n' ${created[@]+"${created[@]}"} | sed '/^$/d' | sort -u | sed 's/^/dir /'
  } > "$list" && chmod 644 "$list" && mv -f -- "$list" "$root/$manifest" || { rm -f -- "$list"; return 1; }
}
on_exit() {
  local status=$?
  if ((!finished && (${#written[@]} > 0))); then
    if write_manifest; then
      echo "install.sh: stopped midway; $root/$manifest lists what was written (make uninstall removes it)" >&2
    else
      echo "install.sh: stopped midway, and the manifest could not be written either" >&2
    fi
  fi
  rm -rf -- "$work"
  return "$status"
}
trap on_exit EXIT

# What the binary makes (the desktop entry, icons, completions) is made now, in the
# temporary folder, before anything goes under PREFIX.
sed "s|@BINDIR@|$PREFIX/bin|g" deploy/ocean-rescue.desktop > "$work/ocean-rescue.desktop"
for size in "${icon_sizes[@]}"; do
  "$OCEAN" icon --size "$size" --out "$work/icon-$size.png" >/dev/null ||
    fail "'$OCEAN icon --size $size' failed; nothing was installed"
done
for shell in bash zsh fish; do
  "$OCEAN" --generate-completion-script "$shell" > "$work/$shell" ||
    fail "'$OCEAN --generate-completion-script $shell' failed; nothing was installed"
done

# Folders created now and by an earlier install (so reinstalling keeps them listed),
# and the files an earlier install listed (still there should this one stop midway).
if [[ -f $root/$manifest ]]; then
  read_manifest dir
  created+=(${entries[@]+"${entries[@]}"})
  read_manifest file
  old_files+=(${entries[@]+"${entries[@]}"})
fi
make_dir() {  # PATH relative to PREFIX, with its parents; remembers those it creates
  local path=$1 missing=()
  while [[ $path != . && ! -d $root/$path ]]; do missing+=("$path"); path=$(dirname "$path"); done
  mkdir -p -- "$root/$1"
  created+=(${missing[@]+"${missing[@]}"})
}
put() {  # MODE SOURCE DEST (relative to PREFIX)
  make_dir "$(dirname "$3")"
  written+=("$3")  # listed before the copy: a half-written file is removed too
  install -m "$2" -- "$1" "$root/$3"
}

# The assets wholesale: the old copy goes first, so a file deleted from assets/ does
# not linger.
rm -rf -- "${root:?}/share/ocean-rescue/assets"
installed_assets=()
for file in "${asset_files[@]}"; do
  put "$file" 644 "share/ocean-rescue/$file"
  installed_assets+=("share/ocean-rescue/$file")
done

# Stripped: the symbols are for a debugger, not a player (about half the file). A
# program that is not an ELF binary (a wrapper script) is installed as it is.
binary=$OCEAN
if [[ $(head -c 4 -- "$OCEAN" | od -An -c | tr -d ' ') == '177ELF' ]]; then
  strip --strip-all -o "$work/ocean" -- "$OCEAN" || fail "cannot strip $OCEAN; nothing was installed"
  binary=$work/ocean
fi
put "$binary" 755 bin/ocean
# The commit the binary was built from, beside it (`ocean --version` reads it): the
# build's own stamp when it is not older than the binary, else this checkout's.
stamp=$(dirname -- "$OCEAN")/ocean.commit
if [[ -f $stamp && ! $stamp -ot $OCEAN ]]; then
  cp -- "$stamp" "$work/ocean.commit"
else
  c=$(git -C "$checkout" rev-parse HEAD 2>/dev/null || echo unknown)
  git -C "$checkout" diff --quiet HEAD 2>/dev/null || c="$c-dirty"
  echo "$c" > "$work/ocean.commit"
fi
put "$work/ocean.commit" 644 bin/ocean.commit
put "$work/ocean-rescue.desktop" 644 share/applications/ocean-rescue.desktop
for size in "${icon_sizes[@]}"; do
  put "$work/icon-$size.png" 644 "share/icons/hicolor/${size}x${size}/apps/ocean-rescue.png"
done
put "$work/bash" 644 share/bash-completion/completions/ocean
put "$work/zsh" 644 share/zsh/site-functions/_ocean
put "$work/fish" 644 share/fish/vendor_completions.d/ocean.fish
put docs/man/ocean.1 644 share/man/man1/ocean.1
put deploy/io.github.ocean_rescue.OceanRescue.metainfo.xml 644 share/metainfo/io.github.ocean_rescue.OceanRescue.metainfo.xml
put LICENSE 644 share/doc/ocean-rescue/LICENSE

finished=1
write_manifest || fail "cannot write $root/$manifest"
echo "installed Ocean Rescue in $root: run $PREFIX/bin/ocean play, or find it in the desktop's Games menu"
