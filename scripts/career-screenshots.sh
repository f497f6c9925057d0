#!/bin/bash
# Regenerates docs/screenshots/career-*.png: the career's screens (intro, name,
# adoption, the menu with today's and this week's challenges, flashcard, scan, week
# and lifetime charts with the lifetime's impact, achievements and milestones, pet,
# outro, a new day's toasts, a game with its toasts, a game's summary with its impact
# panel) rendered headless and written as PNG (SDL_image, scaled 2x, no display) by
# the front's test `careerScreenshots`; and a few of them again in the high-contrast
# theme (*-high-contrast.png).
set -euo pipefail
OUT=${OUT:-docs/screenshots}
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
SCALE=${SCALE:-2}
HC=$(mktemp -d)
trap 'rm -rf "$HC"' EXIT
mkdir -p "$OUT"
OCEAN_CAREER_SHOTS="$OUT" OCEAN_CAREER_SHOTS_SCALE=$SCALE swift test --filter careerScreenshots >/dev/null
OCEAN_CAREER_SHOTS="$HC" OCEAN_CAREER_SHOTS_SCALE=$SCALE OCEAN_CAREER_SHOTS_THEME=high-contrast \
  swift test --skip-build --filter careerScreenshots >/dev/null
for name in career-menu career-milestones career-lifetime career-toast; do mv "$HC/$name-high-contrast.png" "$OUT/"; done
ls "$OUT"/career-*.png
