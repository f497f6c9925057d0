import Testing
import OceanKernel
@testable import OceanReplay

/// Format 17's per-tick fingerprint: 4 bits a tick, three ticks in two characters.
@Suite struct PackedFingerprintTests {
    @Test func packedFingerprintsComeBackTickByTick() {
        var random = GameRandom(seed: 17)
        for ticks in 1...64 {
            let prints = (0..<ticks).map { _ in UInt8(random.below(16)) }
            let packed = ReplayFormat.pack(prints)
            #expect(packed.count == ReplayFormat.packedCharacters(ticks: ticks))
            #expect(packed.count == (ticks * 4 + 5) / 6, "\(ticks) ticks")
            #expect(ReplayFormat.unpack(packed, ticks: ticks) == prints)
            #expect(packed.allSatisfy(ReplayFormat.isFingerprint))
        }
        // Three ticks fill two characters exactly: 0x1, 0x2, 0x3 is 000100 100011 (E, j).
        #expect(ReplayFormat.pack([1, 2, 3]) == Array("Ej".utf8))
        // One tick leaves two bits unused: 0xf is 111100 (8).
        #expect(ReplayFormat.pack([15]) == Array("8".utf8))
    }

    /// One spelling per fingerprint: the wrong count, a character outside base64url,
    /// or an unused bit set is not packed fingerprints.
    @Test func anythingButTheOneSpellingIsRefused() {
        let prints: [UInt8] = [7, 0, 15, 9]  // 16 bits in 3 characters, 2 unused
        let packed = ReplayFormat.pack(prints)
        #expect(ReplayFormat.unpack(packed, ticks: 4) == prints)
        #expect(ReplayFormat.unpack(packed, ticks: 3) == nil)
        #expect(ReplayFormat.unpack(packed + Array("A".utf8), ticks: 4) == nil)
        #expect(ReplayFormat.unpack(Array(packed.dropLast()), ticks: 4) == nil)
        var bad = packed
        bad[1] = UInt8(ascii: "+")
        #expect(ReplayFormat.unpack(bad, ticks: 4) == nil)
        for unused in 1...3 {
            var padded = packed
            let last = ReplayFormat.symbolValue[Int(padded[2])]
            padded[2] = ReplayFormat.alphabet[Int(last | UInt8(unused))]
            #expect(!ReplayFormat.isPacked(padded, ticks: 4), "unused bits \(unused)")
        }
    }

    /// The recorder writes what the verifier computes: each tick's 4 bits are the top
    /// of that tick's word-wise hash.
    @Test func eachTicksFingerprintIsItsWordHashsTopBits() throws {
        let text = try recorded("greedy", seed: 4, games: 1, every: 90)
        let replay = try read(text).replay
        var sim = Simulation(rules: Rules(replay.header.balance), state: replay.header.initialState(rules: Rules(replay.header.balance)))
        var feed = InputFeed(replay.inputs)
        var previous = sim.state.tick
        for checkpoint in replay.checkpoints {
            let recorded = try #require(ReplayFormat.unpack(checkpoint.ticks, ticks: checkpoint.tick - previous))
            for expected in recorded {
                sim.step(feed.input(at: sim.state.tick))
                #expect(UInt8(sim.state.wordHash >> 60) == expected, "tick \(sim.state.tick)")
            }
            #expect(sim.state.hash == checkpoint.hash)
            previous = checkpoint.tick
        }
    }
}
