import Foundation
import Testing
import TestSupport

private func object(_ r: Run) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)\n\(r.stderr)")
}

private let shippedChallengeText = (try? String(contentsOfFile: repoRoot + "/assets/challenges.toml", encoding: .utf8)) ?? ""
private let shippedImpactText = (try? String(contentsOfFile: repoRoot + "/assets/impact.toml", encoding: .utf8)) ?? ""

/// `text` with the first `old` after the line `[section]` replaced by `new`.
private func replacing(_ old: String, _ new: String, in section: String, of text: String) -> String {
    let start = text.range(of: "[\(section)]\n")!.upperBound
    let r = text.range(of: old, range: start..<text.endIndex)!
    return text.replacingCharacters(in: r, with: new)
}

/// The 1-based line of `text` at which the first line starting `prefix` after `[section]` is.
private func line(of prefix: String, in section: String, of text: String) -> Int {
    let lines = text.components(separatedBy: "\n")
    let header = lines.firstIndex(of: "[\(section)]")!
    return lines[header...].firstIndex { $0.hasPrefix(prefix) }! + 1
}

/// Impact of `items` as `{items, co2eGrams, waterMl}`.
private func triple(_ o: [String: Any]) -> [Int] { ["items", "co2eGrams", "waterMl"].map { o[$0] as! Int } }

private func sum(_ xs: [[Int]]) -> [Int] { xs.reduce([0, 0, 0]) { zip($0, $1).map(+) } }

