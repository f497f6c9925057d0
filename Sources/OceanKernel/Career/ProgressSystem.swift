/// Plastic per day, week, month and kind; levels and titles; the daily goal; the streak;
/// the achievements. Runs after the game systems, from what changed this tick.
enum ProgressSystem {
    static func run(_ s: inout GameState, log: inout TickLog, rules: Rules, events: inout [Event]) {
        let start = log.before
        let startedGame = s.totals.games > start.games
        let active = startedGame || s.totals.scans > start.scans
        if active && s.career.hasSession { markActive(&s, log: &log, events: &events) }

        if !log.outcomes.isEmpty { tallyKinds(log, &s, rules: rules) }
        let gained = s.totals.grams - start.grams
        if gained > 0 {
            if s.career.hasSession {
                addToCalendar(gained, &s, rules: rules)
                HealthSystem.rebanded(&s, idle: start.mode == .idle, rules: rules, events: &events)
            }
            catchUpLevel(&s, log: &log, rules: rules, events: &events)
            if s.career.hasSession && s.career.goalDay != s.career.today && s.career.gramsToday >= rules.career.dailyGoalGrams {
                s.career.goalDay = s.career.today
                s.career.goalDays += 1
                log.goalReached = true
                events.append(.goalReached(grams: s.career.gramsToday))
            }
        }

        // A game ended: its summary says whether today's healing is full.
        if start.mode != .idle && s.mode == .idle && rules.dailyRiseCap < Rules.fullHealth
            && HealthSystem.healedAll(s, rules) {
            events.append(.healedAllToday)
        }

        // Most ticks change nothing an achievement depends on.
        guard gained > 0 || active || s.health != start.health || s.game.combo != start.combo
            || s.totals.perfectGames != start.perfectGames || s.career.masteredCards != start.masteredCards else {
            return
        }
        // The career constants read only here, on the few ticks that get this far (read
        // at the top, all of them were loaded on every tick).
        let c = rules.career
        func unlock(_ a: Achievement, when condition: Bool) {
            guard condition, !s.career.unlocked(a) else { return }
            s.career.achievements |= 1 << a.rawValue
            events.append(.achievementUnlocked(a))
        }
        unlock(.firstStep, when: s.totals.scans > 0)
        unlock(.ecoScholar, when: rules.cardCount > 0 && s.career.masteredCount == rules.cardCount)
        unlock(.reefDefender, when: s.career.streak >= c.reefDefenderStreak)
        unlock(.oceanSentinel, when: s.career.streak >= c.oceanSentinelStreak)
        unlock(.flawless, when: s.totals.perfectGames > 0)
        unlock(.oceanHero, when: s.health > c.oceanHeroHealthAbove)
        unlock(.comboMaster, when: s.game.combo >= c.comboMasterCombo)
        unlock(.plasticHauler, when: s.totals.grams >= c.plasticHaulerGrams)
        unlock(.goalGetter, when: s.career.goalDays >= c.goalGetterDays)
        unlock(.earlyBird, when: startedGame && s.career.hasSession && s.minuteOfDay < c.earlyBirdBeforeMinute)
    }

    /// Raises the level to what its grams (plastic and challenge rewards) earn.
    static func catchUpLevel(_ s: inout GameState, log: inout TickLog, rules: Rules, events: inout [Event]) {
        let level = rules.level(forGrams: s.career.levelGrams(s.totals))
        while s.career.level < level {
            s.career.level += 1
            log.leveledUp = true
            events.append(.levelUp(level: s.career.level, title: rules.title(forLevel: s.career.level)))
        }
    }

    /// A game or a scan today: the streak counts today (once).
    private static func markActive(_ s: inout GameState, log: inout TickLog, events: inout [Event]) {
        let today = s.career.today
        let last = s.career.lastActiveDay
        guard today > last else { return }
        s.career.streak = last == today - 1 ? s.career.streak + 1 : 1
        s.career.bestStreak = max(s.career.bestStreak, s.career.streak)
        s.career.lastActiveDay = today
        s.career.activeDays += 1
        log.becameActive = true
        s.career.pet.missingYou = false
        events.append(.streakExtended(days: s.career.streak))
    }

    private static func addToCalendar(_ grams: Int, _ s: inout GameState, rules: Rules) {
        let day = s.career.today
        s.career.gramsToday += grams
        let w = ((day % 7) + 7) % 7
        if s.career.weekDays[w] != day {
            s.career.weekDays[w] = day
            s.career.weekGrams[w] = 0
        }
        s.career.weekGrams[w] += grams
        openMonth(&s, rules: rules)
        s.career.storedMonths[s.career.storedMonths.count - 1].grams += grams
    }

    /// Makes the current month the last of the lifetime months.
    private static func openMonth(_ s: inout GameState, rules: Rules) {
        let month = s.career.monthOfToday
        if s.career.storedMonths.last?.month != month {
            s.career.storedMonths.append(MonthTotal(month: month, grams: 0, kindCounts: rules.zeroPerKind))
            // The month before is closed now: into the hash's digest once, not every tick.
            s.career.foldClosedMonths()
        }
    }

    /// Items diverted per kind, lifetime and this month: each catch and scan of the
    /// tick, with its grams.
    private static func tallyKinds(_ log: borrowing TickLog, _ s: inout GameState, rules: Rules) {
        for outcome in log.outcomes {
            switch outcome {
            case .caught(let kind, _) where rules.isTrash[kind.rawValue]:
                s.career.kindCounts[kind.rawValue] += 1
                s.career.kindGrams[kind.rawValue] += rules.grams[kind.rawValue]
                countInMonth(kind, &s, rules: rules)
            case .scanned(let kind):
                s.career.kindCounts[kind.rawValue] += 1
                s.career.kindGrams[kind.rawValue] += rules.scanMass(kind)
                countInMonth(kind, &s, rules: rules)
            case .caught, .missed, .passed, .bounced, .absent, .dayBegan, .scanLogged:
                break
            }
        }
    }

    private static func countInMonth(_ kind: ItemKind, _ s: inout GameState, rules: Rules) {
        guard s.career.hasSession else { return }
        openMonth(&s, rules: rules)
        s.career.storedMonths[s.career.storedMonths.count - 1].kindCounts[kind.rawValue] += 1
    }
}

extension GameState {
    /// The player's local minute of the day now: the session's start plus the game
    /// time since (a session does not roll the date; the next session does). 0
    /// before any session.
    public var minuteOfDay: Int {
        guard career.hasSession else { return 0 }
        return (career.sessionMinute + (tick - career.sessionTick) / (60 * Fixed.ticksPerSecond)) % 1_440
    }
}
