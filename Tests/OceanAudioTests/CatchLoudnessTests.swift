import OceanAudio
import OceanBalance
import OceanDrivers
import OceanKernel
import OceanReplay
import Testing
import TestSupport

/// The peak of each lone cue of one kind in a replay's audio: the replay rendered
/// offline with only that kind's cues (no ambience), each cue's peak taken over the
/// 150 ms after its tick, skipping cues with another of their kind in that time or
/// in the 1.2 s before (a splash's tail lasts about 1.1 s, a catch's 0.6 s).
/// `also`: cues of other kinds played with it on its tick (a miss breaks a combo).
func lonePeaks(_ name: String, kind: SoundCue.Kind, also: [SoundCue.Kind] = [], seconds: Double) throws -> [Float] {
    let read = try ReplayReader.read(path: repoRoot + "/replays/" + name)
    let ticks = Int(seconds * 60)
    let engine = try AudioEngine(design: shippedDesign, health: 5_000)
    engine.musicVolume = 0
    engine.snapVolumes()
    let ticker = OfflineRender.Ticker(engine)
    var samples: [Float] = []
    var cueTicks: [Int] = []
    var done = 0
    forEachTick(of: read.replay) { sim in
        guard done < ticks else { return }
        var any = false
        for event in sim.events {
            if let cue = SoundCue(event), cue.kind == kind { engine.trigger(cue); any = true }
        }
        if any {
            for event in sim.events {
                if let cue = SoundCue(event), also.contains(cue.kind) { engine.trigger(cue) }
            }
        }
        if any { cueTicks.append(done) }
        ticker.tick { samples.append(contentsOf: $0) }
        done += 1
    }
    let window = 9  // ticks: 150 ms
    var peaks: [Float] = []
    for (i, t) in cueTicks.enumerated() {
        if i > 0 && t - cueTicks[i - 1] < 72 { continue }
        if i + 1 < cueTicks.count && cueTicks[i + 1] - t < window { continue }
        let from = t * OfflineRender.framesPerTick * 2
        let to = min(samples.count, (t + window) * OfflineRender.framesPerTick * 2)
        peaks.append(samples[from..<to].reduce(Float(0)) { max($0, abs($1)) })
    }
    return peaks
}

struct CatchLoudnessTests {
    @Test("A game's catches peak at least as high as its misses' splashes (each lone cue with what sounds on its tick, effects bus alone)")
    func catchesAtLeastAsLoudAsMisses() throws {
        let replays = ["health-rising.replay", "human-bot.replay", "human-clumsy.replay"]
        let catches = try replays.flatMap { try lonePeaks($0, kind: .caught, seconds: 90) }
        // A miss as heard: its splash with the broken combo's sound, when it breaks one.
        let misses = try replays.flatMap { try lonePeaks($0, kind: .missed, also: [.comboBroken], seconds: 90) }
        print("lone catch peaks \(catches.min() ?? 0)…\(catches.max() ?? 0) (\(catches.count)), "
              + "miss peaks \(misses.min() ?? 0)…\(misses.max() ?? 0) (\(misses.count))")
        try #require(catches.count >= 5 && misses.count >= 3)
        // The quietest catch (the first of a combo, lowest) is at least the loudest splash.
        #expect(catches.min()! >= misses.max()!)
    }
}
