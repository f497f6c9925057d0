/// What the game is doing between games, during a round, or between rounds.
public enum Mode: Int, Sendable {
    case idle, playing, roundBreak
}

/// Which game is played: the classic game of a fixed number of rounds, or arcade
/// mode, whose rounds keep coming until a budget of misses runs out.
public enum PlayMode: Int, StableKey, Comparable {
    case classic, arcade

    /// Written in replays and reports; never changes with the display name.
    public var key: String {
        switch self {
        case .classic: "classic"
        case .arcade: "arcade"
        }
    }

    public var name: String {
        switch self {
        case .classic: "Classic"
        case .arcade: "Arcade"
        }
    }

    public static func < (a: PlayMode, b: PlayMode) -> Bool { a.rawValue < b.rawValue }
}

/// The bin the player slides along the bottom: its centre and speed.
public struct BinState: Equatable, Sendable {
    public var x: Int
    public var vx: Int

    public init(x: Int, vx: Int) {
        self.x = x
        self.vx = vx
    }
}

/// One step of the fair spawner's plan: at tick `tick` a perfect player's bin rests
/// with its centre at `x` (fixed point) and catches what meets the rim then.
public struct PlanPoint: Equatable, Sendable {
    public var tick: Int
    public var x: Int

    public init(tick: Int, x: Int) {
        self.tick = tick
        self.x = x
    }
}

/// What one game has produced so far.
public struct GameTally: Equatable, Sendable {
    public var catches = 0
    public var misses = 0
    public var combo = 0
    public var bestCombo = 0
    public var score = 0
    public var grams = 0
    /// Sea life caught (it should have been let pass).
    public var seaLifeHits = 0
}

/// What every game and scan since the start has produced.
public struct Totals: Equatable, Sendable {
    public var games = 0
    public var catches = 0
    public var misses = 0
    public var perfectGames = 0
    public var bestCombo = 0
    public var score = 0
    /// Grams of plastic diverted by catches and scans.
    public var grams = 0
    public var scans = 0
}

/// The whole simulation state: plain values, so a snapshot is a copy and restoring
/// one continues exactly as if the run had never stopped. `StateEncoding` writes it
/// in a canonical byte order, grouped by `Subsystem`.
public struct GameState: Equatable, Sendable {
    // Flow
    public var tick: Int = 0
    public var mode: Mode = .idle
    public var round: Int = 0
    public var roundSpawned: Int = 0
    public var spawnTimer: Int = 0
    public var breakTimer: Int = 0
    /// The game on (or the last one): classic or arcade.
    public var playMode: PlayMode = .classic
    /// Arcade: misses the game may still take before it ends (0 in classic games).
    public var missesLeft: Int = 0
    /// The game's misses when the round began: a round with none more is perfect.
    public var roundStartMisses: Int = 0
    /// The classic game's tempo step, from the player's level at its start
    /// (`Rules.tempoStep(forLevel:)`; 0 in arcade games and between games).
    public var tempoStep: Int = 0
    /// Ticks left of a caught net (a wider mouth) and of a slack tide (slower items);
    /// the tide's clock: items move on a tick that carries it past 100.
    public var netTicksLeft: Int = 0
    public var tideTicksLeft: Int = 0
    public var tideClock: Int = 0

    // Physics
    public var random: GameRandom
    public var bin: BinState
    public var items: [Item]
    /// The fair spawner's promise (`SpawnSystem`): where a perfect player's bin is at
    /// rest when each falling item meets the rim, in time order, after the last point
    /// already passed. Empty when the balance does not spawn fairly.
    public var plan: [PlanPoint] = []

    // Scoring
    public var game = GameTally()
    public var totals = Totals()

    // Ocean
    public var health: Int
    public var phase: Phase
    /// Health when the current calendar day began (after any absence was charged):
    /// the day's play moves health only within `dailyFallCap`/`dailyRiseCap` of it.
    public var healthDayStart: Int
    /// The seas opened so far (empty for a balance without seas, or before the first
    /// session), and which of them is being played: its figures are the ones above.
    public var seas: [SeaState] = []
    public var seaIndex = 0

    // Career (and the pet)
    public var career = CareerState()

    // Today (the day's cap on its net, the daily scan limit)
    /// Today's catches, misses, scans and rewards summed (1/10000), before the caps:
    /// with `health.daily_cap_on_sum`, health is the day's start plus this, capped.
    public var healthDayNet = 0
    /// The % of today's mastery part of the rise cap open (`health.mastery_rise`),
    /// from the day's cleanest finished game; a new day starts it again.
    public var masteryToday = 0
    /// Health rewards (challenges, milestones) given today on top of the day's cap
    /// (`health.rewards_over_cap`): they raise it by as much. A new day starts it again.
    public var rewardsToday = 0
    /// Scans today, counted or only logged (`career.scans_per_day`); a new day
    /// starts it again.
    public var scansToday = 0

    /// A fresh state: the bin centred, the ocean at its starting health.
    public init(rules: Rules, seed: UInt64) {
        random = GameRandom(seed: seed)
        bin = BinState(x: rules.width / 2, vx: 0)
        items = []
        items.reserveCapacity(rules.maxLive)
        plan.reserveCapacity(rules.maxLive + 2)
        health = rules.healthStart
        healthDayStart = rules.healthStart
        phase = rules.phase(forHealth: rules.healthStart)
        career.seed = ChallengeDraw.careerSeed(from: seed)
        career.kindCounts = rules.zeroPerKind
        career.kindGrams = rules.zeroPerKind
        career.cardLastDay = [Int](repeating: CareerState.never, count: rules.cardCount)
        career.cardDays = [Int](repeating: 0, count: rules.cardCount)
    }

    /// Builds a state from decoded parts (see `StateEncoding.decode`).
    init(random: GameRandom, bin: BinState, items: [Item], health: Int, phase: Phase) {
        self.random = random
        self.bin = bin
        self.items = items
        self.health = health
        healthDayStart = health
        self.phase = phase
    }
}
