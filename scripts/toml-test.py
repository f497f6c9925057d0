#!/usr/bin/env python3
"""Runs a toml-test decoder over the TOML 1.0 conformance suite (standard library only).

Every valid file must decode (exit 0) to the JSON its .json file expects, compared by
meaning as toml-test compares it (floats by value, date-times normalised); every invalid
file must be refused: exit status 1 with a message on standard error, never a signal, a
crash or a hang (each run is stopped after --timeout seconds).

    scripts/toml-test.py --decoder .build/debug/toml-test-decoder [--suite DIR]

The suite's folder is TOML_TEST_DIR, else ../shared/toml-test/tests beside the
repository; when it is missing the run is skipped (exit 0) with a line saying so. The
files run are those `files-toml-1.0.0` lists. Prints "valid: N/M passed, invalid: N/M
refused" and exits 1 on any failure.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_suite():
    return os.environ.get("TOML_TEST_DIR") or os.path.join(os.path.dirname(REPO), "shared", "toml-test", "tests")


# ---- comparing decoded values as toml-test does ----

SCALAR_TYPES = {"string", "integer", "float", "bool", "datetime", "datetime-local", "date-local", "time-local"}

DATETIME = re.compile(
    r"^(?:(\d{4})-(\d{2})-(\d{2}))?(?:[Tt ]?(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))?$")


def is_tagged(v):
    return isinstance(v, dict) and set(v) == {"type", "value"} and isinstance(v["type"], str) \
        and v["type"] in SCALAR_TYPES and isinstance(v["value"], str)


def days_from_civil(y, m, d):
    """Days since 1970-01-01 (proleptic Gregorian), H. Hinnant's algorithm."""
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def datetime_key(kind, text):
    """A date-time's meaning: the instant for an offset date-time, the fields otherwise;
    the fraction without trailing zeros (so .5 and .500 are the same)."""
    m = DATETIME.match(text)
    if not m:
        return ("unparsed", text)
    y, mo, d, h, mi, s, frac, z, sign, oh, om = m.groups()
    frac = (frac or "").rstrip("0")
    if kind == "date-local":
        return (y, mo, d, h, mi, s, frac, z, sign)
    if kind == "time-local":
        return (y, mo, d, int(h or -1), int(mi or -1), int(s or -1), frac, z, sign)
    if kind == "datetime-local":
        return (y, mo, d, h, mi, s, frac, z, sign)
    if y is None or h is None or (z is None and sign is None):
        return ("unparsed", text)
    offset = 0 if z else (int(oh) * 60 + int(om)) * (-1 if sign == "-" else 1)
    seconds = days_from_civil(int(y), int(mo), int(d)) * 86400 + int(h) * 3600 + int(mi) * 60 + int(s) - offset * 60
    return ("instant", seconds, frac)


def same_scalar(want, have):
    if want["type"] != have["type"]:
        return False
    kind, w, h = want["type"], want["value"], have["value"]
    if kind == "float":
        try:
            fw, fh = float(w), float(h)
        except ValueError:
            return False
        if math.isnan(fw) or math.isnan(fh):
            return math.isnan(fw) and math.isnan(fh)
        return fw == fh
    if kind == "integer":
        try:
            return int(w) == int(h)
        except ValueError:
            return False
    if kind in ("datetime", "datetime-local", "date-local", "time-local"):
        return datetime_key(kind, w) == datetime_key(kind, h)
    return w == h


