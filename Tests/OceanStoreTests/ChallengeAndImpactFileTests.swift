import Testing
import OceanKernel
@testable import OceanBalance
import OceanStore
import OceanSystem
import TestSupport
import KernelTestSupport

private let challengesText = readTextFile(repoRoot + "/assets/challenges.toml")!
private let impactText = readTextFile(repoRoot + "/assets/impact.toml")!

/// The file with the first line that starts with `old` (after indentation) replaced,
/// and that line's number.
private func edited(_ text: String, _ old: String, _ new: String, after marker: String? = nil) -> (String, Int) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Not found: the text unchanged and line -1, so the test fails instead of crashing.
    let from = marker.map { m in lines.firstIndex { $0 == m } ?? lines.count } ?? 0
    guard let i = lines[from...].firstIndex(where: { $0.hasPrefix(old) }) else { return (text, -1) }
    lines[i] = new
    return (lines.joined(separator: "\n"), i + 1)
}

private func challengeIssues(_ text: String) -> [DataIssue] {
    do { _ = try ChallengeLoader.parse(text, file: "c.toml"); return [] } catch { return error.issues }
}

private func impactIssues(_ text: String) -> [DataIssue] {
    do { _ = try ImpactLoader.parse(text, file: "i.toml"); return [] } catch { return error.issues }
}

@Suite struct ChallengeFileTests {
    @Test func theShippedTableLoadsInItsOrderWithATextForEveryTemplate() throws {
        let table = try ChallengeLoader.parse(challengesText, file: "challenges.toml")
        #expect(table.templates.first == ChallengeTemplate(key: "daily.catch_items", period: .daily, metric: .catches,
            targetAtLevel1: 20, targetAtTopLevel: 35, step: 5, rewardGrams: 20, rewardHealth: 50))
        #expect(table.templates.filter { $0.period == .daily }.count >= 6)
        #expect(table.templates.filter { $0.period == .weekly }.count >= 4)
        #expect(table.templates.contains { $0.period == .milestone && $0.metric == .plasticGrams && $0.targetAtLevel1 == 1000 },
                "1 kg of plastic diverted")
        #expect(table.templates.allSatisfy { table.texts[$0.key] != nil })
        // In the file's order, not the parser's (which sorts by name): a milestone's
        // place is its bit in a saved career.
        let headers = challengesText.split(separator: "\n").filter { $0.hasPrefix("[") }.map { String($0.dropFirst().dropLast()) }
        #expect(table.templates.map(\.key) == headers)
        let rules = Rules({ var b = BalanceAsCode.shipped; b.challenges = table.templates; return b }())
        let c = ChallengeDraw.draw(.daily, number: 20_000, level: 1, seed: 1, previousTemplate: -1, rules: rules)
        #expect(!ChallengeWording.text(c, rules: rules, texts: table.texts).contains("{"))
    }

    @Test func aChallengeKeepsItsWordsOnlyWhileItsTemplateCountsTheSame() throws {
        let table = try ChallengeLoader.parse(challengesText, file: "challenges.toml")
        func rules(_ templates: [ChallengeTemplate]) -> Rules {
            Rules({ var b = BalanceAsCode.shipped; b.challenges = templates; return b }())
        }
        let c = ChallengeDraw.draw(.daily, number: 20_000, level: 1, seed: 1, previousTemplate: -1, rules: rules(table.templates))
        let key = table.templates[c.template].key
        #expect(ChallengeWording.templateKey(c, rules: rules(table.templates)) == key)
        #expect(ChallengeWording.text(c, rules: rules(table.templates), texts: table.texts).hasPrefix(
            String(table.texts[key]!.prefix { $0 != "{" })))
        // The table edited so another template sits at that index: the words fall back.
        var edited = table.templates
        edited[c.template].metric = c.metric == .scans ? .catches : .scans
        #expect(ChallengeWording.templateKey(c, rules: rules(edited)) == nil)
        #expect(ChallengeWording.text(c, rules: rules(edited), texts: table.texts) == "\(c.metric.key): \(c.target)")
        #expect(ChallengeWording.fill("Log {target} scan{s} today", key: "k", target: 1) == "Log 1 scan today")
        #expect(ChallengeWording.fill("Log {target} scan{s} today", key: "k", target: 1200) == "Log 1,200 scans today")
    }

    @Test(arguments: [
        ("counts = \"catches\"", "counts = \"catchez\"", "daily.catch_items.counts", "expected one of catches, plastic_grams"),
        ("target_at_level_1 = 20", "target_at_level_1 = 0", "daily.catch_items.target_at_level_1", "0 is out of range"),
        ("step = 5", "step = 50", "daily.catch_items.step", "50 is more than the smaller target (20)"),
        ("target_at_top_level = 35", "target_at_top_level = \"lots\"", "daily.catch_items.target_at_top_level",
         "expected a whole number, found a string"),
        ("reward_health = 50", "reward_health = 20000", "daily.catch_items.reward_health", "20000 is out of range"),
        ("text = \"Catch {target} items today\"", "tekst = \"Catch\"", "daily.catch_items.tekst", "unknown key; a daily template has counts"),
    ])
    func aBadTemplateIsRefusedNamingLineAndKey(old: String, new: String, key: String, message: String) {
        let (text, n) = edited(challengesText, old, new, after: "[daily.catch_items]")
        let found = challengeIssues(text)
        #expect(found.first?.file == "c.toml" && found.first?.line == n && found.first?.key == key, "\(found)")
        #expect(found.first?.message.hasPrefix(message) == true, "\(found.first?.message ?? "")")
    }

    @Test func aDailyCannotCountDaysAndAMissingKeyPointsAtItsTable() {
        let (text, n) = edited(challengesText, "counts = \"catches\"", "counts = \"goal_days\"", after: "[daily.catch_items]")
        #expect(challengeIssues(text).map(\.line) == [n])
        #expect(challengeIssues(text).first?.message.contains("no daily challenge") == true)
        let (missing, _) = edited(challengesText, "target_at_level_1 = 20", "", after: "[daily.catch_items]")
        let found = challengeIssues(missing)
        #expect(found.map(\.key) == ["daily.catch_items.target_at_level_1"])
        #expect(found.first?.line == challengesText.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0 == "[daily.catch_items]" }! + 1)
        let unknownPeriod = challengesText + "\n[monthly.big]\ncounts = \"catches\"\ntarget = 5\ntext = \"x\"\n"
        #expect(challengeIssues(unknownPeriod).first?.message.hasPrefix("unknown period 'monthly'") == true)
        #expect(challengeIssues("[daily]\ncounts = \"catches\"\n").first?.message.hasPrefix("unknown key; a template is a table") == true)
    }
}

