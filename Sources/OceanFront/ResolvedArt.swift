import OceanAssets
import OceanKernel

/// What one theme and sprite sheet become once, at start: sprites resolved to
/// pixels and a prebuilt background per phase, so drawing a frame only copies.
struct ResolvedArt: Sendable {
    let backgrounds: [[UInt32]]
    let items: [Bitmap]
    let bin: Bitmap
    let fish: Bitmap
    let coral: Bitmap
    let pet: PetArt
    /// The cosmetic seed the backdrops were painted with (a health's look paints again with it).
    let seed: UInt64

    /// `kindKeys`: the balance's kinds, whose sprites are named by their keys.
    init(assets: FrontAssets, layout: Layout, kindKeys: [String], seed: UInt64) {
        let theme = assets.theme
        func resolve(_ name: String) -> Bitmap { assets.sprites.bitmap(name, theme: theme) }
        items = kindKeys.map { ResolvedArt.ringed(resolve($0), outline: Colour.opaque(theme.itemOutline),
                                                   halo: Colour.opaque(theme.itemHalo)) }
        // As wide as the mouth is across on screen: the sprite is drawn for a uniform
        // scale (`scaleY`), the playfield spreads wider (`scaleX`).
        bin = ResolvedArt.widened(resolve("bin"), by: layout.scaleX / layout.scaleY)
        fish = resolve("fish")
        coral = resolve("coral")
        pet = PetArt(sheet: assets.pet, theme: theme)
        self.seed = seed
        let coral = self.coral
        backgrounds = Phase.allCases.map {
            Backdrop.build(phase: $0.rawValue, theme: theme, layout: layout, coral: coral, seed: seed)
        }
    }

    /// `bitmap` stretched across by `factor` (nearest pixel), its height kept.
    static func widened(_ bitmap: Bitmap, by factor: Double) -> Bitmap {
        let w = max(1, Int((Double(bitmap.width) * factor).rounded()))
        var pixels = [UInt32](repeating: 0, count: w * bitmap.height)
        for y in 0..<bitmap.height {
            for x in 0..<w { pixels[y * w + x] = bitmap.pixels[y * bitmap.width + min(bitmap.width - 1, x * bitmap.width / w)] }
        }
        return Bitmap(width: w, height: bitmap.height, pixels: pixels)
    }

    /// `bitmap` with a ring of `outline` around its opaque pixels and a ring of `halo`
    /// around that (two pixels wider on each side).
    static func ringed(_ bitmap: Bitmap, outline: UInt32, halo: UInt32) -> Bitmap {
        let w = bitmap.width + 4, h = bitmap.height + 4
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { pixels[(y + 2) * w + x + 2] = bitmap.pixels[y * bitmap.width + x] } }
        for ring in [outline, halo] {
            let before = pixels
            for y in 0..<h {
                for x in 0..<w where before[y * w + x] == 0 {
                    var near = false
                    for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let (nx, ny) = (x + dx, y + dy)
                        if nx >= 0 && ny >= 0 && nx < w && ny < h && before[ny * w + nx] != 0 { near = true }
                    }
                    if near { pixels[y * w + x] = ring }
                }
            }
        }
        return Bitmap(width: w, height: h, pixels: pixels)
    }
}
