import OceanKernel
import OceanReplay

/// What `ocean replay run` prints: a replay's inputs played again, and with
/// `--balance` a what-if table next to the recorded outcome.
public struct ReplayRunReport: Sendable, Encodable {
    public var file: String
    /// The other balance file of a what-if; nil for a plain run.
    public var balanceFile: String?
    public var ticks: Int
    public var outcome: ReplaySummary
    public var hash: UInt64
    /// The outcome the file recorded (nil when it has no end record).
    public var recorded: ReplaySummary?

    public init(file: String, balanceFile: String?, state: GameState, recorded: ReplaySummary?) {
        self.file = file
        self.balanceFile = balanceFile
        ticks = state.tick
        outcome = ReplaySummary(state)
        hash = state.hash
        self.recorded = recorded
    }

    public var json: String { JSONOutput.text(self) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(ticks, forKey: JSONKey("ticks"))
        try c.encode(SummaryJSON(outcome), forKey: JSONKey("outcome"))
        try c.encode(hex16(hash), forKey: JSONKey("hash"))
        if balanceFile != nil {
            if let recorded { try c.encode(SummaryJSON(recorded), forKey: JSONKey("recorded")) }
            else { try c.encodeNil(forKey: JSONKey("recorded")) }
        }
    }

    public var text: String {
        guard let balanceFile else {
            return "\(file): \(ticks) ticks (\(duration(ticks: ticks)))\n\(summaryText(outcome))\nhash \(hex16(hash))"
        }
        return ([
            "\(file) under \(balanceFile): \(ticks) ticks (\(duration(ticks: ticks)))",
            pad("", 14) + pad("recorded", 12) + "what-if",
        ] + whatIfRows.map { pad($0.0, 14) + pad($0.1 ?? "-", 12) + $0.2 }).joined(separator: "\n")
    }

    /// The what-if table: name, recorded value (nil when none), what-if value.
    var whatIfRows: [(String, String?, String)] {
        let r = recorded, got = outcome
        func row(_ name: String, _ f: (ReplaySummary) -> String) -> (String, String?, String) { (name, r.map(f), f(got)) }
        return [
            row("games") { "\($0.games)" }, row("catches") { "\($0.catches)" }, row("misses") { "\($0.misses)" },
            row("perfect") { "\($0.perfectGames)" }, row("best combo") { "\($0.bestCombo)" },
            row("score") { "\($0.score)" }, row("grams") { "\($0.grams)" },
            row("health") { "\(percent($0.health)) %" }, row("phase") { $0.phase.name },
        ]
    }
}