def difference(want, have, path="(root)"):
    """None when `have` means `want`; else where and how they differ."""
    if is_tagged(want):
        if not is_tagged(have):
            return f"{path}: expected {want}, got {json.dumps(have)[:200]}"
        return None if same_scalar(want, have) else f"{path}: expected {want}, got {have}"
    if isinstance(want, dict):
        if not isinstance(have, dict) or is_tagged(have):
            return f"{path}: expected a table, got {json.dumps(have)[:200]}"
        if set(want) != set(have):
            return f"{path}: keys differ: missing {sorted(set(want) - set(have))}, extra {sorted(set(have) - set(want))}"
        for k in want:
            d = difference(want[k], have[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(want, list):
        if not isinstance(have, list):
            return f"{path}: expected an array, got {json.dumps(have)[:200]}"
        if len(want) != len(have):
            return f"{path}: expected {len(want)} elements, got {len(have)}"
        for i, (w, h) in enumerate(zip(want, have)):
            d = difference(w, h, f"{path}[{i}]")
            if d:
                return d
        return None
    return f"{path}: unexpected expected-value {want!r}"


# ---- running the decoder ----

def run(decoder, path, timeout):
    with open(path, "rb") as f:
        data = f.read()
    try:
        p = subprocess.run([decoder], input=data, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", b"timed out"
    return p.returncode, p.stdout, p.stderr


def check_valid(decoder, suite, name, timeout):
    toml_path = os.path.join(suite, name)
    code, out, err = run(decoder, toml_path, timeout)
    if code is None:
        return f"{name}: no answer within {timeout} s"
    if code != 0:
        return f"{name}: refused (exit {code}): {err.decode('utf-8', 'replace').strip()[:300]}"
    try:
        have = json.loads(out)
    except ValueError as e:
        return f"{name}: the decoder's output is not JSON ({e})"
    with open(toml_path[:-5] + ".json", encoding="utf-8") as f:
        want = json.load(f)
    d = difference(want, have)
    return f"{name}: {d}" if d else None


def check_invalid(decoder, suite, name, timeout):
    code, out, err = run(decoder, os.path.join(suite, name), timeout)
    if code is None:
        return f"{name}: no answer within {timeout} s (a hang)"
    if code < 0:
        return f"{name}: killed by signal {-code} (a crash)"
    if code == 0:
        return f"{name}: accepted, but it is not valid TOML 1.0: {out.decode('utf-8', 'replace')[:200]}"
    if code != 1:
        return f"{name}: exit status {code}, not 1"
    if not err.strip():
        return f"{name}: refused without a message"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decoder", default=os.path.join(REPO, ".build", "debug", "toml-test-decoder"))
    ap.add_argument("--suite", default=default_suite(), help="toml-test's tests/ folder")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--show", type=int, default=40, help="failures listed at most")
    ap.add_argument("--verbose", action="store_true", help="show each invalid file's message")
    args = ap.parse_args()

    listing = os.path.join(args.suite, "files-toml-1.0.0")
    if not os.path.isfile(listing):
        print(f"toml-test: skipped: no conformance suite at {args.suite} (set TOML_TEST_DIR)")
        return 0
    if not os.access(args.decoder, os.X_OK):
        print(f"toml-test: no decoder at {args.decoder} (swift build --product toml-test-decoder)", file=sys.stderr)
        return 2
    with open(listing, encoding="utf-8") as f:
        names = [line.strip() for line in f if line.strip().endswith(".toml")]
    valid = [n for n in names if n.startswith("valid/")]
    invalid = [n for n in names if n.startswith("invalid/")]

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        valid_fail = [r for r in pool.map(lambda n: check_valid(args.decoder, args.suite, n, args.timeout), valid) if r]
        invalid_fail = [r for r in pool.map(lambda n: check_invalid(args.decoder, args.suite, n, args.timeout), invalid) if r]
        if args.verbose:
            for n in invalid:
                _, _, err = run(args.decoder, os.path.join(args.suite, n), args.timeout)
                print(f"{n}: {err.decode('utf-8', 'replace').strip()}")

    failures = valid_fail + invalid_fail
    for line in failures[:args.show]:
        print("FAIL " + line)
    if len(failures) > args.show:
        print(f"... and {len(failures) - args.show} more")
    print(f"valid: {len(valid) - len(valid_fail)}/{len(valid)} passed, "
          f"invalid: {len(invalid) - len(invalid_fail)}/{len(invalid)} refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
