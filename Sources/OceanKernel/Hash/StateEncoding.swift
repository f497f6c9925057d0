/// The parts of the state that can be hashed, compared and named apart.
public enum Subsystem: Int, CaseIterable, Sendable {
    /// Tick, mode, round and timers.
    case flow
    /// The random stream, the bin and every item.
    case physics
    /// Combo, this game's tally, the lifetime totals.
    case scoring
    /// Health and phase, the day's band, the seas, the day's mastery share and rewards.
    case ocean
    /// The calendar, plastic per day and month, level, goal, streak, cards,
    /// achievements, challenges and the pet.
    case career

    public var name: String {
        switch self {
        case .flow: "flow"
        case .physics: "physics"
        case .scoring: "scoring"
        case .ocean: "ocean"
        case .career: "career"
        }
    }
}

/// Receives the canonical encoding one 64-bit word at a time.
public protocol ByteSink {
    /// An empty sink (what an encoder holds while it lends out the caller's).
    init()
    mutating func write(_ word: UInt64)
    /// Takes the bytes of the closed months `digest` covers at once, if this sink can
    /// (a hash can, `MonthsDigest`); false: it wants them written word by word.
    mutating func fold(_ digest: MonthsDigest) -> Bool
}

extension ByteSink {
    public mutating func fold(_ digest: MonthsDigest) -> Bool { false }
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
/// order `StateFields` lists them, every array as its count followed by its elements
/// (so two different states never encode alike). Nothing in it depends on the
/// process, the machine or the build mode.
public enum StateEncoding {
    /// "OCEANST" followed by the encoding version.
    public static let magic: UInt64 = 0x4f43_4541_4e53_5400
    /// What each version added (each field's `since:` in `StateFields`):
    /// 2 the career; 3 the career's per-kind tallies and lifetime months (replacing the
    /// ring of the last twelve) and a count before every array; 4 the health the day
    /// began with (the daily caps); 5 the challenges, active days and items per kind in
    /// each month; 6 the fair spawner's plan, and per-kind arrays written up to their
    /// last non-zero element (a kind that never appeared changes no hash); 7 the day's
    /// net health effect and today's scans; 8 arcade games; 9 the tempo and the
    /// power-ups; 10 the seas; 11 the career's count of studies; 12 the day's mastery
    /// share and the rewards given on top of the day's cap; 13 the day whose Daily
    /// Ocean run the career counted.
    /// A current state still encodes as every version from 2, which is how older
    /// replays keep verifying (their hashes are over their version), and every version
    /// from 1 decodes, which is how older profiles migrate (`upgrade`; `fitKinds` then
    /// sizes the per-kind arrays to the balance).
    public static let version: UInt64 = 13
    /// How many kinds every state before version 6 held (the six shipped kinds).
    public static let kindsBeforeVersion6 = 6
    /// The cards a version 2 encoding holds, without a count: the twelve the quiz shipped with.
    static let cardsOfVersion2 = 12

    public static func writeHeader<S: ByteSink>(version: UInt64 = version, to sink: inout S) {
        sink.write(magic)
        sink.write(version)
    }

    public static func write<S: ByteSink>(_ s: GameState, version: UInt64 = version, to sink: inout S) {
        writeHeader(version: version, to: &sink)
        // One view for all the subsystems: each view of a value is a copy of its bytes
        // on the stack (800 bytes, five times a tick for the recorder's fingerprint).
        withUnsafePointer(to: s) { view in
            for subsystem in Subsystem.allCases { write(subsystem, of: view, version: version, to: &sink) }
        }
    }

    /// One subsystem's words, as `StateFields` lists them for `version`.
    @inline(__always)
    public static func write<S: ByteSink>(_ subsystem: Subsystem, of s: GameState, version: UInt64 = version,
                                          to sink: inout S) {
        withUnsafePointer(to: s) { view in write(subsystem, of: view, version: version, to: &sink) }
    }

