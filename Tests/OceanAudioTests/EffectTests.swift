import OceanAudio
import OceanBalance
import OceanDrivers
import OceanKernel
import OceanReplay
import Testing
import TestSupport

/// A replay rendered the way `ocean audio render --replay` does it: the health of
/// each tick sets the ambience, the tick's events trigger cues at the tick's first
/// frame. Returns the samples and, for each tick with cues, its first frame.
///
/// `keep` picks which ticks' cues are played, by their index among the ticks with cues.
func renderReplay(_ name: String, seconds: Double, music: Float = 1, extraCues: Bool = false,
                  keep: (Int) -> Bool = { _ in true })
    throws -> (samples: [Float], cueFrames: [Int], cues: Int, dropped: Int, lowestLimiterGain: Float) {
    let read = try ReplayReader.read(path: repoRoot + "/replays/" + name)
    let ticks = Int(seconds * 60)
    let start = read.replay.header.initialState(rules: Rules(read.replay.header.balance)).health
    let engine = try AudioEngine(design: shippedDesign, health: start)
    engine.musicVolume = music
    engine.snapVolumes()
    let ticker = OfflineRender.Ticker(engine)
    var samples: [Float] = []
    samples.reserveCapacity(ticks * OfflineRender.framesPerTick * 2)
    var cueFrames: [Int] = []
    var cues = 0
    var done = 0
    forEachTick(of: read.replay) { sim in
        guard done < ticks else { return }
        engine.setHealth(sim.state.health)
        let any = sim.events.contains { SoundCue($0) != nil }
        if any && keep(cueFrames.count) {
            for event in sim.events {
                if let cue = SoundCue(event) { engine.trigger(cue); cues += 1 }
            }
        }
        if extraCues && done % 30 == 0 {
            // Busier than any game: every other kind of cue on top, twice a second.
            engine.trigger(SoundCue(SoundCue.Kind.allCases[done / 30 % SoundCue.Kind.allCases.count], Int32(done % 7)))
            cues += 1
        }
        if any { cueFrames.append(done * OfflineRender.framesPerTick) }
        ticker.tick { samples.append(contentsOf: $0) }
        done += 1
    }
    return (samples, cueFrames, cues, engine.droppedCues, engine.lowestLimiterGain)
}

/// Where sound starts in `x` (mono): the first 1 ms window at or after `from`
/// whose level is above −50 dBFS and over three times that of the 2 ms before it;
/// returns the window's first frame refined to the first sample above −60 dBFS in it.
func onset(_ x: [Double], from: Int, to: Int) -> Int? {
    func rms(_ s: Int, _ n: Int) -> Double {
        let a = max(0, s), b = min(x.count, s + n)
        guard b > a else { return 0 }
        return (x[a..<b].reduce(0) { $0 + $1 * $1 } / Double(b - a)).squareRoot()
    }
    var s = max(0, from)
    while s + 48 <= min(to, x.count) {
        let level = rms(s, 48)
        if level > 0.003 && level > 3 * rms(s - 96, 96) {
            return (s..<(s + 48)).first { abs(x[$0]) > 0.001 } ?? s
        }
        s += 12
    }
    return nil
}

struct EffectTests {
    /// How far from its tick's first frame an effect's onset may be found: 2 ms
    /// (a tick is 16.7 ms; the analysis windows are 1 ms, moved 0.25 ms at a time).
    static let tolerance = 96

    @Test("Effects fire on a replay's events: each tick's cues start within 2 ms of the tick (found in the sound)")
    func onsetsAtEventTicks() throws {
        // The effects bus is a sum of its cues (each noise has its own stream and the
        // limiter stays out of the way), so a render with every cue minus one with
        // every other tick's cues is the sound of the other ticks alone: their
        // onsets can be found even where cues overlap.
        // A minute: format 9's first game starts slower (its first items fall longer).
        let seconds = 60.0
        let all = try renderReplay("health-rising.replay", seconds: seconds, music: 0)
        let ceiling = try Float(shippedDesign.ceilingPerMille) / 1_000
        #expect(all.samples.allSatisfy { abs($0) < ceiling * 0.99 })
        var late: [(tick: Int, offBy: Int?)] = []
        var checked = 0
        for parity in 0..<2 {
            let others = try renderReplay("health-rising.replay", seconds: seconds, music: 0, keep: { $0 % 2 != parity })
            let alone = mono(zip(all.samples, others.samples).map { $0 - $1 })
            for (index, frame) in all.cueFrames.enumerated() where index % 2 == parity {
                // Search from the tolerance before the tick to 100 ms after it
                // (earlier, a previous cue's later notes, an arpeggio's say, start).
                let found = onset(alone, from: frame - EffectTests.tolerance, to: frame + 4_800)
                if index == parity {
                    // Before its first cue this sound is exactly silent: nothing early.
                    let firstSound = alone.firstIndex { $0 != 0 }
                    #expect(firstSound.map { $0 >= frame } ?? false, "sound at \(firstSound ?? -1), first cue at \(frame)")
                }
                checked += 1
                if found == nil || abs(found! - frame) > EffectTests.tolerance {
                    late.append((frame / OfflineRender.framesPerTick, found.map { $0 - frame }))
                }
            }
        }
        print("\(all.cueFrames.count) ticks with cues (\(all.cues) cues); checked \(checked); off: \(late)")
        #expect(all.cueFrames.count >= 20)
        #expect(checked == all.cueFrames.count)
        #expect(late.isEmpty)
    }

