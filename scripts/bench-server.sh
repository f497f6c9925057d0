#!/usr/bin/env bash
# `make bench`'s server part: RUNS daily runs recorded by human bots, posted under as
# many names to `ocean-server` on 127.0.0.1 (a fresh database each time): on SQLite 8
# and 32 at a time, on a throwaway PostgreSQL 32 at a time (when installed), each with
# 2 verifying threads; prints runs/s, latency percentiles and the load client's own
# CPU (scripts/server-load.py), the runs per core-second of the server's own CPU, and
# the runs each commit kept (group commit: `ocean_commit_batch_runs`).
set -euo pipefail
OCEAN=${OCEAN:-.build/release/ocean}
SERVER=${SERVER:-.build/release/ocean-server}
RUNS=${RUNS:-400}
DATE=2026-12-01
work=$(mktemp -d /tmp/ocean-bench-server.XXXXXX)
server=""
pg=""
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
as_owner() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  [ -n "$pg" ] && as_owner "$pgbin/pg_ctl -D $pg/data -m immediate -w stop" >/dev/null 2>&1
  wait 2>/dev/null; rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/runs"
# A PostgreSQL cluster below it runs as its own user, who must reach it.
[ "$(id -u)" = 0 ] && chmod 755 "$work"
echo "== ocean-server: recording $RUNS daily runs"
seq 1 "$RUNS" | xargs -P 2 -I{} sh -c \
  "$OCEAN daily record --date $DATE --bot human --skill \$(( {} * 37 % 81 + 15 )) --seed {} --out $work/runs/{}.replay >/dev/null"

# One load: the server on DB with 2 verifying threads, CLIENTS posting at once.
load() {
  local label=$1 db=$2 clients=$3
  "$SERVER" --db "$db" --port 0 --verify-threads 2 --now "${DATE}T12:00:00Z" --posts-per-minute 100000 \
    --connections-per-address 1000 >"$work/serve.log" 2>&1 &
  server=$!
  for _ in $(seq 1 400); do grep -q "listening on" "$work/serve.log" && break; sleep 0.05; done
  url=$(sed -n 's/^ocean-server: listening on //p' "$work/serve.log" | head -1)
  [ -n "$url" ] || { cat "$work/serve.log"; exit 1; }
  # The server's own CPU over the load (user + system, from /proc): runs per core-second.
  cpu_before=$(awk '{ print $14 + $15 }' "/proc/$server/stat")
  python3 scripts/server-load.py --server "$url" --runs "$work/runs" --date "$DATE" --concurrency "$clients" \
    --label "$label, $clients clients: "
  cpu_after=$(awk '{ print $14 + $15 }' "/proc/$server/stat")
  batches=$(curl -s "$url/metrics" | awk '/^ocean_commit_batch_runs_count/ { c = $2 } /^ocean_commit_batch_runs_sum/ { s = $2 } END { printf "%d commits, %.1f runs each", c, (c > 0 ? s / c : 0) }')
  awk -v n="$RUNS" -v t=$((cpu_after - cpu_before)) -v hz="$(getconf CLK_TCK)" -v b="$batches" \
    'BEGIN { s = t / hz; printf "  the server used %.2f CPU s: %.0f runs per core-second (verifying, HTTP and the database; %s)\n", s, (s > 0 ? n / s : 0), b }'
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
}

load "SQLite" "$work/runs-8.sqlite" 8
load "SQLite" "$work/runs-32.sqlite" 32
if [ -n "$pgbin" ] && [ -x "$pgbin/initdb" ]; then
  pg="$work/pg"; mkdir -p "$pg"
  [ "$(id -u)" = 0 ] && chown postgres "$pg"
  as_owner "$pgbin/initdb -D $pg/data -A trust -U ocean" >/dev/null
  as_owner "$pgbin/pg_ctl -D $pg/data -o \"-k $pg -c listen_addresses=''\" -l $pg/log -w start" >/dev/null </dev/null
  load "PostgreSQL" "postgres://ocean@localhost/postgres?host=$pg" 32
else
  echo "  (PostgreSQL is not installed: its load is skipped; make deps installs it)"
fi

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
