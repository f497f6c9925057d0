/// A validated `Balance` converted once into the units the tick works in: fixed-point
/// pixels per tick, ticks instead of milliseconds, tables per round and kind. The
/// tick reads only these, so it never divides to convert a unit.
///
/// Immutable, and a class so that handing it to each system every tick passes a
/// reference instead of copying a kilobyte of constants.
public final class Rules: Sendable {
    /// The constants this was derived from (replays carry them whole).
    public let balance: Balance

    public let width: Int
    public let waterLine: Int
    public let binHalfWidth: Int
    public let rim: Int
    public let binAccel: Int
    public let binMaxSpeed: Int
    public let binFriction: Int
    public let binMotion: BinMotion

    public let maxLive: Int
    public let spawnBurst: Int

    /// The kinds' keys, indexed by `ItemKind.rawValue`.
    public let kindKeys: [String]
    /// The seas' keys, in the order they open (empty: one sea, as before seas).
    public let seaKeys: [String]
    /// Per sea: its rise cap in % of `dailyRiseCap`, and its health lost per day away.
    public let seaRiseCapPercent: [Int]
    public let seaNeglectPerDay: [Int]
    /// Per sea: sea life's share of the spawn weights, in % (100: as the kinds say).
    public let seaLifePercent: [Int]
    /// Whether the balance has seas (GAME_RULES §6).
    public var hasSeas: Bool { !seaKeys.isEmpty }
    public let kindCount: Int
    /// Every kind, in table order (kept, so a screen listing them allocates nothing).
    public let kinds: [ItemKind]
    // Per kind, indexed by `ItemKind.rawValue`.
    /// One item's real mass, whatever its material.
    public let grams: [Int]
    /// Whether the kind is plastic, and the grams of plastic one item of it counts.
    public let isPlastic: [Bool]
    public let plasticGrams: [Int]
    public let halfSize: [Int]
    public let swaySpeed: [Int]
    public let swayAccel: [Int]
    /// Per tempo row and kind (`row * kindCount + kind`): running sums of the spawn
    /// weights, for a weighted draw (a tempo step shifts the share of each kind).
    public let cumulativeWeight: [Int]
    /// How far past the mouth's edge an item's centre may be and still be caught
    /// (its body's share, `kind.KEY.catch_body_percent`; negative: it must fit).
    public let catchBody: [Int]
    /// % of its fall speed an item keeps when it bounces off the rim (0: none).
    public let bouncePercent: [Int]
    /// Sea life: let it pass (its leap is in `fall`).
    public let isSeaLife: [Bool]
    /// The power-up a kind is (`.none` for trash and sea life).
    public let powerUp: [PowerUp]
    /// Whether the balance holds any sea life or power-up (the tick skips their
    /// checks otherwise).
    /// Trash: neither sea life nor a power-up (what a miss, the tallies and the
    /// goal count).
    public let isTrash: [Bool]
    public let hasSeaLife: Bool
    public let hasPowerUps: Bool

    /// Per tempo row and kind, indexed `row * kindCount + kind`: everything the item
    /// physics needs about one item, in one place. A row is a round's tempo: rows
    /// 0..<roundsPerGame are a classic game's rounds, the next `arcadeRoundCap` rows
    /// an arcade game's (`row(round:arcade:)`).
    public let fall: [FallParams]

