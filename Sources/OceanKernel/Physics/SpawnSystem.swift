/// Drops new trash at the top while the round still owes items, one burst per gap,
/// never more than `maxLive` at once (it waits for room instead).
///
/// Fair spawning (`rules.fairSpawn`): before an item drops, the spawner works out
/// when and where it will meet the rim (`ItemSystem.forecast`, the tick's own motion)
/// and fits it into `state.plan`, the path of a perfect player's bin that rests under
/// each item as it lands and travels between them with the pilot's physics
/// (`BinPilot`, `Rules.reach`). The new item's catch must be reachable from the
/// plan's point before it and must leave the point after it reachable. If it is not,
/// the item is moved sideways toward what is reachable (its sway keeps the same
/// shape); if even that fails it is not dropped this tick, and the spawner tries
/// again next tick, a later landing with more time in hand. So every item dropped can
/// be caught, and the oracle bot, which drives the plan, catches all of them.
enum SpawnSystem {
    static func run(_ s: inout GameState, rules: Rules, forecasts: inout SpawnForecasts, events: inout [Event]) {
        guard s.mode == .playing else { return }
        let row = rules.row(s)
        let owed = rules.roundItems[row] - s.roundSpawned
        guard owed > 0 else { return }
        if s.spawnTimer > 0 { s.spawnTimer -= 1 }
        guard s.spawnTimer == 0 else { return }
        let burst = min(rules.spawnBurst, owed, rules.maxLive - s.items.count)
        guard burst > 0 else { return }
        var dropped = 0
        while dropped < burst && spawnOne(&s, rules: rules, forecasts: &forecasts, events: &events) { dropped += 1 }
        guard dropped > 0 else { return }  // nothing fits yet: try again next tick
        s.roundSpawned += dropped
        s.spawnTimer = rules.roundGapTicks[row]
    }

    /// A kind drawn from the row's weights with sea life's scaled by the sea's mix
    /// (`sea.KEY.sea_life_percent`), without a table: a few kinds, one pass to sum and
    /// one to find. (At 100 % the plain draw above is used, so the bay's games draw as
    /// they always have.)
    private static func drawInSea(_ s: inout GameState, rules: Rules, base: Int, seaLifePercent: Int) -> Int {
        let w = rules.cumulativeWeight
        func weight(_ j: Int) -> Int {
            let own = w[base + j] - (j == 0 ? 0 : w[base + j - 1])
            return own * (rules.isSeaLife[j] ? seaLifePercent : 100)
        }
        var total = 0
        for j in 0..<rules.kindCount { total += weight(j) }
        guard total > 0 else {
            // Only sea life, and none in this sea: the row as the kinds weigh it.
            let draw = s.random.below(w[base + rules.kindCount - 1])
            var k = 0
            while draw >= w[base + k] { k += 1 }
            return k
        }
        var draw = s.random.below(total)
        for j in 0..<rules.kindCount {
            let wj = weight(j)
            if draw < wj { return j }
            draw -= wj
        }
        return rules.kindCount - 1
    }

    private static func spawnOne(_ s: inout GameState, rules: Rules, forecasts: inout SpawnForecasts, events: inout [Event]) -> Bool {
        let row = rules.row(s)
        let base = row * rules.kindCount
        let weights = rules.cumulativeWeight
        var k = 0
        let seaLife = rules.hasSeaLife && s.seaIndex < rules.seaLifePercent.count ? rules.seaLifePercent[s.seaIndex] : 100
        if seaLife == 100 {
            let draw = s.random.below(weights[base + rules.kindCount - 1])
            while draw >= weights[base + k] { k += 1 }
        } else {
            k = drawInSea(&s, rules: rules, base: base, seaLifePercent: seaLife)
        }
        let kind = ItemKind(rawValue: k)
        let half = rules.halfSize[k]
        let x = s.random.inRange(half...(rules.width - half))
        let rightward = s.random.below(2) == 0
        let sway = Int32(rightward ? rules.swayAccel[k] : -rules.swayAccel[k])
        var item = Item(x: x, y: -half, vx: 0, vy: 0, ax: sway, kind: kind)
        if rules.hasSeaLife && rules.isSeaLife[k] {
            // Sea life leaps out of the water and drifts across as it arcs back down.
            let drift = Int32(rightward ? rules.swaySpeed[k] : -rules.swaySpeed[k])
            let leap = rules.fall[base + k].leapSpeed
            item = Item(x: x, y: rules.waterLine - half - 1, vx: drift, vy: -leap, ax: 0, kind: kind)
        }
        if rules.fairSpawn {
            guard fit(&item, &s, rules: rules, forecasts: &forecasts) else { return false }
        }
        s.items.append(item)
        events.append(.itemSpawned(kind: kind, xPx: Fixed.wholePixels(item.x)))
        return true
    }

