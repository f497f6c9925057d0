import OceanKernel
import Synchronization

/// One balance constant.
public typealias BalanceField = SchemaField<Balance>

/// Every balance constant, in the order replay headers list them, with the
/// cross-field rules a loaded balance must satisfy. The kinds of trash are data: the
/// `[kind.KEY]` sections a file holds, in its order, each with the fourteen per-kind keys.
public enum BalanceSchema {
    /// The fields of a balance whose kinds are `kinds` (their keys, in table order).
    /// Built once per set of kinds and seas and kept (a process meets few: the shipped
    /// balance, a replay folder's, a sweep's), so no list of the shipped ones is kept here.
    public static func fields(kinds: [String], seas: [String] = []) -> [BalanceField] {
        let key = FieldsKey(kinds: kinds, seas: seas)
        if let kept = madeFields.withLock({ $0[key] }) { return kept }
        let made = makeFields(kinds: kinds, seas: seas)
        madeFields.withLock { kept in
            // Bounded: a fuzzer or a folder of mods cannot grow it without end.
            if kept.count >= 64 { kept.removeAll() }
            kept[key] = made
        }
        return made
    }

    private struct FieldsKey: Hashable { var kinds: [String], seas: [String] }
    private static let madeFields = Mutex<[FieldsKey: [BalanceField]]>([:])

    /// The fields of `balance` (its own kinds and seas).
    public static func fields(of balance: Balance) -> [BalanceField] {
        fields(kinds: balance.kinds.map(\.key), seas: balance.seas.map(\.key))
    }

    /// The per-sea keys, after `sea.KEY.`.
    public static let seaFieldNames = ["rise_cap_percent", "neglect_per_day", "sea_life_percent"]

    /// The per-kind keys, after `kind.KEY.`: what every kind section holds.
    public static let kindFieldNames = ["grams", "plastic", "size_px", "terminal_speed_px_per_s", "fall_percent",
                                        "sway_speed_px_per_s", "sway_accel_px_per_s2", "spawn_weight",
                                        "catch_body_percent", "bounce_percent", "sea_life", "leap_speed_px_per_s",
                                        "power_up", "spawn_weight_per_step"]

    /// The six kinds every replay before kinds were data was recorded with, in
    /// their order; built once, since most balances have them.
    public static let shippedKindKeys = ["plastic_bottle", "aluminium_can", "cardboard", "glass_bottle",
                                         "plastic_bag", "food_tray"]

