import Testing
import OceanKernel

/// The word-wise hash the slow way: every word of the canonical encoding through
/// `h·K + w`, then the finalizer, with no digest.
private func slowWordHash(_ s: GameState) -> UInt64 {
    let bytes = StateEncoding.encode(s)
    var h = WordHash64()
    for i in stride(from: 0, to: bytes.count, by: 8) {
        var w: UInt64 = 0
        for j in 0..<8 { w |= UInt64(bytes[i + j]) << (8 * UInt64(j)) }
        h.write(w)
    }
    return h.value
}

/// Replay format 17's per-tick fingerprint hashes the state word by word; its closed
/// months fold in from the digest and must give the very same value.
@Suite struct WordHashTests {
    /// Six years of sessions: the folded hash equals the word-by-word one at each
    /// checked day and every tick of a stretch of play after.
    @Test func aLongCareerFoldsItsMonthsToTheSameHash() {
        var sim = Simulation(rules: shippedRules, seed: 11)
        var random = GameRandom(seed: 5)
        var inputs = RandomInputs(seed: 5)
        var day = CalendarDate(year: 2020, month: 1, day: 1).dayNumber
        for n in 0..<2_200 {
            day += random.below(10) == 0 ? 2 + random.below(20) : 1
            sim.step(TickInput(command: .beginSession(CalendarDate(dayNumber: day), minuteOfDay: 600)))
            sim.step(TickInput(command: .scan(ItemKind(rawValue: random.below(6)))))
            if n % 100 == 0 { #expect(sim.state.wordHash == slowWordHash(sim.state), "day \(n)") }
        }
        #expect(sim.state.career.months.count > 60)
        for _ in 0..<600 {
            sim.step(inputs.next(sim.state))
            #expect(sim.state.wordHash == slowWordHash(sim.state), "tick \(sim.state.tick)")
        }
        // A closed month changed from outside drops the digest; the hash still follows it.
        var s = sim.state
        s.career.months[3].grams += 1
        #expect(s.wordHash == slowWordHash(s))
        #expect(s.wordHash != sim.state.wordHash)
    }

    /// Any one field changed, by one in its lowest bit or in its highest, changes the
    /// top 4 bits a fingerprint keeps about 15 times in 16.
    @Test func aChangedFieldReachesTheTopBits() throws {
        var sim = Simulation(rules: shippedRules, seed: 2)
        sim.step(TickInput(command: .start(.classic)))
        for _ in 0..<400 { sim.step(.idle) }
        try #require(!sim.state.items.isEmpty)
        let base = sim.state.wordHash
        var differ = 0, tries = 0
        for delta in [1, 1 << 40, -7] {
            for change in 0..<6 {
                var s = sim.state
                switch change {
                case 0: s.totals.score += delta
                case 1: s.health += delta
                case 2: s.tick += delta
                case 3: s.bin.x += delta
                case 4: s.items[0].y += delta
                default: s.random = GameRandom(seed: UInt64(truncatingIfNeeded: delta))
                }
                tries += 1
                #expect(s.wordHash != base, "change \(change) by \(delta)")
                if s.wordHash >> 60 != base >> 60 { differ += 1 }
            }
        }
        #expect(differ >= tries * 3 / 4, "\(differ) of \(tries) changes reach the fingerprint's 4 bits")
    }
}
