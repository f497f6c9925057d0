import OceanAudio
import OceanBalance
import Testing

/// The sound stays where speakers play it: nothing below hearing (it only eats the
/// limiter's headroom), and the polluted ocean's rumble where a laptop can play it.
struct SpeakerRangeTests {
    /// The share of `x`'s power in each band `[from, to)` Hz, from Hann-windowed FFT
    /// frames of 65,536 samples (0.73 Hz a bin, fine enough to split 20 Hz), DC included.
    static func shares(_ x: [Double], bands: [(Double, Double)]) -> [Double] {
        let n = 65_536
        let hann = (0..<n).map { 0.5 - 0.5 * cosine(2 * Double.pi * Double($0) / Double(n)) }
        var inBand = [Double](repeating: 0, count: bands.count), total = 0.0
        for start in stride(from: 0, through: x.count - n, by: n) {
            var re = (0..<n).map { x[start + $0] * hann[$0] }
            var im = [Double](repeating: 0, count: n)
            fft(&re, &im)
            for k in 0...n / 2 {
                let hz = Double(k) * 48_000 / Double(n)
                let p = re[k] * re[k] + im[k] * im[k]
                total += p
                for (b, band) in bands.enumerated() where hz >= band.0 && hz < band.1 { inBand[b] += p }
            }
        }
        return inBand.map { $0 / total }
    }

    @Test("The polluted ambience (health 0.1): under 1 % of its power below 20 Hz, over half between 50 and 400 Hz")
    func pollutedIsAudible() throws {
        let s = Self.shares(mono(try steady(health: 1_000, seconds: 8)), bands: [(0, 20), (50, 400)])
        print("health 0.1: \(s[0] * 100) % below 20 Hz, \(s[1] * 100) % in 50-400 Hz")
        #expect(s[0] < 0.01)
        #expect(s[1] > 0.5)
    }

    @Test("Every health and a burst of effects: under 1 % of the power below 20 Hz")
    func nothingBelowHearing() throws {
        for health in [0, 5_000, 9_000] {
            let engine = try AudioEngine(design: shippedDesign, health: health)
            for k in SoundCue.Kind.allCases { engine.trigger(SoundCue(k, 3)) }
            let s = Self.shares(mono(OfflineRender.steady(engine, seconds: 3)), bands: [(0, 20)])
            #expect(s[0] < 0.01, "health \(health): \(s[0] * 100) % below 20 Hz")
        }
    }
}
