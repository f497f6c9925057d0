import OceanKernel

/// The game's physical limit: it plays the fair spawner's plan (`GameState.plan`),
/// the path along which a perfect player's bin rests under every item as it lands,
/// driving the bin with the kernel's own pilot (`BinPilot`). So it knows the future
/// exactly as far as the spawner has promised it, and catches everything a fair
/// balance drops: `ocean sim --bot oracle` reports the most that can be caught.
/// With a balance that does not spawn fairly there is no plan, and it plays like
/// `GreedyBot`.
public struct OracleBot: Bot {
    private var greedy = GreedyBot()
    public init() {}

    public mutating func move(_ state: GameState, rules: Rules) -> Move {
        guard rules.fairSpawn else { return greedy.move(state, rules: rules) }
        // The point for the coming tick: the first the plan has not passed.
        let next = state.tick + 1
        var target = state.bin.x
        for p in state.plan where p.tick >= next {
            target = p.x
            break
        }
        return BinPilot.move(state.bin, to: target, rules: rules)
    }
}
