import OceanBalance
import OceanKernel
import OceanSystem

/// The local high-score tables, one per mode (the top ten each): score, rounds
/// reached, catches, best combo, the date, the player's name, and the replay that
/// proves it, kept beside the profile (`scores/`). Saved as a small text file of
/// our own (`high-scores.txt`), one entry a line, read back strictly with the line of
/// any problem; a save replaces the whole file only once the new one is complete.
public struct HighScores: Equatable, Sendable {
    /// One entry of a table.
    public struct Entry: Equatable, Sendable {
        public var mode: PlayMode
        public var score: Int
        public var rounds: Int
        public var catches: Int
        public var bestCombo: Int
        public var date: CalendarDate
        /// The replay's file name, in the `scores/` folder beside the table.
        public var replay: String
        /// The player's name (may be empty).
        public var name: String
        /// Played with assist mode: its game speed and bin width in percent (nil: none).
        /// The table marks it; its replay's header says the same.
        public var assist: AssistMark?

        public init(mode: PlayMode, score: Int, rounds: Int, catches: Int, bestCombo: Int, date: CalendarDate,
                    replay: String, name: String, assist: AssistMark? = nil) {
            (self.mode, self.score, self.rounds, self.catches, self.bestCombo) = (mode, score, rounds, catches, bestCombo)
            (self.date, self.replay, self.name, self.assist) = (date, replay, name, assist)
        }


        /// Higher score first; then more rounds, then the earlier date (it was there first).
        func ranksAbove(_ other: Entry) -> Bool {
            if score != other.score { return score > other.score }
            if rounds != other.rounds { return rounds > other.rounds }
            return date.dayNumber < other.date.dayNumber
        }
    }

    /// An entry played with assist mode: its game speed and bin width, in percent.
    public struct AssistMark: Equatable, Sendable {
        public var speedPercent: Int, binPercent: Int
        public init(speedPercent: Int, binPercent: Int) { (self.speedPercent, self.binPercent) = (speedPercent, binPercent) }
    }

    /// How many entries a table keeps.
    public static let size = 10
    static let magic = "ocean-high-scores 1"

    public private(set) var entries: [Entry] = []

    public init() {}

    /// The table of `mode`, best first.
    public func table(_ mode: PlayMode) -> [Entry] { entries.filter { $0.mode == mode } }

    /// Where `entry` would rank in its table (1 = best), or nil when it would not
    /// make the top ten. A game that scored nothing is no high score, even on an
    /// empty table ("NEW BEST!" for 0 points reads as a joke).
    public func rank(of entry: Entry) -> Int? {
        guard entry.score > 0 else { return nil }
        let above = table(entry.mode).filter { $0.ranksAbove(entry) || $0 == entry }.count
        return above < Self.size ? above + 1 : nil
    }

    /// Adds `entry` where it ranks; returns the replays of entries pushed out of the
    /// top ten (to delete once the table is saved).
    @discardableResult
    public mutating func add(_ entry: Entry) -> [String] {
        var table = self.table(entry.mode)
        table.append(entry)
        table.sort { $0.ranksAbove($1) }
        let dropped = table.dropFirst(Self.size).map(\.replay)
        entries = PlayMode.allCases.flatMap { $0 == entry.mode ? Array(table.prefix(Self.size)) : self.table($0) }
        return dropped
    }

    // MARK: - The file

