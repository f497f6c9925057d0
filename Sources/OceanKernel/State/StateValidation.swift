/// A field of a state that the kernel could not have produced under the given rules.
public struct StateFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field's path, as `career.today` or `items[3].y`.
    public let field: String
    /// The offending value, as text.
    public let value: String
    /// What the field may hold.
    public let allowed: String

    public init(field: String, value: String, allowed: String) {
        (self.field, self.value, self.allowed) = (field, value, allowed)
    }

    public var description: String { "state field \(field): \(value) is out of range (\(allowed))" }
}

/// Bounds on a state from outside (a saved profile, a restored snapshot): every field
/// must hold a value the kernel can produce, so the tick never sees an index out of
/// its tables, a timer that never reaches zero, a sum that can overflow, a calendar
/// day without a date, or a random stream stuck at zero.
///
/// What the limits are:
/// - Counters and sums (totals, grams, streaks…) are in `0...maxCount` (2^50): adding
///   what a tick can add (at most `maxLive` catches, each worth less than 2^31 points
///   and grams under any valid balance) takes more than 2^20 ticks of nothing but
///   catches to get anywhere near `Int.max`.
/// - The tick is in `0...maxTick` (2^48 ticks: over 148,000 years at 60 ticks/s), so
///   `tick + timer` never overflows.
/// - Calendar days are `never` or a date from 0001-01-01 to 9999-12-31
///   (`CalendarDate.earliest...latest`), and never after `career.today`.
/// - Flow, items and the ocean are checked against `rules`: round, timers and spawn
///   counts as `RoundSystem`/`SpawnSystem` leave them, items only while playing and
///   within the playfield, their speeds within the round's terminal speed and the
///   kind's sway, the phase one that `PhaseSystem` would keep for the health.
extension GameState {
    /// The largest tick a state may carry.
    public static let maxTick = 1 << 48
    /// The largest value of any counter or sum.
    public static let maxCount = 1 << 50
    /// The longest a pet timer may run past the current tick: one hour of ticks, the
    /// most `pet.happy_ms` allows (so a profile saved under a longer setting still loads).
    public static let maxTimerTicks = 3_600 * Fixed.ticksPerSecond
    /// The days the calendar holds (0001-01-01 to 9999-12-31): no streak or count of days is longer.
    public static let calendarDays = CalendarDate.latest.dayNumber - CalendarDate.earliest.dayNumber + 1

    /// Every field out of range: first each field against its own rule in `StateFields`
    /// (in encoding order), then the rules between fields, subsystem by subsystem.
    /// Empty when the state is one the kernel can produce under `rules`.
    public func validate(rules: Rules) -> [StateFieldError] {
        var fields = FieldRuleChecker(state: self, rules: rules)
        var state = self
        GameState.visitFields(&state, with: &fields)
        var c = StateChecker()
        c.issues = fields.checker.issues
        c.flow(self, rules: rules)
        c.physics(self, rules: rules)
        c.scoring(self)
        c.ocean(self, rules: rules)
        c.career(self, rules: rules)
        return c.issues
    }

    /// Throws the first field out of range (see `validate(rules:)`).
    public func checkValid(rules: Rules) throws(StateFieldError) {
        if let first = validate(rules: rules).first { throw first }
    }
}

/// Collects out-of-range fields. Bounds are compared, never turned into ranges, so a
/// balance that makes a bound empty (no breaks, say) cannot trap here.
struct StateChecker {
    var issues: [StateFieldError] = []

    mutating func fail(_ field: String, _ value: Int, _ allowed: String) {
        issues.append(StateFieldError(field: field, value: "\(value)", allowed: allowed))
    }

    mutating func range(_ field: String, _ v: Int, _ lo: Int, _ hi: Int, _ note: String = "") {
        if v < lo || v > hi { fail(field, v, "allowed \(lo) to \(hi)" + (note.isEmpty ? "" : "; \(note)")) }
    }

    mutating func count(_ field: String, _ v: Int) { range(field, v, 0, GameState.maxCount) }

