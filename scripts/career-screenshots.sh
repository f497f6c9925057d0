#!/bin/bash
# Regenerates docs/screenshots/career-*.png: the career's screens (intro, name,
# adoption, the menu with today's and this week's challenges, flashcard, scan, week
# and lifetime charts with the lifetime's impact, achievements and milestones, pet,
# outro, a new day's toasts, a game with its toasts, a game's summary with its impact
# panel) rendered headless by the front's test `careerScreenshots`, scaled 2x, no
# display; and a few of them again in the high-contrast theme (*-high-contrast.png).
set -euo pipefail
OUT=${OUT:-docs/screenshots}
SCALE=${SCALE:-2}
RAW=$(mktemp -d)
trap 'rm -rf "$RAW"' EXIT
mkdir -p "$OUT"
OCEAN_CAREER_SHOTS="$RAW" swift test --filter careerScreenshots >/dev/null
mkdir -p "$RAW/hc"
OCEAN_CAREER_SHOTS="$RAW/hc" OCEAN_CAREER_SHOTS_THEME=high-contrast swift test --skip-build --filter careerScreenshots >/dev/null
for name in career-menu career-milestones career-lifetime career-toast; do mv "$RAW/hc/$name-high-contrast.rgba" "$RAW/"; done
rm -rf "$RAW/hc"
python3 - "$RAW" "$OUT" "$SCALE" <<'PY'
import os, struct, sys, zlib
raw, out, scale = sys.argv[1], sys.argv[2], int(sys.argv[3])
for name in sorted(n for n in os.listdir(raw) if n.endswith(".rgba")):
    data = open(os.path.join(raw, name), "rb").read()
    w, h = struct.unpack("<II", data[:8])
    px = data[8:]
    rows = []
    for y in range(h):
        row = bytearray()
        for x in range(w):
            b, g, r, _ = px[(y * w + x) * 4:(y * w + x) * 4 + 4]  # 0xAARRGGBB little-endian
            row += bytes((r, g, b)) * scale
        rows += [b"\0" + bytes(row)] * scale
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w * scale, h * scale, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    open(os.path.join(out, name[:-5] + ".png"), "wb").write(png)
    print(os.path.join(out, name[:-5] + ".png"))
PY
