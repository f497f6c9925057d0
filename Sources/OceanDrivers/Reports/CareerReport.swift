import OceanKernel

/// A career's progression, as `ocean sim --days` and `ocean profile show` print it.
public struct CareerReport: Sendable {
    public var date: CalendarDate?
    public var level: Int
    public var title: Title
    public var grams: Int
    public var gramsToday: Int
    public var gramsLast7Days: Int
    public var gramsThisMonth: Int
    public var streak: Int
    public var bestStreak: Int
    public var goalDays: Int
    public var cardsMastered: Int
    public var achievements: [Achievement]
    public var pet: PetState
    public var petScene: PetScene
    public var health: Int
    public var phase: Phase
    public var games: Int
    public var ticks: Int
    public var hash: UInt64

    public init(_ s: GameState, rules: Rules) {
        let c = s.career
        date = c.hasSession ? CalendarDate(dayNumber: c.today) : nil
        level = c.level
        title = rules.title(forLevel: c.level)
        grams = s.totals.grams
        gramsToday = c.gramsToday
        gramsLast7Days = c.hasSession ? (0..<7).reduce(0) { $0 + c.grams(onDay: c.today - $1) } : 0
        gramsThisMonth = c.hasSession ? c.grams(inMonth: c.monthOfToday) : 0
        streak = c.streak
        bestStreak = c.bestStreak
        goalDays = c.goalDays
        cardsMastered = c.masteredCount
        achievements = Achievement.allCases.filter { c.unlocked($0) }
        pet = c.pet
        petScene = s.petScene(rules: rules)
        health = s.health
        phase = s.phase
        games = s.totals.games
        ticks = s.tick
        hash = s.hash
    }

    public var json: String {
        let petJSON = pet.adopted
            ? "{\"form\": \"\(pet.form.name)\", \"stage\": \"\(pet.stage.name)\", \"mood\": \"\(pet.mood.name)\", \"scene\": \"\(petScene.name)\"}"
            : "null"
        let fields: [(String, String)] = [
            ("date", date.map { "\"\($0)\"" } ?? "null"), ("level", "\(level)"), ("title", "\"\(title.name)\""),
            ("grams", "\(grams)"), ("gramsToday", "\(gramsToday)"), ("gramsLast7Days", "\(gramsLast7Days)"),
            ("gramsThisMonth", "\(gramsThisMonth)"), ("streak", "\(streak)"), ("bestStreak", "\(bestStreak)"),
            ("goalDays", "\(goalDays)"), ("cardsMastered", "\(cardsMastered)"),
            ("achievements", "[" + achievements.map { "\"\($0.name)\"" }.joined(separator: ", ") + "]"),
            ("pet", petJSON), ("health", "\(health)"), ("phase", "\"\(phase.name)\""), ("games", "\(games)"),
            ("ticks", "\(ticks)"), ("hash", "\"\(hex16(hash))\""),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    public var text: String {
        let petLine = pet.adopted
            ? "\(pet.form.name), \(pet.stage.name), \(pet.mood.name) (\(petScene.name))"
            : "not adopted"
        return """
        date          \(date.map { "\($0)" } ?? "no session yet")
        level         \(level) (\(title.name))
        plastic       \(grams) g (today \(gramsToday) g, last 7 days \(gramsLast7Days) g, this month \(gramsThisMonth) g)
        streak        \(streak) days (best \(bestStreak)); daily goal met on \(goalDays) days
        flashcards    \(cardsMastered) of \(Flashcards.count) mastered
        achievements  \(achievements.count) of \(Achievement.allCases.count)\(achievements.isEmpty ? "" : ": " + achievements.map(\.name).joined(separator: ", "))
        pet           \(petLine)
        ocean health  \(percent(health)) % (\(phase.name))
        games         \(games)
        hash          \(hex16(hash))
        """
    }
}