    /// `never`, or a day of the calendar no later than `latest` (itself a valid day or `never`).
    mutating func day(_ field: String, _ v: Int, notAfter latest: Int, _ note: String) {
        guard v != CareerState.never else { return }
        let days = CalendarDate.earliest.dayNumber...CalendarDate.latest.dayNumber
        if !days.contains(v) {
            fail(field, v, "never (\(CareerState.never)) or a day number from \(days.lowerBound) (\(CalendarDate.earliest)) "
                + "to \(days.upperBound) (\(CalendarDate.latest))")
        } else if latest == CareerState.never || v > latest {
            fail(field, v, "not after \(note) (\(latest == CareerState.never ? "never" : String(latest)))")
        }
    }

    // MARK: Flow

    mutating func flow(_ s: GameState, rules: Rules) {
        let arcade = s.playMode == .arcade
        let rounds = arcade ? rules.arcadeRoundCap : rules.roundsPerGame
        let roundsKey = arcade ? "arcade.round_cap" : "rounds.per_game"
        switch s.mode {
        case .idle:
            range("round", s.round, 0, 0, "no round between games")
            range("roundSpawned", s.roundSpawned, 0, 0, "between games")
            range("spawnTimer", s.spawnTimer, 0, 0, "between games")
            range("breakTimer", s.breakTimer, 0, 0, "between games")
            range("missesLeft", s.missesLeft, 0, 0, "between games")
        case .playing:
            range("round", s.round, 1, rounds, roundsKey)
            guard s.round >= 1 && s.round <= rounds else { return }
            range("roundSpawned", s.roundSpawned, 0, rules.roundItems[rules.row(s)], "the round's items")
            range("spawnTimer", s.spawnTimer, 0, spawnGap(s, rules: rules), "the round's spawn gap")
            range("breakTimer", s.breakTimer, 0, 0, "during a round")
        case .roundBreak:
            range("round", s.round, 1, rounds - 1, "a break follows a round before the last")
            guard s.round >= 1 && s.round < rounds else { return }
            let items = rules.roundItems[rules.row(s)]
            range("roundSpawned", s.roundSpawned, items, items, "a break follows a round that spawned all its items")
            range("spawnTimer", s.spawnTimer, 0, spawnGap(s, rules: rules), "the round's spawn gap")
            range("breakTimer", s.breakTimer, 1, rules.breakTicks, "rounds.break_ms in ticks")
        }
        if s.mode != .idle {
            range("missesLeft", s.missesLeft, arcade ? 1 : 0, arcade ? rules.arcadeMissBudget : 0,
                  arcade ? "arcade.miss_budget (a game with none left has ended)" : "none in a classic game")
            range("roundStartMisses", s.roundStartMisses, 0, s.game.misses, "the game's misses so far")
            range("tempoStep", s.tempoStep, 0, arcade ? 0 : rules.tempoSteps - 1,
                  arcade ? "0 in arcade games" : "tempo.max_steps")
            range("netTicksLeft", s.netTicksLeft, 0, rules.netTicks, "power.net_ms in ticks")
            range("tideTicksLeft", s.tideTicksLeft, 0, rules.tideTicks, "power.tide_ms in ticks")
            range("tideClock", s.tideClock, 0, s.tideTicksLeft > 0 ? 99 : 0, "below 100, 0 with no slack tide")
        } else {
            range("tempoStep", s.tempoStep, 0, 0, "between games")
            range("netTicksLeft", s.netTicksLeft, 0, 0, "between games")
            range("tideTicksLeft", s.tideTicksLeft, 0, 0, "between games")
            range("tideClock", s.tideClock, 0, 0, "between games")
        }
    }

    private func spawnGap(_ s: GameState, rules: Rules) -> Int {
        let gap = rules.roundGapTicks[rules.row(s)]
        return s.round == 1 ? max(gap, rules.countdownTicks + rules.firstSpawnDelayTicks) : gap
    }

    // MARK: Physics

