/// The kernel: rules, state, and one function that advances the world by one tick.
///
/// `step` is the whole heartbeat of the game: each system, in a fixed order, reads
/// and writes the state; what happened is left in `events` until the next step. The
/// events and outcome buffers keep their capacity, so a tick in steady state
/// allocates nothing.
public struct Simulation: Sendable {
    public let rules: Rules
    /// The complete game state. Copy it to snapshot; assign it to restore.
    public var state: GameState
    /// What happened during the last `step`, in order.
    public private(set) var events: [Event] = []
    private var outcomes: [Outcome] = []

    public init(rules: Rules, seed: UInt64) {
        self.rules = rules
        state = GameState(rules: rules, seed: seed)
        events.reserveCapacity(256)
        outcomes.reserveCapacity(256)
    }

    public init(rules: Rules, state: GameState) {
        self.rules = rules
        self.state = state
        events.reserveCapacity(256)
        outcomes.reserveCapacity(256)
    }

    /// Advances the world by exactly one tick (1/60 s of game time).
    public mutating func step(_ input: TickInput) {
        events.removeAll(keepingCapacity: true)
        outcomes.removeAll(keepingCapacity: true)
        state.tick += 1
        let binFrom = state.bin.x
        let start = TickStart(state)

        CommandSystem.run(input.command, &state, rules: rules, events: &events, outcomes: &outcomes)
        BinSystem.run(&state.bin, move: input.move, rules: rules)
        SpawnSystem.run(&state, rules: rules, events: &events)
        if !state.items.isEmpty {
            ItemSystem.run(&state, binFrom: binFrom, binTo: state.bin.x, rules: rules, outcomes: &outcomes)
        }
        ScoringSystem.run(outcomes, &state, rules: rules, events: &events)
        HealthSystem.run(outcomes, &state, rules: rules, events: &events)
        PhaseSystem.run(&state, rules: rules, events: &events)
        RoundSystem.run(&state, rules: rules, events: &events)
        let news = ProgressSystem.run(&state, since: start, rules: rules, events: &events)
        PetSystem.run(&state, input: input, since: start, news: news, rules: rules, events: &events)
    }
}
