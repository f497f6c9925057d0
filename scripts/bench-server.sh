#!/usr/bin/env bash
# `make bench`'s server part: 200 daily runs recorded by 200 bots, posted under 200
# names 8 at a time to `ocean-server` on 127.0.0.1 (a fresh SQLite file), with 1 and
# then 2 verifying threads; prints runs/s and latency percentiles (scripts/server-load.py)
# and the runs per core-second of the server's own CPU.
set -euo pipefail
OCEAN=${OCEAN:-.build/release/ocean}
SERVER=${SERVER:-.build/release/ocean-server}
RUNS=${RUNS:-200}
DATE=2026-12-01
work=$(mktemp -d /tmp/ocean-bench-server.XXXXXX)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/runs"
echo "== ocean-server: recording $RUNS daily runs"
seq 1 "$RUNS" | xargs -P 2 -I{} sh -c \
  "$OCEAN daily record --date $DATE --bot human --skill \$(( {} * 37 % 81 + 15 )) --seed {} --out $work/runs/{}.replay >/dev/null"
for threads in 1 2; do
  db="$work/runs-$threads.sqlite"
  "$SERVER" --db "$db" --port 0 --verify-threads "$threads" --now "${DATE}T12:00:00Z" --posts-per-minute 100000 >"$work/serve-$threads.log" 2>&1 &
  server=$!
  for _ in $(seq 1 200); do grep -q "listening on" "$work/serve-$threads.log" && break; sleep 0.05; done
  url=$(sed -n 's/^ocean-server: listening on //p' "$work/serve-$threads.log" | head -1)
  [ -n "$url" ] || { cat "$work/serve-$threads.log"; exit 1; }
  # The server's own CPU over the load (user + system, from /proc): runs per core-second.
  cpu_before=$(awk '{ print $14 + $15 }' "/proc/$server/stat")
  python3 scripts/server-load.py --server "$url" --runs "$work/runs" --date "$DATE" --concurrency 8 \
    --label "verify threads $threads: "
  cpu_after=$(awk '{ print $14 + $15 }' "/proc/$server/stat")
  awk -v n="$RUNS" -v t=$((cpu_after - cpu_before)) -v hz="$(getconf CLK_TCK)" \
    'BEGIN { s = t / hz; printf "  the server used %.2f CPU s: %.0f runs per core-second (verifying, HTTP and SQLite)\n", s, (s > 0 ? n / s : 0) }'
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
done

# The board at scale: RUNS_BOARD runs of one day in a fresh SQLite file (filled
# directly, after the server migrated it), then GETs of its top and a deep page.
BOARD_RUNS=${BOARD_RUNS:-100000}
db="$work/board.sqlite"
echo "== ocean-server: the board with $BOARD_RUNS runs of one day (SQLite)"
for round in migrate serve; do
  "$SERVER" --db "$db" --port 0 --now "${DATE}T12:00:00Z" >"$work/board-$round.log" 2>&1 &
  server=$!
  for _ in $(seq 1 200); do grep -q "listening on" "$work/board-$round.log" && break; sleep 0.05; done
  url=$(sed -n 's/^ocean-server: listening on //p' "$work/board-$round.log" | head -1)
  [ -n "$url" ] || { cat "$work/board-$round.log"; exit 1; }
  if [ "$round" = migrate ]; then
    kill "$server"; wait "$server" 2>/dev/null || true; server=""
    python3 scripts/board-load.py --fill "$db" --date "$DATE" --runs "$BOARD_RUNS"
  else
    python3 scripts/board-load.py --server "$url" --date "$DATE" --runs "$BOARD_RUNS"
    kill "$server"; wait "$server" 2>/dev/null || true; server=""
  fi
done

# The plausibility check's rates (GAME_RULES §8): the day's runs of each bot, judged by
# their inputs alone (`daily verify --json`'s plausibility; a run's header can be
# forged away, its inputs cannot). A person's runs must pass; a program's be flagged.
PLAUSIBLE_RUNS=${PLAUSIBLE_RUNS:-10}
echo "== the plausibility check: $PLAUSIBLE_RUNS runs of $DATE per bot, judged by their inputs"
mkdir -p "$work/plausible"
for bot in human@0 human@25 human@50 human@75 human@100 greedy oracle; do
  name=${bot%@*}; skill=()
  [ "$name" != "$bot" ] && skill=(--skill "${bot#*@}")
  for seed in $(seq 1 "$PLAUSIBLE_RUNS"); do
    f="$work/plausible/$name-${bot#*@}-$seed.replay"
    "$OCEAN" daily record --date "$DATE" --bot "$name" "${skill[@]}" --seed "$seed" --out "$f" >/dev/null
    "$OCEAN" daily verify "$f" --date "$DATE" --json
  done | python3 -c '
import json, sys
runs = [json.loads(line) for line in sys.stdin if line.strip()]
judged = [r for r in runs if r["plausibility"]["answered"] >= 10]
flagged = [r for r in runs if not r["plausibility"]["plausible"]]
print(f"  {sys.argv[1]:>10}: {len(flagged)} of {len(runs)} flagged ({len(judged)} with the 10 lone items answered that a judgement needs)")
' "$bot"
done