    // Per tempo row.
    public let roundItems: [Int]
    public let roundGapTicks: [Int]
    /// Classic tempo steps (`Balance.Tempo`): step 0 is day 1's game; a classic game
    /// plays the rows of its step, fixed at its start (`GameState.tempoStep`).
    public let tempoSteps: Int
    /// A net: the mouth's half-width while it lasts; how long it lasts.
    public let netHalfWidth: Int
    public let netTicks: Int
    /// A slack tide: items move on this % of ticks while it lasts; how long.
    public let tideSpeedPercent: Int
    public let tideTicks: Int
    /// Health a caught sea-life item costs.
    public let healthPerSeaLife: Int
    /// Arcade mode: the misses a game may take, what a perfect round gives back, and
    /// the round that ends it as cleared.
    public let arcadeMissBudget: Int
    public let arcadeRefund: Int
    public let arcadeRoundCap: Int
    public let firstSpawnDelayTicks: Int
    /// The 3-2-1 before a game's first item, in ticks (before `firstSpawnDelayTicks`).
    public let countdownTicks: Int
    /// Whether the spawner keeps every item catchable (`SpawnSystem`), and how far
    /// inside the mouth its plan keeps each catch.
    public let fairSpawn: Bool
    /// Fair spawning that counts each reach from when the item appears, never from
    /// an older point of the plan (`rounds.fair_spawn = 2`).
    public let reachFromAppearance: Bool
    public let reachMargin: Int
    /// `reachByTicks[t]`: the farthest a perfect player's bin goes from rest to rest
    /// with `t` ticks in hand between two catches (slack and the catch tick counted);
    /// beyond the table, anywhere.
    public let reachByTicks: [Int]
    public let breakTicks: Int
    public let roundsPerGame: Int

    public let pointsPerCatch: Int
    public let comboStep: Int
    public let multiplierCap: Int
    public let perfectGameBonus: Int

    public let healthStart: Int
    public let healthPerScan: Int
    public let healthPerCatch: Int
    public let healthPerMiss: Int
    /// Grams one scan adds; 0: the scanned kind's own mass (see `scanMass`).
    public let scanGrams: Int
    /// The lowest health of each phase, indexed by `Phase.rawValue`.
    public let phaseFloor: [Int]
    public let hysteresis: Int
    /// Health a day's play can add above, or take below, the day's starting health.
    public let dailyRiseCap: Int
    public let dailyFallCap: Int
    /// The caps hold the day's net (GAME_RULES §2), not each event in turn.
    public let dailyCapOnSum: Bool
    /// `health.rise_open_percent` and `rise_cap_drop_percent` (see `riseCap`).
    public let riseOpenPercent: Int
    public let riseOpensFromPercent: Int
    public let riseCapDropPercent: Int
    /// `health.mastery_rise` and `mastery_misses` (see `masteryPercent`).
    public let masteryRise: Int
    public let masteryMisses: Int
    /// `health.rewards_over_cap`: a challenge's health reward raises the day's cap by as much.
    public let rewardsOverCap: Bool
    /// `levelFrom[L]`: lifetime plastic (and challenge grams) at which level L
    /// begins (index 0 unused, level 1 from 0 g), up to `career.maxLevel`.
    public let levelFrom: [Int]

    public let career: Balance.Career
    public let pet: Balance.Pet
    /// The first level of each title, indexed by `Title.rawValue`.
    public let titleFrom: [Int]
    /// Grams since adoption at which each stage begins, indexed by `PetStage.rawValue`.
    public let stageFrom: [Int]
    public let excitedTicks: Int
    public let happyTicks: Int
    public let sleepyIdleTicks: Int

    /// The challenge table, and the indices into it of each period's templates.
    public let challenges: [ChallengeTemplate]
    public let dailyTemplates: [Int]
    public let weeklyTemplates: [Int]
    /// Milestone n is bit n of `CareerState.milestones`.
    public let milestoneTemplates: [Int]
    /// The same milestones as plain numbers, what the tick checks (no template, no
    /// key string to retain per milestone per tick).
    let milestoneTable: [Milestone]
    public let hasChallenges: Bool
    /// The quiz cards' keys, indexed like the career's per-card arrays, and how many.
    public let cardKeys: [String]
    public let cardCount: Int

    /// What the tick needs of a milestone template.
    struct Milestone: Sendable {
        let template: Int
        let metric: ChallengeMetric
        let target: Int
        let rewardGrams: Int
        let rewardHealth: Int
    }

    /// The most kinds a balance may hold (`ItemKind` is 16 bits; the schema allows this many).
    public static let maxKinds = 64
    /// The most quiz cards a balance may hold (one bit each of `CareerState.masteredCards`).
    public static let maxCards = 62
    /// The most seas a balance may hold.
    public static let maxSeas = 16
    /// The most milestones a table may hold (one bit each).
    public static let maxMilestones = 62
    /// Health is a fixed-point fraction: this much is full health (1.0).
    public static let fullHealth = 10_000

