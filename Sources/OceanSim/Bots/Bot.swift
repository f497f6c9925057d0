import OceanKernel

/// Something that plays in place of a person: looks at the state, pushes the bin.
/// Bots are deterministic: any randomness comes from their own stream, seeded from
/// the run's seed, never from the kernel's gameplay stream.
public protocol Bot {
    mutating func move(_ state: GameState, rules: Rules) -> Move
}

/// The bots the CLI knows by name.
public enum BotKind: String, CaseIterable, Sendable {
    case idle, greedy, human

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// `skill` (0–100) only affects `human`.
    public func make(seed: UInt64, skill: Int = 70) -> any Bot {
        switch self {
        case .idle: IdleBot()
        case .greedy: GreedyBot()
        case .human: HumanBot(seed: seed, skill: skill)
        }
    }
}

/// Never moves: every item not dropped straight into the bin is missed.
public struct IdleBot: Bot {
    public init() {}
    public func move(_ state: GameState, rules: Rules) -> Move { .none }
}

/// Shared aiming: which item matters most, and how to steer the bin to a point.
enum Aim {
    /// The falling item that will reach the rim soonest (ties: the lower index).
    static func mostUrgent(_ state: GameState, rules: Rules) -> Item? {
        var best: Item?
        var bestTicks = Int.max
        for item in state.items {
            let bottom = item.y + rules.halfSize[item.kind.rawValue]
            guard bottom < rules.rim else { continue }
            let ticks = (rules.rim - bottom) / max(Int(item.vy), Fixed.one / 4)
            if ticks < bestTicks { best = item; bestTicks = ticks }
        }
        return best
    }

    /// Push toward `target`, letting go early enough for friction to stop the bin near it.
    static func steer(_ bin: BinState, to target: Int, rules: Rules) -> Move {
        let dx = target - bin.x
        let deadband = rules.binHalfWidth / 4
        if abs(dx) <= deadband { return .none }
        let towards: Move = dx > 0 ? .right : .left
        let speedTowards = dx > 0 ? bin.vx : -bin.vx
        if speedTowards > 0 {
            let stopping = speedTowards * speedTowards / (2 * max(1, rules.binFriction))
            if stopping >= abs(dx) { return .none }
        }
        return towards
    }
}

/// Chases the most urgent item with perfect reactions and aim.
public struct GreedyBot: Bot {
    public init() {}
    public func move(_ state: GameState, rules: Rules) -> Move {
        guard let item = Aim.mostUrgent(state, rules: rules) else {
            return Aim.steer(state.bin, to: rules.width / 2, rules: rules)
        }
        return Aim.steer(state.bin, to: item.x, rules: rules)
    }
}

/// Plays like a person: it looks again only every so often (reaction delay) and
/// aims a little off (aiming error); both shrink as `skill` (0–100) grows.
public struct HumanBot: Bot {
    public let reactionTicks: Int
    public let aimErrorPx: Int
    private var random: GameRandom
    private var target: Int?
    private var nextLook = 0

    public init(seed: UInt64, skill: Int) {
        let s = min(100, max(0, skill))
        reactionTicks = 4 + (100 - s) * 20 / 100
        aimErrorPx = 4 + (100 - s) * 40 / 100
        random = GameRandom(seed: seed ^ 0x4855_4D41_4E42_4F54)
    }

    public mutating func move(_ state: GameState, rules: Rules) -> Move {
        if state.tick >= nextLook {
            nextLook = state.tick + reactionTicks
            if let item = Aim.mostUrgent(state, rules: rules) {
                target = item.x + Fixed.px(random.inRange(-aimErrorPx...aimErrorPx))
            } else {
                target = nil
            }
        }
        guard let target else { return .none }
        return Aim.steer(state.bin, to: target, rules: rules)
    }
}
