@testable import OceanAudio
import OceanBalance
import OceanKernel
import OceanStore
import Testing
import TestSupport

/// The catch's chime climbs with the combo for as long as the combo's multiplier
/// does (the balance's cap), one note a catch, then holds.
struct CatchClimbTests {
    /// The strongest frequency of a catch's first 85 ms (11.7 Hz bins: a semitone
    /// at the lowest catch is three of them).
    static func pitch(_ cue: SoundCue) throws -> Int {
        let engine = try AudioEngine(design: shippedDesign, health: 5_000)
        engine.musicVolume = 0
        engine.snapVolumes()
        engine.trigger(cue)
        return pitch(engine)
    }

    static func pitch(_ engine: AudioEngine) -> Int {
        var x = Array(mono(OfflineRender.steady(engine, seconds: 0.1)).prefix(4_096))
        var im = [Double](repeating: 0, count: 4_096)
        fft(&x, &im)
        var best = 1, bestPower = 0.0
        for k in 1..<2_048 where x[k] * x[k] + im[k] * im[k] > bestPower {
            (best, bestPower) = (k, x[k] * x[k] + im[k] * im[k])
        }
        return best
    }

    static func caught(combo: Int) -> Event {
        .caught(kind: .plasticBottle, grams: 10, combo: combo, points: 10, multiplier: 1, x: shippedMiddleX)
    }

    @Test("The shipped balance: the chime rises at every catch until the multiplier's cap, then holds")
    func risesToTheCap() throws {
        let rules = Rules(try BalanceLoader.load(path: repoRoot + "/assets/balance.toml"))
        let climb = rules.catchClimb
        // The climb ends exactly where the kernel's multiplier reaches its cap.
        #expect(rules.multiplier(forCombo: climb + 1) == rules.multiplierCap)
        #expect(rules.multiplier(forCombo: climb) < rules.multiplierCap)
        var pitches: [Int] = []
        for combo in 1...climb + 1 {
            pitches.append(try Self.pitch(try #require(SoundCue(Self.caught(combo: combo), rules: rules))))
        }
        for c in 1..<pitches.count {
            #expect(pitches[c] > pitches[c - 1], "catch \(c + 1) (\(pitches[c]) bins) not above catch \(c) (\(pitches[c - 1]))")
        }
        for combo in [climb + 2, climb + 5, 1_000] {
            #expect(try Self.pitch(try #require(SoundCue(Self.caught(combo: combo), rules: rules))) == pitches.last!,
                    "combo \(combo) past the cap")
        }
        // The live path keeps the climb: a cue through the link's ring.
        let link = AudioLink(health: 5_000)
        link.setVolumes(music: 0, effects: 1_000, mute: false)
        link.post(health: 5_000, events: [Self.caught(combo: climb + 5)], rules: rules)
        let engine = try AudioEngine(design: shippedDesign, health: 5_000)
        link.apply(to: engine)
        engine.snapVolumes()
        #expect(Self.pitch(engine) == pitches.last!)
    }

    @Test("On the scale: every catch a whole step; a climb longer than the design's range spreads its steps and ends at its top")
    func stepsStayOnTheScale() throws {
        let design = try shippedDesign
        let step = design.catchCentsPerCombo, top = design.catchMaxCents / step * step
        for climb in [4, 20, 24, 40, 95] {
            var last = -1
            for combo in 1...climb + 3 {
                let cents = EffectBank.catchCents(combo: combo, climb: climb, design: design)
                #expect(cents % step == 0 && cents >= last && cents <= top)
                if combo <= climb + 1 && climb * step <= top { #expect(cents == (combo - 1) * step) }
                last = cents
            }
            #expect(last == min(climb * step, top), "climb \(climb)")
        }
    }
}
