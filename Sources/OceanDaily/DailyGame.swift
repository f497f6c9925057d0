import OceanBalance
import OceanKernel
import OceanReplay
import OceanSystem

/// The Daily Ocean's game (GAME_RULES §7): one arcade game a day, the same for every
/// player with the same balance. Its seed comes from the calendar date (UTC) and the
/// balance's hash, so a server with its own copy of the rules can tell whether a
/// replay is the day's game without trusting anything the client says.
public enum DailyGame {
    /// The daily game is an arcade game: it ends when the misses run out.
    public static let mode = PlayMode.arcade
    /// The command that starts it.
    public static let start = Command.start(mode)
    /// The time of day a daily replay's header names (the date is what matters).
    public static let minuteOfDay = 0

    /// A fingerprint of every constant of `balance` that the game reads: FNV-1a over
    /// the `KEY VALUE` lines a replay's header carries, in their order (the challenge
    /// table is the career's, not the game's, and is left out). A constant added after
    /// the Daily Ocean came (`ReplayFormat.addedConstants` from `laterFormats` on) is
    /// left out while it holds the value older files play with, so adding one changes
    /// no older day's seed: every daily replay keeps verifying.
    public static func balanceHash(_ balance: Balance) -> UInt64 {
        // A server hashes the day's balance for every post: the last one is kept.
        lastHash.value(for: balance, derive: hashOfFields)
    }

    private static let lastHash = LastValueMemo<Balance, UInt64>()

    private static func hashOfFields(_ balance: Balance) -> UInt64 {
        var h = FNV1a64()
        for field in BalanceSchema.fields(of: balance) {
            let value = balance[keyPath: field.path]
            if let added = ReplayFormat.addedConstants.first(where: { $0.key == field.key }),
               added.since >= laterFormats, added.value == value { continue }
            h.write(bytes: Array("\(field.key) \(value)\n".utf8))
        }
        return h.value
    }

    /// The first replay format after the Daily Ocean's (format 14).
    static let laterFormats = 15

    /// The day's seed: the date's day number and the balance's hash, mixed
    /// (SplitMix64's finaliser), so neighbouring days and balances share nothing.
    public static func seed(date: CalendarDate, balanceHash: UInt64) -> UInt64 {
        var z = UInt64(bitPattern: Int64(date.dayNumber)) &* 0x9E37_79B9_7F4A_7C15 ^ balanceHash
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public static func seed(date: CalendarDate, balance: Balance) -> UInt64 {
        seed(date: date, balanceHash: balanceHash(balance))
    }

    /// Why `replay` is not the daily game of `date` under `balance`, or nil if it is:
    /// the day's seed and date, the balance (its hash), arcade mode, a new game (no
    /// saved career to start from), a session on that date at most, and exactly one
    /// arcade game started. (That it is played to its end, and that its hashes hold,
    /// only re-simulating it tells: `ReplayVerifier`.)
    public static func problem(_ replay: Replay, date: CalendarDate, balance: Balance) -> String? {
        let h = replay.header
        if h.date != date { return "the replay is of \(h.date), not \(date)" }
        let wanted = balanceHash(balance), theirs = h.balance == balance ? wanted : balanceHash(h.balance)
        if theirs != wanted {
            return "the replay's balance (hash \(hex(theirs))) is not the day's (hash \(hex(wanted)))"
        }
        if h.seed != seed(date: date, balanceHash: wanted) { return "the replay's seed \(h.seed) is not the day's seed" }
        if h.mode != mode { return "the daily game is an arcade game; the replay's mode is \(h.mode?.key ?? "not given")" }
        if h.startState != nil { return "the daily game starts from a new game, not a saved career" }
        var starts = 0
        for record in replay.inputs {
            switch record.input.command {
            case .start(let m) where m == mode: starts += 1
            case .none: break
            case .beginSession(let day, _) where day == date && starts == 0: break
            default: return "the daily game takes moves only; the replay has another command at tick \(record.tick)"
            }
        }
        if starts != 1 { return "the daily game is one arcade game; the replay starts \(starts)" }
        return nil
    }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 16 - s.count)) + s
    }
}
