/// Which way the player pushes the bin during a tick.
public enum Move: Int8, Sendable {
    case left = -1, none = 0, right = 1
}

/// A one-off request that takes effect on the tick it arrives.
public enum Command: Equatable, Sendable {
    case none
    /// Start a game of this mode (classic: five rounds; arcade: rounds until the
    /// misses run out); ignored while one is on. A new mode is a `PlayMode` case and
    /// its rules, not a new command.
    case start(PlayMode)
    /// The player scanned a real item of this kind.
    case scan(ItemKind)
    /// The app opened (or the day turned): the player's local date and minute of
    /// the day, as their device says. See `SessionSystem` for same day, skipped
    /// days and dates that go back.
    case beginSession(CalendarDate, minuteOfDay: Int)
    /// The player studied flashcard `card` (0 to 11) by reading it: the rule of
    /// replays recorded before the quiz (format 10 and older), kept so they verify.
    case study(card: Int)
    /// The player answered flashcard `card`'s question (0 to 11), rightly or not:
    /// the quiz's Leitner schedule moves the card (`CardSystem`). The front judges
    /// the answer against the card's words; the kernel keeps the schedule.
    case answer(card: Int, right: Bool)
    /// The player adopts a pet (once).
    case adopt(PetForm)
    /// The player left the game on (pause menu's "Back to the menu", quitting, the
    /// window closed): it ends now, as abandoned. Its catches count; it is never
    /// perfect; the items still falling are cleared, not missed.
    case abandon
    /// The player chose opened sea `index` (0: the first) to play; ignored during a game.
    case chooseSea(Int)
    /// The day's official Daily Ocean run, played in a session of its own (the same
    /// game for every player), counted in this career like any game it plays: its
    /// plastic toward the goal, the level and the lifetime, the day toward the streak,
    /// its catches and misses on the ocean. Each day's Daily Ocean once, within a day of
    /// the career's today (its date is UTC's), between games (`DailyCreditSystem`).
    case creditDaily(DailyCredit)
}

/// What a Daily Ocean run brings to a career (`Command.creditDaily`): the figures of
/// its game, small enough to ride in a tick's input.
public struct DailyCredit: Equatable, Sendable {
    /// The day number (`CalendarDate.dayNumber`) of the run's date.
    public var day: Int32
    /// Trash caught, and its plastic in grams (as `GameSummary`).
    public var catches: Int32
    public var grams: Int32
    public var misses: Int32
    public var seaLifeHits: Int32
    /// The game ran to its end (not left from the pause menu).
    public var finished: Bool

    public init(date: CalendarDate, catches: Int, grams: Int, misses: Int, seaLifeHits: Int, finished: Bool) {
        day = Int32(clamping: date.dayNumber)
        self.catches = Int32(clamping: catches)
        self.grams = Int32(clamping: grams)
        self.misses = Int32(clamping: misses)
        self.seaLifeHits = Int32(clamping: seaLifeHits)
        self.finished = finished
    }

    public var date: CalendarDate { CalendarDate(dayNumber: Int(day)) }
}

/// Everything the outside world tells the kernel for one tick (DOOM's `ticcmd_t`).
public struct TickInput: Equatable, Sendable {
    // The command first: a caller that has just built or copied the input writes it
    // in 16-byte pieces from its start, and the tick's first look at the command
    // (16-byte loads of its payload) then lines up with those writes and is forwarded
    // from them; at offset 24 each load straddled two writes and stalled the tick.
    public var command: Command
    public var move: Move
    /// While a pointer (mouse button, finger) is held: the playfield x, in fixed
    /// point, where the player wants the bin. The bin goes straight there at up to
    /// its top speed and stops on it, with no run-up or glide; `move` is ignored.
    public var pointer: Int?

    public init(move: Move = .none, pointer: Int? = nil, command: Command = .none) {
        self.move = move
        self.pointer = pointer
        self.command = command
    }

    public static let idle = TickInput()
}
