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

    /// What is wrong with a schedule's text, naming the bad entry; nil when it reads.
    public static func problem(_ text: String) -> String? {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false)
        if entries.count > 1_000 { return "\(entries.count) bots; at most 1000 (the last one repeats)" }
        for (i, e) in entries.enumerated() where BotKind(rawValue: String(e)) == nil {
            let which = entries.count > 1 ? "entry \(i + 1) " : ""
            return e.isEmpty ? "\(which)is empty" : "\(which)'\(e)' is not a bot"
        }
        return nil
    }

    /// True when a bot in the schedule uses `--skill` and `--input` (only `human` does).
    public var usesSkill: Bool { kinds.contains(.human) }

    public func plan(seed: UInt64, skill: Int, input: HumanBot.Input = .keys, games: Int, session: Command? = nil,
                     mode: PlayMode = .classic) -> GamePlan {
        GamePlan(bots: bots(seed: seed, skill: skill, input: input).map(AnyBot.init), games: games, session: session, mode: mode)
    }

    /// One bot per entry, each with a seed of its own; `skill` and `input` go to the humans.
    public func bots(seed: UInt64, skill: Int, input: HumanBot.Input = .keys) -> [any Bot] {
        kinds.enumerated().map { i, k in k.make(seed: seed &+ UInt64(i), skill: skill, input: input) }
    }

    public var description: String { kinds.map(\.rawValue).joined(separator: ",") }
}
