import Foundation
import OceanKernel
import OceanStore
import TestSupport
import OceanBalance
import Testing

/// The local high-score tables: best first, ten a mode, read back strictly, saved
/// so that a failure keeps the old table whole.
@Suite struct HighScoresTests {
    static let day = CalendarDate(year: 2026, month: 12, day: 1)

    func entry(_ score: Int, _ mode: PlayMode = .arcade, rounds: Int = 3, day: Int = 0, name: String = "Ada") -> HighScores.Entry {
        HighScores.Entry(mode: mode, score: score, rounds: rounds, catches: score / 10, bestCombo: 4,
                         date: CalendarDate(dayNumber: Self.day.dayNumber + day), replay: "r\(score)-\(day).replay", name: name)
    }

    @Test func entriesRankBestFirstTenAModeAndTiesGoToTheFirst() {
        var table = HighScores()
        for s in [50, 300, 120, 300] { table.add(entry(s, day: s == 300 && table.table(.arcade).contains { $0.score == 300 } ? 1 : 0)) }
        #expect(table.table(.arcade).map(\.score) == [300, 300, 120, 50])
        #expect(table.table(.arcade)[0].date == Self.day, "the earlier of two equal scores ranks first")
        #expect(table.rank(of: entry(200)) == 3)
        for s in 1...12 { table.add(entry(1_000 + s)) }
        #expect(table.table(.arcade).count == HighScores.size)
        #expect(table.rank(of: entry(10)) == nil, "too low for the top ten")
        #expect(table.table(.classic).isEmpty, "the modes keep tables of their own")
        let dropped = table.add(entry(5_000))
        #expect(dropped.count == 1 && table.table(.arcade).first?.score == 5_000)
        #expect(HighScores().rank(of: entry(0)) == nil, "no points, no high score, even on an empty table")
        #expect(HighScores().rank(of: entry(10)) == 1)
    }

