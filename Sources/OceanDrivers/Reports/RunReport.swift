import OceanKernel
import OceanReplay

/// What a headless run ended with: the fields `ocean sim` prints.
public struct RunReport: Equatable, Sendable, Encodable {
    public var ticks: Int
    public var summary: ReplaySummary
    public var hashes: StateHashes
    /// The games watched as they were played (nil when the run was not watched).
    public var play: PlayLog?
    public var mode: PlayMode = .classic

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
        guard let play else { return }
        try c.encode(mode.key, forKey: JSONKey("mode"))
        try Self.encodeKinds(play, into: &c)
        if mode == .arcade {
            try c.encode(play.roundsReached, forKey: JSONKey("roundsReached"))
            var ended = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("endedBy"))
            try ended.encode(play.endedByMisses, forKey: JSONKey("misses"))
            try ended.encode(play.endedByCap, forKey: JSONKey("cap"))
        }
    }

    /// `"kinds": {KEY: {"catches", "misses", "hazard", "passed"}}`, in the balance's order.
    static func encodeKinds(_ play: PlayLog, into c: inout KeyedEncodingContainer<JSONKey>) throws {
        var kinds = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("kinds"))
        for (k, key) in play.kindKeys.enumerated() {
            var one = kinds.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(key))
            try one.encode(play.catches[k], forKey: JSONKey("catches"))
            try one.encode(play.misses[k], forKey: JSONKey("misses"))
            // Sea life is a hazard: its catches are hits, its passes the good outcome.
            try one.encode(play.hazards[k], forKey: JSONKey("hazard"))
            try one.encode(play.passed[k], forKey: JSONKey("passed"))
        }
    }

    /// Arcade: the rounds reached and how the games ended, as lines of the text report.
    private var arcadeLines: String {
        guard mode == .arcade, let play else { return "" }
        return "\nrounds        median \(play.medianRounds) (\(play.roundsReached.map(String.init).joined(separator: ", ")))"
            + "\nended by      misses \(play.endedByMisses), round cap \(play.endedByCap)"
            + "\nend rate      per round: " + play.endRates().map { band in
                "\(band.from)-\(band.to) \(Int((band.percent * 10).rounded()) / 10).\(Int((band.percent * 10).rounded()) % 10) %"
            }.joined(separator: ", ")
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
        plastic       \(m.grams) g\(arcadeLines)
        ocean health  \(percent(m.health)) % (\(m.phase.name))
        hash          \(hex16(hashes.full))
        subsystems    \(subs)
        """
    }
}
