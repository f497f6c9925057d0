import OceanKernel
import OceanReplay

/// Plays a number of whole games with bots: starts a game whenever none is on,
/// until the last one ends. Game n is played by `bots[n]`, the last bot playing any
/// games beyond the list. Produces one `TickInput` per tick; `nil` when done.
public struct GamePlan {
    public let games: Int
    private var bots: [any Bot]
    private var current = 0
    /// A session to begin first (the app opening), if any.
    private var session: Command?

    public init(bot: any Bot, games: Int, session: Command? = nil) {
        self.init(bots: [bot], games: games, session: session)
    }

    public init(bots: [any Bot], games: Int, session: Command? = nil) {
        precondition(!bots.isEmpty)
        self.bots = bots
        self.games = games
        self.session = session
    }

    public mutating func input(for sim: Simulation) -> TickInput? {
        let s = sim.state
        if let session {
            self.session = nil
            return TickInput(command: session)
        }
        if s.mode == .idle {
            guard s.totals.games < games else { return nil }
            current = min(s.totals.games, bots.count - 1)
            return TickInput(move: bots[current].move(s, rules: sim.rules), command: .startGame)
        }
        return TickInput(move: bots[current].move(s, rules: sim.rules))
    }
}

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

/// What a headless run ended with: the fields `ocean sim` prints.
public struct RunReport: Equatable, Sendable {
    public var ticks: Int
    public var summary: ReplaySummary
    public var hashes: StateHashes

    public init(_ s: GameState) {
        ticks = s.tick
        summary = ReplaySummary(s)
        hashes = StateHashes(s)
    }

    /// One JSON object, keys in a fixed order, so equal runs print equal bytes.
    public var json: String {
        var fields = [("ticks", "\(ticks)")] + summary.jsonFields
        fields.append(("hash", "\"\(hex16(hashes.full))\""))
        let subs = Subsystem.allCases.map { "\"\($0.name)\": \"\(hex16(hashes[$0]))\"" }.joined(separator: ", ")
        fields.append(("subsystemHashes", "{\(subs)}"))
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The same facts for a person.
    public var text: String {
        let m = summary
        return """
        games         \(m.games) (\(m.perfectGames) perfect)
        ticks         \(ticks) (\(ticks / Fixed.ticksPerSecond / 60)m \(ticks / Fixed.ticksPerSecond % 60)s of play)
        catches       \(m.catches)
        misses        \(m.misses)
        best combo    \(m.bestCombo)
        score         \(m.score)
        plastic       \(m.grams) g
        ocean health  \(percent(m.health)) % (\(m.phase.name))
        hash          \(hex16(hashes.full))
        """
    }
}

/// Health (in 1/10000) as a percentage with two decimals: 1505 → "15.05".
public func percent(_ health: Int) -> String {
    "\(health / 100).\(health % 100 < 10 ? "0" : "")\(health % 100)"
}

/// Runs whole games headlessly, at full speed, and reports how they ended.
/// The session `ocean sim` begins when no date is given: fixed, so that a run's
/// output does not depend on the day it is made.
public let defaultSession = Command.beginSession(CalendarDate(year: 2026, month: 1, day: 1), minuteOfDay: 12 * 60)

public func runGames(rules: Rules, seed: UInt64, bot: BotKind, games: Int, skill: Int = 70) -> RunReport {
    runGames(rules: rules, seed: seed, schedule: BotSchedule(bot.rawValue)!, games: games, skill: skill)
}

public func runGames(rules: Rules, seed: UInt64, schedule: BotSchedule, games: Int, skill: Int = 70,
                     session: Command = defaultSession) -> RunReport {
    var sim = Simulation(rules: rules, seed: seed)
    var plan = schedule.plan(seed: seed, skill: skill, games: games, session: session)
    while let input = plan.input(for: sim) { sim.step(input) }
    return RunReport(sim.state)
}