    @Test func theTextRoundTripsAndAnythingElseIsRefusedByLine() throws {
        var table = HighScores()
        table.add(entry(700, name: "Zoë and co"))
        table.add(entry(90, .classic, rounds: 5, name: ""))
        var assisted = entry(300, name: "Bo")
        assisted.assist = HighScores.AssistMark(speedPercent: 70, binPercent: 130)
        table.add(assisted)
        #expect(table.text.contains("replay=\(assisted.replay) assist=70/130 name=Bo"), "\(table.text)")
        let back = try HighScores(text: table.text, file: "t")
        #expect(back == table && back.table(.arcade).contains { $0.assist?.speedPercent == 70 })
        // Saved by an editor with CRLF line ends, it reads the same (in Swift "\r\n" is
        // one Character: a split on "\n" alone would see one long line).
        let crlf = table.text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try HighScores(text: crlf, file: "t") == table)
        #expect(textLines("a\r\nb\nc\r\n").map(String.init) == ["a", "b", "c", ""])
        for (bad, line) in [("ocean-high-scores 1\nentry arcade score=x rounds=1 catches=1 best-combo=1 date=2026-12-01 replay=a.replay name=", 2),
                            ("ocean-high-scores 1\nentry arcade score=1 rounds=1 catches=1 best-combo=1 date=2026-02-30 replay=a.replay name=", 2),
                            ("ocean-high-scores 1\n\nentry arcade score=1 rounds=1 catches=1 best-combo=1 date=2026-12-01 replay=../x.replay name=", 3),
                            ("ocean-high-scores 2\n", 1),
                            ("ocean-high-scores 1\nentry arcade score=1 rounds=1 catches=1 best-combo=1 date=2026-12-01 replay=a.replay assist=40/130 name=", 2),
                            ("ocean-high-scores 1\nentry sideways score=1 rounds=1 catches=1 best-combo=1 date=2026-12-01 replay=a.replay name=", 2)] {
            #expect(throws: Profile.LoadError.self) { try HighScores(text: bad, file: "t") }
            do { _ = try HighScores(text: bad, file: "t") } catch {
                #expect(error.path == "t:\(line)", "\(error)")
            }
        }
        let unsorted = "ocean-high-scores 1\n"
            + "entry arcade score=1 rounds=1 catches=1 best-combo=1 date=2026-12-01 replay=a.replay name=\n"
            + "entry arcade score=9 rounds=1 catches=1 best-combo=1 date=2026-12-01 replay=b.replay name=\n"
        #expect(throws: Profile.LoadError.self) { try HighScores(text: unsorted, file: "t") }
    }

    @Test func aRecordKeepsTheReplayFirstAndDropsTheReplaysPushedOut() throws {
        let folder = freshFolder("high-scores")
        let store = HighScoreStore(profilePath: folder + "/profile")
        #expect(try store.load() == HighScores())
        for s in 1...10 { #expect(try store.record(entry(s * 10), replayText: "replay \(s)") != nil) }
        let worst = try #require(try store.load().table(.arcade).last)
        #expect(FileManager.default.fileExists(atPath: store.replayPath(worst)))
        #expect(try store.record(entry(5), replayText: "too low") == nil)
        #expect(try store.record(entry(1_000), replayText: "best") == 1)
        let table = try store.load()
        #expect(table.table(.arcade).count == 10 && table.table(.arcade).first?.score == 1_000)
        #expect(!FileManager.default.fileExists(atPath: store.replayPath(worst)), "the replay pushed out is gone")
        #expect(try String(contentsOfFile: store.replayPath(table.table(.arcade)[0]), encoding: .utf8) == "best")
        // A name the table could not read back is made one it can.
        #expect(try store.record(entry(2_000, name: "A\nB\u{1B}[2J" + String(repeating: "x", count: 80)), replayText: "r") == 1)
        let named = try #require(try store.load().table(.arcade).first)
        #expect(named.name.hasPrefix("AB[2J") && named.name.count == 64)
    }

    /// Two careers in one folder share the table: games ending together each keep their
    /// entry (one writer at a time, `high-scores.txt.lock`), none lost to the other's save.
    @Test func gamesEndingTogetherEachKeepTheirEntry() throws {
        let folder = freshFolder("high-scores-together")
        let stores = (0..<8).map { _ in HighScoreStore(profilePath: folder + "/profile") }
        let ranked = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            if (try? stores[i].record(entry(100 + i, name: "p\(i)"), replayText: "replay \(i)")) ?? nil != nil { ranked.add() }
        }
        let table = try HighScoreStore(profilePath: folder + "/profile").load().table(.arcade)
        #expect(ranked.value == 8 && table.count == 8, "\(table.map(\.name))")
        #expect(Set(table.map(\.name)) == Set((0..<8).map { "p\($0)" }))
        for e in table { #expect(FileManager.default.fileExists(atPath: stores[0].replayPath(e)), "\(e.replay)") }
    }

    @Test func aFailedSaveKeepsTheOldTable() throws {
        let folder = freshFolder("high-scores-fail")
        let store = HighScoreStore(profilePath: folder + "/profile")
        _ = try store.record(entry(100), replayText: "one")
        let before = try String(contentsOfFile: store.tablePath, encoding: .utf8)
        // The table's folder read-only: the new table cannot be put in place.
        chmod(folder, 0o500)
        defer { chmod(folder, 0o700) }
        if getuid() == 0 {
            // Root writes anywhere: block the table's replacement with a folder in its temporary's way instead.
            chmod(folder, 0o700)
            try FileManager.default.removeItem(atPath: store.folder)
            try "not a folder".write(toFile: store.folder, atomically: true, encoding: .utf8)
        }
        #expect(throws: Profile.LoadError.self) { try store.record(entry(900), replayText: "two") }
        #expect(try String(contentsOfFile: store.tablePath, encoding: .utf8) == before)
    }
}

/// The keys that move the bin, as the settings folder keeps them (`keys.toml`).
@Suite struct KeyBindingsFileTests {
    @Test func theFileRoundTripsAndABrokenOneIsNamed() throws {
        let bindings = KeyBindings(left: ["J", "Keypad 4"], right: ["L"])
        #expect(try KeyBindingsFile.parse(bindings.text, file: "k") == bindings)
        #expect(try KeyBindingsFile.load(path: freshFolder("keys") + "/none.toml") == .standard, "no file: the standard keys")
        for (text, words) in [("left = [\"J\"]\nright = [\"J\"]\n", "'J' cannot move the bin both ways"),
                              ("left = []\nright = [\"L\"]\n", "left: must be a list of 1 to 4 key names"),
                              ("left = [\"J\"]\n", "right: missing"),
                              ("left = [\"J\"]\nright = [\"L\"]\nup = [\"I\"]\n", "up: unknown key")] {
            do { _ = try KeyBindingsFile.parse(text, file: "k.toml"); Issue.record("accepted \(text)") } catch {
                #expect(error.description.contains(words) && error.description.contains("k.toml"), "\(error.description)")
            }
        }
    }
}

/// A count shared by threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