    mutating func physics(_ s: GameState, rules: Rules) {
        let r = s.random
        if r.s0 == 0 && r.s1 == 0 && r.s2 == 0 && r.s3 == 0 {
            issues.append(StateFieldError(field: "random", value: "0 0 0 0",
                                          allowed: "any state but all zero, where xoshiro256** stays forever"))
        }
        range("bin.x", s.bin.x, 0, rules.width, "the playfield's width")
        range("bin.vx", s.bin.vx, -rules.width, rules.width, "at most the playfield's width per tick")

        let n = s.items.count
        if n > 0 && s.mode != .playing { fail("items.count", n, "allowed 0 unless a round is being played") }
        range("items.count", n, 0, rules.maxLive, "items.max_live")
        if s.mode == .playing && n > s.roundSpawned { fail("items.count", n, "at most roundSpawned (\(s.roundSpawned))") }
        // The fair spawner's plan: only during a game of a fair balance, at most a point
        // per item of a game and where it began, in time order, inside the walls.
        let gameItems = s.playMode == .arcade ? rules.roundItems[(rules.tempoSteps * rules.roundsPerGame)...].reduce(0, +)
            : rules.roundItems[..<rules.roundsPerGame].reduce(0, +)
        range("plan.count", s.plan.count, 0, rules.fairSpawn && s.mode != .idle ? gameItems + 1 : 0,
              rules.fairSpawn ? "a point per item of the game, during a game" : "none: rounds.fair_spawn is 0")
        if s.plan.count <= gameItems + 1 {
            for (i, p) in s.plan.enumerated() {
                range("plan[\(i)].x", p.x, rules.binHalfWidth, rules.width - rules.binHalfWidth, "where the bin's centre can be")
                // A slack tide moves the points still to come a tick later: within the
                // calendar of ticks, that never overflows.
                range("plan[\(i)].tick", p.tick, 0, GameState.maxTick, "a tick")
                if i > 0 && p.tick < s.plan[i - 1].tick { fail("plan[\(i)].tick", p.tick, "not before plan[\(i - 1)].tick") }
            }
        }
        guard s.mode == .playing, s.round >= 1, s.round <= (s.playMode == .arcade ? rules.arcadeRoundCap : rules.roundsPerGame),
              n <= rules.maxLive else { return }
        let base = rules.row(s) * rules.kindCount
        for (i, it) in s.items.enumerated() {
            let k = it.kind.rawValue
            guard k < rules.kindCount else {
                fail("items[\(i)].kind", k, "a kind of the balance (0 to \(rules.kindCount - 1))")
                continue
            }
            let p = rules.fall[base + k]
            let half = p.halfSize
            range("items[\(i)].x", it.x, half, rules.width - half, "within the side walls")
            range("items[\(i)].y", it.y, -half, rules.waterLine - half - 1, "from the top until it reaches the water")
            // A bounce or a leap goes up, and a bounce kicks sideways.
            let bounce = Int(p.terminalSpeed) * rules.bouncePercent[k] / 100
            let up = rules.isSeaLife[k] ? Int(p.leapSpeed) : bounce
            let side = max(Int(p.swaySpeed), it.bounced == 1 ? max(Fixed.one, bounce / 3) : 0)
            range("items[\(i)].vx", Int(it.vx), -side, side, "the kind's sway speed (or a bounce's kick)")
            range("items[\(i)].vy", Int(it.vy), -up, Int(p.terminalSpeed), "the kind's terminal speed this round (up: its leap or bounce)")
            range("items[\(i)].bounced", Int(it.bounced), 0, rules.bouncePercent[k] > 0 ? 1 : 0,
                  "1 only for a kind that bounces (kind.KEY.bounce_percent above 0)")
            range("items[\(i)].ax", Int(it.ax), -rules.swayAccel[k], rules.swayAccel[k], "the kind's sway acceleration")
        }
    }

    // MARK: Scoring

    mutating func scoring(_ s: GameState) {
        let g = s.game, t = s.totals
        if g.combo > g.bestCombo { fail("game.combo", g.combo, "at most game.bestCombo (\(g.bestCombo))") }
        if t.perfectGames > t.games { fail("totals.perfectGames", t.perfectGames, "at most totals.games (\(t.games))") }
        if s.mode != .idle && t.games < 1 { fail("totals.games", t.games, "at least 1 while a game is on") }
    }