    private static func makeFields(kinds: [String], seas: [String] = []) -> [BalanceField] {
        var f: [BalanceField] = []
        func add(_ key: String, _ unit: String, _ range: ClosedRange<Int>,
                 _ path: WritableKeyPath<Balance, Int> & Sendable) {
            f.append(SchemaField(key: key, unit: unit, range: range, path: path))
        }
        add("playfield.width_px", "px", 160...4096, \.playfield.widthPx)
        add("playfield.water_line_px", "px", 100...1_000_000, \.playfield.waterLinePx)

        add("bin.width_px", "px", 8...4000, \.bin.widthPx)
        add("bin.rim_px", "px", 50...999_999, \.bin.rimPx)
        add("bin.accel_px_per_s2", "px/s²", 1...100_000, \.bin.accelPxPerS2)
        add("bin.max_speed_px_per_s", "px/s", 1...20_000, \.bin.maxSpeedPxPerS)
        add("bin.friction_px_per_s2", "px/s²", 0...100_000, \.bin.frictionPxPerS2)

        add("items.gravity_px_per_s2", "px/s²", 1...100_000, \.items.gravityPxPerS2)
        add("items.max_live", "items", 1...100_000, \.items.maxLive)
        add("items.spawn_burst", "items", 1...1_000, \.items.spawnBurst)

        for (i, key) in kinds.enumerated() {
            let k = "kind.\(key)."
            add(k + "grams", "g", 0...100_000, \.kinds[i].grams)
            add(k + "plastic", "1: plastic, 0: another material", 0...1, \.kinds[i].plastic)
            add(k + "size_px", "px", 2...400, \.kinds[i].sizePx)
            add(k + "terminal_speed_px_per_s", "px/s", 1...3_000, \.kinds[i].terminalSpeedPxPerS)
            add(k + "fall_percent", "% of gravity", 1...500, \.kinds[i].fallPercent)
            add(k + "sway_speed_px_per_s", "px/s", 0...1_000, \.kinds[i].swaySpeedPxPerS)
            add(k + "sway_accel_px_per_s2", "px/s²", 0...10_000, \.kinds[i].swayAccelPxPerS2)
            add(k + "spawn_weight", "relative weight", 0...1_000, \.kinds[i].spawnWeight)
            add(k + "catch_body_percent", "% of its half-width past the mouth (0: centre, 100: any touch, -100: all inside)",
                -100...100, \.kinds[i].catchBodyPercent)
            add(k + "bounce_percent", "% of its fall speed kept off the rim (0: no bounce)", 0...90, \.kinds[i].bouncePercent)
            add(k + "sea_life", "1: sea life, let it pass; 0: not", 0...1, \.kinds[i].seaLife)
            add(k + "leap_speed_px_per_s", "px/s out of the water (sea life; 0 otherwise)", 0...20_000, \.kinds[i].leapSpeedPxPerS)
            add(k + "power_up", "0: none, 1: a net, 2: a slack tide", 0...2, \.kinds[i].powerUp)
            add(k + "spawn_weight_per_step", "relative weight added per tempo step", 0...1_000, \.kinds[i].spawnWeightPerStep)
        }

        for (i, key) in seas.enumerated() {
            let k = "sea.\(key)."
            add(k + "rise_cap_percent", "% of health.daily_rise_cap", 1...1_000, \.seas[i].riseCapPercent)
            add(k + "neglect_per_day", "1/10000 lost per day away from it", 0...10_000, \.seas[i].neglectPerDay)
            add(k + "sea_life_percent", "% of the kinds' weight for sea life in this sea", 0...400, \.seas[i].seaLifePercent)
        }

        add("rounds.per_game", "rounds", 1...50, \.rounds.perGame)
        add("rounds.first_round_items", "items", 1...100_000, \.rounds.firstRoundItems)
        add("rounds.items_added_per_round", "items", 0...100_000, \.rounds.itemsAddedPerRound)
        add("rounds.first_spawn_delay_ms", "ms", 0...60_000, \.rounds.firstSpawnDelayMs)
        add("rounds.first_round_gap_ms", "ms", 17...60_000, \.rounds.firstRoundGapMs)
        add("rounds.gap_shrink_per_round_ms", "ms", 0...60_000, \.rounds.gapShrinkPerRoundMs)
        add("rounds.min_gap_ms", "ms", 17...60_000, \.rounds.minGapMs)
        add("rounds.speed_percent_added_per_round", "%", 0...500, \.rounds.speedPercentAddedPerRound)
        add("rounds.max_speed_percent", "%", 100...1_000, \.rounds.maxSpeedPercent)
        add("rounds.break_ms", "ms", 0...60_000, \.rounds.breakMs)
        add("rounds.countdown_ms", "ms", 0...10_000, \.rounds.countdownMs)
        add("rounds.first_round_speed_percent", "% of the kinds' speeds", 10...1_000, \.rounds.firstRoundSpeedPercent)
        add("rounds.fair_spawn", "0: off, 1: on (older rules), 2: on, each reach counted from the item's appearance",
            0...2, \.rounds.fairSpawn)
        add("rounds.reach_slack_ms", "ms", 0...5_000, \.rounds.reachSlackMs)
        add("rounds.reach_margin_px", "px", 0...1_000, \.rounds.reachMarginPx)

        add("arcade.miss_budget", "misses", 1...100, \.arcade.missBudget)
        add("arcade.perfect_round_refund", "misses", 0...100, \.arcade.perfectRoundRefund)
        add("arcade.round_cap", "rounds", 1...500, \.arcade.roundCap)
        add("arcade.max_round_items", "items", 1...100_000, \.arcade.maxRoundItems)
        add("arcade.min_gap_ms", "ms", 17...60_000, \.arcade.minGapMs)
        add("arcade.max_speed_percent", "%", 100...1_000, \.arcade.maxSpeedPercent)
        add("arcade.late_items_per_round", "items added each round past the one that reaches arcade.max_round_items (0: the tempo holds)",
            0...1_000, \.arcade.lateItemsPerRound)

        add("tempo.levels_per_step", "levels", 1...1_000, \.tempo.levelsPerStep)
        add("tempo.max_steps", "steps (0: every level plays day 1's game)", 0...50, \.tempo.maxSteps)
        add("tempo.speed_percent_per_step", "% of the kinds' speeds", 0...100, \.tempo.speedPercentPerStep)
        add("tempo.gap_ms_per_step", "ms", 0...10_000, \.tempo.gapMsPerStep)

        add("power.net_ms", "ms", 0...60_000, \.power.netMs)
        add("power.net_width_percent", "% of bin.width_px", 100...400, \.power.netWidthPercent)
        add("power.tide_ms", "ms", 0...60_000, \.power.tideMs)
        add("power.tide_speed_percent", "% of the items' speed", 10...100, \.power.tideSpeedPercent)

        add("scoring.points_per_catch", "points", 1...1_000_000, \.scoring.pointsPerCatch)
        add("scoring.combo_step", "catches", 1...1_000, \.scoring.comboStep)
        add("scoring.multiplier_cap", "×", 1...100, \.scoring.multiplierCap)
        add("scoring.perfect_game_bonus", "points", 0...100_000_000, \.scoring.perfectGameBonus)

        add("health.start", "1/10000 of full health", 0...10_000, \.health.start)
        add("health.per_scan", "1/10000", 0...10_000, \.health.perScan)
        add("health.per_catch", "1/10000", 0...10_000, \.health.perCatch)
        add("health.per_miss", "1/10000", 0...10_000, \.health.perMiss)
        add("health.scan_grams", "g (0: the scanned kind's own mass)", 0...100_000, \.health.scanGrams)
        // Where each phase above the first begins: its key from `Phase`, the one list.
        let phaseFloors: [WritableKeyPath<Balance, Int> & Sendable] = [\.health.stabilizingFrom, \.health.recoveringFrom,
                                                            \.health.flourishingFrom, \.health.thrivingFrom]
        for (phase, path) in zip(Phase.allCases.dropFirst(), phaseFloors) {
            add("health.\(phase.key)_from", "1/10000", 1...10_000, path)
        }
        add("health.hysteresis", "1/10000", 0...2_000, \.health.hysteresis)
        add("health.daily_rise_cap", "1/10000 above the day's start", 0...10_000, \.health.dailyRiseCap)
        add("health.daily_fall_cap", "1/10000 below the day's start", 0...10_000, \.health.dailyFallCap)
        add("health.daily_cap_on_sum", "1: cap the day's net, 0: each event in turn", 0...1, \.health.dailyCapOnSum)
        add("health.per_sea_life", "1/10000 lost per sea-life item caught", 0...10_000, \.health.perSeaLife)
        add("health.rise_open_percent", "% of the day's rise cap open before any plastic today (100: all of it)", 0...100,
            \.health.riseOpenPercent)
        add("health.rise_opens_from_percent", "% of the daily goal", 0...99, \.health.riseOpensFromPercent)
        add("health.rise_cap_drop_percent", "% the rise cap shrinks by at full health", 0...100, \.health.riseCapDropPercent)
        add("health.mastery_rise", "1/10000 added to the day's rise cap by a game without a miss (0: none)", 0...10_000,
            \.health.masteryRise)
        add("health.mastery_misses", "misses in a game that close the mastery part (each opens 1/N less)", 1...100,
            \.health.masteryMisses)
        add("health.rewards_over_cap", "1: a challenge's health reward is added on top of the day's rise cap; 0: within it",
            0...1, \.health.rewardsOverCap)

        add("career.grams_per_level", "g", 1...100_000, \.career.gramsPerLevel)
        add("career.level_growth_percent", "% more per level", 0...100, \.career.levelGrowthPercent)
        add("career.max_grams_per_level", "g (0: no ceiling)", 0...10_000_000, \.career.maxGramsPerLevel)
        add("career.scans_per_day", "scans (0: all)", 0...1_000, \.career.scansPerDay)
        add("career.max_level", "level", 2...1_000, \.career.maxLevel)
        add("career.shore_guardian_from", "level", 2...1_000, \.career.shoreGuardianFrom)
        add("career.reef_protector_from", "level", 2...1_000, \.career.reefProtectorFrom)
        add("career.ocean_steward_from", "level", 2...1_000, \.career.oceanStewardFrom)
        add("career.sea_champion_from", "level", 2...1_000, \.career.seaChampionFrom)
        add("career.marine_hero_from", "level", 2...1_000, \.career.marineHeroFrom)
        add("career.ocean_legend_from", "level", 2...1_000, \.career.oceanLegendFrom)
        add("career.ocean_master_from", "level", 2...1_000, \.career.oceanMasterFrom)
        add("career.daily_goal_grams", "g", 1...100_000, \.career.dailyGoalGrams)
        add("career.mastery_days", "right answers on different days", 1...365, \.career.masteryDays)
        add("career.first_review_days", "days", 1...365, \.career.firstReviewDays)
        add("career.review_growth_percent", "% of the last wait", 100...1_000, \.career.reviewGrowthPercent)
        add("career.absence_health_per_day", "1/10000 per missed day", 0...10_000, \.career.absenceHealthPerDay)
        add("career.reef_defender_streak", "days", 1...10_000, \.career.reefDefenderStreak)
        add("career.ocean_sentinel_streak", "days", 1...10_000, \.career.oceanSentinelStreak)
        add("career.ocean_hero_health_above", "1/10000", 0...9_999, \.career.oceanHeroHealthAbove)
        add("career.combo_master_combo", "catches", 1...100_000, \.career.comboMasterCombo)
        add("career.plastic_hauler_grams", "g", 1...100_000_000, \.career.plasticHaulerGrams)
        add("career.goal_getter_days", "days", 1...10_000, \.career.goalGetterDays)
        add("career.early_bird_before_minute", "minute of the day", 1...1_439, \.career.earlyBirdBeforeMinute)

        add("pet.child_from_grams", "g since adoption", 1...100_000_000, \.pet.childFromGrams)
        add("pet.teen_from_grams", "g since adoption", 1...100_000_000, \.pet.teenFromGrams)
        add("pet.adult_from_grams", "g since adoption", 1...100_000_000, \.pet.adultFromGrams)
        add("pet.elder_from_grams", "g since adoption", 1...100_000_000, \.pet.elderFromGrams)
        add("pet.missing_you_days", "days", 1...365, \.pet.missingYouDays)
        add("pet.excited_combo", "catches", 1...100_000, \.pet.excitedCombo)
        add("pet.excited_ms", "ms", 1...600_000, \.pet.excitedMs)
        add("pet.happy_ms", "ms", 1...3_600_000, \.pet.happyMs)
        add("pet.sleepy_from_minute", "minute of the day", 0...1_439, \.pet.sleepyFromMinute)
        add("pet.sleepy_until_minute", "minute of the day", 0...1_439, \.pet.sleepyUntilMinute)
        add("pet.sleepy_idle_ms", "ms", 1...86_400_000, \.pet.sleepyIdleMs)
        add("pet.outdoor_from_minute", "minute of the day", 0...1_439, \.pet.outdoorFromMinute)
        add("pet.outdoor_until_minute", "minute of the day", 0...1_439, \.pet.outdoorUntilMinute)
        return f
    }

