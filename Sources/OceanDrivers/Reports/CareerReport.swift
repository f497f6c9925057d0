import OceanBalance
import OceanKernel

/// A career's progression, as `ocean sim --days` and `ocean profile show` print it:
/// level, plastic, streaks, pet, ocean; items per kind and plastic per month, with
/// their impact; the challenges (and, for a run, its `ChallengeLog`).
public struct CareerReport: Sendable, Encodable {
    /// Lifetime items diverted of one kind, and their grams (its true mass, whatever
    /// its material; `plastic` says whether they count as plastic).
    public struct KindTotal: Sendable, Equatable {
        /// The kind's key (`plastic_bottle`).
        public var kind: String
        public var count: Int
        public var grams: Int
        public var plastic: Bool
    }
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
    /// The cards of the rules, mastered or not.
    public var cardCount: Int
    /// Flashcards answered (before the quiz: studied) at least once.
    public var cardsStudied: Int
    /// The player's name, when the report is of a saved profile that has one.
    public var name: String?
    public var achievements: [Achievement]
    public var pet: PetState
    public var petScene: PetScene
    public var health: Int
    public var phase: Phase
    /// A sea opened so far: its key, health, phase and the career day it opened on
    /// (1: the career's first day).
    public struct SeaStanding: Sendable, Equatable {
        public var key: String
        public var health: Int
        public var phase: Phase
        public var openedDay: Int
    }
    /// Every sea opened, the one being played first (empty for a balance without seas).
    public var seas: [SeaStanding] = []
    public var games: Int
    public var ticks: Int
    public var hash: UInt64
    /// Per item kind, in `ItemKind` order: lifetime count and grams.
    public var kinds: [KindTotal]
    /// Per item kind: whether it is trash (`Rules.isTrash`); the text lists only those
    /// (sea life and power-ups are never kept out of the sea).
    var trash: [Bool] = []
    /// Lifetime plastic per calendar month, oldest first (months with nothing diverted absent).
    public var months: [MonthTotal]
    /// Each month's items and grams per kind (every material), alongside `months`.
    public var monthKinds: [[KindTotal]]
    /// Lifetime impact, with each kind's share; nil when no factors were given.
    public var impact: ImpactBreakdown?
    /// Each month's impact, alongside `months` (empty when no factors were given).
    public var monthImpacts: [ImpactBreakdown]
    /// Today's and this week's challenges, the counts, bonus grams and milestones.
    public var challenges: ChallengeStanding

    /// `texts`: the challenge table's texts by template key (`ChallengeTable.texts`);
    /// `factors`: the impact factors (`assets/impact.toml`); `log`: a run's challenges.
    public init(_ s: GameState, rules: Rules, texts: [String: String] = [:], factors: ImpactFactors? = nil,
                log: ChallengeLog? = nil) {
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
        cardCount = rules.cardCount
        cardsStudied = c.cardLastDay.filter { $0 != CareerState.never }.count
        achievements = Achievement.allCases.filter { c.unlocked($0) }
        pet = c.pet
        petScene = s.petScene(rules: rules)
        health = s.health
        phase = s.phase
        if let first = s.seas.first {
            let order = [s.seaIndex] + s.seas.indices.filter { $0 != s.seaIndex }
            seas = order.map { i in
                let now = s.sea(i)
                return SeaStanding(key: rules.seaKeys[i], health: now.health, phase: now.phase,
                                   openedDay: s.seas[i].openedDay - first.openedDay + 1)
            }
        }
        games = s.totals.games
        ticks = s.tick
        hash = s.hash
        trash = rules.isTrash
        kinds = rules.kindKeys.indices.map {
            KindTotal(kind: rules.kindKeys[$0], count: c.kindCounts[$0], grams: c.kindGrams[$0], plastic: rules.isPlastic[$0])
        }
        months = c.months
        monthKinds = c.months.map { m in
            rules.kindKeys.indices.map {
                KindTotal(kind: rules.kindKeys[$0], count: m.kindCounts[$0], grams: m.grams(ofKind: $0, rules: rules),
                          plastic: rules.isPlastic[$0])
            }
        }
        let keys = rules.kindKeys
        impact = factors.map { ImpactBreakdown(counts: c.kindCounts, kindKeys: keys, factors: $0) }
        monthImpacts = factors.map { f in c.months.map { ImpactBreakdown(counts: $0.kindCounts, kindKeys: keys, factors: f) } } ?? []
        challenges = ChallengeStanding(s, rules: rules, texts: texts, log: log)
    }

    /// A month number (`CalendarDate.monthNumber`) as YYYY-MM.
    public static func monthText(_ month: Int) -> String {
        "\(CalendarDate(year: month / 12, month: month % 12 + 1, day: 1))".dropLast(3).description
    }