    // MARK: Ocean

    mutating func ocean(_ s: GameState, rules: Rules) {
        range("seas", s.seas.count, 0, rules.seaKeys.count, "the balance's seas")
        range("seaIndex", s.seaIndex, 0, max(0, s.seas.count - 1), "an opened sea")
        guard s.health >= 0 && s.health <= Rules.fullHealth else { return }
        let kept = PhaseSystem.phase(after: s.phase, health: s.health, rules: rules)
        if kept != s.phase {
            issues.append(StateFieldError(
                field: "phase", value: s.phase.name,
                allowed: "health \(s.health) gives \(kept.name) (the phase bounds with their hysteresis)"))
        }
    }

    // MARK: Career

    mutating func career(_ s: GameState, rules: Rules) {
        let c = s.career
        let today = c.today
        day("career.today", today, notAfter: CalendarDate.latest.dayNumber, "9999-12-31")
        let todayValid = today == CareerState.never
            || (today >= CalendarDate.earliest.dayNumber && today <= CalendarDate.latest.dayNumber)
        if today == CareerState.never {
            range("career.monthOfToday", c.monthOfToday, 0, 0, "no session yet")
            range("career.sessionTick", c.sessionTick, 0, 0, "no session yet")
            range("career.sessionMinute", c.sessionMinute, 0, 0, "no session yet")
        } else if todayValid {
            let month = CalendarDate(dayNumber: today).monthNumber
            range("career.monthOfToday", c.monthOfToday, month, month, "the month of career.today")
            range("career.sessionTick", c.sessionTick, 0, s.tick, "a tick already played")
            range("career.sessionMinute", c.sessionMinute, 0, 1_439, "a minute of the day")
        }
        let latest = todayValid ? today : CareerState.never

        // Fixed-size arrays: the decoder reads exactly these counts; a state built
        // in memory could hold others.
        let kinds = rules.kindCount
        guard c.weekDays.count == 7, c.weekGrams.count == 7, c.kindCounts.count == kinds, c.kindGrams.count == kinds,
              c.cardLastDay.count == rules.cardCount, c.cardDays.count == rules.cardCount else {
            issues.append(StateFieldError(field: "career", value: "arrays of the wrong length",
                                          allowed: "7 week days, \(kinds) kinds, \(rules.cardCount) cards"))
            return
        }
        for i in 0..<7 {
            let d = c.weekDays[i]
            day("career.weekDays[\(i)]", d, notAfter: latest, "career.today")
            if d != CareerState.never && ((d % 7) + 7) % 7 != i { fail("career.weekDays[\(i)]", d, "a day number in slot day mod 7") }
        }
        // Lifetime months: only after a session, each with plastic, strictly in
        // calendar order, none after the month of today (computed from today, so a
        // forged month number cannot overflow anything here).
        let firstMonth = CalendarDate.earliest.monthNumber
        let lastMonth = todayValid && today != CareerState.never ? CalendarDate(dayNumber: today).monthNumber : firstMonth - 1
        range("career.months.count", c.months.count, 0, lastMonth - firstMonth + 1,
              today == CareerState.never ? "none before the first session" : "one per month up to career.today")
        var previous = firstMonth - 1
        for (i, m) in c.months.enumerated() {
            range("career.months[\(i)].month", m.month, previous + 1, lastMonth, "after the previous month, up to the month of career.today")
            guard m.kindCounts.count == kinds else {
                fail("career.months[\(i)].kindCounts.count", m.kindCounts.count, "one count per kind (\(kinds))")
                continue
            }
            if m.grams == 0 && m.kindCounts.allSatisfy({ $0 == 0 }) {
                fail("career.months[\(i)].grams", 0, "a month is kept once it has plastic or an item")
            }
            if m.month >= previous + 1 && m.month <= lastMonth { previous = m.month }
        }
        range("career.level", c.level, 1, rules.career.maxLevel, "career.max_level")
        let calendarDays = GameState.calendarDays
        range("career.streak", c.streak, 0, c.bestStreak, "at most career.bestStreak")
        range("career.masteredCards", c.masteredCards, 0, (1 << rules.cardCount) - 1, "one bit per card")
        range("career.cardsStudied", c.cardsStudied, 0, calendarDays * rules.cardCount, "a study a card a day")
        // A Daily Ocean's date is UTC's: a day after the career's local today at most.
        day("career.dailyCreditDay", c.dailyCreditDay, notAfter: todayValid ? today + 1 : CareerState.never,
            "the day after career.today (the Daily Ocean's UTC date)")
        range("career.achievements", c.achievements, 0, (1 << Achievement.allCases.count) - 1, "one bit per achievement")

        challenges(c, today: latest, rules: rules)

        let p = c.pet
        if !p.adopted {
            if p != PetState() {
                issues.append(StateFieldError(field: "career.pet", value: "a form, stage, mood or timer",
                                              allowed: "nothing before adoption"))
            }
            return
        }
        range("career.pet.gramsAtAdoption", p.gramsAtAdoption, 0, s.totals.grams, "at most totals.grams")
        let timerEnd = max(0, min(s.tick, GameState.maxTick)) + GameState.maxTimerTicks
        range("career.pet.excitedUntil", p.excitedUntil, 0, timerEnd, "at most an hour of ticks after the tick")
        range("career.pet.happyUntil", p.happyUntil, 0, timerEnd, "at most an hour of ticks after the tick")
        range("career.pet.lastInputTick", p.lastInputTick, 0, s.tick, "a tick already played")
    }
}

