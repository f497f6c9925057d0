#!/bin/bash
# Regenerates docs/screenshots/*.png from the golden replays with `ocean replay render`
# (no display needed): each ocean phase mid-game, a game's summary screen, the
# high-contrast theme, a long career's pet (the game replays never adopt one), and the
# `replay watch` view. The ticks are found from the replays' checkpoints (health is
# the 11th field, live items the 12th), so a rule change moves them with the game.
set -euo pipefail
OCEAN=${OCEAN:-.build/release/ocean}
OUT=${OUT:-docs/screenshots}
SCALE=${SCALE:-2}
mkdir -p "$OUT"

# The first checkpoint of FILE with health in [LOW, HIGH) and items falling.
tick_with_health() {
  awk -v low="$1" -v high="$2" '$1 == "c" && $11 >= low && $11 < high && $12 > 0 { print $2; exit }' "$3"
}

render() {  # NAME FILE TICK [theme]
  "$OCEAN" replay render "$2" --tick "$3" --out "$OUT/$1.png" --force --scale "$SCALE" ${4:+--theme "$4"}
}

# Health rises a day's cap at a time, so the phases are days apart: a 20-day career.
game=replays/health-rising.replay
render phase-1-polluted    $game "$(tick_with_health 0    2500  $game)"
render phase-2-stabilizing $game "$(tick_with_health 2800 4500  $game)"
render phase-3-recovering  $game "$(tick_with_health 4800 6500  $game)"
render phase-4-flourishing $game "$(tick_with_health 6800 8000  $game)"
render phase-5-thriving    $game "$(tick_with_health 8300 10001 $game)"
# A game's last tick: the summary screen.
perfect=replays/perfect-game.replay
render summary $perfect "$(awk '$1 == "end" { print $2 }' $perfect)"
render high-contrast $game "$(tick_with_health 4800 6500 $game)" high-contrast
# The last Thriving checkpoint of a 30-day career with items falling: a grown pet in its panel.
career=replays/career-30-days.replay
render career-pet $career "$(awk '$1 == "c" && $11 >= 8300 && $12 > 2 { t = $2 } END { print t }' $career)"
# `ocean replay watch`'s view, paused on the career's second day just after its menu
# actions (session, scans): the watch overlay (status, timeline, keys) and the day's lines.
render_watch() {  # NAME FILE TICK
  "$OCEAN" replay render "$2" --tick "$3" --out "$OUT/$1.png" --force --scale "$SCALE" --watch-overlay
}
render_watch watch $career "$(awk '$1 == "i" && $4 == "session" { n++; if (n == 2) { print $2 + 100; exit } }' $career)"
# The pet's contact sheet (PetSheet): every form at every stage, every mood, the
# scenes, idle frames and reactions, and two pets at twice the size; drawn by a test.
OCEAN_PET_SHEET="$PWD/$OUT/pet-sheet.png" ${SWIFT:-swift} test --filter petSheet >/dev/null
# Catches that feel like wins (JuiceTests' scenes, at 1x): a catch's squash and burst
# (and four times around the bin), a combo's call-out, a perfect round, a level-up over
# play and under a summary, a new phase, the countdown and the controls' hint, a round break.
OCEAN_FRONT_SHOTS="$PWD/$OUT" ${SWIFT:-swift} test --filter juiceScreenshots >/dev/null
# The look follows health inside a phase (issue 20): two healths in Polluted (a new
# player's first session, 15 and 20 %) and two in Recovering (47 and 62 %), health-NN.png.
OCEAN_FRONT_SHOTS="$PWD/$OUT" ${SWIFT:-swift} test --skip-build --filter healthScreenshots >/dev/null
# The pause menu and its Sound page, a game left early from it, and the day's healing
# full (issue 20): pause-menu.png, pause-sound.png, summary-left-early.png, healed-all-today.png.
OCEAN_FRONT_SHOTS="$PWD/$OUT" ${SWIFT:-swift} test --skip-build --filter pauseScreenshots >/dev/null
# Kinds that play differently (issue 31): a sea-life pass and a catch, a net falling and
# on, a slack tide, a clang off the rim, from a game of the human bot found by its events
# (kind-*.png).
OCEAN_FRONT_SHOTS="$PWD/$OUT" ${SWIFT:-swift} test --skip-build --filter kindScreenshots >/dev/null
# Arcade mode (issue 31): a game well on (the round and the bins left on the HUD), and
# the first game's summary (the state the second start command is given in).
arcade=replays/arcade-human.replay
second=$(awk '$1 == "i" && $4 == "start" && $5 == "arcade" { n++; if (n == 2) { print $2; exit } }' $arcade)
render arcade-playing $arcade $((second * 3 / 4))
render arcade-summary $arcade "$second"
