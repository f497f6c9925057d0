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
                if summary.mode == .arcade && !summary.abandoned {
                    if summary.cleared { endedByCap += 1 } else { endedByMisses += 1 }
                }
            default: break
            }
        }
    }

    /// The median of `roundsReached` (the lower middle of an even count); 0 with none.
    public var medianRounds: Int {
        let sorted = roundsReached.sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }
}
