#!/usr/bin/env python3
"""Searches a tune spec's varied keys with Optuna, asking `ocean tune eval` for each trial.

    make tune-optuna SPEC=assets/tune/example.toml [TRIALS=40] [SAMPLER=tpe|cmaes] [MULTI=1]
    .build/venv/bin/python scripts/optuna_search.py SPEC [--trials N] [--sampler tpe|cmaes]
        [--multi] [--storage FILE.db] [--study NAME] [--seed N] [--games N] [--ocean BINARY]
        [--json FILE] [--balance-out FILE] [--force]

Single objective: the spec's folded distance to its targets; a spec with [constraints]
and no [targets] asks for a feasible balance, and its objective is the total shortfall
(each broken constraint's margin, summed: 0 when every one is kept), the best the
first trial that keeps them all. --multi: each target an
objective (TPE only; Optuna's CMA-ES is single-objective), and the study's Pareto
front is printed. The spec's [constraints] become Optuna's (Trial.set_constraint:
each entry's margin, negated); the best trial, or the front, is chosen among the
feasible ones. Targets may name a round ("human@50" round3.catch_rate = 0.8); the
study names its objectives, and each trial keeps each target's error and each
constraint's margin as attributes of their own. Each key's space is its [vary] entry: a range's from/to/step, or a
list of values (categorical). The study lives in SQLite (--storage, default
.build/optuna/STUDY.db): run the same command again and it goes on where it stopped
(`load_if_exists`), adding --trials more trials. A seeded sampler asking one trial at a
time gives the same trials each run; `ocean tune eval` is deterministic, so the same
study gives the same numbers.

Everything is checked before the study starts (exit 2, one line on stderr): the spec
(`ocean tune eval` reads it with no points, so a spec it refuses stops here with its
message), and --json's and --balance-out's files, which must not exist unless --force is
given. The JSON is written to a new temporary file in the same folder (never through a
file or link already there), flushed to disk, then linked into place (renamed over FILE
with --force). --balance-out writes the best trial as a balance file: the base file
with its values edited in, its comments kept, as `ocean tune export` writes a sweep's
point (the best trial is asked of `ocean tune eval --sweep-header` once more, and
exported from that). Not with --multi (a front has no one best).
"""
import argparse
import shutil
import json
import os
import subprocess
import sys
import tempfile
import tomllib

optuna = None  # imported once the arguments, the output and the spec have been checked


def fail(message):
    print(f"ocean: error: optuna_search.py: {message}", file=sys.stderr)
    sys.exit(2)


def spaces(spec_path):
    """Each varied key's search space: ("int", lo, hi, step) or ("cat", values)."""
    try:
        with open(spec_path, "rb") as f:
            spec = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        fail(f"{spec_path}: {e}")
    vary = spec.get("vary")
    if not isinstance(vary, dict) or not vary:
        fail(f"{spec_path}: no [vary] keys to search")
    def whole(x):
        return isinstance(x, int) and not isinstance(x, bool)

    out = {}
    for key, v in vary.items():
        if isinstance(v, list) and v and all(whole(x) for x in v):
            out[key] = ("cat", list(v))
        elif (isinstance(v, dict) and whole(v.get("from")) and whole(v.get("to"))
              and whole(v.get("step", 1)) and v.get("step", 1) > 0 and v["from"] <= v["to"]):
            out[key] = ("int", v["from"], v["to"], v.get("step", 1))
        else:
            fail(f"{spec_path}: vary.{key}: expected a list of whole numbers or {{ from = A, to = B, step = C }}")
    targets = spec.get("targets", {})
    if not isinstance(targets, dict) or not all(isinstance(t, dict) for t in targets.values()):
        fail(f"{spec_path}: targets: expected a table of tables per bot")
    # A round's target may be written as a dotted key (round3.catch_rate = 0.8: a table
    # in TOML) or a quoted one; both are "BOT roundN.metric", in the spec's order.
    names = []
    for bot, table in targets.items():
        for metric, v in table.items():
            names += [f"{bot} {metric}.{m}" for m in v] if isinstance(v, dict) else [f"{bot} {metric}"]
    constraints = spec.get("constraints", {})
    if not isinstance(constraints, dict):
        fail(f"{spec_path}: constraints: expected a table of \"BOT.metric\" = {{ min = N, max = N }}")
    return out, names, list(constraints)


def check_spec(ocean, spec, games, jobs):
    """`ocean tune eval` with no points: it reads the spec (and checks --games, --jobs)
    and stops; a spec it refuses is refused here, with its own message, before the study."""
    cmd = [ocean, "tune", "eval", spec] + (["--games", str(games)] if games else []) + (["--jobs", str(jobs)] if jobs else [])
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    except OSError as e:
        fail(f"cannot run {ocean}: {e.strerror or e}")
    if r.returncode != 0:
        fail(f"{spec}: `ocean tune eval` refused it (exit {r.returncode}); its message is above")