    /// The file's text: a first line naming the format, then one line an entry.
    public var text: String {
        var lines = ["# Ocean Rescue's high scores (written by the game; one entry a line)", Self.magic]
        for e in entries {
            let assist = e.assist.map { " assist=\($0.speedPercent)/\($0.binPercent)" } ?? ""
            lines.append("entry \(e.mode.key) score=\(e.score) rounds=\(e.rounds) catches=\(e.catches) "
                + "best-combo=\(e.bestCombo) date=\(e.date) replay=\(e.replay)\(assist) name=\(e.name)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a file's text, refusing anything it did not write, naming the line.
    public init(text: String, file: String) throws(Profile.LoadError) {
        func refuse(_ n: Int, _ why: String) -> Profile.LoadError { Profile.LoadError(path: "\(file):\(n)", message: why) }
        var sawMagic = false
        for (i, line) in textLines(text).enumerated() {
            let n = i + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            if !sawMagic {
                guard line == Self.magic else { throw refuse(n, "not a high-score file (its first line must be '\(Self.magic)')") }
                sawMagic = true
                continue
            }
            // The name is last and may hold spaces: everything after "name=".
            guard let nameAt = line.firstRange(of: " name=") else { throw refuse(n, "an entry ends with name=NAME") }
            let name = String(line[nameAt.upperBound...])
            guard name.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value != 127 }), name.count <= 64 else {
                throw refuse(n, "the name holds a control character or is longer than 64 characters")
            }
            let words = line[..<nameAt.lowerBound].split(separator: " ")
            guard words.count == 8 || words.count == 9, words[0] == "entry", let mode = PlayMode(key: words[1]) else {
                throw refuse(n, "an entry is 'entry MODE score=N rounds=N catches=N best-combo=N date=YYYY-MM-DD replay=FILE [assist=SPEED/BIN] name=NAME' (MODE: classic or arcade)")
            }
            func value(_ k: Int, _ key: String) throws(Profile.LoadError) -> Substring {
                let w = words[k]
                guard w.hasPrefix(key + "=") else { throw refuse(n, "expected \(key)= as its \(k)th word") }
                return w.dropFirst(key.count + 1)
            }
            func number(_ k: Int, _ key: String) throws(Profile.LoadError) -> Int {
                guard let v = Int(try value(k, key)), v >= 0, v <= GameState.maxCount else {
                    throw refuse(n, "\(key) must be a whole number from 0 to \(GameState.maxCount)")
                }
                return v
            }
            let dateWord = try value(6, "date")
            guard let date = Self.date(dateWord) else { throw refuse(n, "date '\(dateWord.prefix(20))' is not a calendar date written YYYY-MM-DD") }
            let replay = String(try value(7, "replay"))
            guard !replay.isEmpty, !replay.contains("/"), replay != ".", replay != "..", replay.hasSuffix(".replay") else {
                throw refuse(n, "replay= names a .replay file in the scores folder, without a folder")
            }
            // Assist mode, when the entry was played with it: "assist=80/120".
            var assist: AssistMark?
            if words.count == 9 {
                let parts = try value(8, "assist").split(separator: "/")
                guard parts.count == 2, let speed = Int(parts[0]), let bin = Int(parts[1]),
                      (60...100).contains(speed), (100...150).contains(bin) else {
                    throw refuse(n, "assist= is SPEED/BIN: a speed of 60 to 100 and a bin of 100 to 150 percent")
                }
                assist = AssistMark(speedPercent: speed, binPercent: bin)
            }
            let entry = Entry(mode: mode, score: try number(2, "score"), rounds: try number(3, "rounds"),
                              catches: try number(4, "catches"), bestCombo: try number(5, "best-combo"), date: date,
                              replay: replay, name: name, assist: assist)
            guard table(mode).count < Self.size else { throw refuse(n, "more than \(Self.size) \(mode.key) entries") }
            entries.append(entry)
        }
        guard sawMagic || text.allSatisfy({ $0.isWhitespace }) else { throw refuse(1, "not a high-score file") }
        for mode in PlayMode.allCases {
            let t = table(mode)
            guard zip(t, t.dropFirst()).allSatisfy({ !$1.ranksAbove($0) }) else {
                throw Profile.LoadError(path: file, message: "the \(mode.key) entries are not best first")
            }
        }
    }

    /// A calendar date written YYYY-MM-DD, if it is one.
    static func date(_ word: Substring) -> CalendarDate? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        let date = CalendarDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }
}
