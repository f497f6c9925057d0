#!/usr/bin/env bash
# How every golden replay in replays/ was recorded. Run it only when the replay
# format itself changes (the files must be written anew); for a rule change, use
# `ocean replay update replays/*.replay`, which keeps each file's inputs.
# replays/v2/ to v15/ keep the corpus as formats 2 to 15 recorded it (under the balance
# of their day): never re-recorded, they prove that a newer engine still verifies
# older files. Format 5 careers carry the challenge table (assets/challenges.toml);
# format 6 the kinds as data and the fair spawner's rules; format 7 the pointer and
# the abandon command, and the game of skill's balance; format 8 arcade mode (the
# replays below were upgraded from 7 with `replay update --upgrade`, their inputs
# unchanged, and the two arcade-*.replay recorded); format 9 kinds that play differently
# (body catches, a bouncing can, wide cardboard, fast glass, a fluttering bag), sea
# life, power-ups, the classic tempo that follows the level, fair_spawn 2 and the
# truer human bot (every replay below recorded anew: the rules of the game changed);
# format 10 the seas and the day's healing that follows its plastic (every replay
# recorded anew: health moves differently, and careers open seas and move to them);
# format 11 the quiz (every replay recorded anew: careers answer the cards that are
# due, right as often as the bot's skill says, instead of studying any card); format
# 12 the recorded states (`states-every`): the replays below were upgraded from 11 with
# `replay update --upgrade`, their records unchanged (the state encoding is still 11's),
# and states-recorded.replay recorded; format 13 the cards as data (a `cards` line, an
# answer by card key): the replays below were upgraded from 12 the same way, and
# quiz-card-added.replay recorded with CONTRIBUTING's "A quiz card" added to a copy of
# the assets; format 14 arcade's rounds that keep growing past their items' cap
# (`arcade.late_items_per_round`): the replays below were upgraded from 13 the same way
# (their balances then hold 0, the tempo they were played with), and
# arcade-rising.replay recorded, and two Daily Ocean runs (daily-*.replay); format 15
# the mastery part of the day's rise cap (`health.mastery_rise`, state encoding 12): the
# replays below were upgraded from 14 the same way (their balances then hold 0), and
# career-mastery.replay recorded; format 16 the Daily Ocean's run counted in a career
# (`daily DATE …`, state encoding 13): the replays below were upgraded from 15 the same
# way, and career-daily-credit.replay kept from DailySceneTests (a window scene's
# career: no `replay record` makes it; this script leaves it, `--upgrade` carries it).
set -euo pipefail
cd "$(dirname "$0")/.."
O=${OCEAN:-.build/release/ocean}
D=(--date 2026-11-22 --time 09:30)
find replays -maxdepth 1 -name '*.replay' ! -name career-daily-credit.replay -delete
r() { "$O" replay record "${D[@]}" "$@"; }

r --bot oracle --seed 3 --out replays/perfect-game.replay --comment "A perfect game: the oracle bot plays the fair spawner's plan and catches every item (shipped constants)."
r --bot dodge --seed 1 --out replays/all-miss.replay --comment "An all-miss game: the dodge bot keeps the bin clear of all 100 items; health falls by the day's fall cap and stays there."
r --bot greedy --seed 143 --out replays/long-combo.replay --comment "A long combo: the multiplier reaching its cap (greedy bot, shipped constants)."
r --days 20 --skip-percent 0 --bot greedy --seed 20 --checkpoint-every 300 --out replays/health-rising.replay --comment "Health rising day by day, by the day's rise cap, from Polluted through every phase to Thriving (greedy bot, a game every day)."
r --days 50 --skip-percent 0 --bot "$(printf 'greedy,%.0s' {1..17})dodge" --seed 5 --checkpoint-every 600 --out replays/health-falling.replay --comment "Health up to Thriving in 17 days of catching, then falling back down a day's fall cap at a time across the phase bounds and their hysteresis (greedy, then dodge)."
r --bot greedy --seed 7 --balance assets/tunings/top-difficulty.toml --out replays/top-difficulty.replay --comment "A game at the top difficulty: ten rounds, the last ones at the capped fall speed and shortest gap."
r --bot idle --seed 11 --out replays/idle-bot.replay --comment "The idle bot: the bin never moves; only items dropping into the centre are caught."
r --bot greedy --seed 1 --games 3 --out replays/greedy-bot.replay --comment "The greedy bot over three games with the shipped constants."
r --bot human --skill 70 --seed 2 --games 2 --out replays/human-bot.replay --comment "The human bot (skill 70): reaction delay and aiming error, two games."
r --bot human --skill 15 --seed 4 --out replays/human-clumsy.replay --comment "A clumsy human bot (skill 15): slow to react, aims wide."
r --bot human --seed 9 --games 2 --balance assets/tunings/gentle.toml --out replays/gentle-tuning.replay --comment "Non-default constants: the gentle tuning (wider bin, fewer and slower items), human bot."
r --bot human --seed 3 --games 7 --out replays/ten-minutes.replay --comment "Ten minutes of play (human bot, 100 items a game): the size budget, under 100 KB beyond the header's constants."
r --bot human --skill 50 --seed 5 --states-every 60 --out replays/states-recorded.replay --comment "Whole states recorded at every checkpoint (format 12, states-every 60): a divergence shows field by field (human bot, skill 50)."
r --bot greedy --seed 8 --checkpoint-every 7 --out replays/checkpoint-every-7.replay --comment "An unusual checkpoint interval (every 7 ticks) and a closing checkpoint between multiples."