    /// Derives rules from a balance that passed the loader's validation
    /// (per-field ranges and the cross-field rules of `OceanBalance.BalanceSchema`).
    public init(_ b: Balance) {
        balance = b
        width = Fixed.px(b.playfield.widthPx)
        waterLine = Fixed.px(b.playfield.waterLinePx)
        binHalfWidth = Fixed.px(b.bin.widthPx) / 2
        rim = Fixed.px(b.bin.rimPx)
        binAccel = Fixed.pxPerSecond2(b.bin.accelPxPerS2)
        binMaxSpeed = Fixed.pxPerSecond(b.bin.maxSpeedPxPerS)
        binFriction = Fixed.pxPerSecond2(b.bin.frictionPxPerS2)
        maxLive = b.items.maxLive
        spawnBurst = b.items.spawnBurst

        kindKeys = b.kinds.map(\.key)
        seaKeys = b.seas.map(\.key)
        seaRiseCapPercent = b.seas.map(\.riseCapPercent)
        seaNeglectPerDay = b.seas.map(\.neglectPerDay)
        seaLifePercent = b.seas.map(\.seaLifePercent)
        kindCount = b.kinds.count
        kinds = b.kinds.indices.map(ItemKind.init(rawValue:))
        grams = b.kinds.map(\.grams)
        isPlastic = b.kinds.map { $0.plastic != 0 }
        plasticGrams = b.kinds.map { $0.plastic != 0 ? $0.grams : 0 }
        halfSize = b.kinds.map { Fixed.px($0.sizePx) / 2 }
        swaySpeed = b.kinds.map { Fixed.pxPerSecond($0.swaySpeedPxPerS) }
        swayAccel = b.kinds.map { $0.swaySpeedPxPerS == 0 ? 0 : max(1, Fixed.pxPerSecond2($0.swayAccelPxPerS2)) }
        catchBody = b.kinds.map { Fixed.px($0.sizePx) / 2 * $0.catchBodyPercent / 100 }
        bouncePercent = b.kinds.map(\.bouncePercent)
        isSeaLife = b.kinds.map { $0.seaLife != 0 }
        powerUp = b.kinds.map { PowerUp(rawValue: $0.powerUp) ?? .none }
        isTrash = b.kinds.map { $0.seaLife == 0 && $0.powerUp == 0 }
        hasSeaLife = isSeaLife.contains(true)
        hasPowerUps = powerUp.contains { $0 != .none }

        let r = b.rounds
        roundsPerGame = r.perGame
        let t = b.tempo
        tempoSteps = t.maxSteps + 1
        var fall: [FallParams] = []
        var items: [Int] = []
        var gaps: [Int] = []
        var weights: [Int] = []
        let a = b.arcade
        // A classic game's rounds at each tempo step (round 1 always as step 0's: it
        // teaches), then an arcade game's: the same steps, the arcade's caps.
        let classic = (0...t.maxSteps).flatMap { step in
            (0..<r.perGame).map { (round: $0, step: $0 == 0 ? 0 : step, maxSpeed: r.maxSpeedPercent, minGap: r.minGapMs,
                                   maxItems: Int.max, late: 0) }
        }
        let rows = classic
            + (0..<a.roundCap).map { (round: $0, step: 0, maxSpeed: a.maxSpeedPercent, minGap: a.minGapMs,
                                       maxItems: a.maxRoundItems, late: a.lateItemsPerRound) }
        for (round, step, maxSpeed, minGap, maxItems, late) in rows {
            let rising = 100 + r.speedPercentAddedPerRound * round + t.speedPercentPerStep * step
            let speedPercent = round == 0 ? r.firstRoundSpeedPercent : min(maxSpeed, rising)
            // Arcade past its items' cap: each later round longer again (faster falls or
            // shorter gaps would only crowd the landings near the plan's bin, where the
            // fair spawner keeps each reachable; a longer round gives a miss back more
            // rarely). At most ten times the cap.
            let grown = r.firstRoundItems + r.itemsAddedPerRound * round
            var count = min(maxItems, grown)
            if late > 0, grown > maxItems, r.itemsAddedPerRound > 0 {
                let capped = (maxItems - r.firstRoundItems + r.itemsAddedPerRound - 1) / r.itemsAddedPerRound
                count = min(10 * maxItems, maxItems + late * (round - capped))
            }
            var sum = 0
            for (k, kind) in b.kinds.enumerated() {
                fall.append(FallParams(
                    halfSize: halfSize[k],
                    catchBody: catchBody[k],
                    swaySpeed: Int32(swaySpeed[k]),
                    gravity: Int32(max(1, Fixed.pxPerSecond2(b.items.gravityPxPerS2) * kind.fallPercent / 100
                        * speedPercent / 100)),
                    terminalSpeed: Int32(max(1, Fixed.pxPerSecond(kind.terminalSpeedPxPerS) * speedPercent / 100)),
                    // √ of the round's speed: gravity scales with it, so the leap's
                    // height stays the same in every round.
                    leapSpeed: Int32(Fixed.pxPerSecond(kind.leapSpeedPxPerS) * Rules.squareRoot(speedPercent * 100) / 100)))
                sum += kind.spawnWeight + kind.spawnWeightPerStep * step
                weights.append(sum)
            }
            items.append(count)
            gaps.append(Fixed.ticks(ms: max(minGap, r.firstRoundGapMs - r.gapShrinkPerRoundMs * round
                                                - t.gapMsPerStep * step)))
        }
        cumulativeWeight = weights
        let p = b.power
        netHalfWidth = max(binHalfWidth, binHalfWidth * p.netWidthPercent / 100)
        netTicks = p.netMs == 0 ? 0 : Fixed.ticks(ms: p.netMs)
        tideSpeedPercent = p.tideSpeedPercent
        tideTicks = p.tideMs == 0 ? 0 : Fixed.ticks(ms: p.tideMs)
        healthPerSeaLife = b.health.perSeaLife
        arcadeMissBudget = a.missBudget
        arcadeRefund = a.perfectRoundRefund
        arcadeRoundCap = a.roundCap
        self.fall = fall
        roundItems = items
        roundGapTicks = gaps
        firstSpawnDelayTicks = r.firstSpawnDelayMs == 0 ? 0 : Fixed.ticks(ms: r.firstSpawnDelayMs)
        breakTicks = r.breakMs == 0 ? 0 : Fixed.ticks(ms: r.breakMs)
        countdownTicks = r.countdownMs == 0 ? 0 : Fixed.ticks(ms: r.countdownMs)
        fairSpawn = r.fairSpawn >= 1
        reachFromAppearance = r.fairSpawn == 2
        reachMargin = Fixed.px(r.reachMarginPx)
        binMotion = BinMotion(accel: binAccel, maxSpeed: binMaxSpeed, friction: binFriction)
        reachByTicks = fairSpawn
            ? Rules.reachTable(widthPx: b.playfield.widthPx, motion: binMotion,
                               slackTicks: r.reachSlackMs == 0 ? 0 : Fixed.ticks(ms: r.reachSlackMs),
                               monotone: r.fairSpawn == 2)
            : []

        pointsPerCatch = b.scoring.pointsPerCatch
        comboStep = b.scoring.comboStep
        multiplierCap = b.scoring.multiplierCap
        perfectGameBonus = b.scoring.perfectGameBonus

        let h = b.health
        healthStart = h.start
        healthPerScan = h.perScan
        healthPerCatch = h.perCatch
        healthPerMiss = h.perMiss
        scanGrams = h.scanGrams
        phaseFloor = [0, h.stabilizingFrom, h.recoveringFrom, h.flourishingFrom, h.thrivingFrom]
        hysteresis = h.hysteresis
        dailyRiseCap = h.dailyRiseCap
        dailyFallCap = h.dailyFallCap
        dailyCapOnSum = h.dailyCapOnSum != 0
        riseOpenPercent = h.riseOpenPercent
        riseOpensFromPercent = h.riseOpensFromPercent
        riseCapDropPercent = h.riseCapDropPercent
        masteryRise = h.masteryRise
        masteryMisses = max(1, h.masteryMisses)
        rewardsOverCap = h.rewardsOverCap != 0

        career = b.career
        pet = b.pet
        let c = b.career
        levelFrom = Rules.levelTable(c)
        titleFrom = [1, c.shoreGuardianFrom, c.reefProtectorFrom, c.oceanStewardFrom, c.seaChampionFrom,
                     c.marineHeroFrom, c.oceanLegendFrom, c.oceanMasterFrom]
        stageFrom = [0, b.pet.childFromGrams, b.pet.teenFromGrams, b.pet.adultFromGrams, b.pet.elderFromGrams]
        excitedTicks = Fixed.ticks(ms: b.pet.excitedMs)
        happyTicks = Fixed.ticks(ms: b.pet.happyMs)
        sleepyIdleTicks = Fixed.ticks(ms: b.pet.sleepyIdleMs)

        challenges = b.challenges
        dailyTemplates = b.challenges.indices.filter { b.challenges[$0].period == .daily }
        weeklyTemplates = b.challenges.indices.filter { b.challenges[$0].period == .weekly }
        milestoneTemplates = Array(b.challenges.indices.filter { b.challenges[$0].period == .milestone }
            .prefix(Rules.maxMilestones))
        milestoneTable = milestoneTemplates.map {
            let t = b.challenges[$0]
            return Milestone(template: $0, metric: t.metric, target: t.targetAtLevel1, rewardGrams: t.rewardGrams,
                             rewardHealth: t.rewardHealth)
        }
        hasChallenges = !b.challenges.isEmpty
        cardKeys = b.cardKeys
        cardCount = b.cardKeys.count
    }

