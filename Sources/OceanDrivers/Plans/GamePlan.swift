import OceanKernel

/// Plays a number of whole games with bots (counted from the state it first sees,
/// so a saved career plays `games` more): starts a game whenever none is on, until
/// the last one ends. Game n is played by `bots[n]`, the last bot playing any
/// games beyond the list. Produces one `TickInput` per tick; `nil` when done.
public typealias GamePlan = GamePlanOf<AnyBot>

/// `GamePlan` with bots of one type, `Player`: called as that type, not through an
/// existential box, a bot's every tick is a direct call (`runGames` plays a schedule of
/// one kind of bot so; a mixed schedule is a `GamePlan` of `AnyBot`s).
public struct GamePlanOf<Player: Bot> {
    public let games: Int
    private var bots: [Player]
    private var current = 0
    /// Games played before this plan's first, once it has seen a state.
    private var gamesBefore: Int?
    /// A session to begin first (the app opening), if any.
    private var session: Command?
    /// The command that starts each game: classic or arcade.
    private let start: Command

    public init(bot: Player, games: Int, session: Command? = nil, mode: PlayMode = .classic) {
        self.init(bots: [bot], games: games, session: session, mode: mode)
    }

    public init(bots: [Player], games: Int, session: Command? = nil, mode: PlayMode = .classic) {
        precondition(!bots.isEmpty)
        self.bots = bots
        self.games = games
        self.session = session
        start = .start(mode)
    }

    /// `input(for:)` for a simulation the caller cannot lend inout (a recorder's): it
    /// is copied once per call.
    public mutating func input(for sim: Simulation) -> TickInput? {
        var copy = sim
        return input(for: &copy)
    }

    /// The next tick's input, nil when the games are done. `sim` is only read: it is
    /// inout so the state is read where it lies. Passed by value, the caller copied the
    /// whole simulation for every call, and inlined into the driver's loop the state
    /// was copied more than once (together 10 % of `ocean sim --bot idle`).
    @inline(never)
    public mutating func input(for sim: inout Simulation) -> TickInput? {
        let played = sim.state.totals.games
        let before = gamesBefore ?? played
        gamesBefore = before
        if let session {
            self.session = nil
            return TickInput(command: session)
        }
        if sim.state.mode == .idle {
            guard played - before < games else { return nil }
            current = min(played - before, bots.count - 1)
            return TickInput(bots[current].control(in: &sim), command: start)
        }
        return TickInput(bots[current].control(in: &sim))
    }
}
