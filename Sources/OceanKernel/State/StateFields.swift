/// The state's fields, each said once: its name, its type (the visit), the encoding
/// version that added it (`since:`, 1 when not given), and its range rule. The canonical
/// encoding and its hash (`StateEncoding`), the decoder, the validation
/// (`GameState.validate(rules:)`) and the dump (`StateDump`) all go over this table,
/// so a new field is one line here and a new `StateEncoding.version`.
///
/// The order is the encoding's: subsystem by subsystem (`Subsystem`), then as listed.
/// Names are the fields' paths in Swift, as validation messages and dumps show them.
extension GameState {
    /// Every field of every subsystem, in order.
    public static func visitFields<V: StateVisitor>(_ s: inout GameState, with v: inout V) {
        for subsystem in Subsystem.allCases { visitFields(subsystem, of: &s, with: &v) }
    }

    /// One subsystem's fields.
    @inline(__always)
    public static func visitFields<V: StateVisitor>(_ subsystem: Subsystem, of s: inout GameState, with v: inout V) {
        switch subsystem {
        case .flow: flowFields(&s, &v)
        case .physics: physicsFields(&s, &v)
        case .scoring: scoringFields(&s, &v)
        case .ocean: oceanFields(&s, &v)
        case .career: careerFields(&s, &v)
        }
    }

    @inline(__always)
    static func flowFields<V: StateVisitor>(_ s: inout GameState, _ v: inout V) {
        v.int(&s.tick, "tick", .tick)
        v.code(&s.mode, "mode")
        v.int(&s.round, "round", .between("flow"))
        v.int(&s.roundSpawned, "roundSpawned", .between("flow"))
        v.int(&s.spawnTimer, "spawnTimer", .between("flow"))
        v.int(&s.breakTimer, "breakTimer", .between("flow"))
        // 8: arcade games.
        v.code(&s.playMode, "playMode", since: 8)
        v.int(&s.missesLeft, "missesLeft", since: 8, .between("flow"))
        v.int(&s.roundStartMisses, "roundStartMisses", since: 8, .between("flow"))
        // 9: the tempo and the power-ups.
        v.int(&s.tempoStep, "tempoStep", since: 9, .between("flow"))
        v.int(&s.netTicksLeft, "netTicksLeft", since: 9, .between("flow"))
        v.int(&s.tideTicksLeft, "tideTicksLeft", since: 9, .between("flow"))
        v.int(&s.tideClock, "tideClock", since: 9, .between("flow"))
    }

    @inline(__always)
    static func physicsFields<V: StateVisitor>(_ s: inout GameState, _ v: inout V) {
        v.word(&s.random.s0, "random.s0")
        v.word(&s.random.s1, "random.s1")
        v.word(&s.random.s2, "random.s2")
        v.word(&s.random.s3, "random.s3")
        v.int(&s.bin.x, "bin.x", .between("physics"))
        v.int(&s.bin.vx, "bin.vx", .between("physics"))
        let bounces: UInt64 = 9
        let items = ListShape(wordsEach: v.version >= bounces ? 7 : 6)
        v.list(&s.items, "items", items, blank: Item.blank) { it, v in
            v.int(&it.x, "x", .between("physics"))
            v.int(&it.y, "y", .between("physics"))
            v.int32(&it.vx, "vx", .between("physics"))
            v.int32(&it.vy, "vy", .between("physics"))
            v.int32(&it.ax, "ax", .between("physics"))
            v.code(&it.kind, "kind")
            v.code(&it.bounced, "bounced", since: bounces)
        }
        // 6: the fair spawner's plan.
        v.list(&s.plan, "plan", since: 6, ListShape(max: 1_000_000, wordsEach: 2), blank: PlanPoint(tick: 0, x: 0)) { p, v in
            v.int(&p.tick, "tick", .between("physics"))
            v.int(&p.x, "x", .between("physics"))
        }
    }

