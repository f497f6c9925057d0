/// Paints the still part of a phase's scene once: the sky and sea gradients, the
/// murk, the seabed, coral, and the side panels.
enum Backdrop {
    static func build(phase: Int, theme: Theme, layout: Layout, coral: Bitmap, seed: UInt64) -> [UInt32] {
        let (w, h) = (layout.screenWidth, layout.screenHeight)
        var pixels = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: w, height: h)
            let water = layout.waterY
            for y in 0..<water {
                let t = UInt32(y * 256 / max(1, water))
                canvas.fill(x: 0, y: y, w: w, h: 1, Colour.mix(Colour.opaque(theme.skyTop[phase]),
                                                              Colour.opaque(theme.skyBottom[phase]), t))
            }
            let murk = Colour.opaque(theme.murk)
            let murkT = UInt32(theme.murkPercent[phase] * 256 / 100)
            for y in water..<h {
                let t = UInt32((y - water) * 256 / max(1, h - water))
                let sea = Colour.mix(Colour.opaque(theme.seaTop[phase]), Colour.opaque(theme.seaBottom[phase]), t)
                canvas.fill(x: 0, y: y, w: w, h: 1, Colour.mix(sea, murk, murkT))
            }
        }
        return pixels
    }
}
