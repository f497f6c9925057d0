/// What the tick has done so far, for the systems that run later in it: the one way
/// news passes between systems within a tick. A system writes what it did here;
/// a later one reads it. Scratch space, reset at the start of every tick, never part
/// of the state (so never hashed or saved).
struct TickLog {
    /// Trash caught, missed or scanned, absence to charge and a new day, in the
    /// order it happened; the item and scan systems and the session write it,
    /// scoring and health read it.
    var outcomes: [Outcome] = []
    /// The player pushed the bin or gave a command this tick (the pet notices).
    var playerActed = false
    /// Set by progress for the pet.
    var leveledUp = false
    var goalReached = false
    /// Set by the session: a new calendar day began.
    var newDay = false
    /// Set by the cards: a flashcard study counted.
    var studied = false
    /// Set by progress: today became an active day (its first game or scan).
    var becameActive = false
    /// Set by the Daily Ocean's credit: a game played elsewhere was counted.
    var dailyCredited = false
    /// The state's figures when the tick began: progress and the pet compare
    /// against them to see what changed.
    var before = Figures()

    struct Figures {
        var grams = 0
        var catches = 0
        var score = 0
        var mode = Mode.idle
        var games = 0
        var scans = 0
        var combo = 0
        var phase = Phase.polluted
        var health = 0
        var perfectGames = 0
        var masteredCards = 0

        init() {}

        @inline(__always)
        init(_ s: borrowing GameState) {
            (grams, games, scans, combo) = (s.totals.grams, s.totals.games, s.totals.scans, s.game.combo)
            (catches, score, mode) = (s.totals.catches, s.totals.score, s.mode)
            (phase, health, perfectGames, masteredCards) = (s.phase, s.health, s.totals.perfectGames, s.career.masteredCards)
        }
    }

    init() { outcomes.reserveCapacity(256) }

    /// Clears the log for a new tick, keeping its buffer's capacity. Takes the
    /// figures, not the state: the state's owner may be the log's too, and handing
    /// both over at once would copy the whole state every tick.
    @inline(__always)
    mutating func begin(_ figures: Figures, input: TickInput) {
        // Most ticks log nothing; emptying an empty array still costs a generic call.
        if !outcomes.isEmpty { outcomes.removeAll(keepingCapacity: true) }
        // Pattern matches, not `==`: the synthesized equality of an enum with
        // payloads costs more than the rest of a quiet tick.
        if case .none = input.command { playerActed = input.move != .none } else { playerActed = true }
        leveledUp = false
        goalReached = false
        newDay = false
        studied = false
        becameActive = false
        dailyCredited = false
        before = figures
    }
}

/// What happened to trash this tick, in order.
enum Outcome: Equatable, Sendable {
    /// `x`: where the item met the rim (fixed point).
    case caught(ItemKind, x: Int)
    /// `x`: where the item reached the water (fixed point).
    case missed(ItemKind, x: Int)
    /// Sea life or a power-up reached the water: let go, no miss.
    case passed(ItemKind, x: Int)
    /// An item landed on the rim and bounced back up (it falls again).
    case bounced(ItemKind, x: Int)
    case scanned(ItemKind)
    /// A scan past the day's counted scans: logged, no progress.
    case scanLogged(ItemKind)
    /// Whole days without play or a scan, charged to ocean health.
    case absent(days: Int)
    /// A new calendar day began (after any absence): the day's health limits start here.
    case dayBegan
}
