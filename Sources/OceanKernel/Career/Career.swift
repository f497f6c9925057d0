/// The titles a player earns with levels, lowest first.
public enum Title: Int, CaseIterable, Sendable {
    case beachCleaner, shoreGuardian, reefProtector, oceanSteward, seaChampion, marineHero, oceanLegend, oceanMaster

    public var name: String {
        switch self {
        case .beachCleaner: "Beach Cleaner"
        case .shoreGuardian: "Shore Guardian"
        case .reefProtector: "Reef Protector"
        case .oceanSteward: "Ocean Steward"
        case .seaChampion: "Sea Champion"
        case .marineHero: "Marine Hero"
        case .oceanLegend: "Ocean Legend"
        case .oceanMaster: "Ocean Master"
        }
    }
}

/// The ten achievements. The first six are the product's; the last four are ours.
/// Each unlocks once; the raw value is its bit in `CareerState.achievements`.
public enum Achievement: Int, CaseIterable, Sendable {
    case firstStep, ecoScholar, reefDefender, oceanSentinel, flawless, oceanHero
    case comboMaster, plasticHauler, goalGetter, earlyBird

    public var name: String {
        switch self {
        case .firstStep: "First Step"
        case .ecoScholar: "Eco Scholar"
        case .reefDefender: "Reef Defender"
        case .oceanSentinel: "Ocean Sentinel"
        case .flawless: "Flawless"
        case .oceanHero: "Ocean Hero"
        case .comboMaster: "Combo Master"
        case .plasticHauler: "Plastic Hauler"
        case .goalGetter: "Goal Getter"
        case .earlyBird: "Early Bird"
        }
    }

    /// What earns it (the thresholds are balance constants).
    public var rule: String {
        switch self {
        case .firstStep: "scan a first item"
        case .ecoScholar: "master all 12 flashcards"
        case .reefDefender: "a streak of career.reef_defender_streak days"
        case .oceanSentinel: "a streak of career.ocean_sentinel_streak days"
        case .flawless: "a perfect game"
        case .oceanHero: "ocean health above career.ocean_hero_health_above"
        case .comboMaster: "a combo of career.combo_master_combo catches"
        case .plasticHauler: "career.plastic_hauler_grams of lifetime plastic"
        case .goalGetter: "the daily goal met on career.goal_getter_days days"
        case .earlyBird: "a game started before career.early_bird_before_minute"
        }
    }
}

/// The twelve flashcards, two per category. Studying one is an input; a card is
/// mastered once studied on `career.mastery_days` different days.
public enum Flashcards {
    public static let count = 12
    public static let categories = ["Plastics", "Recycling", "Ocean life", "Reduce & reuse", "Waste sorting", "Climate"]

    /// The category of card `n` (0-based).
    public static func category(of card: Int) -> String { categories[card / 2] }
}

/// A day number that means "never" (far before any valid date).
public let never = Int.min / 4

/// Progress that adds up over days: the calendar as the player's device gave it,
/// plastic per day, week and month, level, daily goal, streak, flashcards and
/// achievements, and the pet. Days are `CalendarDate.dayNumber`s.
public struct CareerState: Equatable, Sendable {
    /// The current local date's day number, `never` before the first session.
    public var today = never
    public var monthOfToday = 0
    /// The tick and minute of the day at which the current session began.
    public var sessionTick = 0
    public var sessionMinute = 0
    /// The last day with a game or a scan.
    public var lastActiveDay = never
    /// The last missed day whose absence has already cost health.
    public var absenceChargedThrough = never
    /// How often a session arrived with a date before the current one.
    public var datesWentBack = 0

    public var gramsToday = 0
    /// Plastic per day of the last seven days: slot `day mod 7` holds `weekDays[slot]`.
    public var weekDays = [Int](repeating: never, count: 7)
    public var weekGrams = [Int](repeating: 0, count: 7)
    /// Plastic per month of the last twelve: slot `month mod 12` holds `months[slot]`.
    public var months = [Int](repeating: never, count: 12)
    public var monthGrams = [Int](repeating: 0, count: 12)

    public var level = 1
    public var goalDay = never
    public var goalDays = 0
    public var streak = 0
    public var bestStreak = 0

    /// Per card: the last day studied and on how many different days.
    public var cardLastDay = [Int](repeating: never, count: Flashcards.count)
    public var cardDays = [Int](repeating: 0, count: Flashcards.count)
    /// Bit n: card n mastered.
    public var masteredCards = 0
    /// Bit n: `Achievement(rawValue: n)` unlocked.
    public var achievements = 0

    public var pet = PetState()

    public init() {}

    public var hasSession: Bool { today != never }
    public func unlocked(_ a: Achievement) -> Bool { achievements & (1 << a.rawValue) != 0 }
    public var masteredCount: Int { masteredCards.nonzeroBitCount }

    /// Plastic diverted on `day`, if it is within the last seven days kept.
    public func grams(onDay day: Int) -> Int {
        let slot = ((day % 7) + 7) % 7
        return weekDays[slot] == day ? weekGrams[slot] : 0
    }

    /// Plastic diverted in month `month` (`CalendarDate.monthNumber`), if kept.
    public func grams(inMonth month: Int) -> Int {
        let slot = ((month % 12) + 12) % 12
        return months[slot] == month ? monthGrams[slot] : 0
    }
}
