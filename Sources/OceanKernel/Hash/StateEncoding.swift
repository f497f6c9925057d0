/// The parts of the state that can be hashed, compared and named apart.
public enum Subsystem: Int, CaseIterable, Sendable {
    /// Tick, mode, round and timers.
    case flow
    /// The random stream, the bin and every item.
    case physics
    /// Combo, this game's tally, the lifetime totals.
    case scoring
    /// Health and phase.
    case ocean

    public var name: String {
        switch self {
        case .flow: "flow"
        case .physics: "physics"
        case .scoring: "scoring"
        case .ocean: "ocean"
        }
    }
}

/// Receives the canonical encoding one 64-bit word at a time.
public protocol ByteSink {
    mutating func write(_ word: UInt64)
}

/// Collects the encoding as bytes (little-endian words).
public struct ByteBuffer: ByteSink, Sendable {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public mutating func write(_ word: UInt64) {
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(i)))) }
    }
}

/// The canonical encoding of a `GameState`: a magic word and version, then each
/// subsystem in `Subsystem` order, every field a little-endian 64-bit word in the
/// order written below, arrays as a count followed by their elements. Nothing in it
/// depends on the process, the machine or the build mode.
public enum StateEncoding {
    /// "OCEANST" followed by the encoding version.
    public static let magic: UInt64 = 0x4f43_4541_4e53_5400
    public static let version: UInt64 = 1

    public static func writeHeader<S: ByteSink>(to sink: inout S) {
        sink.write(magic)
        sink.write(version)
    }

    public static func write<S: ByteSink>(_ s: GameState, to sink: inout S) {
        writeHeader(to: &sink)
        for subsystem in Subsystem.allCases { write(subsystem, of: s, to: &sink) }
    }

    public static func write<S: ByteSink>(_ subsystem: Subsystem, of s: GameState, to sink: inout S) {
        func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }
        switch subsystem {
        case .flow:
            w(s.tick); w(s.mode.rawValue); w(s.round); w(s.roundSpawned); w(s.spawnTimer); w(s.breakTimer)
        case .physics:
            sink.write(s.random.s0); sink.write(s.random.s1); sink.write(s.random.s2); sink.write(s.random.s3)
            w(s.bin.x); w(s.bin.vx)
            w(s.items.count)
            for it in s.items {
                w(it.x); w(it.y); w(Int(it.vx)); w(Int(it.vy)); w(Int(it.ax)); w(it.kind.rawValue)
            }
        case .scoring:
            let g = s.game
            w(g.catches); w(g.misses); w(g.combo); w(g.bestCombo); w(g.score); w(g.grams)
            let t = s.totals
            w(t.games); w(t.catches); w(t.misses); w(t.perfectGames); w(t.bestCombo); w(t.score)
            w(t.grams); w(t.scans)
        case .ocean:
            w(s.health); w(s.phase.rawValue)
        }
    }

    public static func encode(_ s: GameState) -> [UInt8] {
        var buffer = ByteBuffer()
        write(s, to: &buffer)
        return buffer.bytes
    }

    public enum DecodeError: Error, Equatable {
        case truncated
        case badMagic
        case badVersion(UInt64)
        case badValue(String)
        case trailingBytes
    }

    /// Reads an encoding back. Every enum and count is checked, so bytes from
    /// anywhere give a state or an error, never a crash.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> GameState {
        var at = 0
        func word() throws(DecodeError) -> UInt64 {
            guard bytes.count - at >= 8 else { throw .truncated }
            var v: UInt64 = 0
            for i in 0..<8 { v |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            at += 8
            return v
        }
        func int() throws(DecodeError) -> Int { Int(Int64(bitPattern: try word())) }
        guard try word() == magic else { throw .badMagic }
        let v = try word()
        guard v == version else { throw .badVersion(v) }

        let tick = try int(), modeRaw = try int(), round = try int(), roundSpawned = try int()
        let spawnTimer = try int(), breakTimer = try int()
        guard let mode = Mode(rawValue: modeRaw) else { throw .badValue("mode \(modeRaw)") }

        let random = GameRandom(s0: try word(), s1: try word(), s2: try word(), s3: try word())
        let bin = BinState(x: try int(), vx: try int())
        let count = try int()
        guard count >= 0, count <= (bytes.count - at) / 48 else { throw .badValue("item count \(count)") }
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            let x = try int(), y = try int()
            guard let vx = Int32(exactly: try int()), let vy = Int32(exactly: try int()),
                  let ax = Int32(exactly: try int()) else { throw .badValue("item speed beyond 32 bits") }
            let k = try int()
            guard let kind = ItemKind(rawValue: k) else { throw .badValue("item kind \(k)") }
            items.append(Item(x: x, y: y, vx: vx, vy: vy, ax: ax, kind: kind))
        }
        var game = GameTally()
        game.catches = try int(); game.misses = try int(); game.combo = try int()
        game.bestCombo = try int(); game.score = try int(); game.grams = try int()
        var totals = Totals()
        totals.games = try int(); totals.catches = try int(); totals.misses = try int()
        totals.perfectGames = try int(); totals.bestCombo = try int(); totals.score = try int()
        totals.grams = try int(); totals.scans = try int()
        let health = try int(), phaseRaw = try int()
        guard let phase = Phase(rawValue: phaseRaw) else { throw .badValue("phase \(phaseRaw)") }
        guard at == bytes.count else { throw .trailingBytes }

        var s = GameState(random: random, bin: bin, items: items, health: health, phase: phase)
        s.tick = tick; s.mode = mode; s.round = round; s.roundSpawned = roundSpawned
        s.spawnTimer = spawnTimer; s.breakTimer = breakTimer
        s.game = game; s.totals = totals
        return s
    }
}