@Suite struct ImpactFileTests {
    @Test func theShippedFactorsLoadAndEveryOneHasASource() throws {
        let f = try ImpactLoader.parse(impactText, file: "impact.toml")
        // Every kind of trash saves some CO2e; sea life and power-ups are no trash: 0.
        let rules = try shippedRules
        for (i, key) in f.keys.enumerated() {
            let k = try #require(rules.kindKeys.firstIndex(of: key), "\(key)")
            #expect(rules.isTrash[k] ? f.co2eGramsPerKg[i] > 0 : f.co2eGramsPerKg[i] == 0 && f.waterMlPerKg[i] == 0, "\(key)")
        }
        // Every factor's line is preceded by a comment naming where it comes from.
        let lines = impactText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, line) in lines.enumerated() where line.hasPrefix("co2e_g") || line.hasPrefix("water_ml") {
            let comments = lines[..<i].reversed().prefix { $0.hasPrefix("#") || $0.hasPrefix("co2e_g") }
            #expect(comments.contains { $0.contains("http") || $0.lowercased().contains("source") }, "line \(i + 1)")
        }
    }

    @Test func aBadFactorIsRefusedNamingLineAndKey() {
        let (text, n) = edited(impactText, "water_ml_per_kg", "water_ml_per_kg = -3")
        let found = impactIssues(text)
        #expect(found.count == 1 && found[0].line == n && found[0].key == "kind.plastic_bottle.water_ml_per_kg")
        #expect(found[0].message.hasPrefix("-3 is out of range; allowed: a whole number from 0"))
        let (text2, n2) = edited(impactText, "co2e_g_per_kg", "co2e_g_per_kg = 1.5")
        #expect(impactIssues(text2).map(\.line) == [n2])
        // A kind the balance lacks may have rates (kinds are data), but whole ones.
        #expect(impactIssues(impactText + "\n[kind.plastic_straw]\nco2e_g_per_kg = 1\n")
            .contains { $0.key == "kind.plastic_straw.water_ml_per_kg" && $0.message.hasPrefix("missing") })
        // The file of an earlier version, per item, is refused by key, saying what is allowed.
        let old = impactIssues("[kind.plastic_bottle]\nco2e_g = 11\nwater_ml = 578\n")
        #expect(old.contains { $0.key == "kind.plastic_bottle.co2e_g" && $0.message.contains("unknown key") }, "\(old)")
    }

    /// An item's share is its mass (the balance's one number) times its kind's rate:
    /// the per-item figures each kind's comment gives are what the game computes.
    @Test func eachItemsShareIsItsMassTimesItsKindsRate() throws {
        let rules = try shippedRules
        let f = rules.impactFactors(try ImpactLoader.parse(impactText, file: "impact.toml"))
        #expect(f.keys == rules.kindKeys)
        let bottle = ItemKind.plasticBottle.rawValue
        #expect(rules.grams[bottle] == 9 && f.co2eGrams[bottle] == 10 && f.waterMl[bottle] == 563, "9 g × 1146 g/kg, × 62,500 ml/kg")
        let lines = impactText.split(separator: "\n").map(String.init)
        for (k, key) in rules.kindKeys.enumerated() {
            let section = try #require(lines.firstIndex(of: "[kind.\(key)]"))
            let said = try #require(lines[section...].first { $0.hasPrefix("# per item (") }, "\(key)")
            #expect(said.contains("(\(rules.grams[k]) g") && said.contains(": \(f.co2eGrams[k]) g CO2e, \(f.waterMl[k]) ml water."),
                    "\(key): \(said) vs \(rules.grams[k]) g, \(f.co2eGrams[k]) g, \(f.waterMl[k]) ml")
        }
        // Rounded to the nearest unit, halves up; a kind with no rates saves nothing.
        let rates = ImpactRates(keys: ["a"], co2eGramsPerKg: [1_500], waterMlPerKg: [499])
        #expect(rates.perItem(kindKeys: ["a", "b"], grams: [1, 7]) == ImpactFactors(keys: ["a", "b"], co2eGrams: [2, 0], waterMl: [0, 0]))
        // At the edge of the integers the share saturates instead of trapping.
        let edge = ImpactRates(keys: ["a"], co2eGramsPerKg: [1], waterMlPerKg: [2])
        #expect(edge.perItem(kindKeys: ["a"], grams: [Int.max]) == ImpactFactors(keys: ["a"], co2eGrams: [Int.max], waterMl: [Int.max]))
    }
}