    public var json: String { JSONOutput.text(self) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        func put<T: Encodable>(_ v: T, _ key: String) throws { try c.encode(v, forKey: JSONKey(key)) }
        if let name { try put(name, "name") }
        if let date { try put("\(date)", "date") } else { try c.encodeNil(forKey: JSONKey("date")) }
        try put(level, "level")
        try put(title.name, "title")
        try put(grams, "grams")
        try put(gramsToday, "gramsToday")
        try put(gramsLast7Days, "gramsLast7Days")
        try put(gramsThisMonth, "gramsThisMonth")
        try put(streak, "streak")
        try put(bestStreak, "bestStreak")
        try put(goalDays, "goalDays")
        try put(cardsMastered, "cardsMastered")
        try put(cardsStudied, "cardsStudied")
        try put(achievements.map(\.name), "achievements")
        if pet.adopted {
            try put(["form": pet.form.name, "stage": pet.stage.name, "mood": pet.mood.name, "scene": petScene.name], "pet")
        } else {
            try c.encodeNil(forKey: JSONKey("pet"))
        }
        try put(health, "health")
        try put(phase.name, "phase")
        var seaList = c.nestedUnkeyedContainer(forKey: JSONKey("seas"))
        for sea in seas {
            var o = seaList.nestedContainer(keyedBy: JSONKey.self)
            try o.encode(sea.key, forKey: JSONKey("key"))
            try o.encode(sea.health, forKey: JSONKey("health"))
            try o.encode(sea.phase.name, forKey: JSONKey("phase"))
            try o.encode(sea.openedDay, forKey: JSONKey("openedDay"))
        }
        try put(games, "games")
        try put(ticks, "ticks")
        try put(hex16(hash), "hash")
        var k = c.nestedUnkeyedContainer(forKey: JSONKey("kinds"))
        for t in kinds {
            var o = k.nestedContainer(keyedBy: JSONKey.self)
            try o.encode(t.kind, forKey: JSONKey("kind"))
            try o.encode(t.count, forKey: JSONKey("count"))
            try o.encode(t.grams, forKey: JSONKey("grams"))
            try o.encode(t.plastic, forKey: JSONKey("plastic"))
        }
        var m = c.nestedUnkeyedContainer(forKey: JSONKey("months"))
        for (i, t) in months.enumerated() {
            var o = m.nestedContainer(keyedBy: JSONKey.self)
            try o.encode(CareerReport.monthText(t.month), forKey: JSONKey("month"))
            try o.encode(t.grams, forKey: JSONKey("grams"))
            // Every material's mass this month, and each kind's items and grams.
            try o.encode(monthKinds[i].reduce(0) { $0 + $1.grams }, forKey: JSONKey("divertedGrams"))
            var mk = o.nestedUnkeyedContainer(forKey: JSONKey("kinds"))
            for t in monthKinds[i] {
                var ko = mk.nestedContainer(keyedBy: JSONKey.self)
                try ko.encode(t.kind, forKey: JSONKey("kind"))
                try ko.encode(t.count, forKey: JSONKey("count"))
                try ko.encode(t.grams, forKey: JSONKey("grams"))
                try ko.encode(t.plastic, forKey: JSONKey("plastic"))
            }
            if i < monthImpacts.count { try o.encode(monthImpacts[i], forKey: JSONKey("impact")) }
        }
        if let impact { try put(impact, "impact") } else { try c.encodeNil(forKey: JSONKey("impact")) }
        try put(challenges, "challenges")
    }

    public var text: String {
        let petLine = pet.adopted
            ? "\(pet.form.name), \(pet.stage.name), \(pet.mood.name) (\(petScene.name))"
            : "not adopted"
        return (name.map { "name          \($0)\n" } ?? "") + """
        date          \(date.map { "\($0)" } ?? "no session yet")
        level         \(level) (\(title.name))
        plastic       \(mass(grams)) (today \(mass(gramsToday)), last 7 days \(mass(gramsLast7Days)), this month \(mass(gramsThisMonth)))
        streak        \(counted(streak, "day")) (best \(bestStreak)); daily goal met on \(counted(goalDays, "day"))
        flashcards    \(cardsMastered) of \(cardCount) mastered, \(cardsStudied) studied
        achievements  \(achievements.count) of \(Achievement.allCases.count)\(achievements.isEmpty ? "" : ": " + achievements.map(\.name).joined(separator: ", "))
        pet           \(petLine)
        ocean health  \(percent(health)) % (\(phase.name))\(seasText)
        games         \(games)
        hash          \(hex16(hash))
        items         \(kindsText)
        months        \(monthsText)
        """ + (impact.map { "\nimpact        \(ImpactUnits.grouped($0.total.items)) items kept out of the sea; "
            + "\(ImpactBreakdown.savings($0.total)) saved" } ?? "")
            + "\n" + challenges.text
    }

    /// The seas opened, after the ocean's line: "; sea bay (playing), reef 31 % …".
    var seasText: String {
        guard !seas.isEmpty else { return "" }
        return "\nseas          " + seas.enumerated().map { i, sea in
            "\(sea.key) \(percent(sea.health)) % (\(sea.phase.name)\(i == 0 ? ", playing" : ""), opened day \(sea.openedDay))"
        }.joined(separator: "\n              ")
    }

    /// Grams as the impact reads them ("850 g", "1.2 kg", "600.5 t" is "601 t"): the
    /// text shows every mass one way (the JSON keeps the grams).
    private func mass(_ grams: Int) -> String { ImpactUnits.mass(grams) }

    /// "plastic_bottle 34 (71 g)", one kind per line, with its impact when known
    /// ("… 374 g CO₂e, 19.7 L water").
    var kindsText: String {
        kinds.enumerated().filter { i, _ in i >= trash.count || trash[i] }.map { i, t in
            let line = "\(t.kind) \(ImpactUnits.grouped(t.count)) (\(mass(t.grams)))"
            guard let impact else { return line }
            return pad(line, 30) + ImpactBreakdown.savings(impact.kinds[i].impact)
        }.joined(separator: "\n              ")
    }

    /// "2026-01 200 g plastic, 1.2 kg in all", one month per line, with its items and impact when known;
    /// "none yet" before any plastic.
    var monthsText: String {
        months.isEmpty ? "none yet"
            : months.enumerated().map { i, t in
                let all = monthKinds[i].reduce(0) { $0 + $1.grams }
                let line = "\(CareerReport.monthText(t.month)) \(mass(t.grams)) plastic, \(mass(all)) in all"
                guard i < monthImpacts.count else { return line }
                let m = monthImpacts[i].total
                return pad(line, 38) + "\(ImpactUnits.grouped(m.items)) items, \(ImpactBreakdown.savings(m))"
            }.joined(separator: "\n              ")
    }
}