    /// The level curve: level 2 costs `gramsPerLevel`, each later level
    /// `levelGrowthPercent` % more than the one before (rounded down), never more than
    /// `maxGramsPerLevel` (0: no ceiling). With no growth, one level per `gramsPerLevel`.
    private static func levelTable(_ c: Balance.Career) -> [Int] {
        var from = [0, 0]
        var cost = c.gramsPerLevel
        for _ in stride(from: 2, through: max(2, c.maxLevel), by: 1) {
            from.append(from[from.count - 1] + cost)
            cost = cost * (100 + c.levelGrowthPercent) / 100
            if c.maxGramsPerLevel > 0 { cost = min(cost, c.maxGramsPerLevel) }
        }
        return from
    }

    /// For every whole-pixel distance across the playfield, the ticks the pilot takes
    /// (plus the catch tick and the slack); then the farthest distance each budget allows.
    /// With `monotone` (the newer rules), a distance counts as reachable only when
    /// every shorter one is too: the pilot's travel time does not always grow with the
    /// distance (a short hop can take a sluggish bin longer than a longer run), and the
    /// plan promises everything within a reach, not one distance.
    private static func reachTable(widthPx: Int, motion: BinMotion, slackTicks: Int, monotone: Bool) -> [Int] {
        var need: [Int] = []
        for d in 0...widthPx { need.append(BinPilot.travelTicks(Fixed.px(d), motion: motion, limit: 3_600) + 1 + slackTicks) }
        if monotone { for d in need.indices.dropFirst() { need[d] = max(need[d], need[d - 1]) } }
        var table = [Int](repeating: 0, count: (need.max() ?? 0) + 1)
        for d in 0...widthPx where need[d] < table.count { table[need[d]] = max(table[need[d]], Fixed.px(d)) }
        for t in 1..<table.count { table[t] = max(table[t], table[t - 1]) }
        return table
    }

