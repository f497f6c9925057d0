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
/// order written below, every array as its count followed by its elements (so two
/// different states never encode alike). Nothing in it depends on the process, the
/// machine or the build mode.
public enum StateEncoding {
    /// "OCEANST" followed by the encoding version.
    public static let magic: UInt64 = 0x4f43_4541_4e53_5400
    /// 7 added the day's net health effect (after the day's start) and today's scans
    /// (after the career): the day's cap on its sum and the daily scan limit.
    /// 6 added the fair spawner's plan (after the items) and made the kinds data: every per-kind array (lifetime counts and grams, each
    /// month's counts) is written as its count and elements up to its last non-zero
    /// one, so a kind added to the table that never appeared changes no hash.
    /// 11 added the career's count of studies (after today's scans): the quiz's right
    /// answers, since a card's box falls back on a wrong one.
    /// 10 added the seas (which one is played, and each opened sea's health, phase,
    /// day's band, opening day and last day played).
    /// 5 added the challenges (the career's seed, today's and this week's challenge,
    /// milestones reached, completed and failed counts, reward grams) and active days,
    /// and items per kind to each lifetime month (a month may then hold items and no
    /// plastic). 4 added the health the day began with (the daily health caps). 3 added the
    /// career's per-kind tallies and lifetime months (replacing the ring of the last
    /// twelve) and a count before every array. 2 added the career. A current state
    /// still encodes as versions 2 and 3, which is how replays recorded in formats 2
    /// to 4 keep verifying (their hashes are over those versions); versions 1 to 4
    /// decode, which is how older saved profiles migrate (`fitKinds` then sizes the
    /// per-kind arrays to the balance).
    public static let version: UInt64 = 11
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
        for subsystem in Subsystem.allCases { write(subsystem, of: s, version: version, to: &sink) }
    }

    /// One subsystem's words. `version` is 2 to 5; only the ocean and the career differ.
    public static func write<S: ByteSink>(_ subsystem: Subsystem, of s: GameState, version: UInt64 = version,
                                          to sink: inout S) {
        @inline(__always) func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }
        switch subsystem {
        case .flow:
            w(s.tick); w(s.mode.rawValue); w(s.round); w(s.roundSpawned); w(s.spawnTimer); w(s.breakTimer)
            if version >= 8 { w(s.playMode.rawValue); w(s.missesLeft); w(s.roundStartMisses) }
            if version >= 9 { w(s.tempoStep); w(s.netTicksLeft); w(s.tideTicksLeft); w(s.tideClock) }
        case .physics:
            sink.write(s.random.s0); sink.write(s.random.s1); sink.write(s.random.s2); sink.write(s.random.s3)
            w(s.bin.x); w(s.bin.vx)
            w(s.items.count)
            for it in s.items {
                w(it.x); w(it.y); w(Int(it.vx)); w(Int(it.vy)); w(Int(it.ax)); w(it.kind.rawValue)
                if version >= 9 { w(Int(it.bounced)) }
            }
            if version >= 6 {
                w(s.plan.count)
                for p in s.plan { w(p.tick); w(p.x) }
            }
        case .scoring:
            let g = s.game
            w(g.catches); w(g.misses); w(g.combo); w(g.bestCombo); w(g.score); w(g.grams)
            if version >= 9 { w(g.seaLifeHits) }
            let t = s.totals
            w(t.games); w(t.catches); w(t.misses); w(t.perfectGames); w(t.bestCombo); w(t.score)
            w(t.grams); w(t.scans)
        case .ocean:
            w(s.health); w(s.phase.rawValue)
            if version >= 4 { w(s.healthDayStart) }
            if version >= 7 { w(s.healthDayNet) }
            if version >= 10 {
                w(s.seaIndex); w(s.seas.count)
                for sea in s.seas {
                    w(sea.health); w(sea.phase.rawValue); w(sea.dayStart); w(sea.dayNet); w(sea.openedDay); w(sea.lastDay)
                }
            }
        case .career:
            if version == 2 {
                writeCareerVersion2(s.career, to: &sink)
            } else {
                writeCareer(s.career, version: version, to: &sink)
                if version >= 7 { w(s.scansToday) }
                if version >= 11 { w(s.career.cardsStudied) }
            }
        }
    }

    private static func writeCareer<S: ByteSink>(_ c: CareerState, version: UInt64, to sink: inout S) {
        @inline(__always) func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }
        func array(_ a: [Int]) { w(a.count); for v in a { w(v) } }
        // From 6, a per-kind array stops at its last non-zero element.
        func perKind(_ a: [Int]) {
            // Before 6 every career held the six shipped kinds, no more (kinds added
            // since, sea life and power-ups, are never tallied by such a career).
            guard version >= 6 else { return array(sixKinds(a)) }
            var n = a.count
            while n > 0 && a[n - 1] == 0 { n -= 1 }
            w(n); for i in 0..<n { w(a[i]) }
        }
        w(c.today); w(c.monthOfToday); w(c.sessionTick); w(c.sessionMinute); w(c.lastActiveDay)
        w(c.absenceChargedThrough); w(c.datesWentBack); w(c.gramsToday)
        array(c.weekDays); array(c.weekGrams)
        if version >= 5 {
            let months = c.storedMonths
            w(months.count)
            var from = 0
            // From 6 the closed months' bytes are the digest's (`MonthsDigest`).
            if version >= 6, let digest = c.monthsDigest.digest, digest.months <= months.count, sink.fold(digest) {
                from = digest.months
            }
            for i in from..<months.count { writeMonth(months[i], version: version, to: &sink) }
        } else {
            // Before 5 a month was kept only once it had plastic.
            var withPlastic = 0
            for m in c.months where m.grams > 0 { withPlastic += 1 }
            w(withPlastic)
            for m in c.months where m.grams > 0 { w(m.month); w(m.grams) }
        }
        w(c.level); w(c.goalDay); w(c.goalDays); w(c.streak); w(c.bestStreak)
        array(c.cardLastDay); array(c.cardDays)
        w(c.masteredCards); w(c.achievements)
        perKind(c.kindCounts); perKind(c.kindGrams)
        if version >= 5 {
            sink.write(c.seed)
            w(c.bonusGrams); w(c.activeDays); w(c.challengesCompleted); w(c.challengesFailed); w(c.milestones)
            writeChallenge(c.daily, to: &sink)
            writeChallenge(c.weekly, to: &sink)
        }
        writePet(c.pet, to: &sink)
    }

    /// One lifetime month (versions 5 and later).
    static func writeMonth<S: ByteSink>(_ m: MonthTotal, version: UInt64, to sink: inout S) {
        @inline(__always) func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }
        w(m.month); w(m.grams)
        let a = m.kindCounts
        var n = a.count
        // From 6, a per-kind array stops at its last non-zero element.
        if version >= 6 { while n > 0 && a[n - 1] == 0 { n -= 1 } } else { return array(sixKinds(a)) }
        w(n); for i in 0..<n { w(a[i]) }
        func array(_ a: [Int]) { w(a.count); for v in a { w(v) } }
    }

    /// A per-kind array as encodings before 6 held it: the six shipped kinds.
    static func sixKinds(_ a: [Int]) -> [Int] {
        a.count == kindsBeforeVersion6 ? a
            : Array(a.prefix(kindsBeforeVersion6)) + [Int](repeating: 0, count: max(0, kindsBeforeVersion6 - a.count))
    }

    private static func writeChallenge<S: ByteSink>(_ c: Challenge, to sink: inout S) {
        @inline(__always) func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }
        w(c.template); w(c.period.rawValue); w(c.number); w(c.metric.rawValue); w(c.target); w(c.progress)
        w(c.status.rawValue); w(c.rewardGrams); w(c.rewardHealth)
    }

    /// The career as version 2 wrote it: fixed arrays without counts, and plastic per
    /// month as a ring of the last twelve (slot `month mod 12` held the latest month
    /// with plastic in that slot), derived here from the lifetime months.
    private static func writeCareerVersion2<S: ByteSink>(_ c: CareerState, to sink: inout S) {
        @inline(__always) func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }
        w(c.today); w(c.monthOfToday); w(c.sessionTick); w(c.sessionMinute); w(c.lastActiveDay)
        w(c.absenceChargedThrough); w(c.datesWentBack); w(c.gramsToday)
        for v in c.weekDays { w(v) }
        for v in c.weekGrams { w(v) }
        var ringMonth = (CareerState.never, CareerState.never, CareerState.never, CareerState.never,
                         CareerState.never, CareerState.never, CareerState.never, CareerState.never,
                         CareerState.never, CareerState.never, CareerState.never, CareerState.never)
        var ringGrams = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Tuples, not arrays: hashing a replay's every tick must not allocate.
        withUnsafeMutableBytes(of: &ringMonth) { months in
            withUnsafeMutableBytes(of: &ringGrams) { grams in
                let month = months.bindMemory(to: Int.self), gram = grams.bindMemory(to: Int.self)
                for m in c.months where m.grams > 0 {
                    let slot = ((m.month % 12) + 12) % 12
                    month[slot] = m.month
                    gram[slot] = m.grams
                }
                for slot in 0..<12 { w(month[slot]) }
                for slot in 0..<12 { w(gram[slot]) }
            }
        }
        w(c.level); w(c.goalDay); w(c.goalDays); w(c.streak); w(c.bestStreak)
        for v in c.cardLastDay { w(v) }
        for v in c.cardDays { w(v) }
        w(c.masteredCards); w(c.achievements)
        writePet(c.pet, to: &sink)
    }

    private static func writePet<S: ByteSink>(_ p: PetState, to sink: inout S) {
        @inline(__always) func w(_ v: Int) { sink.write(UInt64(bitPattern: Int64(v))) }
        w(p.adopted ? 1 : 0); w(p.form.rawValue); w(p.stage.rawValue); w(p.mood.rawValue)
        w(p.gramsAtAdoption); w(p.excitedUntil); w(p.happyUntil); w(p.lastInputTick); w(p.missingYou ? 1 : 0)
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

    /// Reads an encoding of any version this engine knows (1 to 5) back. Every enum
    /// and count is checked, so bytes from anywhere give a state or an error, never a
    /// crash; whether the values make sense for a set of rules is
    /// `GameState.validate(rules:)`'s question.
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
        func count(_ what: String, max: Int, wordsEach: Int = 1) throws(DecodeError) -> Int {
            let n = try int()
            guard n >= 0, n <= max, n <= (bytes.count - at) / (8 * wordsEach) else { throw .badValue("\(what) count \(n)") }
            return n
        }
        func fixed(_ what: String, _ n: Int) throws(DecodeError) -> [Int] {
            guard try int() == n else { throw .badValue("\(what) count") }
            var a: [Int] = []
            for _ in 0..<n { a.append(try int()) }
            return a
        }
        func words(_ n: Int) throws(DecodeError) -> [Int] {
            var a: [Int] = []
            for _ in 0..<n { a.append(try int()) }
            return a
        }
        func bool(_ name: String) throws(DecodeError) -> Bool {
            let v = try word()
            guard v <= 1 else { throw .badValue("\(name) \(v) (0 or 1)") }
            return v == 1
        }
        func challenge() throws(DecodeError) -> Challenge {
            let template = try int(), period = try int(), number = try int(), metric = try int()
            let target = try int(), progress = try int(), status = try int()
            guard let p = ChallengePeriod(rawValue: period), p != .milestone, let m = ChallengeMetric(rawValue: metric),
                  let st = ChallengeStatus(rawValue: status) else { throw .badValue("challenge period, metric or status") }
            return Challenge(template: template, period: p, number: number, metric: m, target: target,
                             progress: progress, status: st, rewardGrams: try int(), rewardHealth: try int())
        }
        guard try word() == magic else { throw .badMagic }
        let v = try word()
        guard (1...version).contains(v) else { throw .badVersion(v) }

        let tick = try int(), modeRaw = try int(), round = try int(), roundSpawned = try int()
        let spawnTimer = try int(), breakTimer = try int()
        guard let mode = Mode(rawValue: modeRaw) else { throw .badValue("mode \(modeRaw)") }
        // Before version 8 every game was classic.
        let playModeRaw = v >= 8 ? try int() : 0, missesLeft = v >= 8 ? try int() : 0
        let roundStartMisses = v >= 8 ? try int() : 0
        guard let playMode = PlayMode(rawValue: playModeRaw) else { throw .badValue("play mode \(playModeRaw)") }
        // Before version 9 no game had a tempo step or a power-up.
        let tempoStep = v >= 9 ? try int() : 0, netTicksLeft = v >= 9 ? try int() : 0
        let tideTicksLeft = v >= 9 ? try int() : 0, tideClock = v >= 9 ? try int() : 0

        let random = GameRandom(s0: try word(), s1: try word(), s2: try word(), s3: try word())
        let bin = BinState(x: try int(), vx: try int())
        let itemCount = try count("item", max: Int.max, wordsEach: v >= 9 ? 7 : 6)
        var items: [Item] = []
        items.reserveCapacity(itemCount)
        for _ in 0..<itemCount {
            let x = try int(), y = try int()
            guard let vx = Int32(exactly: try int()), let vy = Int32(exactly: try int()),
                  let ax = Int32(exactly: try int()) else { throw .badValue("item speed beyond 32 bits") }
            let k = try int()
            guard k >= 0, k < Rules.maxKinds else { throw .badValue("item kind \(k)") }
            let bounced = v >= 9 ? try int() : 0
            guard bounced == 0 || bounced == 1 else { throw .badValue("item bounced \(bounced) (0 or 1)") }
            items.append(Item(x: x, y: y, vx: vx, vy: vy, ax: ax, kind: ItemKind(rawValue: k), bounced: UInt8(bounced)))
        }
        var plan: [PlanPoint] = []
        if v >= 6 {
            let n = try count("plan point", max: 1_000_000, wordsEach: 2)
            plan.reserveCapacity(n)
            for _ in 0..<n { plan.append(PlanPoint(tick: try int(), x: try int())) }
        }
        var game = GameTally()
        game.catches = try int(); game.misses = try int(); game.combo = try int()
        game.bestCombo = try int(); game.score = try int(); game.grams = try int()
        if v >= 9 { game.seaLifeHits = try int() }
        var totals = Totals()
        totals.games = try int(); totals.catches = try int(); totals.misses = try int()
        totals.perfectGames = try int(); totals.bestCombo = try int(); totals.score = try int()
        totals.grams = try int(); totals.scans = try int()
        let health = try int(), phaseRaw = try int()
        guard let phase = Phase(rawValue: phaseRaw) else { throw .badValue("phase \(phaseRaw)") }
        // Before version 4 the day's band was not kept: it starts from today's health.
        let healthDayStart = v >= 4 ? try int() : health
        let healthDayNet = v >= 7 ? try int() : 0
        // From version 10: the seas opened and the one played.
        var seas: [SeaState] = []
        let seaIndex = v >= 10 ? try int() : 0
        if v >= 10 {
            let n = try count("sea", max: Rules.maxSeas, wordsEach: 6)
            for _ in 0..<n {
                let h = try int(), p = try int()
                guard let phase = Phase(rawValue: p) else { throw .badValue("sea phase \(p)") }
                seas.append(SeaState(health: h, phase: phase, dayStart: try int(), dayNet: try int(),
                                     openedDay: try int(), lastDay: try int()))
            }
        }
        var scansToday = 0
        var career = CareerState()
        if v >= 2 {
            let kinds = kindsBeforeVersion6
            // Version 6 writes a per-kind array up to its last non-zero element.
            func perKind(_ what: String) throws(DecodeError) -> [Int] {
                guard v >= 6 else { return try fixed(what, kinds) }
                return try words(try count(what, max: Rules.maxKinds))
            }
            career.today = try int(); career.monthOfToday = try int(); career.sessionTick = try int()
            career.sessionMinute = try int(); career.lastActiveDay = try int()
            career.absenceChargedThrough = try int(); career.datesWentBack = try int(); career.gramsToday = try int()
            if v == 2 {
                career.weekDays = try words(7)
                career.weekGrams = try words(7)
                let ringMonths = try words(12), ringGrams = try words(12)
                // The ring kept the last twelve months with plastic; they become the
                // first entries of the lifetime months, oldest first.
                career.months = (0..<12).filter { ringMonths[$0] != CareerState.never }
                    .map { MonthTotal(month: ringMonths[$0], grams: ringGrams[$0], kindCounts: [Int](repeating: 0, count: kinds)) }
                    .sorted { $0.month < $1.month }
            } else {
                career.weekDays = try fixed("week day", 7)
                career.weekGrams = try fixed("week grams", 7)
                let n = try count("month", max: 12 * 10_000, wordsEach: v >= 6 ? 3 : v == 5 ? 3 + kinds : 2)
                career.months.reserveCapacity(n)
                for _ in 0..<n {
                    let month = try int(), grams = try int()
                    let counts = v >= 5 ? try perKind("month kind count") : [Int](repeating: 0, count: kinds)
                    career.months.append(MonthTotal(month: month, grams: grams, kindCounts: counts))
                }
            }
            career.level = try int(); career.goalDay = try int(); career.goalDays = try int()
            career.streak = try int(); career.bestStreak = try int()
            // From 3 a per-card array has its count (as many as the rules' cards: validation).
            career.cardLastDay = v == 2 ? try words(cardsOfVersion2) : try words(try count("card day", max: Rules.maxCards))
            career.cardDays = v == 2 ? try words(cardsOfVersion2) : try words(try count("card days", max: Rules.maxCards))
            career.masteredCards = try int(); career.achievements = try int()
            if v >= 3 {
                career.kindCounts = try perKind("kind count")
                career.kindGrams = try perKind("kind grams")
            } else {
                career.kindCounts = [Int](repeating: 0, count: kinds)
                career.kindGrams = [Int](repeating: 0, count: kinds)
            }
            if v >= 5 {
                career.seed = try word()
                career.bonusGrams = try int(); career.activeDays = try int()
                career.challengesCompleted = try int(); career.challengesFailed = try int()
                career.milestones = try int()
                career.daily = try challenge()
                career.weekly = try challenge()
            } else {
                // Before 5 there was no career seed: one is made from the random stream.
                career.seed = ChallengeDraw.careerSeed(from: random.s0 ^ random.s1 ^ random.s2 ^ random.s3)
            }
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
            if v >= 7 { scansToday = try int() }
            // Before 11 a card's days were its studies, all of them counted.
            if v >= 11 {
                career.cardsStudied = try int()
            } else {
                for d in career.cardDays { career.cardsStudied += d }
            }
        }
        guard at == bytes.count else { throw .trailingBytes }

        var s = GameState(random: random, bin: bin, items: items, health: health, phase: phase)
        s.plan = plan
        s.tick = tick; s.mode = mode; s.round = round; s.roundSpawned = roundSpawned
        s.spawnTimer = spawnTimer; s.breakTimer = breakTimer
        s.playMode = playMode; s.missesLeft = missesLeft; s.roundStartMisses = roundStartMisses
        s.tempoStep = tempoStep; s.netTicksLeft = netTicksLeft; s.tideTicksLeft = tideTicksLeft; s.tideClock = tideClock
        s.game = game; s.totals = totals
        s.healthDayStart = healthDayStart
        s.healthDayNet = healthDayNet
        s.seas = seas
        s.seaIndex = seaIndex
        s.scansToday = scansToday
        s.career = career
        s.career.foldClosedMonths()
        return s
    }
}
