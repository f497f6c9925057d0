import OceanAssets

/// Paints the still part of a phase's scene once, at start: the sky and sea
/// gradients with the phase's murk, the seabed, the coral, and the side panels. A
/// frame then starts with one copy of it instead of thousands of gradient pixels.
/// `paint` draws one in place for a health's look (`HealthLook`), allocating nothing.
enum Backdrop {
    static func build(phase: Int, theme: Theme, layout: Layout, coral: Bitmap, seed: UInt64) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: layout.screenWidth * layout.screenHeight)
        pixels.withUnsafeMutableBufferPointer { buffer in
            paint(buffer, look: .pure(phase), theme: theme, layout: layout, coral: coral, seed: seed)
        }
        return pixels
    }

    /// The backdrop of `look.phase` (its corals) in `look`'s colours, murk and light,
    /// into `buffer` (the screen's size). The cosmetic stream is drawn the same way for
    /// every look of a phase, so two looks differ only in colour.
    static func paint(_ buffer: UnsafeMutableBufferPointer<UInt32>, look: HealthLook, theme: Theme, layout: Layout,
                      coral: Bitmap, seed: UInt64) {
        let (w, h) = (layout.screenWidth, layout.screenHeight)
        let phase = look.phase
        let canvas = Canvas(pixels: buffer, width: w, height: h)
        let water = layout.waterY
        let skyTop = look.colour(theme.skyTop), skyBottom = look.colour(theme.skyBottom)
        let murk = look.value(theme.murkPercent)
        for y in 0..<water {
            let t = UInt32(y * 256 / max(1, water))
            canvas.fill(x: 0, y: y, w: w, h: 1, Colour.mix(skyTop, skyBottom, t))
        }
        // The sun and a few clouds, as bright as the water is clear: hidden by smog
        // when Polluted, full when Thriving.
        var random = CosmeticRandom(seed: seed, salt: 1)
        let clear = UInt32((100 - murk) * 256 / 100)
        let sunX = layout.screenWidth - theme.panelWidthPx - 3 * theme.sunRadiusPx
        canvas.disc(cx: sunX, cy: 3 * theme.sunRadiusPx, r: theme.sunRadiusPx, Colour.opaque(theme.sun),
                    alpha: clear * 3 / 4)
        for i in 0..<theme.clouds {
            let cx = theme.panelWidthPx + random.below(max(1, w - 2 * theme.panelWidthPx))
            let cy = theme.sunRadiusPx + i * water / 12 + random.below(theme.sunRadiusPx)
            for puff in 0..<3 {
                canvas.disc(cx: cx + puff * 9 - 9, cy: cy - (puff == 1 ? 4 : 0), r: puff == 1 ? 8 : 6,
                            Colour.opaque(theme.cloud), alpha: clear / 3)
            }
        }
        for y in water..<h {
            let t = UInt32((y - water) * 256 / max(1, h - water))
            canvas.fill(x: 0, y: y, w: w, h: 1, layout.seaColour(theme: theme, look: look, t: t))
        }
        // Light shafts in the water: a few soft vertical bands, brighter in clear water.
        let clarity = UInt32((100 - murk) * 40 / 100)
        for _ in 0..<theme.lightShafts {
            let x = random.below(w)
            canvas.blend(x: x, y: water, w: 6 + random.below(10), h: h - water,
                         look.colour(theme.wave), alpha: clarity / 2)
        }
        // The seabed: a sandy bumpy strip along the bottom.
        let bed = look.colour(theme.seabed)
        let bedTop = h - layout.seabedHeight
        var bump = 0
        for x in 0..<w {
            if x % 8 == 0 { bump = random.below(3) }
            canvas.fill(x: x, y: bedTop + bump, w: 1, h: h - bedTop - bump, bed)
        }
        // Coral along the seabed, spread evenly with a little jitter; bigger ones
        // where there are fewer, so the reef fills up as the ocean thrives.
        let corals = theme.coralCount[phase]
        if corals > 0 {
            let slot = w / corals
            for i in 0..<corals {
                let scale = (i % 3 == 1) ? 2 : 1
                let x = i * slot + random.below(max(1, slot - coral.width * scale))
                canvas.blit(coral, x: x, y: bedTop + 3 - coral.height * scale, scale: scale)
            }
        }
    }
}
