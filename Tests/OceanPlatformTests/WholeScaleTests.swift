@testable import OceanPlatform
import Testing

/// The software renderer's scaler: each pixel k×k, rows at the texture's pitch (which
/// may be wider than the row), nothing written past a row's pixels.
@Suite struct WholeScaleTests {
    @Test(arguments: [1, 2, 3])
    func eachPixelBecomesAKByKBlock(k: Int) {
        let (w, h) = (5, 3)
        let src = (0..<(w * h)).map { UInt32(0xFF00_0000 | $0) }
        let pitch = w * k * 4 + 12
        var dst = [UInt8](repeating: 0xAB, count: pitch * h * k)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBytes { WholeScale.scale(s, width: w, height: h, by: k, into: $0.baseAddress!, pitch: pitch) }
        }
        for y in 0..<(h * k) {
            for x in 0..<(w * k) {
                let i = y * pitch + x * 4
                let v = UInt32(dst[i]) | UInt32(dst[i + 1]) << 8 | UInt32(dst[i + 2]) << 16 | UInt32(dst[i + 3]) << 24
                #expect(v == src[(y / k) * w + x / k], "(\(x), \(y)) at ×\(k)")
            }
            // The pitch's padding is the texture's, untouched.
            #expect(dst[(y * pitch + w * k * 4)..<((y + 1) * pitch)].allSatisfy { $0 == 0xAB })
        }
    }
}
