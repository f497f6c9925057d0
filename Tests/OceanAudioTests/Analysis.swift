import OceanAudio
import OceanBalance
import OceanStore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The shipped sound design, `assets/audio.toml`.
/// (Loaded once; a failure fails the tests that use it, not the run.)
private let shippedDesignLoad = Result { try AudioLoader.load(path: repoRoot + "/assets/audio.toml") }
var shippedDesign: AudioDesign { get throws { try shippedDesignLoad.get() } }

/// The mono mix of interleaved stereo samples.
func mono(_ stereo: [Float]) -> [Double] {
    (0..<stereo.count / 2).map { Double(stereo[2 * $0] + stereo[2 * $0 + 1]) / 2 }
}

/// An in-place iterative radix-2 FFT (the test's own analysis: no package has one here).
func fft(_ re: inout [Double], _ im: inout [Double]) {
    let n = re.count
    var j = 0
    for i in 1..<n {
        var bit = n >> 1
        while j & bit != 0 { j ^= bit; bit >>= 1 }
        j |= bit
        if i < j { re.swapAt(i, j); im.swapAt(i, j) }
    }
    var len = 2
    while len <= n {
        let angle = -2 * Double.pi / Double(len)
        for start in stride(from: 0, to: n, by: len) {
            for k in 0..<len / 2 {
                let wr = cosine(angle * Double(k)), wi = sine(angle * Double(k))
                let a = start + k, b = a + len / 2
                let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                re[b] = re[a] - tr; im[b] = im[a] - ti
                re[a] += tr; im[a] += ti
            }
        }
        len <<= 1
    }
}

/// Power in three bands — below 200 Hz, 200 Hz to 2 kHz, above 2 kHz — averaged over
/// Hann-windowed frames of 4,096 samples at 48 kHz.
struct Bands {
    var low = 0.0, mid = 0.0, high = 0.0

    init(_ x: [Double]) {
        let n = 4_096
        let hann = (0..<n).map { 0.5 - 0.5 * cosine(2 * Double.pi * Double($0) / Double(n)) }
        var frames = 0
        for start in stride(from: 0, through: x.count - n, by: n) {
            var re = (0..<n).map { x[start + $0] * hann[$0] }
            var im = [Double](repeating: 0, count: n)
            fft(&re, &im)
            for k in 1..<n / 2 {
                let hz = Double(k) * 48_000 / Double(n)
                let p = re[k] * re[k] + im[k] * im[k]
                if hz < 200 { low += p } else if hz <= 2_000 { mid += p } else { high += p }
            }
            frames += 1
        }
        low /= Double(frames); mid /= Double(frames); high /= Double(frames)
    }
}

func decibels(_ ratio: Double) -> Double { 10 * log10(ratio) }

/// Renders `seconds` of interleaved stereo at one health (no glide).
func steady(health: Int, seconds: Double, design: AudioDesign? = nil) throws -> [Float] {
    let design = try design ?? shippedDesign
    return OfflineRender.steady(AudioEngine(design: design, health: health), seconds: seconds)
}

/// Largest magnitude of consecutive differences (per channel).
func largestJump(_ s: [Float], from: Int = 0, to: Int? = nil) -> Float {
    let end = to ?? s.count / 2
    var m: Float = 0
    for i in max(1, from)..<end {
        m = max(m, abs(s[2 * i] - s[2 * i - 2]), abs(s[2 * i + 1] - s[2 * i - 1]))
    }
    return m
}