extension StateChecker {
    mutating func challenges(_ c: CareerState, today: Int, rules: Rules) {
        range("career.milestones", c.milestones, 0, (1 << Rules.maxMilestones) - 1, "one bit per milestone")
        challenge("career.daily", c.daily, .daily, latest: today)
        challenge("career.weekly", c.weekly, .weekly,
                  latest: today == CareerState.never ? today : ChallengeDraw.week(ofDay: today))
    }

    /// A challenge in its slot: no challenge, or one of that period for a day (week) up
    /// to today's, its progress within its target and agreeing with its status.
    private mutating func challenge(_ field: String, _ ch: Challenge, _ period: ChallengePeriod, latest: Int) {
        if ch.period != period {
            issues.append(StateFieldError(field: field + ".period", value: ch.period.key, allowed: "\(period.key) in this slot"))
        }
        guard ch.exists else {
            range(field + ".template", ch.template, -1, -1, "-1 (none) or a template index")
            range(field + ".number", ch.number, CareerState.never, CareerState.never, "never, with no challenge")
            return
        }
        range(field + ".template", ch.template, -1, Challenge.maxTemplates - 1, "a template index")
        let firstDay = CalendarDate.earliest.dayNumber
        let first = period == .daily ? firstDay : ChallengeDraw.week(ofDay: firstDay)
        range(field + ".number", ch.number, first, latest == CareerState.never ? first - 1 : latest,
              "a \(period == .daily ? "day" : "week") up to career.today's")
        range(field + ".target", ch.target, 1, GameState.maxCount)
        range(field + ".progress", ch.progress, 0, max(1, ch.target))
        range(field + ".rewardGrams", ch.rewardGrams, 0, Challenge.maxRewardGrams)
        range(field + ".rewardHealth", ch.rewardHealth, 0, Rules.fullHealth)
        let agrees = switch ch.status {
        case .notStarted: ch.progress == 0
        case .inProgress: ch.progress > 0 && ch.progress < ch.target
        case .completed: ch.progress == ch.target
        case .failed: ch.progress < ch.target
        }
        if !agrees {
            issues.append(StateFieldError(field: field + ".status", value: ch.status.key,
                                          allowed: "one that agrees with progress \(ch.progress) of \(ch.target)"))
        }
    }
}

/// Checks each field against its own rule in `StateFields` (the `.between` rules are
/// `StateChecker`'s, with the fields they depend on).
struct FieldRuleChecker: StateVisitor {
    let version = StateEncoding.version
    var checker = StateChecker()
    /// The last day a day field may hold: `career.today`, when it is a valid day; nil
    /// when today is out of the calendar (its own error says so; a day is then held
    /// only to the calendar).
    let latestDay: Int?
    let kindKeys: [String], cardKeys: [String]
    /// The path of the list element or group being visited ("items[3].").
    var prefix = ""

