import Dispatch
import OceanDaily
import OceanDrivers
import OceanKernel
import OceanReplay
import OceanSystem
import Synchronization

/// How one game ended, as the metrics need it.
public struct GameOutcome: Sendable, Equatable {
    public var catches = 0, misses = 0, bestCombo = 0, score = 0, grams = 0, health = 0
    public var perfect = false
    /// The round the game ended in (1 = the first), and its length in ticks.
    public var roundReached = 0, ticks = 0
    /// Whether the misses ran out (an arcade game not cleared at its cap).
    public var endedByMisses = false
    /// With `--series`: the running totals at the end of each round, in round order.
    public var rounds: [Snapshot] = []
    public init() {}
}

/// The running figures at one moment of a game (a round's end) or a career (a day's
/// end): what `--series` draws over time.
public struct Snapshot: Sendable, Equatable {
    public var catches = 0, misses = 0, score = 0, grams = 0, health = 0
    public var level = 0, phase = 0, petStage = 0
    public init() {}

    init(_ s: GameState) {
        (catches, misses, score, grams, health) = (s.totals.catches, s.totals.misses, s.totals.score, s.totals.grams, s.health)
        (level, phase) = (s.career.level, s.phase.rawValue)
        petStage = s.career.pet.adopted ? s.career.pet.stage.rawValue + 1 : 0
    }
}

/// The day (1 = the career's first) each milestone was first reached; 0: never.
public struct CareerOutcome: Sendable, Equatable {
    /// Each phase above the first (by its replay key), two levels, two pet stages, and
    /// the second and third seas opening (the newest sea at Thriving, GAME_RULES §6).
    public static let milestones = Phase.allCases.dropFirst().map(\.key) + ["level_10", "level_50", "adult", "elder", "sea_2", "sea_3"]
    public var day = [Int](repeating: 0, count: CareerOutcome.milestones.count)
    /// With `--series`: the figures at the end of each day of the plan (a skipped day
    /// keeps the day before's).
    public var days: [Snapshot] = []
    public init() {}
}

/// Seeds derive from the seed base and the game's (or career's) index only, so every
/// point and every bot meets the same games: common random numbers.
public enum Seeds {
    public static func game(base: UInt64, index: Int) -> UInt64 { splitmix(base &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index + 1)) }
    public static func career(base: UInt64, index: Int) -> UInt64 {
        splitmix((base ^ 0x4341_5245_4552_5321) &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index + 1))
    }
    public static let rule = "game i: splitmix64(seed_base + 0x9E3779B97F4A7C15·(i+1)); career i: splitmix64((seed_base ^ 0x4341524545525321) + 0x9E3779B97F4A7C15·(i+1))"

    static func splitmix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One (point, player) pair to play: its games and careers.
public struct Cell: Sendable {
    public var rules: Rules
    public var player: TuneSpec.Player
    public var games: Int
    public var careers: Int
    /// In daily mode, the balance's part of every day's seed (`DailyGame.balanceHash`).
    var dailyHash: UInt64 = 0

    public init(rules: Rules, player: TuneSpec.Player, games: Int, careers: Int) {
        (self.rules, self.player, self.games, self.careers) = (rules, player, games, careers)
        if player.mode == .daily { dailyHash = DailyGame.balanceHash(rules.balance) }
    }
}

