/// The kernel: rules, state, and one function that advances the world by one tick.
///
/// `step` is the whole heartbeat of the game: each system, in a fixed order, reads
/// and writes the state; within the tick, systems pass news only through the tick's
/// log (`TickLog`); what happened is left in `events` until the next step. The
/// events and log buffers keep their capacity, so a tick in steady state allocates
/// nothing.
public struct Simulation: Sendable {
    public let rules: Rules
    /// The complete game state. Copy it to snapshot; assign it to restore.
    public var state: GameState
    /// What happened during the last `step`, in order.
    public private(set) var events: [Event] = []
    private var log = TickLog()
    /// New items' landings, kept per fall and motion (a cache of the rules, not state).
    private var forecasts = SpawnForecasts()

    public init(rules: Rules, seed: UInt64) {
        self.rules = rules
        state = GameState(rules: rules, seed: seed)
        events.reserveCapacity(256)
    }

    public init(rules: Rules, state: GameState) {
        self.rules = rules
        self.state = state
        // A state from a file or a test: its closed months into the hash's digest once.
        self.state.career.foldClosedMonths()
        events.reserveCapacity(256)
    }

    /// Advances the world by exactly one tick (1/60 s of game time).
    public mutating func step(_ input: TickInput) {
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        state.tick += 1
        log.begin(TickLog.Figures(state), input: input)
        let command = input.command
        let binFrom = state.bin.x

        // Commands come on few ticks (a game's ticks carry none): each system matches its
        // own, and on a tick without one none of them is called.
        if case .none = command {} else {
            SessionSystem.run(command, &state, rules: rules, log: &log, events: &events)
            RoundSystem.startGame(command, &state, rules: rules, events: &events)
            RoundSystem.abandon(command, &state, rules: rules, events: &events)
            ScanSystem.run(command, &state, rules: rules, log: &log)
            CardSystem.run(command, &state, rules: rules, log: &log, events: &events)
            PetSystem.adopt(command, &state, events: &events)
            SeaSystem.choose(command, &state, rules: rules, events: &events)
            DailyCreditSystem.run(command, &state, rules: rules, log: &log, events: &events)
        }
        BinSystem.run(&state.bin, move: input.move, pointer: input.pointer, rules: rules)
        // A slack tide holds the items (and the spawner's clock) still on some ticks.
        if PowerSystem.run(&state, events: &events, rules: rules) {
            SpawnSystem.run(&state, rules: rules, forecasts: &forecasts, events: &events)
            ItemSystem.run(&state, binFrom: binFrom, binTo: state.bin.x, rules: rules, log: &log)
        }
        // Both read only the outcomes; on a tick without any (most), skipping the call
        // also skips copying the log beside the state being changed.
        if !log.outcomes.isEmpty {
            ScoringSystem.run(&state, log: log, rules: rules, events: &events)
            HealthSystem.run(&state, log: log, rules: rules, events: &events)
        }
        PhaseSystem.run(&state, rules: rules, events: &events)
        RoundSystem.run(&state, rules: rules, events: &events)
        ProgressSystem.run(&state, log: &log, rules: rules, events: &events)
        ChallengeSystem.run(&state, log: &log, rules: rules, events: &events)
        if state.phase == .thriving && rules.hasSeas { SeaSystem.openNext(&state, rules: rules, events: &events) }
        // Only an adopted pet reads the log (the check is the system's first too).
        if state.career.pet.adopted { PetSystem.run(&state, log: log, rules: rules, events: &events) }
    }
}
