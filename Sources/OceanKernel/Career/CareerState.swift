/// Progress that adds up over days: the calendar as the player's device gave it,
/// plastic per day, week and month, level, daily goal, streak, flashcards,
/// achievements, challenges, and the pet. Days are `CalendarDate.dayNumber`s.
public struct CareerState: Equatable, Sendable {
    /// The current local date's day number, `never` before the first session.
    public var today = CareerState.never
    public var monthOfToday = 0
    /// The tick and minute of the day at which the current session began.
    public var sessionTick = 0
    public var sessionMinute = 0
    /// The last day with a game or a scan.
    public var lastActiveDay = CareerState.never
    /// The last missed day whose absence has already cost health.
    public var absenceChargedThrough = CareerState.never
    /// How often a session arrived with a date before the current one.
    public var datesWentBack = 0

    /// Plastic diverted today (plastic kinds only).
    public var gramsToday = 0
    /// Plastic per day of the last seven days: slot `day mod 7` holds `weekDays[slot]`.
    public var weekDays = [Int](repeating: CareerState.never, count: 7)
    public var weekGrams = [Int](repeating: 0, count: 7)
    /// Plastic per calendar month since the first session, oldest first: one entry
    /// for each month in which plastic was diverted (months without any are absent).
    /// Read and set through `months`; the kernel changes only the last (open) one here.
    var storedMonths: [MonthTotal] = []
    /// The closed months (all but the last) already run through the hash.
    var monthsDigest = MonthsDigestSlot()
    /// Lifetime items diverted (caught or scanned) and their grams, per kind,
    /// indexed by `ItemKind.rawValue`: "bottles diverted, bags prevented".
    public var kindCounts: [Int] = []
    public var kindGrams: [Int] = []

    public var level = 1
    public var goalDay = CareerState.never
    public var goalDays = 0
    public var streak = 0
    public var bestStreak = 0

    /// Per card: the last day it was answered (before the quiz: studied), and its
    /// Leitner box: right answers in a row, each on a later day, 0 after a wrong one
    /// (before the quiz: the different days it was studied). Indexed like
    /// `Rules.cardKeys`; `GameState.init(rules:seed:)` sizes them.
    public var cardLastDay: [Int] = []
    public var cardDays: [Int] = []
    /// Studies in the career: right answers (before the quiz: a card's study a day),
    /// what the `cards_studied` challenges and milestones count.
    public var cardsStudied = 0
    /// The date (day number) of the last Daily Ocean whose run the career counted
    /// (`Command.creditDaily`): each day's Daily Ocean counts once, never an older one.
    public var dailyCreditDay = CareerState.never
    /// Bit n: card n mastered.
    public var masteredCards = 0
    /// Bit n: `Achievement(rawValue: n)` unlocked.
    public var achievements = 0

    public var pet = PetState()

    /// The career's own seed: its challenges are drawn from it (`ChallengeDraw`).
    public var seed: UInt64 = 0
    /// Today's and this week's challenges (`Challenge.none` before the first session).
    public var daily = Challenge.none(.daily)
    public var weekly = Challenge.none(.weekly)
    /// Bit n: the nth milestone of `Rules.milestoneTemplates` reached.
    public var milestones = 0
    public var challengesCompleted = 0
    public var challengesFailed = 0
    /// Grams that challenge rewards added toward the level (not plastic diverted).
    public var bonusGrams = 0
    /// Days with a game or a scan, lifetime.
    public var activeDays = 0

    public init() {}

    public var hasSession: Bool { today != CareerState.never }
    public func unlocked(_ a: Achievement) -> Bool { achievements & (1 << a.rawValue) != 0 }
    public var masteredCount: Int { masteredCards.nonzeroBitCount }

    /// Plastic diverted on `day`, if it is within the last seven days kept.
    public func grams(onDay day: Int) -> Int {
        let slot = ((day % 7) + 7) % 7
        return weekDays[slot] == day ? weekGrams[slot] : 0
    }

    /// The grams the level counts: plastic diverted and challenge rewards.
    public func levelGrams(_ totals: Totals) -> Int { totals.grams + bonusGrams }

    /// Plastic diverted in month `month` (`CalendarDate.monthNumber`).
    public func grams(inMonth month: Int) -> Int {
        // Months are appended in calendar order, and the current one is last.
        var i = months.count - 1
        while i >= 0 && months[i].month > month { i -= 1 }
        return i >= 0 && months[i].month == month ? months[i].grams : 0
    }
}

extension CareerState {
    /// A day number that means "never" (far before any valid date).
    public static let never = Int.min / 4
}