    @inline(__always)
    static func scoringFields<V: StateVisitor>(_ s: inout GameState, _ v: inout V) {
        v.int(&s.game.catches, "game.catches", .count)
        v.int(&s.game.misses, "game.misses", .count)
        v.int(&s.game.combo, "game.combo", .count)
        v.int(&s.game.bestCombo, "game.bestCombo", .count)
        v.int(&s.game.score, "game.score", .count)
        v.int(&s.game.grams, "game.grams", .count)
        v.int(&s.game.seaLifeHits, "game.seaLifeHits", since: 9, .count)
        v.int(&s.totals.games, "totals.games", .count)
        v.int(&s.totals.catches, "totals.catches", .count)
        v.int(&s.totals.misses, "totals.misses", .count)
        v.int(&s.totals.perfectGames, "totals.perfectGames", .count)
        v.int(&s.totals.bestCombo, "totals.bestCombo", .count)
        v.int(&s.totals.score, "totals.score", .count)
        v.int(&s.totals.grams, "totals.grams", .count)
        v.int(&s.totals.scans, "totals.scans", .count)
    }

    @inline(__always)
    static func oceanFields<V: StateVisitor>(_ s: inout GameState, _ v: inout V) {
        v.int(&s.health, "health", .health)
        v.code(&s.phase, "phase")
        // 4: the daily health caps; 7: the cap on the day's sum.
        v.int(&s.healthDayStart, "healthDayStart", since: 4, .health)
        v.int(&s.healthDayNet, "healthDayNet", since: 7, .dayNet)
        // 10: the seas.
        v.int(&s.seaIndex, "seaIndex", since: 10, .between("ocean"))
        v.list(&s.seas, "seas", since: 10, ListShape(max: Rules.maxSeas, wordsEach: 6), blank: SeaState.blank) { sea, v in
            v.int(&sea.health, "health", .health)
            v.code(&sea.phase, "phase")
            v.int(&sea.dayStart, "dayStart", .health)
            v.int(&sea.dayNet, "dayNet", .dayNet)
            v.int(&sea.openedDay, "openedDay", .day)
            v.int(&sea.lastDay, "lastDay", .day)
        }
        // 12: the mastery part of the day's rise cap, and rewards on top of it.
        v.int(&s.masteryToday, "masteryToday", since: 12, .percent)
        v.int(&s.rewardsToday, "rewardsToday", since: 12, .health)
    }

