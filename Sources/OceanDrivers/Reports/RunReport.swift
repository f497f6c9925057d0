import OceanKernel
import OceanReplay

/// What a headless run ended with: the fields `ocean sim` prints.
public struct RunReport: Equatable, Sendable, Encodable {
    public var ticks: Int
    public var summary: ReplaySummary
    public var hashes: StateHashes

    public init(_ s: GameState) {
        ticks = s.tick
        summary = ReplaySummary(s)
        hashes = StateHashes(s)
    }

    /// One JSON object: ticks, the summary's keys, hash and subsystemHashes.
    public var json: String { JSONOutput.text(self) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(ticks, forKey: JSONKey("ticks"))
        try SummaryJSON.encodeFields(summary, into: &c)
        try c.encode(hex16(hashes.full), forKey: JSONKey("hash"))
        var subs = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("subsystemHashes"))
        for s in Subsystem.allCases { try subs.encode(hex16(hashes[s]), forKey: JSONKey(s.name)) }
    }

    /// The same facts for a person.
    public var text: String {
        let m = summary
        let subs = Subsystem.allCases.map { "\($0.name) \(hex16(hashes[$0]))" }.joined(separator: "\n              ")
        return """
        games         \(m.games) (\(m.perfectGames) perfect)
        ticks         \(ticks) (\(duration(ticks: ticks)) of play)
        catches       \(m.catches)
        misses        \(m.misses)
        best combo    \(m.bestCombo)
        score         \(m.score)
        plastic       \(m.grams) g
        ocean health  \(percent(m.health)) % (\(m.phase.name))
        hash          \(hex16(hashes.full))
        subsystems    \(subs)
        """
    }
}
