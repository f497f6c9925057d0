import OceanKernel
import OceanReplay

/// What a headless run ended with: the fields `ocean sim` prints.
public struct RunReport: Equatable, Sendable {
    public var ticks: Int
    public var summary: ReplaySummary
    public var hashes: StateHashes

    public init(_ s: GameState) {
        ticks = s.tick
        summary = ReplaySummary(s)
        hashes = StateHashes(s)
    }

    /// One JSON object, keys in a fixed order, so equal runs print equal bytes.
    public var json: String {
        var fields = [("ticks", "\(ticks)")] + summary.jsonFields
        fields.append(("hash", "\"\(hex16(hashes.full))\""))
        let subs = Subsystem.allCases.map { "\"\($0.name)\": \"\(hex16(hashes[$0]))\"" }.joined(separator: ", ")
        fields.append(("subsystemHashes", "{\(subs)}"))
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The same facts for a person.
    public var text: String {
        let m = summary
        return """
        games         \(m.games) (\(m.perfectGames) perfect)
        ticks         \(ticks) (\(ticks / Fixed.ticksPerSecond / 60)m \(ticks / Fixed.ticksPerSecond % 60)s of play)
        catches       \(m.catches)
        misses        \(m.misses)
        best combo    \(m.bestCombo)
        score         \(m.score)
        plastic       \(m.grams) g
        ocean health  \(percent(m.health)) % (\(m.phase.name))
        hash          \(hex16(hashes.full))
        """
    }
}