    /// The fields and their rules, for the validator, for a balance of these kinds.
    public static func schema(kinds: [String], seas: [String] = []) -> Schema<Balance> {
        Schema(fields: fields(kinds: kinds, seas: seas), check: check)
    }

    /// The schema of the shipped kinds: for looking a key up (tune specs, typos).
    public static let schema = schema(kinds: shippedKindKeys)

    /// Whether `key` names a balance constant: a fixed key, or a per-kind key of any
    /// well-formed kind.
    public static func isKey(_ key: String) -> Bool {
        if let kind = KindSections.kindKey(of: key) {
            return KindSections.isValidKey(kind) && kindFieldNames.contains(String(key.dropFirst(6 + kind.count)))
        }
        if let sea = KindSections.kindKey(of: key, section: "sea") {
            return KindSections.isValidKey(sea) && seaFieldNames.contains(String(key.dropFirst(5 + sea.count)))
        }
        return schema.field(key) != nil
    }

    /// Reads a balance from the entries of a file or a replay header (see
    /// `Schema.validate`); its kinds are the `kind.KEY` sections the entries name.
    public static func validate(_ entries: [RawEntry], file: String,
                                lineOfMissing: (String) -> Int? = { _ in nil }) throws(DataError) -> Balance {
        let kinds = try KindSections.keys(in: entries, file: file)
        guard !kinds.isEmpty else {
            throw DataError(issues: [DataIssue(file: file, line: nil, key: "kind",
                                               message: "no [kind.NAME] section; a balance needs at least one kind of trash")])
        }
        let seas = try KindSections.keys(in: entries, file: file, section: "sea")
        var start = Balance()
        start.kinds = kinds.map { Balance.Kind(key: $0) }
        start.seas = seas.map { Balance.Sea(key: $0) }
        return try schema(kinds: kinds, seas: seas).validate(entries, into: start, file: file, lineOfMissing: lineOfMissing)
    }

