import OceanAudio
import OceanBalance
import Testing

/// The ambience follows health: what the bands hold at each end, and how a change
/// of health is heard (smoothly, within the seek time).
struct AmbienceTests {
    @Test("Polluted is low, Thriving is bright: the low band dominates at 0.1; the high band gains ≥ 6 dB on it at 0.9")
    func bandBalance() throws {
        let polluted = Bands(mono(try steady(health: 1_000, seconds: 5)))
        let thriving = Bands(mono(try steady(health: 9_000, seconds: 5)))
        print("health 0.1: low \(decibels(polluted.low)) dB, mid \(decibels(polluted.mid)) dB, high \(decibels(polluted.high)) dB")
        print("health 0.9: low \(decibels(thriving.low)) dB, mid \(decibels(thriving.mid)) dB, high \(decibels(thriving.high)) dB")
        #expect(polluted.low > polluted.mid)
        #expect(polluted.low > polluted.high)
        let gain = decibels(thriving.high / thriving.low) - decibels(polluted.high / polluted.low)
        print("high relative to low gains \(gain) dB from 0.1 to 0.9")
        #expect(gain >= 6)
    }

    /// The step test's bound on a sample-to-sample jump: 0.1 of full scale (a step
    /// of −20 dBFS). The content itself moves up to about 0.08 a sample at full
    /// health (a chime's 2.76× partial near 10 kHz), so the steady renders at every
    /// health stay under it too; the sharper check of the smoothing is on what the
    /// step alone adds (`stepAddsNoEdge`).
    static let jumpBound: Float = 0.1

    @Test("A health step 0.1 → 0.9: no sample-to-sample jump above 0.1 of full scale; every layer at its new gain within the seek time (2 s)")
    func stepHasNoClick() throws {
        let engine = try AudioEngine(design: shippedDesign, health: 1_000)
        let chunk = 48  // 1 ms
        let seconds = 4.0
        let chunks = Int(seconds * 1_000)
        let stepAt = 500  // after 0.5 s
        var out = [Float](repeating: 0, count: chunks * chunk * 2)
        let seek = engine.seekSeconds(from: 1_000, to: 9_000)
        #expect(seek == 2.0)
        var reached = [Int?](repeating: nil, count: AudioDesign.Layer.allCases.count)
        var largestGainStep: Float = 0
        var previous = AudioDesign.Layer.allCases.map { engine.layerGain($0) }
        out.withUnsafeMutableBufferPointer { buffer in
            for c in 0..<chunks {
                if c == stepAt { engine.setHealth(9_000) }
                let slice = UnsafeMutableBufferPointer(rebasing: buffer[(c * chunk * 2)..<((c + 1) * chunk * 2)])
                engine.render(into: slice, frames: chunk)
                for layer in AudioDesign.Layer.allCases {
                    let g = engine.layerGain(layer)
                    largestGainStep = max(largestGainStep, abs(g - previous[layer.rawValue]))
                    previous[layer.rawValue] = g
                    if reached[layer.rawValue] == nil, c >= stepAt,
                       abs(g - engine.targetGain(layer, health: 9_000)) < 1e-4 {
                        reached[layer.rawValue] = c - stepAt + 1
                    }
                }
            }
        }
        let jump = largestJump(out, from: stepAt * chunk)
        let before = largestJump(out, to: stepAt * chunk)
        print("largest jump: \(jump) after the step, \(before) before it; largest gain change in 1 ms: \(largestGainStep)")
        print("each layer reached its new gain after (ms): \(reached.map { $0.map(String.init) ?? "never" })")
        #expect(jump <= AmbienceTests.jumpBound)
        for (layer, ms) in zip(AudioDesign.Layer.allCases, reached) {
            #expect(ms != nil && ms! <= Int(seek * 1_000) + 1, "\(layer) took \(ms.map(String.init) ?? "forever") ms")
        }
        // A layer's gain moves at most (its curve's steepest slope × the seek speed)
        // per ms: nothing near a step.
        #expect(largestGainStep < 0.01)
    }

    /// What a health step adds to the sound, as the difference between a render
    /// that steps and one that does not (same seed: the layers' generators run at
    /// every gain, so only the gains differ), over the 50 ms after the step.
    static func stepEdge(seekPerSecond: Int) throws -> Float {
        var design = try shippedDesign
        design.seekPerSecond = seekPerSecond
        let stays = AudioEngine(design: design, health: 1_000), steps = AudioEngine(design: design, health: 1_000)
        let frames = 24_000 + 2_400
        var a = [Float](repeating: 0, count: frames * 2), b = a
        a.withUnsafeMutableBufferPointer { stays.render(into: $0, frames: frames) }
        b.withUnsafeMutableBufferPointer { buffer in
            steps.render(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<48_000]), frames: 24_000)
            steps.setHealth(9_000)
            steps.render(into: UnsafeMutableBufferPointer(rebasing: buffer[48_000...]), frames: 2_400)
        }
        let added = zip(b, a).map { $0 - $1 }
        return largestJump(added, from: 23_999)
    }

    @Test("What the step adds has no edge: under 0.002 a sample smoothed, while an instant step (no seek) jumps over 0.008")
    func stepAddsNoEdge() throws {
        let smoothed = try AmbienceTests.stepEdge(seekPerSecond: shippedDesign.seekPerSecond)
        let instant = try AmbienceTests.stepEdge(seekPerSecond: 1_000_000)  // the whole range in 10 µs
        print("the step adds a largest jump of \(smoothed) smoothed, \(instant) unsmoothed")
        #expect(smoothed < 0.002)
        #expect(instant > 0.008)
        #expect(instant > 5 * smoothed)
    }

    @Test("Steady renders stay under the jump bound and the ceiling at every health")
    func steadyRendersAreSmooth() throws {
        for health in stride(from: 0, through: 10_000, by: 2_500) {
            let s = try steady(health: health, seconds: 3)
            let jump = largestJump(s)
            let peak = s.map(abs).max() ?? 0
            print("health \(health): largest jump \(jump), peak \(peak)")
            #expect(jump <= AmbienceTests.jumpBound)
            #expect(try peak <= Float(shippedDesign.ceilingPerMille) / 1_000)
        }
    }
}
