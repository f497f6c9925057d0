import OceanKernel

/// A bot schedule as the CLI writes it: one bot name, or names separated by commas
/// (one per game, the last repeated), e.g. `greedy,greedy,dodge`.
public struct BotSchedule: Sendable, CustomStringConvertible {
    public let kinds: [BotKind]

    public init?(_ text: String) {
        let kinds = text.split(separator: ",", omittingEmptySubsequences: false).map { BotKind(rawValue: String($0)) }
        guard !kinds.isEmpty, kinds.count <= 1_000, kinds.allSatisfy({ $0 != nil }) else { return nil }
        self.kinds = kinds.map { $0! }
    }

    public func plan(seed: UInt64, skill: Int, games: Int, session: Command? = nil) -> GamePlan {
        GamePlan(bots: bots(seed: seed, skill: skill), games: games, session: session)
    }

    /// One bot per entry, each with a seed of its own.
    public func bots(seed: UInt64, skill: Int) -> [any Bot] {
        kinds.enumerated().map { i, k in k.make(seed: seed &+ UInt64(i), skill: skill) }
    }

    public var description: String { kinds.map(\.rawValue).joined(separator: ",") }
}