    /// ⌊√n⌋ in whole numbers (Newton's method), so no floating point reaches a rule.
    static func squareRoot(_ n: Int) -> Int {
        guard n > 1 else { return max(0, n) }
        var x = n, y = (n + 1) / 2
        while y < x { x = y; y = (x + n / x) / 2 }
        return x
    }

    /// The tempo row of `round` (1-based) of a classic or an arcade game: the index
    /// into `roundItems`, `roundGapTicks` and (times `kindCount`) `fall`.
    /// A classic game's rows are those of its tempo `step` (0: day 1's game).
    @inlinable @inline(__always) public func row(round: Int, arcade: Bool, step: Int = 0) -> Int {
        arcade ? tempoSteps * roundsPerGame + min(max(round, 1), arcadeRoundCap) - 1
            : min(max(step, 0), tempoSteps - 1) * roundsPerGame + min(max(round, 1), roundsPerGame) - 1
    }

    /// The tempo row of the round `s` is in (its first, between games).
    @inlinable @inline(__always) public func row(_ s: GameState) -> Int {
        row(round: s.round, arcade: s.playMode == .arcade, step: s.tempoStep)
    }

    /// The classic tempo step a player of `level` plays (`Balance.Tempo`).
    /// How far today's play may lift health above where the day began (GAME_RULES
    /// §2, "the ocean answers the day's play"): the day's rise cap, smaller on a
    /// cleaner ocean (`riseCapDropPercent` at full health, in step from none), of
    /// which `riseOpenPercent` is open from the start and the rest opens in step with
    /// today's plastic from `riseOpensFromPercent` of the daily goal up to the goal.
    /// With `plasticToday` at the goal or beyond, the whole cap (`fullRiseCap`). On top,
    /// the `mastery` % open of the day's mastery part (`masteryCap`).
    public func riseCap(dayStart: Int, plasticToday: Int, mastery: Int = 0, sea: Int = 0) -> Int {
        let full = fullRiseCap(dayStart: dayStart, sea: sea)
        let extra = mastery > 0 ? masteryCap(dayStart: dayStart, sea: sea) * mastery / 100 : 0
        guard riseOpenPercent < 100, career.dailyGoalGrams > 0 else { return full + extra }
        let goal = career.dailyGoalGrams
        let from = goal * riseOpensFromPercent / 100
        let span = max(1, goal - from)
        let counted = min(span, max(0, plasticToday - from))
        let open = riseOpenPercent * span + (100 - riseOpenPercent) * counted
        return full * open / (100 * span) + extra
    }

