#!/usr/bin/env python3
"""Differential fuzzing of the TOML reader against Python's tomllib (standard library only).

Mutates TOML files — toml-test's suite (the TOML 1.0 list) and the repository's
assets/**/*.toml — by replacing values with others, joining the lines of two files,
flipping, inserting and deleting bytes, inserting TOML's own tokens, and splicing
pieces of one file into another; seeded and bounded in count.
Each mutant goes to our decoder (toml-test's interface, `toml-test-decoder`) and to
tomllib, and every input where one accepts and the other refuses, or both accept with
different values, is reported and saved under --out for reproduction.

    scripts/toml-differential.py --decoder .build/debug/toml-test-decoder --count 2000 --seed 1

Where tomllib itself departs from TOML 1.0 the case is counted as such, not as a
disagreement (see KNOWN below). A crash, a signal or a hang of the decoder is always a
failure. Exit status 1 on any unexplained disagreement or failure.
"""
import argparse
import concurrent.futures
import datetime
import glob
import hashlib
import importlib.util
import math
import os
import random
import re
import subprocess
import sys
import tomllib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("toml_test", os.path.join(REPO, "scripts", "toml-test.py"))
toml_test = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(toml_test)

TOKENS = [b'"', b"'", b'"""', b"'''", b"[", b"]", b"[[", b"]]", b"{", b"}", b"=", b",", b".", b"#", b"\n", b"\r\n",
          b"\r", b"\\", b"\\u", b"\\U0001F600", b"\\n", b"_", b"0x", b"0o", b"0b", b"e", b"E", b"+", b"-", b":", b"T", b"Z",
          b" ", b"\t", b"\x00", b"\x7f", b"\x1f", b"\xc3\xa9", b"\xff", b"\xef\xbb\xbf", b"inf", b"nan", b"true", b"false",
          b"1979-05-27", b"07:32:00", b"1979-05-27T07:32:00Z", b".5", b"9223372036854775807", b"9223372036854775808",
          b"a.b", b'"k"', b"x = 1\n", b"[t]\n", b"[[t]]\n", b"a = {b = 1}\n", b"a = [1, 2]\n", b"60"]


VALUES = [b"1", b"-0", b"+17", b"1_000", b"0xDEAD_beef", b"0o17", b"0b101", b"9223372036854775807", b"-9223372036854775808",
          b"3.14", b"-0.0", b"1e10", b"6.02E+23", b"1_0.0_1e-0_3", b"inf", b"-nan", b"true", b"false", b'"s"', b"'lit'",
          rb'"\u00E9\t"', b'"""\nml\\\n  x"""', b"'''\nraw\n'''", b"1979-05-27T07:32:00Z", b"1979-05-27 07:32:00.123456789+01:30",
          b"1979-05-27T07:32:00", b"1979-05-27", b"07:32:00.5", b"[]", b"[1, [2, 'x'], {a = 1}]", b"{}", b"{ a.b = 1, c = [] }"]
VALUE = re.compile(rb"=[ \t]*([^\n#]*)")


