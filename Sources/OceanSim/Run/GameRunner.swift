import OceanKernel

/// Plays a number of whole games with a bot: starts a game whenever none is on,
/// until the last one ends. Produces one `TickInput` per tick; `nil` when done.
public struct GamePlan {
    public let games: Int
    public private(set) var bot: any Bot

    public init(bot: any Bot, games: Int) {
        self.bot = bot
        self.games = games
    }

    public mutating func input(for sim: Simulation) -> TickInput? {
        let s = sim.state
        if s.mode == .idle {
            guard s.totals.games < games else { return nil }
            return TickInput(move: bot.move(s, rules: sim.rules), command: .startGame)
        }
        return TickInput(move: bot.move(s, rules: sim.rules))
    }
}

/// What a headless run ended with: the fields `ocean sim` prints.
public struct RunReport: Equatable, Sendable {
    public var ticks: Int
    public var games: Int
    public var catches: Int
    public var misses: Int
    public var perfectGames: Int
    public var bestCombo: Int
    public var score: Int
    public var grams: Int
    public var health: Int
    public var phase: Phase
    public var hashes: StateHashes

    public init(_ s: GameState) {
        ticks = s.tick
        games = s.totals.games
        catches = s.totals.catches
        misses = s.totals.misses
        perfectGames = s.totals.perfectGames
        bestCombo = s.totals.bestCombo
        score = s.totals.score
        grams = s.totals.grams
        health = s.health
        phase = s.phase
        hashes = StateHashes(s)
    }

    /// One JSON object, keys in a fixed order, so equal runs print equal bytes.
    public var json: String {
        var fields: [(String, String)] = [
            ("ticks", "\(ticks)"), ("games", "\(games)"), ("catches", "\(catches)"),
            ("misses", "\(misses)"), ("perfectGames", "\(perfectGames)"), ("bestCombo", "\(bestCombo)"),
            ("score", "\(score)"), ("grams", "\(grams)"), ("health", "\(health)"),
            ("phase", "\"\(phase.name)\""), ("hash", "\"\(hex16(hashes.full))\""),
        ]
        let subs = Subsystem.allCases.map { "\"\($0.name)\": \"\(hex16(hashes[$0]))\"" }.joined(separator: ", ")
        fields.append(("subsystemHashes", "{\(subs)}"))
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The same facts for a person.
    public var text: String {
        let pct = "\(health / 100).\(String(repeating: "0", count: health % 100 < 10 ? 1 : 0))\(health % 100)"
        return """
        games         \(games) (\(perfectGames) perfect)
        ticks         \(ticks) (\(ticks / Fixed.ticksPerSecond / 60)m \(ticks / Fixed.ticksPerSecond % 60)s of play)
        catches       \(catches)
        misses        \(misses)
        best combo    \(bestCombo)
        score         \(score)
        plastic       \(grams) g
        ocean health  \(pct) % (\(phase.name))
        hash          \(hex16(hashes.full))
        """
    }
}

/// Runs whole games headlessly, at full speed, and reports how they ended.
public func runGames(rules: Rules, seed: UInt64, bot: BotKind, games: Int, skill: Int = 70) -> RunReport {
    var sim = Simulation(rules: rules, seed: seed)
    var plan = GamePlan(bot: bot.make(seed: seed, skill: skill), games: games)
    while let input = plan.input(for: sim) { sim.step(input) }
    return RunReport(sim.state)
}