    /// The day's whole rise cap from plastic, on sea `sea` that began the day at `dayStart`.
    public func fullRiseCap(dayStart: Int, sea: Int = 0) -> Int { scaledCap(dailyRiseCap, dayStart: dayStart, sea: sea) }

    /// The day's whole mastery part, shrinking with health and the sea as the rest of the cap does.
    public func masteryCap(dayStart: Int, sea: Int = 0) -> Int { scaledCap(masteryRise, dayStart: dayStart, sea: sea) }

    private func scaledCap(_ base: Int, dayStart: Int, sea: Int) -> Int {
        let cap = sea < seaRiseCapPercent.count ? base * seaRiseCapPercent[sea] / 100 : base
        guard riseCapDropPercent > 0 else { return cap }
        return cap - cap * riseCapDropPercent / 100 * min(Rules.fullHealth, max(0, dayStart)) / Rules.fullHealth
    }

    /// The % of the day's mastery part a finished game with `mistakes` (misses and
    /// sea life caught) opens: all of it with none, `100 / mastery_misses` less for
    /// each (GAME_RULES §2: above average, skill still heals more).
    public func masteryPercent(mistakes: Int) -> Int {
        masteryRise == 0 ? 0 : max(0, masteryMisses - mistakes) * 100 / masteryMisses
    }

    public func tempoStep(forLevel level: Int) -> Int {
        min(tempoSteps - 1, max(0, level - 1) / max(1, balance.tempo.levelsPerStep))
    }

    /// When and where `item`, falling in tempo row `row`, will meet the rim: after how
    /// many more ticks, and its centre's x then (what a player who reads the field
    /// sees coming; the tick's own motion, run ahead on a copy).
    public func landing(_ item: Item, row: Int) -> (ticks: Int, x: Int) {
        ItemSystem.forecast(item, fall[row * kindCount + item.kind.rawValue], rules: self)
    }

    /// A falling item `ticks` ticks later, moved exactly as the tick moves it (sway,
    /// walls, gravity; nothing caught or missed): what `landing` runs through
    /// (`landing` of the result is the same place, `ticks` sooner).
    public func advanced(_ item: Item, row: Int, ticks: Int) -> Item {
        let p = fall[row * kindCount + item.kind.rawValue]
        var it = item
        for _ in 0..<max(0, ticks) { _ = ItemSystem.advance(&it, p, width: width) }
        return it
    }

