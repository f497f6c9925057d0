#!/usr/bin/env python3
"""A bounded load test of `ocean-server` (loopback only): posts every replay in a
folder, each under its own name and key, CONCURRENCY at a time, once; prints the
verified runs per second, the latency percentiles and this client's own CPU time
over the load (apart from the server's: on one machine they share the cores). The
posts are signed before the clock starts. Exit 1 if any post failed."""
import argparse, base64, concurrent.futures, glob, http.client, os, resource, sys, time, urllib.parse

try:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives import serialization
except ImportError:
    sys.exit("server-load: needs Python's cryptography package (pip install cryptography)")

p = argparse.ArgumentParser()
p.add_argument("--server", required=True)
p.add_argument("--runs", required=True, help="a folder of daily replays")
p.add_argument("--date", required=True)
p.add_argument("--concurrency", type=int, default=8)
p.add_argument("--label", default="")
a = p.parse_args()

url = urllib.parse.urlsplit(a.server)
assert url.hostname in ("127.0.0.1", "localhost", "::1"), "loopback only"
files = sorted(glob.glob(os.path.join(a.runs, "*.replay")))

def signed(i, path):
    body = open(path, "rb").read()
    name = f"load{i:04d}"
    key = Ed25519PrivateKey.generate()
    pub = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    sig = key.sign(f"ocean-daily-run/1\n{a.date}\n{name}\n".encode() + body)
    headers = {"X-Ocean-Player": name, "X-Ocean-Key": base64.b64encode(pub).decode(),
               "X-Ocean-Signature": base64.b64encode(sig).decode(), "Content-Type": "text/plain"}
    return body, headers

def post(body, headers):
    c = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    t = time.perf_counter()
    c.request("POST", f"/v1/daily/{a.date}/runs", body, headers)
    r = c.getresponse()
    text = r.read()
    dt = time.perf_counter() - t
    c.close()
    return r.status, dt, text

posts = [signed(i, path) for i, path in enumerate(files)]
cpu = lambda: (lambda r: r.ru_utime + r.ru_stime)(resource.getrusage(resource.RUSAGE_SELF))
start, cpu_start = time.perf_counter(), cpu()
with concurrent.futures.ThreadPoolExecutor(a.concurrency) as pool:
    results = list(pool.map(lambda x: post(*x), posts))
wall, client_cpu = time.perf_counter() - start, cpu() - cpu_start
ok = [dt for status, dt, _ in results if status == 201]
bad = [(status, text[:200]) for status, _, text in results if status != 201]
lat = sorted(dt * 1000 for _, dt, _ in results)
pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]
print(f"{a.label}{len(ok)}/{len(results)} runs verified and stored in {wall:.2f} s: {len(ok) / wall:.1f} runs/s; "
      f"latency ms p50 {pct(0.50):.1f} p90 {pct(0.90):.1f} p99 {pct(0.99):.1f} max {lat[-1]:.1f} ({a.concurrency} at a time); "
      f"the load client used {client_cpu:.2f} CPU s")
for status, text in bad[:5]:
    print(f"  refused {status}: {text!r}")
sys.exit(1 if bad else 0)