def mutate(rng, data, pool):
    """One to three edits. The first kinds keep most of the text TOML (a value replaced
    by another, the lines of two files joined), so that both readers accept often
    enough for their values to be compared; the others break it in small ways."""
    data = bytearray(data)
    for _ in range(1 if rng.random() < 0.6 else rng.randint(2, 3)):
        op = rng.randrange(10)
        pos = rng.randint(0, len(data))
        if op in (0, 1):  # a value replaced by one of another kind or form
            found = list(VALUE.finditer(bytes(data)))
            if found:
                m = rng.choice(found)
                data[m.start(1):m.end(1)] = rng.choice(VALUES)
        elif op == 2:  # the start of one file, the end of another
            other = rng.choice(pool).split(b"\n")
            lines = bytes(data).split(b"\n")
            data = bytearray(b"\n".join(lines[:rng.randint(0, len(lines))] + other[rng.randint(0, len(other)):]))
        elif op == 3 and data:  # flip a byte
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif op == 4 and data:  # a byte replaced by a TOML-ish character
            data[rng.randrange(len(data))] = rng.choice(b"\"'[]{}=,.#\n\\_:+-eT 0")
        elif op == 5:  # insert a token
            data[pos:pos] = rng.choice(TOKENS)
        elif op == 6 and data:  # delete a range
            del data[pos:min(len(data), pos + rng.randint(1, 8))]
        elif op == 7:  # splice a piece of another file in
            other = rng.choice(pool)
            if other:
                a = rng.randrange(len(other))
                data[pos:pos] = other[a:a + rng.randint(1, 64)]
        elif op == 8 and data:  # duplicate a line
            lines = bytes(data).split(b"\n")
            lines.insert(rng.randrange(len(lines) + 1), lines[rng.randrange(len(lines))])
            data = bytearray(b"\n".join(lines))
        elif op == 9 and data:  # swap two lines
            lines = bytes(data).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def tagged(v):
    """tomllib's value as toml-test's tagged JSON."""
    if isinstance(v, dict):
        return {k: tagged(x) for k, x in v.items()}
    if isinstance(v, list):
        return [tagged(x) for x in v]
    if isinstance(v, bool):
        return {"type": "bool", "value": "true" if v else "false"}
    if isinstance(v, int):
        return {"type": "integer", "value": str(v)}
    if isinstance(v, float):
        text = "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
        return {"type": "float", "value": text}
    if isinstance(v, str):
        return {"type": "string", "value": v}
    if isinstance(v, datetime.datetime):
        return {"type": "datetime" if v.tzinfo else "datetime-local", "value": v.isoformat()}
    if isinstance(v, datetime.date):
        return {"type": "date-local", "value": v.isoformat()}
    if isinstance(v, datetime.time):
        return {"type": "time-local", "value": v.isoformat()}
    raise TypeError(type(v))


def truncate_fractions(v):
    """Date-time fractions cut to microseconds, tomllib's precision (TOML lets a reader
    truncate extra digits)."""
    if toml_test.is_tagged(v):
        if v["type"] in ("datetime", "datetime-local", "time-local"):
            return {"type": v["type"], "value": re.sub(r"\.(\d{6})\d+", r".\1", v["value"])}
        return v
    if isinstance(v, dict):
        return {k: truncate_fractions(x) for k, x in v.items()}
    if isinstance(v, list):
        return [truncate_fractions(x) for x in v]
    return v


def big_integer(v):
    """Whether tomllib's value holds an integer outside 64 bits."""
    if isinstance(v, dict):
        return any(big_integer(x) for x in v.values())
    if isinstance(v, list):
        return any(big_integer(x) for x in v)
    return isinstance(v, int) and not isinstance(v, bool) and not (-2**63 <= v < 2**63)


AGREE = {"both-accept", "both-refuse"}
LEAP = re.compile(rb"\d{2}:\d{2}:60")

# Where tomllib departs from TOML 1.0, so a disagreement there is tomllib's:
KNOWN = {
    "leap-second": "tomllib refuses a time with second 60, which RFC 3339 (and so TOML) allows: Python's datetime has no leap seconds",
    "byte-order-mark": "tomllib.loads refuses a text that starts with a byte order mark (U+FEFF), which toml-test's "
                       "TOML 1.0 suite reads as valid (valid/utf8-bom-*.toml)",
    "big-integer": "tomllib accepts integers past 64 bits (Python's are unbounded); TOML 1.0 requires an error for one that "
                   "cannot be kept losslessly, and the reader keeps 64 bits",
}