@Suite struct ChallengeCLITests {
    // A month of challenges for one career: the run's list, its counts, the profile's.
    @Test func simListsTheRunsChallengesAndItsCountsAgreeWithTheProfile() throws {
        let path = try freshPath("profile")
        let r = oceanInProcess(["sim", "--days", "30", "--bot", "human", "--seed", "3", "--profile", path, "--challenge-log", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let challenges = try #require(try object(r)["challenges"] as? [String: Any])
        let run = try #require(challenges["run"] as? [String: Any])
        let list = try #require(run["list"] as? [[String: Any]])
        let completed = list.filter { $0["status"] as? String == "completed" }
        let failed = list.filter { $0["status"] as? String == "failed" }
        let open = list.filter { ["not_started", "in_progress"].contains($0["status"] as? String) }
        #expect(!completed.isEmpty && !failed.isEmpty, "a month at skill 70 both completes and fails")
        #expect(completed.count + failed.count + open.count == list.count)
        #expect(completed.count == run["completed"] as? Int)
        #expect(failed.count == run["failed"] as? Int)
        #expect(open.count == run["open"] as? Int)
        for c in completed {
            #expect(c["progress"] as? Int == c["target"] as? Int)
            let on = try #require(c["completedOn"] as? String)
            #expect(on >= c["date"] as! String, "completed on or after its day (a weekly's Monday)")
        }
        for c in failed { #expect((c["progress"] as! Int) < (c["target"] as! Int) && c["completedOn"] is NSNull) }
        #expect(list.contains { $0["period"] as? String == "weekly" })
        #expect(list.allSatisfy { ($0["text"] as? String ?? "").isEmpty == false && $0["carriedIn"] as? Bool == false })
        // A new career: the run's counts are the career's, and the saved profile says the same.
        #expect(challenges["completed"] as? Int == completed.count && challenges["failed"] as? Int == failed.count)
        let profile = try #require(try object(oceanInProcess(["profile", "show", "--profile", path, "--json"]))["challenges"]
            as? [String: Any])
        #expect(profile["completed"] as? Int == completed.count)
        #expect(profile["failed"] as? Int == failed.count)
        #expect(profile["bonusGrams"] as? Int == challenges["bonusGrams"] as? Int)
        #expect(profile["run"] == nil, "a profile has no run")
        let milestones = try #require(run["milestones"] as? [[String: Any]])
        #expect(!milestones.isEmpty && milestones.allSatisfy { $0["date"] is String })
        let reached = try #require((profile["milestones"] as? [String: Any])?["reached"] as? [[String: Any]])
        #expect(reached.map { $0["key"] as! String }.sorted() == milestones.map { $0["key"] as! String }.sorted())

        // The same run in text: one line per challenge, the counts line, the milestones with their days.
        let text = oceanInProcess(["sim", "--days", "30", "--bot", "human", "--seed", "3", "--challenge-log"]).stdout
        let logLines = text.components(separatedBy: "\n").drop { !$0.hasPrefix("challenge log ") }.filter { !$0.isEmpty }
        #expect(logLines.count == list.count, "\(text)")
        #expect(logLines.filter { $0.contains(" completed 2026-") }.count == completed.count)
        #expect(logLines.filter { $0.hasSuffix(" failed") }.count == failed.count)
        #expect(text.contains("this run: \(completed.count) completed, \(failed.count) failed, \(open.count) still open"))
        #expect(text.contains("\n              \(milestones[0]["date"] as! String) \(milestones[0]["text"] as! String) (reward +"))
        // Without --challenge-log: the counts and milestones, not the list.
        let short = oceanInProcess(["sim", "--days", "30", "--bot", "human", "--seed", "3"]).stdout
        #expect(short.contains("this run: \(completed.count) completed") && !short.contains("challenge log"))
    }

    @Test func impactTotalsAreThePerKindSumsAndThePerMonthSum() throws {
        let r = oceanInProcess(["sim", "--days", "40", "--seed", "2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try object(r)
        let impact = try #require(o["impact"] as? [String: Any])
        let kinds = try #require(impact["kinds"] as? [[String: Any]])
        #expect(kinds.map { $0["kind"] as? String } == (o["kinds"] as! [[String: Any]]).map { $0["kind"] as? String })
        #expect(kinds.map { $0["items"] as! Int } == (o["kinds"] as! [[String: Any]]).map { $0["count"] as! Int })
        #expect(sum(kinds.map(triple)) == triple(impact))
        let months = try #require(o["months"] as? [[String: Any]])
        #expect(months.count == 2)
        let monthImpacts = months.map { $0["impact"] as! [String: Any] }
        #expect(sum(monthImpacts.map(triple)) == triple(impact))
        for m in monthImpacts { #expect(sum((m["kinds"] as! [[String: Any]]).map(triple)) == triple(m)) }
        // The shipped rates times a bottle's 9 g: 10 g CO2e (1,146 g/kg) and 563 ml (62,500 ml/kg).
        #expect(kinds[0]["co2eGrams"] as? Int == 10 * (kinds[0]["items"] as! Int))
        #expect(kinds[0]["waterMl"] as? Int == 563 * (kinds[0]["items"] as! Int))
        let text = oceanInProcess(["sim", "--days", "40", "--seed", "2"]).stdout
        let items = triple(impact)[0]
        #expect(text.contains("impact        \(items >= 1000 ? "\(items / 1000),\(String(items % 1000 + 1000).dropFirst())" : "\(items)") items kept out of the sea; "),
                "\(text)")
        #expect(text.range(of: #"2026-02 [\d.,]+ (g|kg|t) plastic, [\d.,]+ (g|kg|t) in all +[\d,]+ items, [\d.,]+ k?g CO₂e, "#, options: .regularExpression) != nil)

        // Other factors (--impact): every figure follows them.
        let doubled = shippedImpactText.replacingOccurrences(of: "co2e_g_per_kg = 1146\nwater_ml_per_kg = 62500\n\n[kind.aluminium_can]",
                                                             with: "co2e_g_per_kg = 2292\nwater_ml_per_kg = 62500\n\n[kind.aluminium_can]")
        #expect(doubled != shippedImpactText)
        let other = try object(oceanInProcess(["sim", "--days", "40", "--seed", "2", "--json",
                                               "--impact", try temporaryFile("doubled.toml", doubled)]))
        let otherKinds = (other["impact"] as! [String: Any])["kinds"] as! [[String: Any]]
        #expect(otherKinds[0]["co2eGrams"] as? Int == 21 * (kinds[0]["items"] as! Int), "9 g × 2,292 g/kg, rounded")
        #expect(Array(otherKinds.dropFirst()).map(triple) == Array(kinds.dropFirst()).map(triple))
    }

    @Test func profileShowCarriesChallengesAndImpact() throws {
        let path = try freshPath("profile")
        #expect(oceanInProcess(["sim", "--days", "10", "--seed", "8", "--skip-percent", "0", "--profile", path]).status == 0)
        let o = try object(oceanInProcess(["profile", "show", "--profile", path, "--json"]))
        let c = try #require(o["challenges"] as? [String: Any])
        for period in ["daily", "weekly"] {
            let p = try #require(c[period] as? [String: Any], "\(period)")
            #expect(p["period"] as? String == period)
            for key in ["key", "date", "text", "counts", "target", "progress", "status", "rewardGrams", "rewardHealth"] {
                #expect(p[key] != nil && !(p[key] is NSNull), "\(period).\(key)")
            }
            #expect(["not_started", "in_progress", "completed"].contains(p["status"] as? String))
        }
        #expect((c["daily"] as! [String: Any])["date"] as? String == "2026-01-10")
        #expect((c["weekly"] as! [String: Any])["date"] as? String == "2026-01-05", "the week from Monday")
        for key in ["completed", "failed", "bonusGrams"] { #expect(c[key] is Int, "\(key)") }
        let m = try #require(c["milestones"] as? [String: Any])
        #expect(try m["count"] as? Int == shippedChallenges.templates.filter { $0.key.hasPrefix("milestone.") }.count)
        let next = try #require(m["next"] as? [[String: Any]])
        #expect(next.count == 3 && next.allSatisfy { $0["reached"] as? Bool == false && ($0["progress"] as! Int) < ($0["target"] as! Int) })
        #expect(m["reached"] is [Any])
        let impact = try #require(o["impact"] as? [String: Any])
        #expect((impact["kinds"] as? [Any])?.count == 10 && (impact["co2eGrams"] as! Int) > 0)
        #expect((o["months"] as! [[String: Any]]).allSatisfy { $0["impact"] is [String: Any] })
        let text = oceanInProcess(["profile", "show", "--profile", path]).stdout
        for label in ["daily         2026-01-10 ", "weekly        2026-01-05 ", "challenges    ", "milestones    ", "next          ",
                      "impact        "] {
            #expect(text.contains("\n" + label), "\(label)")
        }
        #expect(text.range(of: #"plastic_bottle [\d,]+ \([\d.,]+ (g|kg|t)\) +[\d.,]+ k?g CO₂e, [\d.,]+ (ml|L) water"#, options: .regularExpression) != nil)
    }

    @Test(arguments: [
        ("word", "daily.catch_items", "counts = \"catches\"", "counts = \"catchez\"", "counts",
         "daily.catch_items.counts: expected one of catches, plastic_grams"),
        ("target", "daily.catch_items", "target_at_top_level = 35\n", "", nil,
         "daily.catch_items.target_at_top_level: missing"),
        ("step", "daily.scans", "target_at_top_level = 3\n", "target_at_top_level = 3\nstep = 2\n", "step",
         "daily.scans.step: 2 is more than the smaller target (1)"),
        ("goal", "daily.combo", "counts = \"best_combo\"", "counts = \"goal_days\"", "counts",
         "daily.combo.counts: goal_days counts at most one a day"),
    ] as [(String, String, String, String, String?, String)])
    func aBadChallengeTableIsRefusedNamingFileLineAndKey(name: String, section: String, old: String, new: String,
                                                          at: String?, expected: String) throws {
        let text = replacing(old, new, in: section, of: shippedChallengeText)
        #expect(text != shippedChallengeText)
        let file = try temporaryFile("bad-\(name).toml", text)
        // A missing key is named at its table's header.
        let lineNumber = at.map { line(of: $0, in: section, of: text) }
            ?? text.components(separatedBy: "\n").firstIndex(of: "[\(section)]")! + 1
        for args in [["sim", "--days", "1"], ["profile", "show", "--profile", try freshPath("profile")]] {
            let r = oceanInProcess(args + ["--challenges", file])
            #expect(r.status == 2, "\(args)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("\(file):\(lineNumber): \(expected)"), "\(r.stderr)")
        }
    }

    @Test(arguments: [
        ("range", "kind.plastic_bottle", "water_ml_per_kg = 62500", "water_ml_per_kg = -1", "water_ml_per_kg",
         "kind.plastic_bottle.water_ml_per_kg: -1 is out of range"),
        ("type", "kind.aluminium_can", "co2e_g_per_kg = 10064", "co2e_g_per_kg = \"10064\"", "co2e_g_per_kg",
         "kind.aluminium_can.co2e_g_per_kg: expected a whole number"),
        ("unknown", "kind.cardboard", "co2e_g_per_kg = 3461", "co2e_g_per_kg = 3461\nco2_g = 1", "co2_g",
         "kind.cardboard.co2_g: unknown key"),
    ])
    func aBadImpactFileIsRefusedNamingFileLineAndKey(name: String, section: String, old: String, new: String,
                                                      at: String, expected: String) throws {
        let text = replacing(old, new, in: section, of: shippedImpactText)
        let file = try temporaryFile("impact-\(name).toml", text)
        let lineNumber = line(of: at + " ", in: section, of: text)
        let path = try freshPath("profile")
        #expect(oceanInProcess(["sim", "--days", "1", "--profile", path]).status == 0)
        for args in [["sim", "--days", "1"], ["profile", "show", "--profile", path]] {
            let r = oceanInProcess(args + ["--impact", file])
            #expect(r.status == 2, "\(args)")
            #expect(r.stdout.isEmpty, "nothing is played or shown")
            #expect(r.stderr.contains("\(file):\(lineNumber): \(expected)"), "\(r.stderr)")
        }
    }

    @Test func theCareerFlagsNeedDays() throws {
        for args in [["sim", "--challenge-log"], ["sim", "--impact", "assets/impact.toml"]] {
            let r = oceanInProcess(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains("goes with --days"), "\(r.stderr)")
        }
    }
}
