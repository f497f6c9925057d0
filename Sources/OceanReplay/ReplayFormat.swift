import OceanKernel

/// The spelling of a replay file: tokens, limits and the per-tick fingerprint. The
/// writer and the reader both use these, so the two cannot drift apart.
public enum ReplayFormat {
    public static let magic = "OCEAN-REPLAY"
    /// Bump when a change means an older reader would misread a newer file.
    /// 2 added sessions, flashcard study and adoption to the input records, the
    /// career and pet constants to the header and the career subsystem to the
    /// checkpoints. A version 1 file lacks constants this engine needs, so it is
    /// refused like any other version.
    public static let version = 2

    /// Hostile-input limits: anything beyond them is rejected before it is stored.
    public static let maxLineBytes = 4_096
    public static let maxFileBytes = 256 << 20
    /// About 19 days of continuous play.
    public static let maxTick = 100_000_000
    public static let maxCheckpointEvery = 3_600

    /// How a move is written.
    public static func token(_ move: Move) -> String {
        switch move {
        case .left: "L"
        case .right: "R"
        case .none: "."
        }
    }

    public static func move(_ token: Substring) -> Move? {
        switch token {
        case "L": .left
        case "R": .right
        case ".": Move.none
        default: nil
        }
    }

    /// How a command is written: nothing for `.none`.
    public static func tokens(_ command: Command) -> [String] {
        switch command {
        case .none: []
        case .startGame: ["start"]
        case .scan(let kind): ["scan", kind.key]
        case .beginSession(let date, let minute): ["session", "\(date)", clock(minute)]
        case .study(let card): ["study", "\(card)"]
        case .adopt(let form): ["adopt", form.name.lowercased()]
        }
    }

    /// A minute of the day as HH:MM.
    public static func clock(_ minuteOfDay: Int) -> String {
        let h = minuteOfDay / 60, m = minuteOfDay % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// A date written YYYY-MM-DD, if it is a real calendar date.
    public static func date(_ w: Substring) -> CalendarDate? {
        let p = w.split(separator: "-", omittingEmptySubsequences: false)
        guard p.count == 3, p[0].count == 4, p[1].count == 2, p[2].count == 2,
              p.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(p[0]), let m = Int(p[1]), let d = Int(p[2]) else { return nil }
        let date = CalendarDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }

    /// A time of day written HH:MM, as a minute of the day.
    public static func minute(_ w: Substring) -> Int? {
        let p = w.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2, p[0].count == 2, p[1].count == 2,
              p.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(p[0]), let m = Int(p[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return h * 60 + m
    }

    /// base64url: 64 symbols for 6 bits of a tick's state hash.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The character that stands for a tick's state hash in a checkpoint: its top 6
    /// bits. (FNV-1a's low bits depend only on the low bits of each input byte; its
    /// high bits depend on all of them.)
    @inline(__always)
    public static func fingerprint(_ hash: UInt64) -> UInt8 { alphabet[Int(hash >> 58)] }

    /// The short form of a subsystem hash kept in a checkpoint: its top 12 bits (3
    /// hex digits), enough to name what diverged.
    @inline(__always)
    public static func shortHash(_ hash: UInt64) -> UInt16 { UInt16(hash >> 52) }

    static func isFingerprint(_ c: UInt8) -> Bool { alphabet.contains(c) }

    /// 16 lowercase hex digits.
    static func hex(_ v: UInt64, digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
