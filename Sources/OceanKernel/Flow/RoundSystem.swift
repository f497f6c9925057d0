/// Game flow: a round ends when it has spawned all its items and none is left
/// falling; then a break, then the next round. A classic game ends with its last
/// round; an arcade game when its misses run out, or as cleared with the round cap.
enum RoundSystem {
    /// A start command: a new game (classic or arcade), unless one is on.
    static func startGame(_ command: Command, _ s: inout GameState, rules: Rules, events: inout [Event]) {
        guard case .start(let mode) = command, s.mode == .idle else { return }
        s.totals.games += 1
        s.game = GameTally()
        s.playMode = mode
        s.missesLeft = mode == .arcade ? rules.arcadeMissBudget : 0
        // The classic game's tempo follows the player's level, fixed for the game.
        s.tempoStep = mode == .classic ? rules.tempoStep(forLevel: s.career.level) : 0
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
            if s.playMode == .arcade && s.missesLeft <= 0 {
                // The budget is spent: what is still falling is cleared, not missed.
                s.items.removeAll(keepingCapacity: true)
                endGame(&s, rules: rules, events: &events)
                return
            }
            guard s.roundSpawned == rules.roundItems[rules.row(s)], s.items.isEmpty else { return }
            events.append(.roundEnded(round: s.round))
            let arcade = s.playMode == .arcade
            if arcade && s.game.misses == s.roundStartMisses && rules.arcadeRefund > 0
                && s.missesLeft < rules.arcadeMissBudget {
                s.missesLeft = min(rules.arcadeMissBudget, s.missesLeft + rules.arcadeRefund)
                events.append(.missRefunded(missesLeft: s.missesLeft))
            }
            if s.round == (arcade ? rules.arcadeRoundCap : rules.roundsPerGame) {
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
        s.roundStartMisses = s.game.misses
        s.spawnTimer = round == 1 ? rules.countdownTicks + rules.firstSpawnDelayTicks : rules.roundGapTicks[rules.row(s)]
        events.append(.roundStarted(round: round))
    }

    private static func endGame(_ s: inout GameState, rules: Rules, events: inout [Event], abandoned: Bool = false) {
        let arcade = s.playMode == .arcade
        // An arcade game is cleared by finishing the cap's round; classic is perfect with no miss.
        let cleared = arcade && !abandoned && s.missesLeft > 0
        let perfect = s.game.misses == 0 && s.game.seaLifeHits == 0 && !abandoned && (!arcade || cleared)
        if perfect {
            s.game.score += rules.perfectGameBonus
            s.totals.score += rules.perfectGameBonus
            s.totals.perfectGames += 1
            events.append(.perfectGame)
        }
        if !abandoned {
            HealthSystem.mastered(&s, catches: s.game.catches, mistakes: s.game.misses + s.game.seaLifeHits,
                                  rules: rules, events: &events)
        }
        events.append(.gameOver(GameSummary(
            game: s.totals.games, catches: s.game.catches, misses: s.game.misses,
            bestCombo: s.game.bestCombo, score: s.game.score, grams: s.game.grams, perfect: perfect,
            abandoned: abandoned, mode: s.playMode, rounds: s.round, cleared: cleared,
            seaLifeHits: s.game.seaLifeHits)))
        s.mode = .idle
        s.round = 0
        s.roundSpawned = 0
        s.spawnTimer = 0
        s.breakTimer = 0
        s.missesLeft = 0
        s.roundStartMisses = 0
        s.tempoStep = 0
        PowerSystem.clear(&s)
        if !s.plan.isEmpty { s.plan.removeAll(keepingCapacity: true) }
    }
}
