#!/usr/bin/env python3
"""`make bench`'s board part: fills a migrated, empty runs database (SQLite) with
RUNS official runs of one day under RUNS names, or times GETs of the day's board
from a server on loopback (top 100, a page deep in it, the shared sea): p50/p95/p99."""
import argparse, http.client, sqlite3, statistics, sys, time, urllib.parse

p = argparse.ArgumentParser()
p.add_argument("--fill", help="an SQLite runs database the server made (its schema migrated)")
p.add_argument("--server")
p.add_argument("--date", required=True)
p.add_argument("--runs", type=int, default=100_000)
p.add_argument("--gets", type=int, default=200)
a = p.parse_args()

if a.fill:
    db = sqlite3.connect(a.fill)
    with db:
        db.executemany("INSERT INTO players (name, public_key, bound_at, skeleton) VALUES (?, ?, ?, ?)",
                       ((f"p{i:06d}", f"key{i:06d}", "2026-12-01T12:00:00Z", f"p{i:06d}") for i in range(a.runs)))
        # Scores spread as a day's would be, ties included; one run in fifty ranked apart.
        db.executemany("""INSERT INTO runs (day, name, official, score, rounds, catches, misses, best_combo, ticks,
                          state_hash, received_at, replay, apart) VALUES (?, ?, 1, ?, 12, 40, 3, 9, 20000, ?, ?, ?, ?)""",
                       ((a.date, f"p{i:06d}", (i * 7919) % 150_000, f"{i:016x}", "2026-12-01T12:00:00Z", b"x",
                         "recorded by a program ('oracle')" if i % 50 == 0 else None) for i in range(a.runs)))
        db.execute("INSERT INTO sea (day, runs, catches, healed) VALUES (?, ?, ?, ?)", (a.date, a.runs, a.runs * 40, 10_000))
    sys.exit(0)

url = urllib.parse.urlsplit(a.server)
assert url.hostname in ("127.0.0.1", "localhost", "::1"), "loopback only"
c = http.client.HTTPConnection(url.hostname, url.port, timeout=30)

def timed(path):
    times, size = [], 0
    for _ in range(a.gets):
        t = time.perf_counter()
        c.request("GET", path)
        r = c.getresponse()
        body = r.read()
        times.append((time.perf_counter() - t) * 1000)
        if r.status != 200:
            sys.exit(f"board-load: GET {path}: {r.status} {body[:200]!r}")
        size = len(body)
    q = statistics.quantiles(times, n=100)
    print(f"  GET {path}: {size} bytes, p50 {q[49]:.1f} ms, p95 {q[94]:.1f} ms, p99 {q[98]:.1f} ms ({a.gets} GETs, one connection)")
    return q[49]

top = timed(f"/v1/daily/{a.date}/leaderboard")
timed(f"/v1/daily/{a.date}/leaderboard?limit=100&after={a.runs // 2}")
timed(f"/v1/daily/{a.date}/sea")
print(f"  the top 100 of {a.runs} runs in {top:.1f} ms (p50; the goal: under 20 ms)")
