import Testing
import OceanKernel

/// The slow way: the whole canonical encoding as bytes, then FNV-1a over every byte.
private func slowHash(_ s: GameState, version: UInt64 = StateEncoding.version) -> UInt64 {
    var h = FNV1a64()
    for b in StateEncoding.encode(s, version: version) { h.write(byte: b) }
    return h.value
}

/// Each subsystem's hash the slow way.
private func slowSubsystems(_ s: GameState) -> [UInt64] {
    Subsystem.allCases.map { subsystem in
        var bytes = ByteBuffer()
        StateEncoding.write(subsystem, of: s, version: StateEncoding.version, to: &bytes)
        var h = FNV1a64()
        for b in bytes.bytes { h.write(byte: b) }
        return h.value
    }
}

/// The hash folds a long career's closed months in from a digest (`MonthsDigest`)
/// instead of re-hashing every month every tick; it must be the very same hash.
@Suite struct LongCareerHashTests {
    /// A word written at once (its zero high bytes as one multiply by a power of the
    /// prime) adds what its eight bytes written one by one add, from any hash: words
    /// of every length, zero, negative numbers, and one byte set at each place.
    @Test func aWordHashesAsItsEightBytes() {
        var random = GameRandom(seed: 3)
        var words: [UInt64] = [0, 1, 0xff, 0x100, 0xffff, 0x1_0000, 0xff_ffff, 0xffff_ffff, 0x1_0000_0000,
                               UInt64.max, UInt64(bitPattern: -1), UInt64(bitPattern: Int64.min)]
        for place in 0..<8 { words.append(UInt64(0x5a) << (8 * UInt64(place))) }
        for bits in stride(from: 1, through: 64, by: 1) {
            words.append(random.next() >> UInt64(64 - bits))
        }
        for start in 0..<300 {
            var seed = FNV1a64()
            for _ in 0..<start % 17 { seed.write(byte: UInt8(truncatingIfNeeded: random.next())) }
            for word in words {
                var fast = seed, slow = seed
                fast.write(word)
                for i in 0..<8 { slow.write(byte: UInt8(truncatingIfNeeded: word >> (8 * UInt64(i)))) }
                #expect(fast.value == slow.value, "word \(word)")
            }
        }
        var p = FNV1a64.prime
        for _ in 1..<4 { p = p &* FNV1a64.prime }
        #expect(FNV1a64.prime4 == p)
        p = p &* FNV1a64.prime &* FNV1a64.prime &* FNV1a64.prime
        #expect(FNV1a64.prime7 == p)
        p = p &* FNV1a64.prime
        #expect(FNV1a64.prime8 == p)
    }

    /// A career of about eight years, a session (and a scan, and some play) most days:
    /// every tick's fingerprint equals the byte-by-byte hash of the encoding.
    @Test func everyTickOfALongCareerHashesAsTheSlowWay() {
        var sim = Simulation(rules: shippedRules, seed: 11)
        var random = GameRandom(seed: 5)
        var inputs = RandomInputs(seed: 5)
        var day = CalendarDate(year: 2019, month: 1, day: 1).dayNumber
        var checked = 0
        for n in 0..<3_000 {
            day += random.below(10) == 0 ? 2 + random.below(20) : 1
            sim.step(TickInput(command: .beginSession(CalendarDate(dayNumber: day), minuteOfDay: 600)))
            sim.step(TickInput(command: .scan(ItemKind(rawValue: random.below(6)))))
            // Every tick of the first days and of every fiftieth: the slow hash re-encodes
            // the whole career, so checking all 3,000 days' ticks would take minutes.
            let ticks = n % 50 == 0 || n < 40 ? 120 : 0
            for _ in 0..<ticks { sim.step(inputs.next(sim.state)) }
            if n % 50 == 0 || n < 40 || n == 2_999 {
                #expect(sim.state.hash == slowHash(sim.state), "day \(n)")
                checked += 1
            }
        }
        #expect(sim.state.career.months.count > 90, "a long career: \(sim.state.career.months.count) months")
        // Each tick of a further stretch of play, with catches and scans into the open month.
        var k = 0
        while k < 3_000 {
            sim.step(inputs.next(sim.state))
            #expect(sim.state.hash == slowHash(sim.state), "tick \(sim.state.tick)")
            k += 1
        }
        let s = sim.state
        let hashes = StateHashes(s)
        #expect(hashes.full == slowHash(s))
        #expect(hashes.subsystems == slowSubsystems(s))
        // Older encodings: 6 folds too; 5 and earlier go byte by byte.
        for version: UInt64 in [2, 3, 4, 5, 6] {
            #expect(s.hash(version: version) == slowHash(s, version: version), "version \(version)")
            #expect(StateHashes(s, version: version).full == slowHash(s, version: version), "version \(version)")
        }
        #expect(checked > 90)
    }

    /// Changing a closed month from outside the kernel (a test, a migration) drops the
    /// digest; a state decoded from bytes, or a simulation made from a state, folds
    /// its closed months again; the hash is the slow way's every time.
    @Test func aClosedMonthChangedFromOutsideStillHashesRight() throws {
        var sim = Simulation(rules: shippedRules, seed: 3)
        var day = CalendarDate(year: 2024, month: 1, day: 1).dayNumber
        for _ in 0..<200 {
            day += 1
            sim.step(TickInput(command: .beginSession(CalendarDate(dayNumber: day), minuteOfDay: 600)))
            sim.step(TickInput(command: .scan(ItemKind(rawValue: 0))))
        }
        var s = sim.state
        #expect(s.career.months.count >= 6)
        #expect(s.hash == slowHash(s))
        s.career.months[1].kindCounts[2] += 1
        #expect(s.hash == slowHash(s))
        #expect(s.hash != sim.state.hash)
        s.career.months[2].grams += 5
        #expect(s.hash == slowHash(s))
        var decoded = try StateEncoding.decode(StateEncoding.encode(sim.state))
        #expect(decoded.hash == sim.state.hash)
        StateEncoding.fitKinds(&decoded, count: shippedRules.kindCount)
        #expect(decoded == sim.state)
        #expect(decoded.hash == sim.state.hash)
        var again = Simulation(rules: shippedRules, state: s)
        #expect(again.state.hash == slowHash(s))
        day += 40
        again.step(TickInput(command: .beginSession(CalendarDate(dayNumber: day), minuteOfDay: 600)))
        again.step(TickInput(command: .scan(ItemKind(rawValue: 1))))
        #expect(again.state.hash == slowHash(again.state))
        // An earlier snapshot put back: its own months, its own digest.
        let earlier = sim.state
        again.state = earlier
        #expect(again.state.hash == slowHash(earlier))
    }
}