    /// The table takes the state by reference (the decoder fills it). The writer only
    /// reads, so it is given a view of the state, not a copy: a copy would retain every
    /// array of the state, on every hash of every tick.
    @inline(__always)
    private static func write<S: ByteSink>(_ subsystem: Subsystem, of view: UnsafePointer<GameState>, version: UInt64,
                                           to sink: inout S) {
        var writer = EncodingWriter<S>(version: version)
        swap(&sink, &writer.sink)  // the writer holds the only reference to a buffer it grows
        GameState.visitFields(subsystem, of: &UnsafeMutablePointer(mutating: view).pointee, with: &writer)
        swap(&sink, &writer.sink)
    }

    /// One lifetime month's bytes in the current version (the closed months' digest).
    static func writeMonth<S: ByteSink>(_ m: MonthTotal, to sink: inout S) {
        var month = m
        var writer = EncodingWriter<S>(version: version)
        swap(&sink, &writer.sink)
        GameState.monthFields(&month, &writer)
        swap(&sink, &writer.sink)
    }

    public static func encode(_ s: GameState, version: UInt64 = version) -> [UInt8] {
        var buffer = ByteBuffer()
        write(s, version: version, to: &buffer)
        return buffer.bytes
    }

    /// A state decoded from version 6 keeps its per-kind arrays as short as they were
    /// written; this pads them with zeros to a balance's kind count (before
    /// `validate(rules:)`, which refuses a non-zero count past the table).
    public static func fitKinds(_ s: inout GameState, count: Int) {
        func pad(_ a: inout [Int]) { if a.count < count { a += [Int](repeating: 0, count: count - a.count) } }
        pad(&s.career.kindCounts)
        pad(&s.career.kindGrams)
        for i in s.career.months.indices { pad(&s.career.months[i].kindCounts) }
        s.career.foldClosedMonths()
    }

    public enum DecodeError: Error, Equatable {
        case truncated
        case badMagic
        case badVersion(UInt64)
        case badValue(String)
        case trailingBytes
    }

    /// Reads an encoding of any version this engine knows (1 to `version`) back. Every
    /// code and count is checked, so bytes from anywhere give a state or an error, never
    /// a crash; whether the values make sense for a set of rules is
    /// `GameState.validate(rules:)`'s question.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> GameState {
        var reader = EncodingReader(bytes: bytes)
        guard reader.word() == magic else { throw reader.error ?? .badMagic }
        let v = reader.word()
        if let error = reader.error { throw error }
        guard (1...version).contains(v) else { throw .badVersion(v) }
        reader.version = v
        var s = GameState(random: GameRandom(s0: 0, s1: 0, s2: 0, s3: 0), bin: BinState(x: 0, vx: 0), items: [],
                          health: 0, phase: .polluted)
        GameState.visitFields(&s, with: &reader)
        if let error = reader.error { throw error }
        guard reader.at == bytes.count else { throw .trailingBytes }
        try upgrade(&s, from: v)
        s.career.foldClosedMonths()
        return s
    }

    /// What an older version did not keep, as the current rules make it.
    private static func upgrade(_ s: inout GameState, from v: UInt64) throws(DecodeError) {
        // Before 4 the day's band was not kept: it starts from today's health.
        if v < 4 { s.healthDayStart = s.health }
        guard v >= 2 else { return }
        let sixZeros = [Int](repeating: 0, count: kindsBeforeVersion6)
        if v < 3 { (s.career.kindCounts, s.career.kindGrams) = (sixZeros, sixZeros) }
        if v < 5 {
            // Months had no per-kind counts, and there was no career seed: one is made
            // from the random stream.
            for i in s.career.storedMonths.indices { s.career.storedMonths[i].kindCounts = sixZeros }
            let r = s.random
            s.career.seed = ChallengeDraw.careerSeed(from: r.s0 ^ r.s1 ^ r.s2 ^ r.s3)
        } else if s.career.daily.period == .milestone || s.career.weekly.period == .milestone {
            throw .badValue("challenge period milestone in a daily or weekly slot")
        }
        // Before 11 a card's days were its studies, all of them counted.
        if v < 11 { s.career.cardsStudied = s.career.cardDays.reduce(0, +) }
    }
}

