import Testing
import OceanKernel
@testable import OceanStore
import TestSupport
import OceanSystem
import OceanBalance
import KernelTestSupport

private let shippedText = readTextFile(repoRoot + "/assets/balance.toml")!

/// The shipped file with one line replaced (or removed, for an empty replacement).
private func edited(_ line: String, _ replacement: String?) -> (text: String, line: Int) {
    var lines = shippedText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = lines.firstIndex { $0.hasPrefix(line) }!
    if let replacement { lines[index] = replacement } else { lines.remove(at: index) }
    return (lines.joined(separator: "\n"), index + 1)
}

private func issues(_ text: String) -> [DataIssue] {
    do {
        _ = try BalanceLoader.parse(text, file: "b.toml")
        return []
    } catch {
        return error.issues
    }
}

private func line(of prefix: String) -> Int {
    shippedText.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) }! + 1
}

@Suite struct BalanceLoaderTests {
    @Test func theShippedFileLoadsAndPassesEveryRule() throws {
        let b = try BalanceLoader.parse(shippedText, file: "balance.toml")
        #expect(BalanceSchema.check(b).isEmpty)
        #expect(b.bin.rimPx == 580 && b.health.start == 2250)
    }

    @Test func theKernelTestsBalancesAreTheFilesTheyCopy() throws {
        // Kernel tests read no files (they depend on the kernel alone), so they carry
        // these balances as code; a change to either file must reach that copy too.
        for (file, code) in [("assets/balance.toml", BalanceAsCode.shipped),
                             ("assets/tunings/gentle.toml", BalanceAsCode.gentle)] {
            let loaded = try loadBalance(file)
            let differing = BalanceSchema.fields(of: code).filter { loaded[keyPath: $0.path] != code[keyPath: $0.path] }.map(\.key)
            #expect(differing.isEmpty, "\(file): Tests/KernelTestSupport/BalanceAsCode.swift differs at \(differing): run make balance-as-code")
            if differing.isEmpty { #expect(loaded == code) }
        }
    }

    @Test func everyConstantIsWrittenWithAComment() throws {
        // Constants live in data: each key sits on its own line with a comment on
        // that line or in the block above it.
        let locator = try TOMLEntries.parse(shippedText, file: "balance.toml").locator
        for field in try BalanceSchema.fields(of: loadBalance("assets/balance.toml")) {
            #expect(locator.line(of: field.key) != nil, "\(field.key) is not in the file")
        }
    }

    @Test func aWrongTypeNamesLineKeyAndWhatIsAllowed() {
        let (text, n) = edited("grams = 9 ", "grams = 9.25 ")
        #expect(issues(text) == [DataIssue(file: "b.toml", line: n, key: "kind.plastic_bottle.grams",
            message: "expected a whole number, found a decimal number (9.25); allowed: a whole number from 0 to 100000 (g)")])
        let (text2, n2) = edited("per_game = 5", "per_game = \"five\"")
        #expect(issues(text2).map(\.line) == [n2])
        #expect(issues(text2).first?.message.hasPrefix("expected a whole number, found a string") == true)
    }

    @Test func anOutOfRangeValueSaysTheRange() {
        let (text, n) = edited("max_speed_px_per_s = 540", "max_speed_px_per_s = 0")
        #expect(issues(text) == [DataIssue(file: "b.toml", line: n, key: "bin.max_speed_px_per_s",
            message: "0 is out of range; allowed: a whole number from 1 to 20000 (px/s)")])
    }

    @Test func aMissingKeyPointsAtItsTable() {
        let (text, _) = edited("friction_px_per_s2 = 20000", nil)
        let found = issues(text)
        #expect(found.count == 1)
        #expect(found.first?.key == "bin.friction_px_per_s2")
        #expect(found.first?.line == line(of: "[bin]"))
        #expect(found.first?.message.hasPrefix("missing; allowed") == true)
    }

    @Test func anUnknownKeySuggestsTheKnownOne() {
        let (text, n) = edited("accel_px_per_s2 = 6000", "acel_px_per_s2 = 6000")
        let found = issues(text)
        #expect(found.contains(DataIssue(file: "b.toml", line: n, key: "bin.acel_px_per_s2",
                                            message: "unknown key; did you mean 'bin.accel_px_per_s2'?")))
        #expect(found.contains { $0.key == "bin.accel_px_per_s2" && $0.message.hasPrefix("missing") })
        // Kinds are data: a renamed section is another kind (refused later for lacking its
        // sprite, words and impact: `KindData`); a misspelt key inside one is a typo.
        let text2 = shippedText.replacing("[kind.cardboard]\ngrams = 100", with: "[kind.cardboard]\ngram = 100")
        #expect(issues(text2).contains { $0.key == "kind.cardboard.gram" && $0.message.contains("kind.cardboard.grams") })
        let (text3, _) = edited("[kind.cardboard]", "[kind.Cardboard]")
        // Said once, at the section (the bad name, not each of its keys).
        #expect(issues(text3).contains { ($0.key ?? "").contains("Cardboard") && $0.message.contains("lowercase") })
        #expect(issues(text3).filter { $0.message.contains("lowercase") }.count == 1)
    }

    @Test func aSyntaxErrorGivesTheLine() {
        let (text, n) = edited("rim_px = 580", "rim_px = = 580")
        let found = issues(text)
        #expect(found.count == 1)
        #expect(found.first?.line == n)
        #expect(found.first?.message.hasPrefix("not valid TOML") == true)
    }

    @Test func crossFieldRulesNameTheKey() {
        let (text, n) = edited("rim_px = 580", "rim_px = 700")
        #expect(issues(text) == [DataIssue(file: "b.toml", line: n, key: "bin.rim_px",
            message: "must be above the water line: less than playfield.water_line_px (640)")])
        let (text2, n2) = edited("flourishing_from = 6500", "flourishing_from = 4000")
        #expect(issues(text2).first == DataIssue(file: "b.toml", line: n2, key: "health.flourishing_from",
            message: "must be above health.recovering_from (4500)"))
    }

    @Test func anUnreadableFileIsAnError() {
        #expect(throws: DataError.self) { try BalanceLoader.load(path: "/nonexistent/balance.toml") }
    }

    @Test func editDistanceFindsTypos() {
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(BalanceSchema.schema.closestKey(to: "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz") == nil)
    }
}
