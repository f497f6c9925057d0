import OceanKernel

/// Balances written out as code, so that kernel tests need no file, no TOML parser
/// and no target above the kernel. `OceanStoreTests` checks that each equals the file
/// it copies, so a change to the file fails there until this copy follows.
public enum BalanceAsCode {
    /// `assets/balance.toml`.
    public static let shipped: Balance = {
        var b = Balance()
        func kind(_ k: ItemKind, grams: Int, plastic: Int, sizePx: Int, terminalSpeedPxPerS: Int, fallPercent: Int,
                  swaySpeedPxPerS: Int, swayAccelPxPerS2: Int, spawnWeight: Int) {
            precondition(k.rawValue == b.kinds.count, "kinds in table order")
            b.kinds.append(Balance.Kind(key: ItemKind.shippedKeys[k.rawValue]))
            b.kinds[k.rawValue].grams = grams
            b.kinds[k.rawValue].plastic = plastic
            b.kinds[k.rawValue].sizePx = sizePx
            b.kinds[k.rawValue].terminalSpeedPxPerS = terminalSpeedPxPerS
            b.kinds[k.rawValue].fallPercent = fallPercent
            b.kinds[k.rawValue].swaySpeedPxPerS = swaySpeedPxPerS
            b.kinds[k.rawValue].swayAccelPxPerS2 = swayAccelPxPerS2
            b.kinds[k.rawValue].spawnWeight = spawnWeight
        }

        // [playfield]
        b.playfield.widthPx = 480
        b.playfield.waterLinePx = 640

        // [bin]
        b.bin.widthPx = 46
        b.bin.rimPx = 580
        b.bin.accelPxPerS2 = 6000
        b.bin.maxSpeedPxPerS = 540
        b.bin.frictionPxPerS2 = 20000

        // [items]
        b.items.gravityPxPerS2 = 240
        b.items.maxLive = 512
        b.items.spawnBurst = 1

        // [kind.*]
        kind(.plasticBottle, grams: 9, plastic: 1, sizePx: 28, terminalSpeedPxPerS: 260, fallPercent: 100,
             swaySpeedPxPerS: 30, swayAccelPxPerS2: 60, spawnWeight: 30)
        kind(.aluminiumCan, grams: 13, plastic: 0, sizePx: 20, terminalSpeedPxPerS: 300, fallPercent: 110,
             swaySpeedPxPerS: 10, swayAccelPxPerS2: 40, spawnWeight: 20)
        kind(.cardboard, grams: 100, plastic: 0, sizePx: 34, terminalSpeedPxPerS: 180, fallPercent: 80,
             swaySpeedPxPerS: 50, swayAccelPxPerS2: 80, spawnWeight: 15)
        kind(.glassBottle, grams: 195, plastic: 0, sizePx: 30, terminalSpeedPxPerS: 340, fallPercent: 120,
             swaySpeedPxPerS: 5, swayAccelPxPerS2: 20, spawnWeight: 10)
        kind(.plasticBag, grams: 8, plastic: 1, sizePx: 36, terminalSpeedPxPerS: 110, fallPercent: 40,
             swaySpeedPxPerS: 90, swayAccelPxPerS2: 120, spawnWeight: 15)
        kind(.foodTray, grams: 20, plastic: 1, sizePx: 32, terminalSpeedPxPerS: 220, fallPercent: 90,
             swaySpeedPxPerS: 40, swayAccelPxPerS2: 70, spawnWeight: 10)

        // [rounds]
        b.rounds.perGame = 5
        b.rounds.firstRoundItems = 6
        b.rounds.itemsAddedPerRound = 7
        b.rounds.firstSpawnDelayMs = 500
        b.rounds.firstRoundGapMs = 1300
        b.rounds.gapShrinkPerRoundMs = 250
        b.rounds.minGapMs = 200
        b.rounds.speedPercentAddedPerRound = 30
        b.rounds.maxSpeedPercent = 300
        b.rounds.breakMs = 1500
        b.rounds.countdownMs = 3000
        b.rounds.firstRoundSpeedPercent = 40
        b.rounds.fairSpawn = 1
        b.rounds.reachSlackMs = 100
        b.rounds.reachMarginPx = 16

        // [scoring]
        b.scoring.pointsPerCatch = 10
        b.scoring.comboStep = 5
        b.scoring.multiplierCap = 5
        b.scoring.perfectGameBonus = 500

        // [health]
        b.health.start = 2150
        b.health.perScan = 150
        b.health.perCatch = 200
        b.health.perMiss = 100
        b.health.scanGrams = 0
        b.health.stabilizingFrom = 2500
        b.health.recoveringFrom = 4500
        b.health.flourishingFrom = 6500
        b.health.thrivingFrom = 8000
        b.health.hysteresis = 150
        b.health.dailyRiseCap = 375
        b.health.dailyFallCap = 200
        b.health.dailyCapOnSum = 1

        // [career]
        b.career.gramsPerLevel = 25
        b.career.levelGrowthPercent = 90
        b.career.maxGramsPerLevel = 640
        b.career.scansPerDay = 10
        b.career.maxLevel = 50
        b.career.shoreGuardianFrom = 4
        b.career.reefProtectorFrom = 8
        b.career.oceanStewardFrom = 13
        b.career.seaChampionFrom = 19
        b.career.marineHeroFrom = 26
        b.career.oceanLegendFrom = 36
        b.career.oceanMasterFrom = 50
        b.career.dailyGoalGrams = 450
        b.career.masteryDays = 2
        b.career.absenceHealthPerDay = 200
        b.career.reefDefenderStreak = 3
        b.career.oceanSentinelStreak = 7
        b.career.oceanHeroHealthAbove = 8000
        b.career.comboMasterCombo = 25
        b.career.plasticHaulerGrams = 10000
        b.career.goalGetterDays = 5
        b.career.earlyBirdBeforeMinute = 480

        // [pet]
        b.pet.childFromGrams = 1200
        b.pet.teenFromGrams = 4000
        b.pet.adultFromGrams = 12800
        b.pet.elderFromGrams = 38000
        b.pet.missingYouDays = 2
        b.pet.excitedCombo = 10
        b.pet.excitedMs = 5000
        b.pet.happyMs = 60_000
        b.pet.sleepyFromMinute = 1320
        b.pet.sleepyUntilMinute = 360
        b.pet.sleepyIdleMs = 120_000
        b.pet.outdoorFromMinute = 480
        b.pet.outdoorUntilMinute = 1080
        return b
    }()

    /// `assets/tunings/gentle.toml`: the shipped balance with its `(gentle)` values,
    /// and the plastic, pet and ocean pacing from before the shipped retune (no daily
    /// caps), which the replays recorded with it keep.
    public static let gentle: Balance = {
        var b = shipped
        b.health.start = 1500
        (b.health.dailyRiseCap, b.health.dailyFallCap) = (10_000, 10_000)
        b.career.absenceHealthPerDay = 50
        (b.career.dailyGoalGrams, b.career.plasticHaulerGrams) = (25, 1000)
        (b.pet.childFromGrams, b.pet.teenFromGrams, b.pet.adultFromGrams, b.pet.elderFromGrams) = (100, 300, 600, 1000)
        b.bin.widthPx = 120
        b.rounds.perGame = 3
        (b.rounds.itemsAddedPerRound, b.rounds.gapShrinkPerRoundMs, b.rounds.maxSpeedPercent) = (3, 150, 200)
        b.rounds.firstRoundGapMs = 1600
        b.rounds.minGapMs = 900
        b.rounds.speedPercentAddedPerRound = 5
        (b.rounds.firstRoundSpeedPercent, b.rounds.reachSlackMs, b.rounds.reachMarginPx) = (75, 150, 27)
        return b
    }()
}
