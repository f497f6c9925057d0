import Foundation
import Testing

import TestSupport

/// Issue 35: goals as statements. `[constraints]` bound a bot's metric; each point's
/// record says whether it keeps them and by how much; feasible points rank first and
/// only a feasible one becomes the best balance.
@Suite struct TuneConstraintsCLITests {
    func spec(_ name: String, _ constraints: String) throws -> String {
        try temporaryFile(name, """
            bots = ["human@20", "human@50"]
            games = 60
            [vary]
            "rounds.gap_shrink_per_round_ms" = [150, 450]
            [constraints]
            \(constraints)
            """)
    }

    func records(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func feasiblePointsRankFirstAndOnlyTheyBecomeTheBest() throws {
        let dir = freshFolder("tune-constraints")
        let goal = try spec("goal.toml", #""human@50.catch_rate" = { min = 0.5 }"# + "\n" + #""human@20.catch_rate" = { max = 0.99 }"#)
        let r = try ocean(["tune", goal, "--jobs", "2", "--out", dir + "/goal.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try records(dir + "/goal.jsonl")
        #expect(lines.count == 2)
        for line in lines {
            let margins = try #require(line["margins"] as? [String: Double])
            #expect(Set(margins.keys) == ["human@50.catch_rate", "human@20.catch_rate"])
            #expect((line["feasible"] as? Bool) == margins.values.allSatisfy { $0 >= 0 })
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/goal.best.toml"))
        #expect(try String(contentsOfFile: dir + "/goal.best.toml", encoding: .utf8).contains("every constraint kept"))
        #expect(r.stdout.contains("(feasible)"), "\(r.stdout)")

        // A bound no point can keep: every point infeasible, no best balance offered.
        let impossible = try spec("impossible.toml", #""human@20.catch_rate" = { min = 0.999 }"#)
        let none = try ocean(["tune", impossible, "--jobs", "2", "--out", dir + "/none.jsonl"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(try records(dir + "/none.jsonl").allSatisfy { ($0["feasible"] as? Bool) == false })
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.best.toml"))
        #expect(none.stdout.contains("no point keeps every constraint"), "\(none.stdout)")
    }

    /// The interval's bound on the safe side, unless `on = "mean"`: a minimum just
    /// under a point's mean is kept by the mean and missed by the interval.
    @Test func theIntervalJudgesUnlessTheMeanIsAsked() throws {
        let dir = freshFolder("tune-constraints-mean")
        let probe = try spec("probe.toml", #""human@50.catch_rate" = { min = 0 }"#)
        #expect(try ocean(["tune", probe, "--jobs", "2", "--out", dir + "/probe.jsonl"]).status == 0)
        let first = try #require(try records(dir + "/probe.jsonl").first)
        let results = try #require(first["results"] as? [[String: Any]])
        let human50 = try #require(results.first { $0["bot"] as? String == "human@50" }?["catchRate"] as? [String: Any])
        let (rate, low) = (try #require(human50["rate"] as? Double), try #require(human50["ciLow"] as? Double))
        let between = (rate + low) / 2
        for (on, feasible) in [("interval", false), ("mean", true)] {
            let s = try spec("\(on).toml", #""human@50.catch_rate" = { min = \#(between), on = "\#(on)" }"#)
            #expect(try ocean(["tune", s, "--jobs", "2", "--out", dir + "/\(on).jsonl"]).status == 0)
            #expect((try records(dir + "/\(on).jsonl").first?["feasible"] as? Bool) == feasible, "\(on)")
        }
    }

    /// `--confirm N`: the best points played again on N games of fresh seeds, their
    /// figures kept beside the sweep's and ranking them; not with --shard.
    @Test func confirmPlaysTheBestPointsAgainOnFreshSeeds() throws {
        let dir = freshFolder("tune-confirm")
        let goal = try spec("confirm.toml", #""human@50.catch_rate" = { min = 0.5 }"#)
        let r = try ocean(["tune", goal, "--jobs", "2", "--confirm", "40", "--out", dir + "/c.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: dir + "/c.jsonl", encoding: .utf8)
        #expect(text.hasPrefix("{") && text.split(separator: "\n")[0].contains("\"confirm\":40"))
        for line in try records(dir + "/c.jsonl") {
            let confirmed = try #require(line["confirmed"] as? [String: Any], "\(line)")
            #expect(confirmed["games"] as? Int == 40 && confirmed["feasible"] is Bool && confirmed["margins"] is [String: Double])
            #expect((confirmed["seedBase"] as? UInt64 ?? 0) != 1, "fresh seeds, not the sweep's")
            let results = try #require(confirmed["results"] as? [[String: Any]])
            #expect(results.count == 2 && results.allSatisfy { $0["games"] as? Int == 40 })
        }
        let sharded = try ocean(["tune", goal, "--confirm", "40", "--shard", "1/2", "--out", dir + "/s.jsonl"])
        #expect(sharded.status == 2 && sharded.stderr.contains("not with --shard"), "\(sharded.stderr)")
        // Resumed with --confirm, a run finished without it is not taken as this one's.
        #expect(try ocean(["tune", goal, "--jobs", "2", "--out", dir + "/plain.jsonl"]).status == 0)
        let again = try ocean(["tune", goal, "--jobs", "2", "--confirm", "40", "--resume", "--out", dir + "/plain.jsonl"])
        #expect(again.status == 2, "\(again.stderr)")
    }

    @Test func aBadConstraintIsNamedWithItsLine() throws {
        for (text, says) in [(#""human@99.catch_rate" = { min = 0.5 }"#, "not one of the spec's bots"),
                             (#""human@50.catch_ratio" = { min = 0.5 }"#, "unknown metric 'catch_ratio'"),
                             (#""human@50.catch_rate" = { min = 0.9, max = 0.5 }"#, "is above max"),
                             (#""human@50.catch_rate" = { least = 0.5 }"#, "unknown key; allowed: min, max, on"),
                             (#""human@50.catch_rate" = 0.5"#, "expected { min = N }")] {
            let s = try spec("bad.toml", text)
            let r = try ocean(["tune", s, "--out", freshFolder("tune-constraints-bad") + "/x.jsonl"])
            #expect(r.status == 2 && r.stderr.range(of: "bad.toml:[56]: ", options: .regularExpression) != nil && r.stderr.contains(says),
                    "\(text): \(r.stderr)")
        }
    }
}