    @Test("No clipping anywhere in 60 s of a busy replay with every kind of cue on top, at full volumes; the limiter ducks the ambience by under 1 dB")
    func busyReplayNeverClips() throws {
        let r = try renderReplay("top-difficulty.replay", seconds: 60, extraCues: true)
        let ceiling = try Float(shippedDesign.ceilingPerMille) / 1_000
        let peak = r.samples.reduce(Float(0)) { max($0, abs($1)) }
        let fullScale = r.samples.filter { WAV.pcm16($0) == .max || WAV.pcm16($0) == .min }.count
        print("60 s busy: \(r.cues) cues (\(r.dropped) dropped), peak \(peak) (ceiling \(ceiling)), \(fullScale) samples at full scale")
        #expect(r.samples.count == 60 * 48_000 * 2)
        #expect(r.cues >= 150)
        #expect(peak <= ceiling)
        #expect(fullScale == 0)
        #expect(r.samples.allSatisfy { $0.isFinite })
        // Effects never starve the ambience: the headroom holds them, so the limiter
        // never turns the whole mix down by more than 1 dB.
        print("lowest limiter gain \(r.lowestLimiterGain)")
        #expect(r.lowestLimiterGain > 0.89)
        #expect(r.dropped == 0)
    }

    @Test("Pushed far past full scale (no headroom, twenty cues at once), the limiter still holds every sample at the ceiling")
    func limiterHoldsWhenPushed() throws {
        var loud = try shippedDesign
        loud.headroomPerMille = 1_000
        loud.effectsPerMille = 1_000
        loud.ambiencePerMille = 1_000
        let engine = AudioEngine(design: loud, health: 9_000)
        for k in 0..<20 { engine.trigger(SoundCue(SoundCue.Kind.allCases[k % SoundCue.Kind.allCases.count], 1)) }
        let s = OfflineRender.steady(engine, seconds: 2)
        let ceiling = Float(loud.ceilingPerMille) / 1_000
        let peak = s.reduce(Float(0)) { max($0, abs($1)) }
        print("pushed: peak \(peak), lowest limiter gain \(engine.lowestLimiterGain)")
        #expect(engine.lowestLimiterGain < 0.9)
        #expect(peak <= ceiling)
        // (With no look-ahead, a limiter pushed 15 dB past its ceiling shapes the
        // waves it catches: audible, but never a clip; the shipped headroom keeps
        // it from acting at all in play, see `busyReplayNeverClips`.)
    }

    @Test("Every event that should sound has a cue; a catch rises with the combo")
    func cuesFromEvents() throws {
        #expect(SoundCue(Event.caught(kind: .plasticBottle, grams: 10, combo: 5, points: 1, multiplier: 1, x: shippedMiddleX)) == SoundCue(.caught, 5))
        #expect(SoundCue(Event.missed(kind: .plasticBottle, x: shippedMiddleX)) == SoundCue(.missed))
        #expect(SoundCue(Event.comboBroken(combo: 4)) == SoundCue(.comboBroken))
        #expect(SoundCue(Event.phaseChanged(from: .polluted, to: .stabilizing)) == SoundCue(.phaseUp, 1))
        #expect(SoundCue(Event.phaseChanged(from: .thriving, to: .flourishing)) == SoundCue(.phaseDown, 3))
        #expect(SoundCue(Event.petEvolved(to: .child)) == SoundCue(.petEvolved))
        #expect(SoundCue(Event.itemSpawned(kind: .plasticBottle, xPx: 3)) == nil)
        // The catch's pitch: its strongest bin rises with the combo.
        func pitch(_ combo: Int32) throws -> Int {
            let engine = try AudioEngine(design: shippedDesign, health: 5_000)
            engine.musicVolume = 0
            engine.snapVolumes()
            engine.trigger(SoundCue(.caught, combo))
            let rendered: [Double] = mono(OfflineRender.steady(engine, seconds: 0.1))
            var x = Array(rendered.prefix(4_096))
            var im = [Double](repeating: 0, count: 4_096)
            fft(&x, &im)
            var best = 1
            var bestPower = 0.0
            for k in 1..<2_048 {
                let p = x[k] * x[k] + im[k] * im[k]
                if p > bestPower { (best, bestPower) = (k, p) }
            }
            return best
        }
        #expect(try pitch(1) < pitch(4))
        #expect(try pitch(4) < pitch(12))
    }
}