    /// How far below its spawn an item of `kind` has fallen after `ticks` in tempo
    /// row `row` (its fall does not depend on its sway): how long an item has been
    /// in view, read from where it is.
    public func fallen(_ kind: ItemKind, row: Int, ticks: Int) -> Int {
        let p = fall[row * kindCount + kind.rawValue]
        var it = Item(x: width / 2, y: 0, vx: 0, vy: 0, ax: 0, kind: kind)
        for _ in 0..<max(0, ticks) { _ = ItemSystem.advance(&it, p, width: width) }
        return it.y
    }

    /// The farthest a perfect player's bin can move with `ticks` in hand.
    @inline(__always) public func reach(_ ticks: Int) -> Int {
        ticks < reachByTicks.count ? reachByTicks[max(0, ticks)] : width
    }


    /// The kind whose key is `key`, if the table has one.
    public func kind(key: some StringProtocol) -> ItemKind? {
        kindKeys.firstIndex { $0 == key }.map(ItemKind.init(rawValue:))
    }

    /// The key of `kind` (`plastic_bottle`).
    public func key(_ kind: ItemKind) -> String { kindKeys[kind.rawValue] }

    /// Zero for every kind: a fresh per-kind tally.
    public var zeroPerKind: [Int] { [Int](repeating: 0, count: kindCount) }

    /// The title of a level.
    public func title(forLevel level: Int) -> Title {
        var t = Title.beachCleaner
        while let next = Title(rawValue: t.rawValue + 1), level >= titleFrom[next.rawValue] { t = next }
        return t
    }

    /// The level that `grams` of lifetime plastic earn.
    public func level(forGrams grams: Int) -> Int {
        var level = 1
        while level < career.maxLevel && grams >= levelFrom[level + 1] { level += 1 }
        return level
    }

    /// The grams one scan of `kind` adds (to its material): the kind's real mass,
    /// or the balance's fixed `scan_grams` where it sets one (older rules).
    @inline(__always) public func scanMass(_ kind: ItemKind) -> Int {
        scanGrams > 0 ? scanGrams : grams[kind.rawValue]
    }

    /// The plastic one scan of `kind` counts.
    @inline(__always) public func scanPlastic(_ kind: ItemKind) -> Int {
        isPlastic[kind.rawValue] ? scanMass(kind) : 0
    }

    /// The stage a pet has reached with `grams` of plastic since its adoption.
    public func stage(forGrams grams: Int) -> PetStage {
        var s = PetStage.baby
        while let next = PetStage(rawValue: s.rawValue + 1), grams >= stageFrom[next.rawValue] { s = next }
        return s
    }

    /// True when `minute` of the day falls in the pet's sleepy hours (which may wrap
    /// past midnight).
    public func isSleepyHour(_ minute: Int) -> Bool {
        let from = pet.sleepyFromMinute, until = pet.sleepyUntilMinute
        return from <= until ? (minute >= from && minute < until) : (minute >= from || minute < until)
    }

    /// The phase a health value belongs to, ignoring hysteresis (the starting phase).
    public func phase(forHealth health: Int) -> Phase {
        var p = Phase.polluted
        while let next = Phase(rawValue: p.rawValue + 1), health >= phaseFloor[next.rawValue] { p = next }
        return p
    }
}

/// How one kind of item falls during one round. The two 64-bit fields come first, so
/// an entry packs into 32 bytes (it was 40): the item loop reads one per item, two per
/// cache line (`PhysicsTests` holds the size).
public struct FallParams: Sendable {
    public let halfSize: Int
    /// How far past the mouth's edge its centre may be and still be caught.
    public let catchBody: Int
    public let swaySpeed: Int32
    public let gravity: Int32
    public let terminalSpeed: Int32
    /// Sea life: the upward speed it leaps out of the water with (0 for trash).
    public let leapSpeed: Int32
}

/// What a caught power-up does.
public enum PowerUp: Int, Sendable {
    case none, net, tide
}
