import OceanReplay

/// A run's outcome as JSON: games, catches, misses, perfectGames, bestCombo, score,
/// grams, health (1/10000), phase.
public struct SummaryJSON: Encodable, Sendable {
    public let summary: ReplaySummary

    public init(_ summary: ReplaySummary) { self.summary = summary }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try SummaryJSON.encodeFields(summary, into: &c)
    }

    /// The summary's keys, into another report's object (`sim --json` is flat).
    public static func encodeFields(_ m: ReplaySummary, into c: inout KeyedEncodingContainer<JSONKey>) throws {
        try c.encode(m.games, forKey: JSONKey("games"))
        try c.encode(m.catches, forKey: JSONKey("catches"))
        try c.encode(m.misses, forKey: JSONKey("misses"))
        try c.encode(m.perfectGames, forKey: JSONKey("perfectGames"))
        try c.encode(m.bestCombo, forKey: JSONKey("bestCombo"))
        try c.encode(m.score, forKey: JSONKey("score"))
        try c.encode(m.grams, forKey: JSONKey("grams"))
        try c.encode(m.health, forKey: JSONKey("health"))
        try c.encode(m.phase.name, forKey: JSONKey("phase"))
    }
}