/// Plays many cells' games on `jobs` threads. Each game's outcome lands in its own
/// slot, so the results (and everything computed from them in order) are the same
/// whatever the number of threads and whichever thread played what.
public struct SweepRunner {
    public var jobs: Int
    public var career: TuneSpec.Career
    public var seedBase: UInt64
    /// Keep each game's rounds and each career's days (`--series`).
    public var series = false
    /// In daily mode, game i is the Daily Ocean of this date plus i days.
    public var dailyStart = TuneSpec.defaultDailyStart
    /// Called now and then with (games done, games total); from any thread.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(jobs: Int, career: TuneSpec.Career, seedBase: UInt64) {
        self.jobs = max(1, jobs)
        self.career = career
        self.seedBase = seedBase
    }

    /// Games per unit of work: big enough that taking one costs nothing, small
    /// enough that two threads finish together.
    static let chunk = 32

    /// Plays every cell; `cellDone` (from any thread, one call at a time) hears of
    /// each cell as soon as all its games and careers are played, with its outcomes.
    public func run(_ cells: [Cell], cellDone: ((Int, [GameOutcome], [CareerOutcome]) -> Void)? = nil)
        -> [(games: [GameOutcome], careers: [CareerOutcome])] {
        struct Unit { var cell: Int; var first: Int; var count: Int; var career: Bool }
        var units: [Unit] = []
        var gameOffset = [Int](), careerOffset = [Int]()
        var totalGames = 0, totalCareers = 0
        for (c, cell) in cells.enumerated() {
            gameOffset.append(totalGames)
            careerOffset.append(totalCareers)
            // Careers first: they are the long units, so they do not finish last.
            for first in 0..<cell.careers { units.append(Unit(cell: c, first: first, count: 1, career: true)) }
            for first in stride(from: 0, to: cell.games, by: SweepRunner.chunk) {
                units.append(Unit(cell: c, first: first, count: min(SweepRunner.chunk, cell.games - first), career: false))
            }
            totalGames += cell.games
            totalCareers += cell.careers
        }
        let games = Slots<GameOutcome>(count: totalGames, fill: GameOutcome())
        let careers = Slots<CareerOutcome>(count: totalCareers, fill: CareerOutcome())
        let work = totalGames + totalCareers * max(1, career.days * max(1, career.gamesPerDay))
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let units_ = units, gameOffset_ = gameOffset, careerOffset_ = careerOffset
        // Units left per cell; the lock also orders the slots' writes before the
        // reads of the thread that finishes the cell.
        var left = [Int](repeating: 0, count: cells.count)
        for u in units { left[u.cell] += 1 }
        let remaining = Mutex(left)
        let cellDone_ = cellDone.map { f in UncheckedBox(f) }
        let seedBase = self.seedBase, careerOptions = self.career, progress = self.progress, series = self.series
        let dailyStart = self.dailyStart
        let worker = { @Sendable () -> Void in
            while true {
                let u = next.add(1, ordering: .relaxed).oldValue
                guard u < units_.count else { return }
                let unit = units_[u]
                let cell = cells[unit.cell]
                if unit.career {
                    careers[careerOffset_[unit.cell] + unit.first] =
                        SweepRunner.playCareer(cell, index: unit.first, seedBase: seedBase, options: careerOptions, series: series)
                } else {
                    for g in unit.first..<(unit.first + unit.count) {
                        games[gameOffset_[unit.cell] + g] = SweepRunner.playGame(cell, index: g, seedBase: seedBase, series: series,
                                                                                           dailyStart: dailyStart)
                    }
                }
                let weight = unit.career ? max(1, careerOptions.days * max(1, careerOptions.gamesPerDay)) : unit.count
                let before = done.add(weight, ordering: .relaxed).oldValue
                progress?(before + weight, work)
                if let cellDone_ {
                    remaining.withLock { left in
                        left[unit.cell] -= 1
                        guard left[unit.cell] == 0 else { return }
                        let c = unit.cell
                        cellDone_.value(c, Array(games.buffer[gameOffset_[c]..<(gameOffset_[c] + cells[c].games)]),
                                        Array(careers.buffer[careerOffset_[c]..<(careerOffset_[c] + cells[c].careers)]))
                    }
                }
            }
        }
        if jobs == 1 { worker() } else { DispatchQueue.concurrentPerform(iterations: jobs) { _ in worker() } }
        // A cell with nothing to play (no games, no careers) is done at once.
        if let cellDone { for c in cells.indices where left[c] == 0 { cellDone(c, [], []) } }
        return cells.indices.map { c in
            (Array(games.buffer[gameOffset[c]..<(gameOffset[c] + cells[c].games)]),
             Array(careers.buffer[careerOffset[c]..<(careerOffset[c] + cells[c].careers)]))
        }
    }

    /// One game from a fresh ocean, the session opened at the default date and time:
    /// the same inputs `GamePlan` gives (`ocean sim`), driven here with the bot's own
    /// type so that nothing is copied or boxed per tick. In daily mode game `index` is
    /// the Daily Ocean of `dailyStart` plus `index` days, as a player opens it (a
    /// session on that date, one arcade game from its seed).
    public static func playGame(_ cell: Cell, index: Int, seedBase: UInt64, series: Bool = false,
                                dailyStart: CalendarDate = TuneSpec.defaultDailyStart) -> GameOutcome {
        var seed = Seeds.game(base: seedBase, index: index)
        var session = DefaultSession.command
        if cell.player.mode == .daily {
            let date = CalendarDate(dayNumber: dailyStart.dayNumber + index)
            seed = DailyGame.seed(date: date, balanceHash: cell.dailyHash)
            session = .beginSession(date, minuteOfDay: DailyGame.minuteOfDay)
        }
        struct Play: BotBody {
            let rules: Rules, seed: UInt64, series: Bool, session: Command, mode: PlayMode
            func run<B: Bot>(_ bot: B) -> GameOutcome { SweepRunner.play(bot, rules, seed, series, session: session, mode: mode) }
        }
        return cell.player.kind.with(seed: seed, skill: cell.player.skill, input: cell.player.input,
                                     Play(rules: cell.rules, seed: seed, series: series, session: session, mode: cell.player.mode.play))
    }

    @inline(__always)
    static func play<B: Bot>(_ bot: B, _ rules: Rules, _ seed: UInt64, _ series: Bool, session: Command = DefaultSession.command,
                             mode: PlayMode = .classic) -> GameOutcome {
        var bot = bot
        var sim = Simulation(rules: rules, seed: seed)
        sim.step(TickInput(command: session))
        sim.step(TickInput(bot.control(sim.state, rules: rules), command: .start(mode)))
        let startTick = sim.state.tick
        var rounds: [Snapshot] = []
        var round = sim.state.round
        while sim.state.mode != .idle {
            sim.step(TickInput(bot.control(sim.state, rules: rules)))
            // A round ended: its running totals (the game's end closes the last one).
            if series && (sim.state.round != round || sim.state.mode == .idle) {
                rounds.append(Snapshot(sim.state))
                round = sim.state.round
            }
        }
        let t = sim.state.totals
        var o = GameOutcome()
        o.rounds = rounds
        o.ticks = sim.state.tick - startTick
        // The last step ended the game: its summary has the round and how it ended.
        for case .gameOver(let summary) in sim.events {
            o.roundReached = summary.rounds
            o.endedByMisses = summary.mode == .arcade && !summary.cleared && !summary.abandoned
        }
        (o.catches, o.misses, o.bestCombo, o.score, o.grams) = (t.catches, t.misses, t.bestCombo, t.score, t.grams)
        o.perfect = t.perfectGames > 0
        o.health = sim.state.health
        return o
    }

    /// One career (see `CareerPlan`): the first day each milestone was reached.
    public static func playCareer(_ cell: Cell, index: Int, seedBase: UInt64, options: TuneSpec.Career,
                                  series: Bool = false) -> CareerOutcome {
        let seed = Seeds.career(base: seedBase, index: index)
        var o = CareerPlan.Options()
        o.days = options.days
        o.gamesPerDay = options.gamesPerDay
        o.skipPercent = options.skipPercent
        o.rightAnswerPercent = CareerPlan.rightAnswerPercent(skill: cell.player.skill)
        let startDay = o.start.dayNumber
        var outcome = CareerOutcome()
        // The bot as its own type (`BotKind.runCareer`): its plan calls it directly.
        _ = cell.player.kind.runCareer(rules: cell.rules, state: GameState(rules: cell.rules, seed: seed), options: o, botSeed: seed,
                                       planSeed: seed, skill: cell.player.skill, input: cell.player.input) { (s: GameState, _: Int) in
            guard s.career.hasSession else { return }
            let day = s.career.today - startDay + 1
            // A second sea opens when the first reaches Thriving, and a player may move
            // there the same day (its phase is then Polluted): every phase was reached.
            let first = s.seas.count >= 2 ? Phase.thriving : s.phase
            let reached = [first >= .stabilizing, first >= .recovering, first >= .flourishing, first >= .thriving,
                           s.career.level >= 10, s.career.level >= 50,
                           s.career.pet.adopted && s.career.pet.stage >= .adult,
                           s.career.pet.adopted && s.career.pet.stage >= .elder,
                           s.seas.count >= 2, s.seas.count >= 3]
            for (i, r) in reached.enumerated() where r && outcome.day[i] == 0 { outcome.day[i] = day }
            if series && day >= 1 && day <= o.days {
                // Days skipped since the last one played keep its figures.
                while outcome.days.count < day - 1 { outcome.days.append(outcome.days.last ?? Snapshot()) }
                if outcome.days.count == day - 1 { outcome.days.append(Snapshot(s)) } else { outcome.days[day - 1] = Snapshot(s) }
            }
        }
        if series { while outcome.days.count < o.days { outcome.days.append(outcome.days.last ?? Snapshot()) } }
        return outcome
    }
}

/// A closure called under a lock from the worker threads: the lock, not the type,
/// makes it safe.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ v: T) { value = v }
}

/// Slots that threads fill, each slot by exactly one thread.
final class Slots<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(count: Int, fill: T) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: fill)
    }
    subscript(i: Int) -> T {
        get { buffer[i] }
        set { buffer[i] = newValue }
    }
    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
