import OceanKernel
import OceanReplay

/// How a bot lives with the app over many days: most days it opens the app at some
/// time of day, scans a few items, answers a few flashcards that are due and plays its games;
/// some days it does not come at all. Everything is drawn from its own random
/// stream, so the same seed gives the same career. (A plan of mixed bots, as the CLI's
/// schedules are: every call through the bot's existential box.)
public typealias CareerPlan = CareerPlanOf<AnyBot>

/// What a career plan does each day (`CareerPlanOf.Options`).
public struct CareerOptions: Sendable {
    public var days = 30
    public var gamesPerDay = 1
    /// Chance (in %) that the player skips a day; the first day is never skipped.
    public var skipPercent = 15
    public var maxScansPerDay = 4
    public var maxCardsPerDay = 3
    /// Chance (in %) that the player answers a card's question rightly
    /// (`rightAnswerPercent(skill:)` for a bot's skill).
    public var rightAnswerPercent = 75
    /// The earliest and latest minute of the day a session can begin at.
    public var earliestMinute = 6 * 60 + 30
    public var latestMinute = 22 * 60 + 30
    /// Adopt a pet on the first day (its form drawn from the seed).
    public var adopt = true
    public var start = DefaultSession.date
    /// The minute of the day the first session opens at; nil draws it like the others.
    public var firstMinute: Int?

    public init() {}
}

/// `CareerPlan` with bots of one type, `Player`: called as that type, a bot's every
/// tick is a direct call (through `[any Bot]`, the box's uniqueness check and the
/// witness call were 1.9 % of a career sweep's instructions). A career of one kind of
/// bot (the bench's, a sweep's) is played so, made by `BotKind.runCareer`.
public struct CareerPlanOf<Player: Bot> {
    public typealias Options = CareerOptions

    public let options: Options
    private var bots: [Player]
    private var random: GameRandom
    /// Which day of the plan is being played (0-based); `days` when done.
    public private(set) var day = -1
    private var queue: [Command] = []
    private var gamesLeft = 0
    private var bot = 0

    /// How often a player of `skill` (0 to 100) answers a card rightly: half the time
    /// at skill 0 (a guess among two to four answers, with some sense), 95 % at 100.
    /// The same skill that aims the bin stands in for the player's attention.
    public static func rightAnswerPercent(skill: Int) -> Int { 50 + max(0, min(100, skill)) * 45 / 100 }

    public init(options: Options, bots: [Player], seed: UInt64) {
        precondition(!bots.isEmpty)
        self.options = options
        self.bots = bots
        random = GameRandom(seed: seed ^ 0x4341_5245_4552_504C)
    }

    /// The date of day `n` of the plan.
    public func date(ofDay n: Int) -> CalendarDate { CalendarDate(dayNumber: options.start.dayNumber + n) }

    /// `input(for:)` for a simulation the caller cannot lend inout (a recorder's): it
    /// is copied once per call.
    public mutating func input(for sim: Simulation) -> TickInput? {
        var copy = sim
        return input(for: &copy)
    }

    /// The next tick's input, nil after the last day. `sim` is only read; inout so the
    /// state is read where it lies, not copied for every tick (see `GamePlan`).
    @inline(never)
    public mutating func input(for sim: inout Simulation) -> TickInput? {
        if sim.state.mode != .idle { return TickInput(bots[bot].control(in: &sim)) }
        let s = sim.state
        while true {
            if !queue.isEmpty { return TickInput(command: queue.removeFirst()) }
            if gamesLeft > 0 {
                // A new sea opened: the player goes there for the next game.
                if !s.seas.isEmpty && s.seaIndex != s.seas.count - 1 {
                    return TickInput(command: .chooseSea(s.seas.count - 1))
                }
                gamesLeft -= 1
                bot = min(s.totals.games, bots.count - 1)
                return TickInput(bots[bot].control(s, rules: sim.rules), command: .start(.classic))
            }
            day += 1
            guard day < options.days else { return nil }
            planDay(adopting: options.adopt && !s.career.pet.adopted, career: s.career, rules: sim.rules)
        }
    }

    private mutating func planDay(adopting: Bool, career: CareerState, rules: Rules) {
        precondition(date(ofDay: day).isValid, "day \(day) of the plan is past \(CalendarDate.latest): check options.calendarProblem")
        let skip = random.below(100) < options.skipPercent
        guard day == 0 || !skip else { return }
        let drawn = random.inRange(options.earliestMinute...options.latestMinute)
        let minute = day == 0 ? options.firstMinute ?? drawn : drawn
        queue.append(.beginSession(date(ofDay: day), minuteOfDay: minute))
        if adopting { queue.append(.adopt(PetForm(rawValue: random.below(PetForm.allCases.count))!)) }
        // A scan is a real item of trash: never sea life or a power-up.
        let trash = (0..<rules.kindCount).filter { rules.isTrash[$0] }
        for _ in 0..<random.inRange(0...options.maxScansPerDay) {
            queue.append(.scan(ItemKind(rawValue: trash[random.below(trash.count)])))
        }
        // The cards due today, a few of them picked, each answered right or wrong.
        let today = date(ofDay: day).dayNumber
        var due = (0..<rules.cardCount).filter { Flashcards.isDue($0, career, today: today, rules: rules) }
        for _ in 0..<random.inRange(0...options.maxCardsPerDay) where !due.isEmpty {
            let card = due.remove(at: random.below(due.count))
            queue.append(.answer(card: card, right: random.below(100) < options.rightAnswerPercent))
        }
        gamesLeft = options.gamesPerDay
    }
}