/// Writes each field the table visits as a little-endian 64-bit word.
struct EncodingWriter<S: ByteSink>: StateVisitor {
    let version: UInt64
    var sink = S()

    init(version: UInt64) { self.version = version }

    @inline(__always) mutating func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }

    @inline(__always) mutating func visitInt(_ value: inout Int, _ name: StaticString, _ rule: FieldRule) { w(value) }
    @inline(__always) mutating func visitInt32(_ value: inout Int32, _ name: StaticString, _ rule: FieldRule) { w(Int(value)) }
    @inline(__always) mutating func visitWord(_ value: inout UInt64, _ name: StaticString) { sink.write(value) }
    @inline(__always) mutating func visitCode<C: StateCode>(_ value: inout C, _ name: StaticString) { w(value.code) }

    @inline(__always)
    mutating func visitList<T>(_ list: inout [T], _ name: StaticString, _ shape: ListShape, blank: T,
                               fields: (inout T, inout Self) -> Void) {
        let n = shape.fixed ?? list.count
        if shape.counted { w(n) }
        for i in 0..<n {
            // A copy of each element: reading never makes the list unique.
            var element = i < list.count ? list[i] : blank
            fields(&element, &self)
        }
    }

    @inline(__always)
    mutating func visitInts(_ list: inout [Int], _ name: StaticString, _ shape: ListShape, _ rule: FieldRule) {
        var n = shape.fixed ?? list.count
        if shape.trimmed { while n > 0 && list[n - 1] == 0 { n -= 1 } }
        if shape.counted { w(n) }
        for i in 0..<n { w(i < list.count ? list[i] : 0) }
    }

    @inline(__always)
    mutating func visitGroup<T>(_ value: inout T, _ name: StaticString, fields: (inout T, inout Self) -> Void) {
        fields(&value, &self)
    }

    mutating func visitMonths(_ months: inout [MonthTotal], digest: MonthsDigest?, shape: ListShape,
                              fields: (inout MonthTotal, inout Self) -> Void) {
        switch version {
        case 2: LegacyMonths.writeRing(months, to: &self)
        case 3, 4:
            // Before 5 a month was kept only once it had plastic.
            var withPlastic = 0
            for m in months where m.grams > 0 { withPlastic += 1 }
            w(withPlastic)
            for m in months where m.grams > 0 { var month = m; fields(&month, &self) }
        default:
            w(months.count)
            var from = 0
            // From 6 the closed months' bytes are the digest's (`MonthsDigest`).
            if version >= 6, let digest, digest.months <= months.count, sink.fold(digest) { from = digest.months }
            for i in from..<months.count { var month = months[i]; fields(&month, &self) }
        }
    }
}

/// Reads each field the table visits. The first wrong word stops it: every later
/// field reads as zero and `error` says what was wrong.
struct EncodingReader: StateVisitor {
    var version: UInt64 = 0
    let bytes: [UInt8]
    var at = 0
    var error: StateEncoding.DecodeError?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func word() -> UInt64 {
        guard error == nil else { return 0 }
        guard bytes.count - at >= 8 else {
            error = .truncated
            return 0
        }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
        at += 8
        return v
    }

    mutating func int() -> Int { Int(Int64(bitPattern: word())) }

    mutating func fail(_ what: String) { if error == nil { error = .badValue(what) } }

    /// A list's element count: its own word, or the one its shape fixes.
    mutating func count(_ name: StaticString, _ shape: ListShape) -> Int {
        guard shape.counted else { return shape.fixed ?? 0 }
        let n = int()
        guard error == nil else { return 0 }
        if let fixed = shape.fixed, n != fixed {
            fail("\(name) count \(n) (always \(fixed))")
            return 0
        }
        guard n >= 0, n <= shape.max, n <= (bytes.count - at) / (8 * shape.wordsEach) else {
            fail("\(name) count \(n)")
            return 0
        }
        return n
    }

