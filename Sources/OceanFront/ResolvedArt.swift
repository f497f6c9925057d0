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
        bin = resolve("bin")
        fish = resolve("fish")
        coral = resolve("coral")
        pet = PetArt(sheet: assets.pet, theme: theme)
        let coral = self.coral
        backgrounds = Phase.allCases.map {
            Backdrop.build(phase: $0.rawValue, theme: theme, layout: layout, coral: coral, seed: seed)
        }
    }
}
