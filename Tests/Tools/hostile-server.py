#!/usr/bin/env python3
"""A hostile HTTP peer on 127.0.0.1 for the Daily Ocean client's tests: each path is
one way a server could try to make a client do more than it asked. Prints
`listening on PORT` once it accepts, serves until killed or for --seconds at most.

  /v1/daily/D/runs, /v1/daily/D/leaderboard under a prefix that picks the behaviour:
  /offsite/...   307 to another origin (the same host, another port)
  /samesite/...  307 to /ok/... on this origin
  /loop/...      307 to itself, forever
  /huge/...      an endless chunked answer
  /bomb/...      a small gzip answer that inflates to 64 MiB
  /drip/...      a byte every second, never ending
  /forge/...     a 422 whose error has newlines and a bidi control
  /ok/...        200 with {"ok": true}
"""
import argparse
import gzip
import http.server
import sys
import threading
import time


def bomb():
    """64 MiB of zeros, gzipped to about 64 KB (made when first asked for)."""
    if not hasattr(bomb, "bytes"):
        bomb.bytes = gzip.compress(b"0" * (64 << 20), compresslevel=6)
    return bomb.bytes


class Peer(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        mode = self.path.split("/")[1]
        rest = self.path[len(mode) + 1:]
        if mode == "offsite":
            port = self.server.server_address[1]
            self.redirect(f"http://127.0.0.1:{port + 1}/ok{rest}")
        elif mode == "samesite":
            self.redirect(f"/ok{rest}")
        elif mode == "loop":
            self.redirect(self.path)
        elif mode == "huge":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"x" * 65536
            try:
                while True:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            except OSError:
                pass
        elif mode == "bomb":
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(bomb())))
            self.end_headers()
            self.wfile.write(bomb())
        elif mode == "drip":
            self.send_response(200)
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            try:
                for _ in range(600):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass
        elif mode == "forge":
            body = b'{"error":"bad run\\nocean: your run is rank 1\\u202e"}'
            self.send_response(422)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            body = b'{"ok":true,"rank":1}'
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    def redirect(self, where):
        self.send_response(307)
        self.send_header("Location", where)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = answer
    do_POST = answer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=120)
    args = ap.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Peer)
    server.daemon_threads = True
    print(f"listening on {server.server_address[1]}", flush=True)
    threading.Timer(args.seconds, server.shutdown).start()
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