    mutating func visitInt(_ value: inout Int, _ name: StaticString, _ rule: FieldRule) { value = int() }

    mutating func visitInt32(_ value: inout Int32, _ name: StaticString, _ rule: FieldRule) {
        let n = int()
        guard let v = Int32(exactly: n) else { return fail("\(name) \(n) beyond 32 bits") }
        value = v
    }

    mutating func visitWord(_ value: inout UInt64, _ name: StaticString) { value = word() }

    mutating func visitCode<C: StateCode>(_ value: inout C, _ name: StaticString) {
        let n = int()
        guard error == nil else { return }
        guard let c = C(code: n) else { return fail("\(name) \(n)") }
        value = c
    }

    mutating func visitList<T>(_ list: inout [T], _ name: StaticString, _ shape: ListShape, blank: T,
                               fields: (inout T, inout Self) -> Void) {
        let n = count(name, shape)
        list = []
        list.reserveCapacity(n)
        for _ in 0..<n where error == nil {
            var element = blank
            fields(&element, &self)
            list.append(element)
        }
    }

    mutating func visitInts(_ list: inout [Int], _ name: StaticString, _ shape: ListShape, _ rule: FieldRule) {
        let n = count(name, shape)
        list = []
        list.reserveCapacity(n)
        for _ in 0..<n where error == nil { list.append(int()) }
    }

    mutating func visitGroup<T>(_ value: inout T, _ name: StaticString, fields: (inout T, inout Self) -> Void) {
        fields(&value, &self)
    }

    mutating func visitMonths(_ months: inout [MonthTotal], digest: MonthsDigest?, shape: ListShape,
                              fields: (inout MonthTotal, inout Self) -> Void) {
        if version == 2 { return months = LegacyMonths.readRing(from: &self) }
        visitList(&months, "month", shape, blank: MonthTotal(month: 0, grams: 0, kindCounts: []), fields: fields)
    }
}

/// Version 2's plastic per month: a ring of the last twelve (slot `month mod 12` held
/// the latest month with plastic in that slot). Frozen: only version 2 replays use it.
enum LegacyMonths {
    static func writeRing<S: ByteSink>(_ months: [MonthTotal], to writer: inout EncodingWriter<S>) {
        var ringMonth = (CareerState.never, CareerState.never, CareerState.never, CareerState.never,
                         CareerState.never, CareerState.never, CareerState.never, CareerState.never,
                         CareerState.never, CareerState.never, CareerState.never, CareerState.never)
        var ringGrams = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Tuples, not arrays: hashing a replay's every tick must not allocate.
        withUnsafeMutableBytes(of: &ringMonth) { monthBytes in
            withUnsafeMutableBytes(of: &ringGrams) { gramBytes in
                let month = monthBytes.bindMemory(to: Int.self), gram = gramBytes.bindMemory(to: Int.self)
                for m in months where m.grams > 0 {
                    let slot = ((m.month % 12) + 12) % 12
                    month[slot] = m.month
                    gram[slot] = m.grams
                }
                for slot in 0..<12 { writer.w(month[slot]) }
                for slot in 0..<12 { writer.w(gram[slot]) }
            }
        }
    }

    /// The ring's months become the first lifetime months, oldest first.
    static func readRing(from reader: inout EncodingReader) -> [MonthTotal] {
        var ringMonths: [Int] = [], ringGrams: [Int] = []
        for _ in 0..<12 { ringMonths.append(reader.int()) }
        for _ in 0..<12 { ringGrams.append(reader.int()) }
        return (0..<12).filter { ringMonths[$0] != CareerState.never }
            .map { MonthTotal(month: ringMonths[$0], grams: ringGrams[$0], kindCounts: []) }
            .sorted { $0.month < $1.month }
    }
}
