/// Turns this tick's outcomes into combo, points and grams. A catch extends the
/// combo; the multiplier grows by one every `comboStep` catches of the combo, up to
/// `multiplierCap`; a miss breaks the combo.
enum ScoringSystem {
    static func run(_ s: inout GameState, log: borrowing TickLog, rules: Rules, events: inout [Event]) {
        for outcome in log.outcomes {
            switch outcome {
            case .caught(let kind, let x) where rules.hasSeaLife && rules.isSeaLife[kind.rawValue]:
                events.append(.seaLifeCaught(kind: kind, x: x))
                if s.game.combo > 0 { events.append(.comboBroken(combo: s.game.combo)) }
                s.game.combo = 0
                s.game.seaLifeHits += 1
            case .caught(let kind, let x):
                // The item's real mass; only a plastic kind's counts as plastic.
                let grams = rules.grams[kind.rawValue]
                let plastic = rules.plasticGrams[kind.rawValue]
                s.game.combo += 1
                s.game.bestCombo = max(s.game.bestCombo, s.game.combo)
                let multiplier = rules.multiplier(forCombo: s.game.combo)
                let points = rules.pointsPerCatch * multiplier
                // A power-up scores and keeps the combo going; only trash counts as caught.
                let trash = rules.isTrash[kind.rawValue] ? 1 : 0
                s.game.catches += trash
                s.game.score += points
                s.game.grams += plastic
                s.totals.catches += trash
                s.totals.score += points
                s.totals.grams += plastic
                s.totals.bestCombo = max(s.totals.bestCombo, s.game.combo)
                events.append(.caught(kind: kind, grams: grams, combo: s.game.combo, points: points, multiplier: multiplier, x: x))
                if rules.hasPowerUps { PowerSystem.take(kind, &s, rules: rules, events: &events) }
            case .missed(let kind, let x):
                events.append(.missed(kind: kind, x: x))
                if s.game.combo > 0 { events.append(.comboBroken(combo: s.game.combo)) }
                s.game.combo = 0
                s.game.misses += 1
                s.totals.misses += 1
                // Arcade: one bin of the budget gone (the round system ends the game at none).
                if s.missesLeft > 0 { s.missesLeft -= 1 }
            case .scanned(let kind):
                s.totals.scans += 1
                s.totals.grams += rules.scanPlastic(kind)
                events.append(.scanned(kind: kind, grams: rules.scanMass(kind)))
            case .scanLogged(let kind):
                events.append(.scanLogged(kind: kind, scansToday: s.scansToday))
            case .passed(let kind, let x):
                events.append(.passed(kind: kind, x: x))
            case .bounced(let kind, let x):
                events.append(.bounced(kind: kind, x: x))
            case .absent, .dayBegan:
                break
            }
        }
    }

}

extension Rules {
    /// The combo's multiplier: one more every `comboStep` catches of the combo, up to
    /// `multiplierCap`; 1 with no combo. The one formula (the HUD shows it too).
    public func multiplier(forCombo combo: Int) -> Int {
        combo <= 0 ? 1 : min(multiplierCap, 1 + (combo - 1) / comboStep)
    }
}
