/// How one game went, reported when it ends.
public struct GameSummary: Equatable, Sendable {
    public var game: Int
    public var catches: Int
    public var misses: Int
    public var bestCombo: Int
    /// Including the perfect-game bonus, if earned.
    public var score: Int
    /// Plastic caught (plastic kinds only).
    public var grams: Int
    public var perfect: Bool
    /// Ended early by an abandon command (see `Command.abandon`).
    public var abandoned: Bool = false
    /// Classic or arcade.
    public var mode: PlayMode = .classic
    /// The round the game reached (the last one begun).
    public var rounds: Int = 0
    /// Arcade: ended by finishing the round cap, not by running out of misses.
    public var cleared: Bool = false
    /// Sea life caught (a perfect game lets all of it pass).
    public var seaLifeHits: Int = 0
}

/// Something that happened during a tick, in the order it happened. Events are
/// output only: the front and the tools react to them; the kernel never reads them.
public enum Event: Equatable, Sendable {
    case gameStarted(game: Int)
    case roundStarted(round: Int)
    case itemSpawned(kind: ItemKind, xPx: Int)
    /// `grams`: the item's real mass (plastic only if its kind is); `multiplier`: the
    /// combo's multiplier the points were scored with; `x`: where the item met the
    /// bin's rim (fixed point, as `Item.x`), the very position the catch was judged at.
    case caught(kind: ItemKind, grams: Int, combo: Int, points: Int, multiplier: Int, x: Int)
    /// `x`: where the item reached the water (fixed point).
    case missed(kind: ItemKind, x: Int)
    case comboBroken(combo: Int)
    /// Sea life caught: it should have been let pass (the combo breaks, health drops).
    case seaLifeCaught(kind: ItemKind, x: Int)
    /// Sea life or a power-up reached the water, let go (never a miss).
    case passed(kind: ItemKind, x: Int)
    /// An item landed on the bin's rim and bounced back up, once (`x`: where).
    case bounced(kind: ItemKind, x: Int)
    /// A caught power-up took effect for `ticks` ticks.
    case powerUp(kind: ItemKind, power: PowerUp, ticks: Int)
    /// A power-up's time ran out.
    case powerEnded(PowerUp)
    /// A counted scan: `grams` is the item's real mass (plastic only if its kind is).
    case scanned(kind: ItemKind, grams: Int)
    /// A scan past the day's counted scans: logged, no progress; the `scansToday`th.
    case scanLogged(kind: ItemKind, scansToday: Int)
    /// The day's healing is full: today's catches and scans cannot lift health further.
    case healedAllToday
    /// A clean game opened `percent` % of today's mastery part of the rise cap
    /// (`health.mastery_rise`): the ocean may heal `extra` (1/10000) more today.
    case masteryHealed(percent: Int, extra: Int)
    /// The newest sea reached Thriving and the next one (its index) opened.
    case seaOpened(index: Int)
    /// The player moved to sea `index`.
    case seaChosen(index: Int)
    /// Health before and after this tick, in 1/10000.
    case healthChanged(from: Int, to: Int)
    case phaseChanged(from: Phase, to: Phase)
    case roundEnded(round: Int)
    /// Arcade: a perfect round gave back misses; `missesLeft` now.
    case missRefunded(missesLeft: Int)
    case perfectGame
    case gameOver(GameSummary)

    // Career
    case sessionBegan(date: CalendarDate, daysSinceLast: Int)
    /// A session's date was before the current one: reported, and the kernel's
    /// calendar stays where it was, so streaks and daily totals are not corrupted.
    case dateWentBack(from: CalendarDate, to: CalendarDate)
    case inputIgnored(IgnoredInput)
    case levelUp(level: Int, title: Title)
    case goalReached(grams: Int)
    case streakExtended(days: Int)
    case streakBroken(days: Int)
    /// The day's Daily Ocean run counted in the career (`Command.creditDaily`).
    case dailyCredited(DailyCredit)
    case cardStudied(card: Int, days: Int)
    case cardMastered(card: Int)
    /// Card `card`'s question was answered: `box` is its Leitner box now (right
    /// answers in a row, each on a later day; 0 after a wrong one), `dueDay` the
    /// career day it asks again (`Flashcards.dueDay`).
    case cardAnswered(card: Int, right: Bool, box: Int, dueDay: Int)
    case achievementUnlocked(Achievement)
    case petAdopted(PetForm)
    case petEvolved(to: PetStage)
    case petMoodChanged(from: PetMood, to: PetMood)

    // Challenges
    /// A new day's or week's challenge, as drawn.
    case challengeIssued(Challenge)
    /// An open challenge passed a quarter of its target (25, 50 or 75 %).
    case challengeProgressed(period: ChallengePeriod, progress: Int, target: Int)
    /// The target was reached; the challenge's reward has been given.
    case challengeCompleted(Challenge)
    /// Its day or week ended unfinished (found when the next day's session began).
    case challengeFailed(Challenge)
    /// Milestone `template` (an index into `Rules.challenges`) was reached; its reward given.
    case milestoneReached(template: Int)
}

/// Why a command did nothing.
public enum IgnoredInput: Equatable, Sendable {
    case invalidSession
    case studyWithoutSession
    case unknownCard
    /// A card answered before its Leitner box asks again (today's answer is given,
    /// or its wait is not over), or one already mastered.
    case cardNotDue
    case alreadyAdopted
    /// A sea not opened yet, or chosen while a game is on.
    case unknownSea
    /// A Daily Ocean run not counted: another day's, the day's second, during a game,
    /// before any session, or figures no game can have (`Command.creditDaily`).
    case dailyNotCredited
}