    @inline(__always)
    static func careerFields<V: StateVisitor>(_ s: inout GameState, _ v: inout V) {
        // 2 added the career; 3 a count before every list.
        guard v.version >= 2 else { return }
        let counted = v.version >= 3
        v.int(&s.career.today, "career.today", .between("career"))
        v.int(&s.career.monthOfToday, "career.monthOfToday", .between("career"))
        v.int(&s.career.sessionTick, "career.sessionTick", .between("career"))
        v.int(&s.career.sessionMinute, "career.sessionMinute", .between("career"))
        v.int(&s.career.lastActiveDay, "career.lastActiveDay", .day)
        v.int(&s.career.absenceChargedThrough, "career.absenceChargedThrough", .day)
        v.int(&s.career.datesWentBack, "career.datesWentBack", .count)
        v.int(&s.career.gramsToday, "career.gramsToday", .count)
        v.ints(&s.career.weekDays, "career.weekDays", ListShape(counted: counted, fixed: 7), .between("career"))
        v.ints(&s.career.weekGrams, "career.weekGrams", ListShape(counted: counted, fixed: 7), .count)
        // 3 kept every month with plastic (2: a ring of the last twelve); 5 every month
        // with plastic or an item, and its items per kind.
        let kinds = kindsShape(v.version)
        let months = ListShape(counted: counted, max: 12 * 10_000,
                               wordsEach: v.version >= 6 ? 3 : v.version == 5 ? 3 + StateEncoding.kindsBeforeVersion6 : 2)
        let digest = s.career.monthsDigest.digest
        v.visitMonths(&s.career.storedMonths, digest: digest, shape: months) { m, v in monthFields(&m, &v) }
        v.int(&s.career.level, "career.level", .between("career"))
        v.int(&s.career.goalDay, "career.goalDay", .day)
        v.int(&s.career.goalDays, "career.goalDays", .days)
        v.int(&s.career.streak, "career.streak", .between("career"))
        v.int(&s.career.bestStreak, "career.bestStreak", .days)
        let cards = counted ? ListShape(max: Rules.maxCards, index: .card)
            : ListShape(counted: false, fixed: StateEncoding.cardsOfVersion2, index: .card)
        v.ints(&s.career.cardLastDay, "career.cardLastDay", cards, .day)
        v.ints(&s.career.cardDays, "career.cardDays", cards, .days)
        v.int(&s.career.masteredCards, "career.masteredCards", .between("career"))
        v.int(&s.career.achievements, "career.achievements", .between("career"))
        v.ints(&s.career.kindCounts, "career.kindCounts", since: 3, kinds, .count)
        v.ints(&s.career.kindGrams, "career.kindGrams", since: 3, kinds, .count)
        // 5: the challenges and active days.
        v.word(&s.career.seed, "career.seed", since: 5)
        v.int(&s.career.bonusGrams, "career.bonusGrams", since: 5, .count)
        v.int(&s.career.activeDays, "career.activeDays", since: 5, .days)
        v.int(&s.career.challengesCompleted, "career.challengesCompleted", since: 5, .count)
        v.int(&s.career.challengesFailed, "career.challengesFailed", since: 5, .count)
        v.int(&s.career.milestones, "career.milestones", since: 5, .between("career"))
        if v.version >= 5 {
            challengeFields(&s.career.daily, "career.daily", &v)
            challengeFields(&s.career.weekly, "career.weekly", &v)
        }
        v.flag(&s.career.pet.adopted, "career.pet.adopted")
        v.code(&s.career.pet.form, "career.pet.form")
        v.code(&s.career.pet.stage, "career.pet.stage")
        v.code(&s.career.pet.mood, "career.pet.mood")
        v.int(&s.career.pet.gramsAtAdoption, "career.pet.gramsAtAdoption", .between("pet"))
        v.int(&s.career.pet.excitedUntil, "career.pet.excitedUntil", .between("pet"))
        v.int(&s.career.pet.happyUntil, "career.pet.happyUntil", .between("pet"))
        v.int(&s.career.pet.lastInputTick, "career.pet.lastInputTick", .between("pet"))
        v.flag(&s.career.pet.missingYou, "career.pet.missingYou")
        // 7: the daily scan limit; 11: studies counted apart from a card's box.
        v.int(&s.scansToday, "scansToday", since: 7, .count)
        v.int(&s.career.cardsStudied, "career.cardsStudied", since: 11, .between("career"))
        // 13: the Daily Ocean's run counted in the career, once a day.
        v.int(&s.career.dailyCreditDay, "career.dailyCreditDay", since: 13, .between("career"))
    }

    /// A lifetime month's fields (the closed months' digest encodes them too).
    @inline(__always)
    static func monthFields<V: StateVisitor>(_ m: inout MonthTotal, _ v: inout V) {
        let kinds = kindsShape(v.version)
        v.int(&m.month, "month", .between("career"))
        v.int(&m.grams, "grams", .count)
        v.ints(&m.kindCounts, "kindCounts", since: 5, kinds, .count)
    }

    /// A challenge's fields, under the name of its slot ("career.daily.target").
    @inline(__always)
    static func challengeFields<V: StateVisitor>(_ c: inout Challenge, _ slot: StaticString, _ v: inout V) {
        v.visitGroup(&c, slot) { c, v in
            v.int(&c.template, "template", .between("challenge"))
            v.code(&c.period, "period")
            v.int(&c.number, "number", .between("challenge"))
            v.code(&c.metric, "metric")
            v.int(&c.target, "target", .between("challenge"))
            v.int(&c.progress, "progress", .between("challenge"))
            v.code(&c.status, "status")
            v.int(&c.rewardGrams, "rewardGrams", .between("challenge"))
            v.int(&c.rewardHealth, "rewardHealth", .between("challenge"))
        }
    }

    /// The per-kind tallies: from 6 up to the last non-zero kind; before, the six shipped kinds.
    static func kindsShape(_ version: UInt64) -> ListShape {
        version >= 6 ? ListShape(max: Rules.maxKinds, trimmed: true, index: .kind)
            : ListShape(fixed: StateEncoding.kindsBeforeVersion6, index: .kind)
    }
}

extension Item {
    /// What the decoder fills in.
    static let blank = Item(x: 0, y: 0, vx: 0, vy: 0, ax: 0, kind: ItemKind(rawValue: 0))
}

extension SeaState {
    static let blank = SeaState(health: 0, phase: .polluted, dayStart: 0, dayNet: 0, openedDay: 0, lastDay: 0)
}