    /// The rules between fields. Each field's own range is checked by the loader;
    /// this assumes those passed.
    @Sendable public static func check(_ b: Balance) -> [SchemaProblem] {
        var problems: [SchemaProblem] = []
        func require(_ ok: Bool, _ key: String, _ message: String) {
            if !ok { problems.append(SchemaProblem(key: key, message: message)) }
        }
        require(b.bin.widthPx < b.playfield.widthPx, "bin.width_px",
                "must be less than playfield.width_px (\(b.playfield.widthPx))")
        require(b.bin.rimPx < b.playfield.waterLinePx, "bin.rim_px",
                "must be above the water line: less than playfield.water_line_px (\(b.playfield.waterLinePx))")
        for k in b.kinds {
            require(k.sizePx < b.playfield.widthPx, "kind.\(k.key).size_px",
                    "must be less than playfield.width_px (\(b.playfield.widthPx))")
            require(k.sizePx < b.bin.rimPx, "kind.\(k.key).size_px",
                    "must be less than bin.rim_px (\(b.bin.rimPx)) so an item spawns above the rim")
            require(k.swaySpeedPxPerS == 0 || k.swayAccelPxPerS2 > 0 || k.seaLife == 1, "kind.\(k.key).sway_accel_px_per_s2",
                    "must be above 0 when sway_speed_px_per_s is above 0 (sea life drifts at that speed instead)")
        }
        for k in b.kinds {
            let key = "kind.\(k.key)."
            require(k.seaLife == 0 || k.powerUp == 0, key + "power_up", "must be 0 for sea life (sea_life = 1)")
            // The fair spawner keeps a leaping fish clear of the net, not of a bounce off
            // the rim: a bounced fish would come down where no plan looked.
            require(k.seaLife == 0 || k.bouncePercent == 0, key + "bounce_percent",
                    "must be 0 for sea life (sea_life = 1): a fish bounced off the rim comes down where the fair spawner never looked")
            require(k.seaLife == 1 || k.leapSpeedPxPerS == 0, key + "leap_speed_px_per_s",
                    "must be 0 unless the kind is sea life (sea_life = 1): trash falls from the top")
            if k.seaLife == 1 {
                // The leap must carry it above the rim, so it meets the rim on its way down.
                let g = b.items.gravityPxPerS2 * k.fallPercent / 100
                let rise = g > 0 ? k.leapSpeedPxPerS * k.leapSpeedPxPerS / (2 * g) : 0
                // (Water line to rim, plus its size, plus a tenth for the rounding of each round's speeds.)
                let needed = (b.playfield.waterLinePx - b.bin.rimPx + k.sizePx) * 11 / 10
                require(rise > needed, key + "leap_speed_px_per_s",
                        "too slow: a leap rises \(rise) px at items.gravity_px_per_s2 × fall_percent, and must rise more than \(needed) px (water line to rim, plus its size, plus a tenth) to come back down through the rim")
            }
        }
        require(b.kinds.contains { $0.spawnWeight > 0 && $0.seaLife == 0 && $0.powerUp == 0 },
                "kind.\(b.kinds.first?.key ?? "").spawn_weight",
                "at least one kind of trash (not sea life, not a power-up) needs a spawn_weight above 0")
        if b.rounds.fairSpawn == 2 {
            // The fair spawner's reach table is the pilot's own travel: a bin the pilot
            // cannot bring to rest on a distance breaks every promise that needs it.
            let motion = BinMotion(accel: Fixed.pxPerSecond2(b.bin.accelPxPerS2), maxSpeed: Fixed.pxPerSecond(b.bin.maxSpeedPxPerS),
                                   friction: Fixed.pxPerSecond2(b.bin.frictionPxPerS2))
            if let d = BinPilot.firstUnsettled(widthPx: b.playfield.widthPx, motion: motion) {
                require(false, b.bin.frictionPxPerS2 == 0 ? "bin.friction_px_per_s2" : "bin.accel_px_per_s2",
                        "with bin.accel_px_per_s2 \(b.bin.accelPxPerS2), bin.max_speed_px_per_s \(b.bin.maxSpeedPxPerS) and bin.friction_px_per_s2 \(b.bin.frictionPxPerS2) the bin cannot be brought to rest \(d) px away (it never stops, or moves in steps too coarse to stop within \(BinPilot.tolerance / Fixed.one) px): the fair spawner (rounds.fair_spawn = 2) cannot promise a catch; raise the friction or lower the acceleration")
            }
            for k in b.kinds where k.seaLife == 0 {
                let give = b.bin.widthPx * 50 + k.sizePx * k.catchBodyPercent / 2 - 100 * max(b.rounds.reachMarginPx, BinPilot.tolerance / Fixed.one + 1)
                require(give > 0, "kind.\(k.key).catch_body_percent",
                        "leaves no room to catch it: half of bin.width_px plus catch_body_percent of its half-size must exceed rounds.reach_margin_px (at least \(BinPilot.tolerance / Fixed.one + 1) px, the pilot's tolerance)")
            }
        }
        require(2 * b.rounds.reachMarginPx < b.bin.widthPx, "rounds.reach_margin_px",
                "must be less than half of bin.width_px (\(b.bin.widthPx)): the catch must stay inside the mouth")
        require(b.rounds.minGapMs <= b.rounds.firstRoundGapMs, "rounds.min_gap_ms",
                "must not exceed rounds.first_round_gap_ms (\(b.rounds.firstRoundGapMs))")
        require(b.arcade.minGapMs <= b.rounds.firstRoundGapMs, "arcade.min_gap_ms",
                "must not exceed rounds.first_round_gap_ms (\(b.rounds.firstRoundGapMs))")
        require(b.arcade.maxRoundItems >= b.rounds.firstRoundItems, "arcade.max_round_items",
                "must be at least rounds.first_round_items (\(b.rounds.firstRoundItems))")
        require(b.arcade.perfectRoundRefund <= b.arcade.missBudget, "arcade.perfect_round_refund",
                "must not exceed arcade.miss_budget (\(b.arcade.missBudget))")
        let h = b.health
        require(h.stabilizingFrom < h.recoveringFrom, "health.recovering_from",
                "must be above health.stabilizing_from (\(h.stabilizingFrom))")
        require(h.recoveringFrom < h.flourishingFrom, "health.flourishing_from",
                "must be above health.recovering_from (\(h.recoveringFrom))")
        require(h.flourishingFrom < h.thrivingFrom, "health.thriving_from",
                "must be above health.flourishing_from (\(h.flourishingFrom))")
        let narrowest = min(h.stabilizingFrom, h.recoveringFrom - h.stabilizingFrom,
                            h.flourishingFrom - h.recoveringFrom, h.thrivingFrom - h.flourishingFrom)
        require(h.hysteresis < narrowest, "health.hysteresis",
                "must be smaller than the narrowest phase band (\(narrowest))")

        let c = b.career
        let titles = [("career.shore_guardian_from", c.shoreGuardianFrom), ("career.reef_protector_from", c.reefProtectorFrom),
                      ("career.ocean_steward_from", c.oceanStewardFrom), ("career.sea_champion_from", c.seaChampionFrom),
                      ("career.marine_hero_from", c.marineHeroFrom), ("career.ocean_legend_from", c.oceanLegendFrom),
                      ("career.ocean_master_from", c.oceanMasterFrom)]
        for i in 1..<titles.count {
            require(titles[i].1 > titles[i - 1].1, titles[i].0, "must be above \(titles[i - 1].0) (\(titles[i - 1].1))")
        }
        require(c.oceanMasterFrom <= c.maxLevel, "career.ocean_master_from",
                "must not exceed career.max_level (\(c.maxLevel))")
        let p = b.pet
        let stages = [("pet.child_from_grams", p.childFromGrams), ("pet.teen_from_grams", p.teenFromGrams),
                      ("pet.adult_from_grams", p.adultFromGrams), ("pet.elder_from_grams", p.elderFromGrams)]
        for i in 1..<stages.count {
            require(stages[i].1 > stages[i - 1].1, stages[i].0, "must be above \(stages[i - 1].0) (\(stages[i - 1].1))")
        }
        return problems
    }
}
