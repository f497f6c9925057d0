import OceanAudio
import OceanAssets
import OceanBalance
import OceanStore
import Testing
import TestSupport

/// Each sea is heard as its own (GAME_RULES §6, `assets/content/seas.toml`): the same
/// thriving ocean in the reef rings brighter and calls more, in the Arctic lower and
/// sparser, than in the bay; the change never clicks.
@Suite struct SeaAmbienceTests {
    /// The power-weighted mean frequency above 1 kHz (where chimes and birds are), and
    /// the high band's share of all power, of 16 s at health 90 % in a sea's tuning.
    private func brightness(pitch: Int, calls: Int) throws -> (centroid: Double, high: Double) {
        let engine = AudioEngine(design: try shippedDesign, health: 9_000)
        engine.setSea(pitchPercent: pitch, callsPercent: calls)
        let x = mono(OfflineRender.steady(engine, seconds: 16))
        let n = 4_096
        var weighted = 0.0, above = 0.0
        for start in stride(from: 0, through: x.count - n, by: n) {
            var re = Array(x[start..<(start + n)]), im = [Double](repeating: 0, count: n)
            fft(&re, &im)
            for k in 1..<n / 2 {
                let hz = Double(k) * 48_000 / Double(n)
                guard hz > 1_000 else { continue }
                let p = re[k] * re[k] + im[k] * im[k]
                weighted += p * hz
                above += p
            }
        }
        return (weighted / above, Bands(x).high)
    }

    @Test func theReefRingsBrighterAndTheArcticLower() throws {
        let seas = try defaultSeas()
        func tuning(_ key: String) throws -> (Int, Int) {
            let look = try #require(seas.looks.first { $0.key == key })
            return (look.ambiencePitchPercent, look.callsPercent)
        }
        let (bp, bc) = try tuning("bay"), (rp, rc) = try tuning("reef"), (ap, ac) = try tuning("arctic")
        #expect(bp == 100 && bc == 100, "the bay is the design as written")
        let bay = try brightness(pitch: bp, calls: bc), reef = try brightness(pitch: rp, calls: rc)
        let arctic = try brightness(pitch: ap, calls: ac)
        #expect(reef.centroid > bay.centroid && bay.centroid > arctic.centroid, "\(reef) \(bay) \(arctic)")
        #expect(reef.high > bay.high && bay.high > arctic.high, "\(reef) \(bay) \(arctic)")
    }

    @Test func changingTheSeaMidSoundNeverClicks() throws {
        let engine = AudioEngine(design: try shippedDesign, health: 9_000)
        var before = OfflineRender.steady(engine, seconds: 3)
        engine.setSea(pitchPercent: 75, callsPercent: 0)
        before += OfflineRender.steady(engine, seconds: 3)
        engine.setSea(pitchPercent: 200, callsPercent: 300)
        before += OfflineRender.steady(engine, seconds: 3)
        #expect(largestJump(before) < 0.2, "\(largestJump(before))")
    }

    private func defaultSeas() throws -> SeaLooks { try SeaLooksLoader.load(path: repoRoot + "/assets/content/seas.toml") }
}
