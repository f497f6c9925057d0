import OceanKernel

/// What a run's games did, watched event by event: catches, misses and passes per kind, and
/// for each game the round it reached and how it ended (`ocean sim --json`'s `kinds`,
/// `roundsReached`, `endedBy`).
public struct PlayLog: Equatable, Sendable {
    /// The kinds' keys, in the balance's order.
    public let kindKeys: [String]
    public private(set) var catches: [Int]
    public private(set) var misses: [Int]
    /// Sea life (a hazard: `hazards`) and power-ups that reached the water, let go.
    public private(set) var passed: [Int]
    /// Per kind: sea life, to be let pass (its `catches` are hits to avoid).
    public let hazards: [Bool]
    /// The round each game reached, in the order they ended.
    public private(set) var roundsReached: [Int] = []
    /// Per game, as `roundsReached`: whether it cleared the round cap.
    public private(set) var cleared: [Bool] = []
    /// Arcade games that ended by running out of misses, and by clearing the round cap.
    public private(set) var endedByMisses = 0
    public private(set) var endedByCap = 0

    public init(rules: Rules) {
        kindKeys = rules.kindKeys
        catches = rules.zeroPerKind
        misses = rules.zeroPerKind
        passed = rules.zeroPerKind
        hazards = rules.isSeaLife
    }

    public mutating func watch(_ events: [Event]) {
        for event in events {
            switch event {
            case .caught(let kind, _, _, _, _, _): catches[kind.rawValue] += 1
            case .missed(let kind, _): misses[kind.rawValue] += 1
            case .seaLifeCaught(let kind, _): catches[kind.rawValue] += 1
            case .passed(let kind, _): passed[kind.rawValue] += 1
            case .gameOver(let summary):
                roundsReached.append(summary.rounds)
                cleared.append(summary.cleared)
                if summary.mode == .arcade && !summary.abandoned {
                    if summary.cleared { endedByCap += 1 } else { endedByMisses += 1 }
                }
            default: break
            }
        }
    }

    /// The chance that a round ends the game, within each band of `band` rounds: the
    /// games ended (not cleared) in the band over the rounds played in it (a game
    /// counts each round it reached). What a plateau looks like: the same rate band
    /// after band; pressure that keeps rising: a rate that climbs.
    public func endRates(band: Int = 10) -> [(from: Int, to: Int, percent: Double)] {
        guard let most = roundsReached.max(), most > 0 else { return [] }
        var out: [(from: Int, to: Int, percent: Double)] = []
        var from = 1
        while from <= most {
            let to = from == 1 ? band - 1 : from + band - 1
            var played = 0, ended = 0
            for (i, reached) in roundsReached.enumerated() where reached >= from {
                played += min(reached, to) - from + 1
                if reached <= to && !cleared[i] { ended += 1 }
            }
            if played > 0 { out.append((from, min(to, most), 100 * Double(ended) / Double(played))) }
            from = to + 1
        }
        return out
    }

    /// The median of `roundsReached` (the lower middle of an even count); 0 with none.
    public var medianRounds: Int {
        let sorted = roundsReached.sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }
}
