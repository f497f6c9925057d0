/// The numbers at the start of a tick that the career compares against.
struct TickStart {
    var grams: Int
    var games: Int
    var scans: Int
    var combo: Int
    var phase: Phase
    var health: Int
    var perfectGames: Int
    var masteredCards: Int

    init(_ s: GameState) {
        grams = s.totals.grams
        games = s.totals.games
        scans = s.totals.scans
        combo = s.game.combo
        phase = s.phase
        health = s.health
        perfectGames = s.totals.perfectGames
        masteredCards = s.career.masteredCards
    }
}

/// What the progress system saw this tick that moves the pet's mood.
struct ProgressNews {
    var leveledUp = false
    var goalReached = false
    var active = false
}

/// Plastic per day, week and month; levels and titles; the daily goal; the streak;
/// the achievements. Runs after the game systems, from what changed this tick.
enum ProgressSystem {
    static func run(_ s: inout GameState, since start: TickStart, rules: Rules, events: inout [Event]) -> ProgressNews {
        var news = ProgressNews()
        let c = rules.career
        let startedGame = s.totals.games > start.games
        news.active = startedGame || s.totals.scans > start.scans
        if news.active && s.career.hasSession { markActive(&s, events: &events) }

        let gained = s.totals.grams - start.grams
        if gained > 0 {
            if s.career.hasSession { addToCalendar(gained, &s) }
            let level = rules.level(forGrams: s.totals.grams)
            while s.career.level < level {
                s.career.level += 1
                news.leveledUp = true
                events.append(.levelUp(level: s.career.level, title: rules.title(forLevel: s.career.level)))
            }
            if s.career.hasSession && s.career.goalDay != s.career.today && s.career.gramsToday >= c.dailyGoalGrams {
                s.career.goalDay = s.career.today
                s.career.goalDays += 1
                news.goalReached = true
                events.append(.goalReached(grams: s.career.gramsToday))
            }
        }

        // Most ticks change nothing an achievement depends on.
        guard gained > 0 || news.active || s.health != start.health || s.game.combo != start.combo
            || s.totals.perfectGames != start.perfectGames || s.career.masteredCards != start.masteredCards else {
            return news
        }
        func unlock(_ a: Achievement, when condition: Bool) {
            guard condition, !s.career.unlocked(a) else { return }
            s.career.achievements |= 1 << a.rawValue
            events.append(.achievementUnlocked(a))
        }
        unlock(.firstStep, when: s.totals.scans > 0)
        unlock(.ecoScholar, when: s.career.masteredCount == Flashcards.count)
        unlock(.reefDefender, when: s.career.streak >= c.reefDefenderStreak)
        unlock(.oceanSentinel, when: s.career.streak >= c.oceanSentinelStreak)
        unlock(.flawless, when: s.totals.perfectGames > 0)
        unlock(.oceanHero, when: s.health > c.oceanHeroHealthAbove)
        unlock(.comboMaster, when: s.game.combo >= c.comboMasterCombo)
        unlock(.plasticHauler, when: s.totals.grams >= c.plasticHaulerGrams)
        unlock(.goalGetter, when: s.career.goalDays >= c.goalGetterDays)
        unlock(.earlyBird, when: startedGame && s.career.hasSession && s.minuteOfDay < c.earlyBirdBeforeMinute)
        return news
    }

    /// A game or a scan today: the streak counts today (once).
    private static func markActive(_ s: inout GameState, events: inout [Event]) {
        let today = s.career.today
        let last = s.career.lastActiveDay
        guard today > last else { return }
        s.career.streak = last == today - 1 ? s.career.streak + 1 : 1
        s.career.bestStreak = max(s.career.bestStreak, s.career.streak)
        s.career.lastActiveDay = today
        s.career.pet.missingYou = false
        events.append(.streakExtended(days: s.career.streak))
    }

    private static func addToCalendar(_ grams: Int, _ s: inout GameState) {
        let day = s.career.today
        s.career.gramsToday += grams
        let w = ((day % 7) + 7) % 7
        if s.career.weekDays[w] != day {
            s.career.weekDays[w] = day
            s.career.weekGrams[w] = 0
        }
        s.career.weekGrams[w] += grams
        let month = s.career.monthOfToday
        let m = ((month % 12) + 12) % 12
        if s.career.months[m] != month {
            s.career.months[m] = month
            s.career.monthGrams[m] = 0
        }
        s.career.monthGrams[m] += grams
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
