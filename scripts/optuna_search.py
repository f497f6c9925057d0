#!/usr/bin/env python3
"""Searches a tune spec's varied keys with Optuna, asking `ocean tune eval` for each trial.

    make tune-optuna SPEC=assets/tune/example.toml [TRIALS=40] [SAMPLER=tpe|cmaes] [MULTI=1]
    .build/venv/bin/python scripts/optuna_search.py SPEC [--trials N] [--sampler tpe|cmaes]
        [--multi] [--storage FILE.db] [--study NAME] [--seed N] [--games N] [--ocean BINARY]
        [--json FILE]

Single objective: the spec's folded distance to its targets. --multi: each target an
objective (TPE only; Optuna's CMA-ES is single-objective), and the study's Pareto
front is printed. Each key's space is its [vary] entry: a range's from/to/step, or a
list of values (categorical). The study lives in SQLite (--storage, default
.build/optuna/STUDY.db): run the same command again and it goes on where it stopped
(`load_if_exists`), adding --trials more trials. A seeded sampler asking one trial at a
time gives the same trials each run; `ocean tune eval` is deterministic, so the same
study gives the same numbers.
"""
import argparse
import json
import os
import subprocess
import sys
import tomllib

import optuna


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
    out = {}
    for key, v in vary.items():
        if isinstance(v, list):
            out[key] = ("cat", [int(x) for x in v])
        elif isinstance(v, dict) and "from" in v and "to" in v:
            out[key] = ("int", int(v["from"]), int(v["to"]), int(v.get("step", 1)))
        else:
            fail(f"{spec_path}: vary.{key}: expected a list of values or {{ from, to, step }}")
    targets = spec.get("targets", {})
    names = [f"{bot} {metric}" for bot, table in targets.items() for metric in table]
    return out, names


class Evaluator:
    """`ocean tune eval` kept running: one JSON line out, one back, per trial."""

    def __init__(self, ocean, spec, games, jobs):
        cmd = [ocean, "tune", "eval", spec] + (["--games", str(games)] if games else []) + (["--jobs", str(jobs)] if jobs else [])
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def __call__(self, params):
        self.proc.stdin.write(json.dumps(params, sort_keys=True) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            fail(f"ocean tune eval stopped (exit {self.proc.wait()}); its message is above")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


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
    p.add_argument("--json", help="write the best trial (or the front) here as JSON")
    a = p.parse_args()
    if a.trials < 0:
        fail(f"--trials: {a.trials} is below 0")
    if a.multi and a.sampler == "cmaes":
        fail("--multi with --sampler cmaes: Optuna's CMA-ES optimises one objective; use --sampler tpe")
    space, targets = spaces(a.spec)
    if not targets:
        fail(f"{a.spec}: no [targets] to aim for")
    if a.multi and len(targets) < 2:
        fail(f"--multi: {a.spec} has {len(targets)} target; a front needs at least 2")
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
    evaluate = Evaluator(a.ocean, a.spec, a.games, a.jobs)
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
        study.tell(trial, line["objectives"] if a.multi else line["distance"])
    evaluate.close()
    done = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if not done:
        fail("no trial completed (every point asked for failed validation?)")
    print(f"study {study_name}: {len(study.trials)} trials ({len(done)} complete) in {storage_path}")
    if a.multi:
        best = sorted(study.best_trials, key=lambda t: t.number)
        print(f"Pareto front ({len(best)} trials) over: {', '.join(targets)}")
        for t in best:
            print(f"  trial {t.number}: {json.dumps(t.params, sort_keys=True)} errors {t.values}")
        result = [{"trial": t.number, "params": t.params, "values": t.values, "line": t.user_attrs["line"]} for t in best]
    else:
        t = study.best_trial
        print(f"best trial {t.number}: {json.dumps(t.params, sort_keys=True)} distance {t.value}")
        result = {"trial": t.number, "params": t.params, "value": t.value, "line": t.user_attrs["line"]}
    if a.json:
        with open(a.json + ".tmp", "w") as f:
            json.dump(result, f, sort_keys=True)
            f.write("\n")
        os.replace(a.json + ".tmp", a.json)
    print(f"look at it: .build/venv/bin/optuna-dashboard {storage}  (pip install optuna-dashboard into the venv first)")


if __name__ == "__main__":
    main()
