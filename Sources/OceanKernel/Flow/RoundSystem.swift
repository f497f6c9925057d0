/// Game flow: a round ends when it has spawned all its items and none is left
/// falling; then a break, then the next round, until the last round ends the game.
enum RoundSystem {
    /// A start command: a new game, unless one is on.
    static func startGame(_ command: Command, _ s: inout GameState, rules: Rules, events: inout [Event]) {
        guard case .startGame = command, s.mode == .idle else { return }
        s.totals.games += 1
        s.game = GameTally()
        events.append(.gameStarted(game: s.totals.games))
        // The fair spawner's plan starts where the bin is.
        if rules.fairSpawn {
            s.plan.removeAll(keepingCapacity: true)
            s.plan.append(PlanPoint(tick: s.tick, x: s.bin.x))
        }
        start(round: 1, &s, rules: rules, events: &events)
    }

    /// An abandon command ends the game on now, unless none is on.
    static func abandon(_ command: Command, _ s: inout GameState, rules: Rules, events: inout [Event]) {
        guard case .abandon = command, s.mode != .idle else { return }
        s.items.removeAll(keepingCapacity: true)
        endGame(&s, rules: rules, events: &events, abandoned: true)
    }

    static func run(_ s: inout GameState, rules: Rules, events: inout [Event]) {
        switch s.mode {
        case .idle:
            break
        case .playing:
            guard s.roundSpawned == rules.roundItems[s.round - 1], s.items.isEmpty else { return }
            events.append(.roundEnded(round: s.round))
            if s.round == rules.roundsPerGame {
                endGame(&s, rules: rules, events: &events)
            } else if rules.breakTicks == 0 {
                start(round: s.round + 1, &s, rules: rules, events: &events)
            } else {
                s.mode = .roundBreak
                s.breakTimer = rules.breakTicks
            }
        case .roundBreak:
            s.breakTimer -= 1
            if s.breakTimer == 0 { start(round: s.round + 1, &s, rules: rules, events: &events) }
        }
    }

    static func start(round: Int, _ s: inout GameState, rules: Rules, events: inout [Event]) {
        s.mode = .playing
        s.round = round
        s.roundSpawned = 0
        s.spawnTimer = round == 1 ? rules.countdownTicks + rules.firstSpawnDelayTicks : rules.roundGapTicks[round - 1]
        events.append(.roundStarted(round: round))
    }

    private static func endGame(_ s: inout GameState, rules: Rules, events: inout [Event], abandoned: Bool = false) {
        let perfect = s.game.misses == 0 && !abandoned
        if perfect {
            s.game.score += rules.perfectGameBonus
            s.totals.score += rules.perfectGameBonus
            s.totals.perfectGames += 1
            events.append(.perfectGame)
        }
        events.append(.gameOver(GameSummary(
            game: s.totals.games, catches: s.game.catches, misses: s.game.misses,
            bestCombo: s.game.bestCombo, score: s.game.score, grams: s.game.grams, perfect: perfect,
            abandoned: abandoned)))
        s.mode = .idle
        s.round = 0
        s.roundSpawned = 0
        s.spawnTimer = 0
        s.breakTimer = 0
        if !s.plan.isEmpty { s.plan.removeAll(keepingCapacity: true) }
    }
}