# Careers: a session each day played, scans, flashcards, games (see CareerPlan).
r --days 30 --bot greedy --seed 2 --checkpoint-every 300 --out replays/career-30-days.replay --comment "A 30-day career (greedy bot, shipped constants): the ocean heals day by day, the pet grows, levels and challenge rewards add up."
r --days 60 --skip-percent 0 --bot greedy --seed 3 --checkpoint-every 600 --out replays/seas.replay --comment "Seas (format 10): the bay heals to Thriving, the reef opens and the player moves there (sea reef), the bay slowly loses health while neglected; then the mangroves open."
r --days 30 --bot greedy --seed 6 --checkpoint-every 300 --out replays/career-streak.replay --comment "A streak built (7 days), broken by a skipped day, and rebuilt (21 days)."
r --days 30 --games-per-day 2 --bot greedy --seed 7 --checkpoint-every 300 --balance assets/tunings/gentle.toml --out replays/career-all-achievements.replay --comment "All ten achievements unlocked, each once, in a month (gentle tuning, two games a day)."
r --days 14 --skip-percent 40 --bot greedy --seed 1 --checkpoint-every 300 --out replays/career-missing-you.replay --comment "Days away: the pet is Missing You when the player returns, until the next game or scan."
r --days 28 --skip-percent 15 --bot human --seed 11 --checkpoint-every 300 --out replays/career-challenges.replay --comment "Four weeks of challenges (human bot, 15 % of days skipped): daily and weekly challenges completed, others failed when their day or week ended, milestones reached, each reward given once."
r --days 14 --skip-percent 40 --bot greedy --seed 2 --checkpoint-every 300 --balance assets/tunings/harsh-absence.toml --out replays/career-absence.replay --comment "Ocean health decaying in absence: each whole day away costs 5 % (harsh-absence tuning)."

# A game that continues a saved career (the replay starts from its state, as
# `ocean play` records one): the 30-day career, then one more game a day later.
P=$(mktemp -d)/profile
"$O" sim --days 30 --bot greedy --seed 2 --profile "$P" >/dev/null
r --bot greedy --seed 21 --from-profile "$P" --date 2026-01-31 --out replays/continued-career.replay --comment "A game on day 31 of a saved 30-day career: the replay starts from the saved state."
rm -rf "$(dirname "$P")"
r --mode arcade --bot human --skill 70 --seed 5 --games 2 --out replays/arcade-human.replay --comment "Arcade mode: the human bot (skill 70) over two games, each ended when the fifth bin of misses is spent, perfect rounds giving one back."
# A 13th quiz card, in a copy of the assets (the replay carries its cards' keys).
A=$(mktemp -d) OA=$(realpath "$O") R=$PWD/replays
cp -r assets "$A/assets"
sed -n '/^### A quiz card/,/^### /p' CONTRIBUTING.md | sed -n '/^   ```toml/,/^   ```$/p' | sed '1d;$d;s/^   //' >> "$A/assets/content/flashcards.toml"
(cd "$A" && "$OA" replay record "${D[@]}" --days 30 --bot greedy --seed 4 --checkpoint-every 300 --out "$R/quiz-card-added.replay" --comment "A quiz card added to the card file alone (format 13): a 13th card, ghost_nets, named in the cards line and answered by key in a 30-day career (greedy bot).")
rm -rf "$A"
r --mode arcade --bot human --skill 100 --seed 12 --out replays/arcade-rising.replay --comment "Arcade past its items' cap (format 14): each round after the one that reaches max_round_items spawns late_items_per_round more again; the human bot at skill 100 reaches round 17 and loses it there."
# Daily Ocean runs (issue 50): `replay verify` holds a replay whose comment names a day
# to that day's seed, mode and start under its balance, so a change to the seed's
# derivation fails `make replay-check`.
"$O" daily record --date 2026-12-01 --bot human --skill 50 --seed 3 --out replays/daily-2026-12-01.replay
"$O" daily record --date 2027-02-14 --bot human --skill 80 --seed 4 --balance assets/tunings/gentle.toml --out replays/daily-2027-02-14-gentle.replay
r --mode arcade --bot idle --seed 6 --out replays/arcade-idle.replay --comment "Arcade mode: the idle bot spends its five misses in the first round; what still falls when the budget runs out is cleared, not missed."
r --bot oracle --seed 12 --games 3 --out replays/sea-life-and-power-ups.replay --comment "Format 9's kinds: the oracle lets every fish and turtle pass, takes nets and slack tides, and catches cans, wide cardboard and fast glass by their bodies' rules."
r --days 3 --skip-percent 0 --bot human --skill 100 --seed 3 --checkpoint-every 300 --out replays/career-mastery.replay --comment "Mastery shows on the ocean (format 15): the human bot at skill 100 plays clean games, each opening health.mastery_rise on top of the day's cap from plastic (3 days)."
