import Foundation
import Testing

import TestSupport

/// Optuna driving `ocean tune eval` (scripts/optuna_search.py), with the venv `make venv`
/// makes; skipped when it is not there (`make test-optuna` makes it and runs this).
private let venvPython = repoRoot + "/.build/venv/bin/python"

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: venvPython),
                "no .build/venv: `make venv` (or `make test-optuna`) installs Optuna from PyPI"))
struct OptunaCLITests {
    static let python = venvPython

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func search(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try python([repoRoot + "/scripts/optuna_search.py"] + args + ["--ocean", repoRoot + "/.build/release/ocean"])
    }

    /// The venv's Python with `args`, in the repository.
    func python(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.python)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        p.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin", "HOME": "/tmp"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, o, e)
    }

    /// 20 TPE trials; the best trial's metrics are the sweep's at that point, byte for
    /// byte; running the same study again goes on from its SQLite file.
    @Test func aTwentyTrialStudysBestEqualsTheSweepAtThatPoint() throws {
        let dir = freshFolder("optuna")
        let spec = try temporaryFile("optuna.toml", """
            bots = ["greedy"]
            games = 20
            [vary]
            "bin.width_px" = { from = 50, to = 120, step = 2 }
            "items.gravity_px_per_s2" = { from = 160, to = 320, step = 20 }
            [targets.greedy]
            catch_rate = 0.97
            """)
        let r = try search([spec, "--trials", "20", "--storage", dir + "/study.db", "--json", dir + "/best.json"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("20 trials"), "\(r.out)")
        let best = try JSONSerialization.jsonObject(with: Data(try read(dir + "/best.json").utf8)) as! [String: Any]
        let params = best["params"] as! [String: Int]
        let line = best["line"] as! [String: Any]
        // The sweep at that one point.
        let point = try temporaryFile("optuna-point.toml", """
            bots = ["greedy"]
            games = 20
            [vary]
            "bin.width_px" = [\(params["bin.width_px"]!)]
            "items.gravity_px_per_s2" = [\(params["items.gravity_px_per_s2"]!)]
            [targets.greedy]
            catch_rate = 0.97
            """)
        let sweep = try ocean(["tune", point, "--quiet", "--out", dir + "/point.jsonl"], build: "release")
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let swept = try JSONSerialization.jsonObject(with: Data(try read(dir + "/point.jsonl").split(separator: "\n")[1].utf8)) as! [String: Any]
        #expect((swept["results"] as! NSArray) == (line["results"] as! NSArray))
        #expect((swept["distance"] as! Double) == (best["value"] as! Double))
        // The same seed in a new study asks the same trials and gets the same numbers.
        let twin = try search([spec, "--trials", "20", "--storage", dir + "/twin.db", "--json", dir + "/twin.json"])
        #expect(twin.status == 0, "\(twin.err)")
        #expect(try read(dir + "/twin.json") == read(dir + "/best.json"))
        // The study resumes: five more trials on top of the twenty.
        let again = try search([spec, "--trials", "5", "--storage", dir + "/study.db"])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.contains("25 trials"), "\(again.out)")
    }

    /// The spec's constraints are Optuna's: the best trial is a feasible one, each
    /// trial keeps its margins and errors as attributes, and the study names its
    /// objective; a round's target is read as the sweep reads it.
    @Test func constraintsPickTheBestFeasibleTrial() throws {
        let dir = freshFolder("optuna-constraints")
        let spec = try temporaryFile("optuna-goal.toml", """
            bots = ["human@50"]
            games = 30
            [vary]
            "rounds.gap_shrink_per_round_ms" = { from = 100, to = 600, step = 50 }
            [targets."human@50"]
            round3.catch_rate = 0.7
            [constraints]
            "human@50.catch_rate" = { min = 0.8, on = "mean" }
            """)
        let r = try search([spec, "--trials", "12", "--storage", dir + "/study.db", "--json", dir + "/best.json"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("best feasible trial"), "\(r.out)")
        #expect(!r.err.contains("Warning"), "\(r.err)")
        let best = try JSONSerialization.jsonObject(with: Data(try read(dir + "/best.json").utf8)) as! [String: Any]
        let line = best["line"] as! [String: Any]
        #expect(line["feasible"] as? Bool == true, "\(line)")
        #expect((line["margins"] as? [String: Double])?["human@50.catch_rate"].map { $0 >= 0 } == true)
        // The study's own record: named objective, per-trial margins and errors.
        let text = try python(["-c", """
            import optuna, json, sys
            s = optuna.load_study(study_name="optuna-goal-tpe", storage="sqlite:///" + sys.argv[1])
            t = s.trials[0]
            print(json.dumps({"names": s.metric_names, "attrs": sorted(t.user_attrs)}))
            """, dir + "/study.db"]).out
        #expect(text.contains("\"names\": [\"distance\"]"), "\(text)")
        #expect(text.contains("human@50.catch_rate margin") && text.contains("human@50 round3.catch_rate error") && text.contains("feasible"), "\(text)")
    }

    /// Issue 50 item 6: a spec of constraints only asks for a feasible balance, and
    /// --balance-out writes the best trial as a balance file `ocean` plays.
    @Test func aConstraintsOnlySpecFindsAFeasibleBalanceAndWritesIt() throws {
        let dir = freshFolder("optuna-constraints-only")
        let spec = try temporaryFile("optuna-only.toml", """
            bots = ["greedy"]
            games = 20
            [vary]
            "bin.width_px" = { from = 44, to = 64, step = 4 }
            [constraints]
            "greedy.catch_rate" = { min = 0.9, on = "mean" }
            """)
        let out = dir + "/best.toml"
        let r = try search([spec, "--trials", "6", "--storage", dir + "/study.db", "--balance-out", out])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("best feasible trial") && r.out.contains("every constraint kept"), "\(r.out)")
        let balance = try read(out)
        #expect(balance.contains("tuned: was 46") || balance.contains("width_px = 46"), "\(balance.prefix(400))")
        #expect(try ocean(["sim", "--games", "2", "--bot", "greedy", "--balance", out]).status == 0, "the file plays")
        // An existing file is kept without --force; a front has no one best to write.
        let again = try search([spec, "--trials", "1", "--storage", dir + "/study.db", "--balance-out", out])
        #expect(again.status == 2 && again.err.contains("--balance-out \(out) exists"), "\(again.err)")
        let front = try search([spec, "--multi", "--balance-out", dir + "/front.toml"])
        #expect(front.status == 2, "\(front.err)")
    }
}
