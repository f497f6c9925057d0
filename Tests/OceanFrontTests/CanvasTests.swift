import OceanAssets
import Testing

/// The canvas's fast paths give the pixels of their one-pixel-at-a-time definitions:
/// a blend is `Colour.mix` per pixel, a scaled sprite a k×k square per set cell, a
/// stretched one the nearest cell `(col - x) * width / w` per pixel.
@Suite struct CanvasTests {
    /// A screen of varied pixels (alpha 0xFF, as drawn frames always have).
    static func noise(width: Int, height: Int, seed: UInt64) -> [UInt32] {
        var x = seed
        return (0..<(width * height)).map { _ in
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 0xFF00_0000 | UInt32(truncatingIfNeeded: x >> 33) & 0xFF_FFFF
        }
    }

    static func drawn(_ start: [UInt32], width: Int, height: Int, _ draw: (Canvas) -> Void) -> [UInt32] {
        var pixels = start
        pixels.withUnsafeMutableBufferPointer { draw(Canvas(pixels: $0, width: width, height: height)) }
        return pixels
    }

    @Test func aBlendIsColourMixPerPixel() {
        let (w, h) = (37, 9)
        let start = Self.noise(width: w, height: h, seed: 5)
        for alpha: UInt32 in [0, 1, 2, 64, 127, 128, 200, 255, 256] {
            for colour: UInt32 in [0xFF00_0000, 0xFFFF_FFFF, 0xFF12_3456, 0x00AB_CDEF] {
                // Rectangles clipped on every side, and widths that leave 0 to 3 pixels over.
                for (x, y, rw, rh) in [(-3, -2, 20, 5), (1, 1, 5, 7), (30, 4, 20, 20), (0, 0, w, h), (2, 3, 6, 1)] {
                    let got = Self.drawn(start, width: w, height: h) { $0.blend(x: x, y: y, w: rw, h: rh, colour, alpha: alpha) }
                    var want = start
                    for row in max(0, y)..<min(h, y + rh) {
                        for col in max(0, x)..<min(w, x + rw) {
                            want[row * w + col] = Colour.mix(start[row * w + col], colour, alpha)
                        }
                    }
                    #expect(got == want, "alpha \(alpha), colour \(colour), rect \(x),\(y) \(rw)×\(rh)")
                }
            }
        }
    }

    /// A ramp of columns is each column blended by its own alpha.
    @Test func aColumnRampIsAColumnOfBlendsEach() {
        let (w, h) = (41, 7)
        let start = Self.noise(width: w, height: h, seed: 8)
        func alpha(_ i: Int) -> UInt32 { UInt32((i * 37 + 11) % 257) }
        for colour: UInt32 in [0xFF00_0000, 0xFFFF_FFFF, 0xFF12_3456] {
            // Clipped on each side, ramps of 1 to 7 columns over the last eight, one row.
            for (x, y, rw, rh) in [(-3, -2, 20, 5), (1, 1, 5, 7), (30, 4, 20, 20), (0, 0, w, h), (2, 3, 17, 1), (4, 0, 31, 7)] {
                let got = Self.drawn(start, width: w, height: h) {
                    $0.blendColumns(x: x, y: y, w: rw, h: rh, colour, alpha: alpha)
                }
                let want = Self.drawn(start, width: w, height: h) { canvas in
                    for c in 0..<rw { canvas.blend(x: x + c, y: y, w: 1, h: rh, colour, alpha: alpha(c)) }
                }
                #expect(got == want, "colour \(colour), rect \(x),\(y) \(rw)×\(rh)")
            }
        }
    }

    @Test func aScaledSpriteIsASquarePerCell() {
        let (w, h) = (40, 30)
        let start = Self.noise(width: w, height: h, seed: 9)
        // Runs of one colour, of several, and gaps.
        let cells: [UInt32] = [0, 7, 7, 7, 0, 8, 9, 9,
                               5, 5, 0, 0, 5, 5, 5, 5,
                               0, 0, 0, 0, 0, 0, 0, 1]
        let sprite = Bitmap(width: 8, height: 3, pixels: cells)
        for (x, y, k) in [(2, 3, 3), (-5, -2, 2), (30, 25, 4), (0, 0, 1)] {
            for flipped in [false, true] {
                for solid: UInt32 in [0, 0xFFFF_FFFF] {
                    let got = Self.drawn(start, width: w, height: h) {
                        $0.blit(sprite, x: x, y: y, scale: k, flipped: flipped, solid: solid)
                    }
                    var want = start
                    for sy in 0..<3 {
                        for sx in 0..<8 {
                            let p = cells[sy * 8 + (flipped ? 7 - sx : sx)]
                            guard p != 0 else { continue }
                            for py in (y + sy * k)..<(y + sy * k + k) where py >= 0 && py < h {
                                for px in (x + sx * k)..<(x + sx * k + k) where px >= 0 && px < w {
                                    want[py * w + px] = solid != 0 ? solid : p
                                }
                            }
                        }
                    }
                    #expect(got == want, "at \(x),\(y) scale \(k) flipped \(flipped) solid \(solid)")
                }
            }
        }
    }

    @Test func aStretchedSpriteTakesTheNearestCell() {
        let (w, h) = (50, 40)
        let start = Self.noise(width: w, height: h, seed: 3)
        let sprite = Bitmap(width: 7, height: 5, pixels: (0..<35).map { $0 % 4 == 0 ? 0 : 0xFF00_0000 | UInt32($0) })
        for (x, y, rw, rh) in [(0, 0, 50, 40), (-9, -4, 23, 17), (3, 2, 7, 5), (40, 30, 31, 13), (5, 5, 3, 2)] {
            let got = Self.drawn(start, width: w, height: h) { $0.stretch(sprite, x: x, y: y, w: rw, h: rh) }
            var want = start
            for row in max(0, y)..<min(h, y + rh) {
                for col in max(0, x)..<min(w, x + rw) {
                    let p = sprite.pixels[(row - y) * 5 / rh * 7 + (col - x) * 7 / rw]
                    if p != 0 { want[row * w + col] = p }
                }
            }
            #expect(got == want, "over \(x),\(y) \(rw)×\(rh)")
        }
    }
}
