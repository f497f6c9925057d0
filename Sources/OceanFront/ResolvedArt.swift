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

    /// `kindKeys`: the balance's kinds, whose sprites are named by their keys.
    init(assets: FrontAssets, layout: Layout, kindKeys: [String], seed: UInt64) {
        let theme = assets.theme
        func resolve(_ name: String) -> Bitmap { assets.sprites.bitmap(name, theme: theme) }
        items = kindKeys.map(resolve)
        // As wide as the mouth is across on screen: the sprite is drawn for a uniform
        // scale (`scaleY`), the playfield spreads wider (`scaleX`).
        bin = ResolvedArt.widened(resolve("bin"), by: layout.scaleX / layout.scaleY)
        fish = resolve("fish")
        coral = resolve("coral")
        pet = PetArt(sheet: assets.pet, theme: theme)
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
}