def judge(decoder, data, timeout):
    """(kind, detail): kind is one of AGREE, a KNOWN key, or a disagreement or failure."""
    try:
        p = subprocess.run([decoder], input=data, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang", f"no answer within {timeout} s"
    if p.returncode < 0:
        return "crash", f"killed by signal {-p.returncode}"
    if p.returncode not in (0, 1):
        return "crash", f"exit status {p.returncode}: {p.stderr[:300]!r}"
    if p.returncode == 1 and not p.stderr.strip():
        return "crash", "refused without a message"
    ours = toml_test.json.loads(p.stdout) if p.returncode == 0 else None
    try:
        theirs = tomllib.loads(data.decode("utf-8"))
        their_error = None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError) as e:
        theirs, their_error = None, f"{type(e).__name__}: {e}"
    if ours is None and theirs is None:
        return "both-refuse", "both refuse"
    if ours is not None and theirs is None:
        if LEAP.search(data):
            return "leap-second", their_error
        if data.startswith(b"\xef\xbb\xbf"):
            try:
                tomllib.loads(data[3:].decode("utf-8"))
                return "byte-order-mark", their_error
            except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
                pass
        return "we-accept", f"tomllib: {their_error}"
    if ours is None:
        if big_integer(theirs):
            return "big-integer", p.stderr.decode("utf-8", "replace").strip()
        return "we-refuse", f"ours: {p.stderr.decode('utf-8', 'replace').strip()}"
    d = toml_test.difference(truncate_fractions(tagged(theirs)), truncate_fractions(ours))
    return ("both-accept", "same value") if d is None else ("values-differ", d)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decoder", default=os.path.join(REPO, ".build", "debug", "toml-test-decoder"))
    ap.add_argument("--suite", default=toml_test.default_suite())
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--out", default=os.path.join(REPO, ".build", "toml-differential"))
    ap.add_argument("--show", type=int, default=30)
    args = ap.parse_args()

    files = sorted(glob.glob(os.path.join(REPO, "assets", "**", "*.toml"), recursive=True))
    listing = os.path.join(args.suite, "files-toml-1.0.0")
    if os.path.isfile(listing):
        with open(listing, encoding="utf-8") as f:
            files += [os.path.join(args.suite, line.strip()) for line in f if line.strip().endswith(".toml")]
    else:
        print(f"toml-differential: no suite at {args.suite}; mutating the repository's files alone")
    pool, valid = [], []
    for path in files:
        with open(path, "rb") as f:
            pool.append(f.read())
        if "/invalid/" not in path:
            valid.append(pool[-1])
    if not pool:
        print("toml-differential: no TOML files to mutate", file=sys.stderr)
        return 2

    rng = random.Random(args.seed)
    # Mostly valid files to start from: an invalid one mutated is refused by both.
    inputs = [mutate(rng, rng.choice(valid if valid and rng.random() < 0.8 else pool), pool) for _ in range(args.count)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda d: judge(args.decoder, d, args.timeout), inputs))

    counts = {}
    bad = []
    for data, (kind, detail) in zip(inputs, results):
        counts[kind] = counts.get(kind, 0) + 1
        if kind not in AGREE:
            bad.append((kind, detail, data))
    os.makedirs(args.out, exist_ok=True)
    failing = [b for b in bad if b[0] not in KNOWN]
    shown = 0
    for kind, detail, data in sorted(bad, key=lambda b: b[0] in KNOWN):
        name = f"{kind}-{hashlib.sha1(data).hexdigest()[:12]}.toml"
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(data)
        if shown < args.show:
            print(f"{'KNOWN' if kind in KNOWN else 'DIFF'} {kind}: {detail[:300]}\n    input {name}: {data[:160]!r}")
            shown += 1
    print(f"toml-differential: {args.count} inputs (seed {args.seed}): both accept (same values) "
          f"{counts.get('both-accept', 0)}, both refuse {counts.get('both-refuse', 0)}"
          + "".join(f", {k} {v}" for k, v in sorted(counts.items()) if k not in AGREE)
          + (f"; inputs saved in {args.out}" if bad else ""))
    for k in sorted(set(counts) & set(KNOWN)):
        print(f"  {k}: {KNOWN[k]}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
