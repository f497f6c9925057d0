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
    /// The calendar, plastic per day and month, level, goal, streak, cards,
    /// achievements and the pet.
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
    /// 2 added the career subsystem. Version 1 encodings still decode (with a new
    /// career), which is how older saved profiles migrate.
    public static let version: UInt64 = 2

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
        case .career:
            let c = s.career
            w(c.today); w(c.monthOfToday); w(c.sessionTick); w(c.sessionMinute); w(c.lastActiveDay)
            w(c.absenceChargedThrough); w(c.datesWentBack); w(c.gramsToday)
            for v in c.weekDays { w(v) }
            for v in c.weekGrams { w(v) }
            for v in c.months { w(v) }
            for v in c.monthGrams { w(v) }
            w(c.level); w(c.goalDay); w(c.goalDays); w(c.streak); w(c.bestStreak)
            for v in c.cardLastDay { w(v) }
            for v in c.cardDays { w(v) }
            w(c.masteredCards); w(c.achievements)
            let p = c.pet
            w(p.adopted ? 1 : 0); w(p.form.rawValue); w(p.stage.rawValue); w(p.mood.rawValue)
            w(p.gramsAtAdoption); w(p.excitedUntil); w(p.happyUntil); w(p.lastInputTick); w(p.missingYou ? 1 : 0)
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
        func bool(_ name: String) throws(DecodeError) -> Bool {
            let v = try word()
            guard v <= 1 else { throw .badValue("\(name) \(v) (0 or 1)") }
            return v == 1
        }
        guard try word() == magic else { throw .badMagic }
        let v = try word()
        guard v == 1 || v == version else { throw .badVersion(v) }

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
        var career = CareerState()
        if v == 2 {
            career.today = try int(); career.monthOfToday = try int(); career.sessionTick = try int()
            career.sessionMinute = try int(); career.lastActiveDay = try int()
            career.absenceChargedThrough = try int(); career.datesWentBack = try int(); career.gramsToday = try int()
            for i in 0..<7 { career.weekDays[i] = try int() }
            for i in 0..<7 { career.weekGrams[i] = try int() }
            for i in 0..<12 { career.months[i] = try int() }
            for i in 0..<12 { career.monthGrams[i] = try int() }
            career.level = try int(); career.goalDay = try int(); career.goalDays = try int()
            career.streak = try int(); career.bestStreak = try int()
            for i in 0..<Flashcards.count { career.cardLastDay[i] = try int() }
            for i in 0..<Flashcards.count { career.cardDays[i] = try int() }
            career.masteredCards = try int(); career.achievements = try int()
            var pet = PetState()
            pet.adopted = try bool("pet adopted")
            let form = try int(), stage = try int(), mood = try int()
            guard let f = PetForm(rawValue: form), let st = PetStage(rawValue: stage), let m = PetMood(rawValue: mood) else {
                throw .badValue("pet form, stage or mood")
            }
            (pet.form, pet.stage, pet.mood) = (f, st, m)
            pet.gramsAtAdoption = try int(); pet.excitedUntil = try int(); pet.happyUntil = try int()
            pet.lastInputTick = try int(); pet.missingYou = try bool("pet missing-you")
            career.pet = pet
            guard (0...1_440).contains(career.sessionMinute), career.level >= 1 else { throw .badValue("career") }
        }
        guard at == bytes.count else { throw .trailingBytes }

        var s = GameState(random: random, bin: bin, items: items, health: health, phase: phase)
        s.tick = tick; s.mode = mode; s.round = round; s.roundSpawned = roundSpawned
        s.spawnTimer = spawnTimer; s.breakTimer = breakTimer
        s.game = game; s.totals = totals
        s.career = career
        return s
    }
}