def check_output(path, force, flag="--json"):
    """An output FILE: refused when it exists (unless force) or its folder is not there."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        fail(f"{flag} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        fail(f"{flag} {path}: the folder {folder} is not writable")
    if os.path.lexists(path):
        if not force:
            fail(f"{flag} {path} exists; add --force to replace it")
        if os.path.isdir(path):
            fail(f"{flag} {path} is a folder")


def write_json(path, result, force):
    """A new file beside PATH (O_EXCL: never one planted there), synced, then renamed over
    PATH (force) or linked to PATH, which fails if PATH has appeared meanwhile."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(result, f, sort_keys=True)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        if force:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)
            os.unlink(tmp)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class Evaluator:
    """`ocean tune eval` kept running: one JSON line out, one back, per trial."""

    def __init__(self, ocean, spec, games, jobs, targets=True):
        # A spec without targets has no distance to answer (constraints only).
        self.targets = targets
        cmd = [ocean, "tune", "eval", spec] + (["--games", str(games)] if games else []) + (["--jobs", str(jobs)] if jobs else [])
        try:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            fail(f"cannot run {ocean}: {e.strerror or e}")

    def stopped(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        fail(f"ocean tune eval stopped (exit {self.proc.wait()}); its message is above")

    def __call__(self, params):
        try:
            self.proc.stdin.write(json.dumps(params, sort_keys=True) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except (BrokenPipeError, OSError):
            self.stopped()
        if not line:
            self.stopped()
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if (not isinstance(answer, dict) or not isinstance(answer.get("valid"), bool)
                or (answer["valid"] and not ((isinstance(answer.get("distance"), (int, float)) or not self.targets)
                                             and isinstance(answer.get("objectives", []), list)))):
            self.proc.kill()
            self.proc.wait()
            fail(f"ocean tune eval answered a line that is not a point's metrics: {line.strip()[:200]!r}")
        return answer

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait()


def export_balance(a, trial):
    """The best trial as a balance file: asked of `ocean tune eval --sweep-header` once
    more (deterministic: the same numbers), then `ocean tune export` writes it."""
    folder = tempfile.mkdtemp(prefix="optuna-export-")
    try:
        sweep = os.path.join(folder, f"trial-{trial.number}.jsonl")
        cmd = [a.ocean, "tune", "eval", a.spec, "--sweep-header"] + (["--games", str(a.games)] if a.games else []) \
            + (["--jobs", str(a.jobs)] if a.jobs else [])
        with open(sweep, "w") as out:
            r = subprocess.run(cmd, input=json.dumps(trial.params, sort_keys=True) + "\n", stdout=out, text=True)
        if r.returncode != 0:
            fail(f"--balance-out: `ocean tune eval` stopped (exit {r.returncode}); its message is above")
        r = subprocess.run([a.ocean, "tune", "export", sweep, "--point", "0", "--out", a.balance_out]
                           + (["--force"] if a.force else []))
        if r.returncode != 0:
            fail(f"--balance-out: `ocean tune export` stopped (exit {r.returncode}); its message is above")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("spec")
    p.add_argument("--trials", type=int, default=40)
    p.add_argument("--sampler", choices=["tpe", "cmaes"], default="tpe")
    p.add_argument("--multi", action="store_true", help="each target an objective (a Pareto front)")
    p.add_argument("--storage", help="SQLite file (default .build/optuna/STUDY.db)")
    p.add_argument("--study", help="study name (default: the spec's name, sampler and objectives)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int)
    p.add_argument("--jobs", type=int)
    p.add_argument("--ocean", default=os.environ.get("OCEAN", ".build/release/ocean"))
    p.add_argument("--json", help="write the best trial (or the front) here as JSON (a new file, unless --force)")
    p.add_argument("--balance-out", help="write the best trial as a balance file here (a new file, unless --force)")
    p.add_argument("--force", action="store_true", help="let --json and --balance-out replace a file that exists")
    a = p.parse_args()
    if a.trials < 0:
        fail(f"--trials: {a.trials} is below 0")
    if a.multi and a.sampler == "cmaes":
        fail("--multi with --sampler cmaes: Optuna's CMA-ES optimises one objective; use --sampler tpe")
    if a.force and not a.json:
        fail("--force is for --json FILE; there is no --json")
    if a.json:
        check_output(a.json, a.force)
    space, targets, constraints = spaces(a.spec)
    if not targets and not constraints:
        fail(f"{a.spec}: no [targets] to aim for and no [constraints] to keep")
    if a.multi and len(targets) < 2:
        fail(f"--multi: {a.spec} has {len(targets)} target; a front needs at least 2")
    if constraints and a.sampler == "cmaes":
        fail(f"{a.spec} has [constraints]; Optuna's CMA-ES cannot honour them: use --sampler tpe")
    if a.balance_out:
        if a.multi:
            fail("--balance-out: a Pareto front (--multi) has no one best trial; export the one you choose with --json's params")
        check_output(a.balance_out, a.force, "--balance-out")
    check_spec(a.ocean, a.spec, a.games, a.jobs)
    global optuna
    try:
        import optuna
    except ImportError as e:
        fail(f"no Optuna ({e}): `make venv` installs it in .build/venv; run this with .build/venv/bin/python")
    base = os.path.splitext(os.path.basename(a.spec))[0]
    study_name = a.study or f"{base}-{a.sampler}{'-multi' if a.multi else ''}"
    storage_path = a.storage or os.path.join(".build", "optuna", study_name + ".db")
    os.makedirs(os.path.dirname(os.path.abspath(storage_path)), exist_ok=True)
    storage = f"sqlite:///{os.path.abspath(storage_path)}"
    sampler = (optuna.samplers.CmaEsSampler(seed=a.seed) if a.sampler == "cmaes"
               else optuna.samplers.TPESampler(seed=a.seed, n_startup_trials=min(10, max(1, a.trials // 2))))
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(study_name=study_name, storage=storage, sampler=sampler, load_if_exists=True,
                                directions=["minimize"] * (len(targets) if a.multi else 1))
    # The dashboard names each objective rather than "Objective 0".
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        study.set_metric_names([f"{n} error" for n in targets] if a.multi else ["distance" if targets else "shortfall"])
    evaluate = Evaluator(a.ocean, a.spec, a.games, a.jobs, targets=bool(targets))
    for _ in range(a.trials):
        trial = study.ask()
        params = {}
        for key, s in space.items():
            if s[0] == "cat":
                params[key] = trial.suggest_categorical(key, s[1])
            else:
                params[key] = trial.suggest_int(key, s[1], s[2], step=s[3])
        line = evaluate(params)
        if not line["valid"]:
            # A balance that fails validation: the trial is pruned, not scored.
            trial.set_user_attr("invalid", line.get("invalid", ""))
            study.tell(trial, state=optuna.trial.TrialState.PRUNED)
            continue
        trial.set_user_attr("line", line)
        # Each metric its own attribute, sortable in the dashboard.
        for name, error in zip(targets, line.get("objectives", [])):
            trial.set_user_attr(f"{name} error", error)
        # Constraints as Optuna's (Trial.set_constraint, which TPE reads): one value
        # per [constraints] entry, feasible at 0 or below: the point's margin (how far
        # inside its bounds, on the 95 % interval's safe side unless the entry says
        # on = "mean") negated.
        values = []
        if constraints:
            margins = line.get("margins") or {}
            # By the names ocean gives them (a bot in the spec's mode carries it:
            # "arcade:human@50.rounds_reached.median"), every trial the same set.
            for c in sorted(margins) if len(margins) == len(constraints) else constraints:
                m = margins.get(c)
                values.append(-m if isinstance(m, (int, float)) and m == m else 1e6)
                trial.set_user_attr(f"{c} margin", m)
                trial.set_constraint(c, values[-1])
            trial.set_user_attr("feasible", all(v <= 0 for v in values))
        # Without targets, how far the point is from keeping every constraint.
        shortfall = sum(max(0.0, v) for v in values)
        study.tell(trial, line["objectives"] if a.multi else line["distance"] if targets else shortfall)
    evaluate.close()
    done = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if not done:
        fail("no trial completed (every point asked for failed validation?)")
    print(f"study {study_name}: {len(study.trials)} trials ({len(done)} complete) in {storage_path}")
    if a.multi:
        # The front among feasible trials (with [constraints]), worked out here so it
        # does not hang on how a given Optuna version filters best_trials.
        pool = [t for t in done if t.user_attrs.get("feasible", True)]
        if not pool:
            fail(f"no feasible trial among {len(done)}: every one broke a [constraints] bound (see each trial's margins)")
        def dominates(u, v):
            return all(x <= y for x, y in zip(u.values, v.values)) and u.values != v.values
        best = sorted((t for t in pool if not any(dominates(o, t) for o in pool)), key=lambda t: t.number)
        print(f"Pareto front ({len(best)} trials) over: {', '.join(targets)}")
        for t in best:
            print(f"  trial {t.number}: {json.dumps(t.params, sort_keys=True)} errors {t.values}")
        result = [{"trial": t.number, "params": t.params, "values": t.values, "line": t.user_attrs["line"]} for t in best]
    else:
        # With constraints: the best feasible trial (Optuna's best_trial ignores them).
        pool = [t for t in done if t.user_attrs.get("feasible", True)] if constraints else done
        if not pool:
            fail(f"no feasible trial among {len(done)}: every one broke a [constraints] bound (see each trial's margins)")
        t = min(pool, key=lambda t: (t.value, t.number))
        print(f"best {'feasible ' if constraints else ''}trial {t.number}: {json.dumps(t.params, sort_keys=True)} "
              + (f"distance {t.value}" if targets else "every constraint kept"))
        result = {"trial": t.number, "params": t.params, "value": t.value, "line": t.user_attrs["line"]}
        if a.balance_out:
            export_balance(a, t)
    if a.json:
        try:
            write_json(a.json, result, a.force)
        except FileExistsError:
            fail(f"--json {a.json} appeared while the study ran; add --force to replace it")
        except OSError as e:
            fail(f"--json {a.json}: {e.strerror or e}")
    print(f"look at it: .build/venv/bin/optuna-dashboard {storage}  (pip install optuna-dashboard into the venv first)")


if __name__ == "__main__":
    main()