    init(state: GameState, rules: Rules) {
        let today = state.career.today
        let valid = today >= CalendarDate.earliest.dayNumber && today <= CalendarDate.latest.dayNumber
        latestDay = valid || today == CareerState.never ? today : nil
        (kindKeys, cardKeys) = (rules.kindKeys, rules.cardKeys)
    }

    mutating func visitInt(_ value: inout Int, _ name: StaticString, _ rule: FieldRule) {
        let field = prefix + name.description
        switch rule {
        case .count: checker.count(field, value)
        case .tick: checker.range(field, value, 0, GameState.maxTick)
        case .health: checker.range(field, value, 0, Rules.fullHealth)
        case .days: checker.range(field, value, 0, GameState.calendarDays, "days in the calendar")
        case .day: checker.day(field, value, notAfter: latestDay ?? CalendarDate.latest.dayNumber,
                               latestDay == nil ? "9999-12-31" : "career.today")
        // Far beyond full health either way is no day that was played.
        case .dayNet: checker.range(field, value, -1_000_000_000, 1_000_000_000, "a day's summed effects")
        case .percent: checker.range(field, value, 0, 100, "a share in %")
        case .between: break
        }
    }

    mutating func visitInt32(_ value: inout Int32, _ name: StaticString, _ rule: FieldRule) {
        var wide = Int(value)
        visitInt(&wide, name, rule)
    }

    // Words may hold anything; codes were checked when decoded (the type holds no other).
    mutating func visitWord(_ value: inout UInt64, _ name: StaticString) {}
    mutating func visitCode<C: StateCode>(_ value: inout C, _ name: StaticString) {}

    mutating func visitList<T>(_ list: inout [T], _ name: StaticString, _ shape: ListShape, blank: T,
                               fields: (inout T, inout Self) -> Void) {
        let outer = prefix
        for i in list.indices {
            prefix = outer + name.description + "[\(key(i, shape))]."
            var element = list[i]
            fields(&element, &self)
        }
        prefix = outer
    }

    mutating func visitInts(_ list: inout [Int], _ name: StaticString, _ shape: ListShape, _ rule: FieldRule) {
        let outer = prefix
        for i in list.indices {
            prefix = outer + name.description + "[\(key(i, shape))]"
            var value = list[i]
            visitInt(&value, "", rule)
        }
        prefix = outer
    }

    mutating func visitGroup<T>(_ value: inout T, _ name: StaticString, fields: (inout T, inout Self) -> Void) {
        let outer = prefix
        prefix = outer + name.description + "."
        fields(&value, &self)
        prefix = outer
    }

    mutating func visitMonths(_ months: inout [MonthTotal], digest: MonthsDigest?, shape: ListShape,
                              fields: (inout MonthTotal, inout Self) -> Void) {
        visitList(&months, "career.months", shape, blank: MonthTotal(month: 0, grams: 0, kindCounts: []), fields: fields)
    }

    /// An element's name in its list: its position, or the balance's key for it.
    private func key(_ i: Int, _ shape: ListShape) -> String {
        switch shape.index {
        case .position: "\(i)"
        case .kind: i < kindKeys.count ? kindKeys[i] : "\(i)"
        case .card: i < cardKeys.count ? cardKeys[i] : "\(i)"
        }
    }
}

extension CalendarDate {
    /// The first and last dates the calendar holds: sessions outside are invalid.
    public static let earliest = CalendarDate(year: 1, month: 1, day: 1)
    public static let latest = CalendarDate(year: 9999, month: 12, day: 31)
}

extension Simulation {
    /// Restores a state from outside (a save, a snapshot from elsewhere): validated
    /// first, so the tick never sees a field out of range. Throws the first such field.
    public init(rules: Rules, restoring state: GameState) throws(StateFieldError) {
        try state.checkValid(rules: rules)
        self.init(rules: rules, state: state)
    }
}
