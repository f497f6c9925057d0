/// Drops new trash at the top while the round still owes items, one burst per gap,
/// never more than `maxLive` at once (it waits for room instead).
enum SpawnSystem {
    static func run(_ s: inout GameState, rules: Rules, events: inout [Event]) {
        guard s.mode == .playing else { return }
        let owed = rules.roundItems[s.round - 1] - s.roundSpawned
        guard owed > 0 else { return }
        if s.spawnTimer > 0 { s.spawnTimer -= 1 }
        guard s.spawnTimer == 0 else { return }
        let burst = min(rules.spawnBurst, owed, rules.maxLive - s.items.count)
        guard burst > 0 else { return }
        for _ in 0..<burst { spawnOne(&s, rules: rules, events: &events) }
        s.roundSpawned += burst
        s.spawnTimer = rules.roundGapTicks[s.round - 1]
    }

    private static func spawnOne(_ s: inout GameState, rules: Rules, events: inout [Event]) {
        let weights = rules.cumulativeWeight
        let draw = s.random.below(weights[weights.count - 1])
        var k = 0
        while draw >= weights[k] { k += 1 }
        let kind = ItemKind(rawValue: k)!
        let half = rules.halfSize[k]
        let x = s.random.inRange(half...(rules.width - half))
        let sway = Int32(s.random.below(2) == 0 ? rules.swayAccel[k] : -rules.swayAccel[k])
        s.items.append(Item(x: x, y: -half, vx: 0, vy: 0, ax: sway, kind: kind))
        events.append(.itemSpawned(kind: kind, xPx: Fixed.wholePixels(x)))
    }
}
