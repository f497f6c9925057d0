import OceanKernel

/// The spelling of a replay file: tokens, limits and the per-tick fingerprint. The
/// writer and the reader both use these, so the two cannot drift apart.
public enum ReplayFormat {
    public static let magic = "OCEAN-REPLAY"
    /// Bump when a change means an older reader would misread a newer file.
    public static let version = 1

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
        }
    }

    /// base64url: 64 symbols for 6 bits of a tick's state hash.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The character that stands for a tick's state hash in a checkpoint: its top 6
    /// bits. (FNV-1a's low bits depend only on the low bits of each input byte; its
    /// high bits depend on all of them.)
    @inline(__always)
    public static func fingerprint(_ hash: UInt64) -> UInt8 { alphabet[Int(hash >> 58)] }

    /// The short form of a subsystem hash kept in a checkpoint: its top 16 bits.
    @inline(__always)
    public static func shortHash(_ hash: UInt64) -> UInt16 { UInt16(hash >> 48) }

    static func isFingerprint(_ c: UInt8) -> Bool { alphabet.contains(c) }

    /// 16 lowercase hex digits.
    static func hex(_ v: UInt64, digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