    /// Places `item`'s catch in the plan (or, for sea life, a place for the bin to be
    /// clear of it), moving the item sideways if needed; false if it cannot be caught
    /// (or let pass) after the items already promised.
    private static func fit(_ item: inout Item, _ s: inout GameState, rules: Rules, forecasts: inout SpawnForecasts) -> Bool {
        // Points already passed are history: keep the latest as where the path stands.
        var passed = 0
        while passed + 1 < s.plan.count && s.plan[passed + 1].tick < s.tick { passed += 1 }
        if passed > 0 { s.plan.removeFirst(passed) }
        if s.plan.isEmpty { s.plan.append(PlanPoint(tick: s.tick, x: s.bin.x)) }

        let k = item.kind.rawValue
        let fallIndex = rules.row(s) * rules.kindCount + k
        let fall = rules.fall[fallIndex]
        var landing = forecasts.landing(item, fall: fallIndex, rules: rules)
        // Spawned now, it moves in this very tick: its n-th move is tick + n - 1.
        let tick = s.tick + landing.ticks - 1
        var at = s.plan.count
        while at > 1 && s.plan[at - 1].tick > tick { at -= 1 }
        var from = s.plan[at - 1]
        var budget = tick - from.tick
        if rules.reachFromAppearance && from.tick < s.tick {
            // The path's last point is behind us: the bin may have left it. Count the
            // reach from the bin as it is now, once it has come to rest (a perfect
            // player knows nothing of this item before it appears).
            let stop = BinPilot.stop(s.bin, motion: rules.binMotion)
            from = PlanPoint(tick: s.tick, x: stop.x)
            budget = tick - s.tick - stop.ticks
            guard budget >= 0 else { return false }
        }
        // The pilot rests within its tolerance of each point, not on it: under the newer
        // rules a move between two points keeps that much of its reach in hand.
        let off = rules.reachFromAppearance ? BinPilot.tolerance : 0
        func reach(_ ticks: Int) -> Int { max(0, rules.reach(ticks) - off) }
        let minX = rules.binHalfWidth, maxX = rules.width - rules.binHalfWidth
        var low = max(minX, from.x - reach(budget))
        var high = min(maxX, from.x + reach(budget))
        if at < s.plan.count {
            let after = s.plan[at]
            low = max(low, after.x - reach(after.tick - tick))
            high = min(high, after.x + reach(after.tick - tick))
        }
        guard low <= high else { return false }
        // The pilot comes to rest within its tolerance of a point: under the newer
        // rules the plan keeps that much inside the mouth besides the margin.
        let margin = rules.reachFromAppearance ? max(rules.reachMargin, BinPilot.tolerance + Fixed.one) : rules.reachMargin
        if rules.hasSeaLife && rules.isSeaLife[k] {
            // Clear of it: the widest mouth (a net may be on by then), its body, the margin.
            let clear = rules.netHalfWidth + fall.catchBody + margin
            let x = min(high, max(low, from.x))
            var place: Int?
            if abs(x - landing.x) > clear {
                place = x
            } else {
                let left = landing.x - clear - Fixed.one, right = landing.x + clear + Fixed.one
                let canLeft = left >= low, canRight = right <= high
                if canLeft && (!canRight || abs(left - from.x) <= abs(right - from.x)) { place = left }
                else if canRight { place = right }
            }
            guard let place else { return false }
            s.plan.insert(PlanPoint(tick: tick, x: place), at: at)
            return true
        }
        // Where the bin's centre may be for the catch, inside the mouth (and the
        // item's body, by its kind's rule) by the margin.
        let give = rules.binHalfWidth + fall.catchBody - margin
        for _ in 0..<3 {
            let from2 = max(low, landing.x - give), to = min(high, landing.x + give)
            if from2 <= to {
                s.plan.insert(PlanPoint(tick: tick, x: min(to, max(from2, from.x))), at: at)
                return true
            }
            // Slide the item so it lands where the bin can be (walls may bend the
            // slide, so look again).
            let goal = landing.x < low ? low - give : high + give
            let half = fall.halfSize
            item.x = min(rules.width - half, max(half, item.x + goal - landing.x))
            landing = forecasts.landing(item, fall: fallIndex, rules: rules)
        }
        return false
    }
}
