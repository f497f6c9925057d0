import OceanAssets
import OceanKernel

/// The desktop icon (`make install` writes it as `ocean-rescue.png`), drawn from the
/// game's own sprites and theme: a bottle falling toward the bin over a Thriving
/// sea, on a rounded square whose corners are transparent. Drawn on a grid of art
/// pixels (48 or 64) and scaled by whole numbers, so it stays sharp pixel art.
public enum AppIcon {
    /// The art grids the icon is laid out on; a size must be one of them times 1 to 8.
    public static let grids = [64, 48]

    /// The art grid and whole-number scale for a square icon of `size` pixels, or
    /// nil when no grid times 1…8 makes it (48, 64, 96, 128, 192, 256, 512 all do).
    public static func grid(forSize size: Int) -> (grid: Int, scale: Int)? {
        for grid in grids where size % grid == 0 && (1...8).contains(size / grid) { return (grid, size / grid) }
        return nil
    }

    /// The icon on a `grid` × `grid` framebuffer; pixels outside the rounded square
    /// are 0 (fully transparent).
    public static func draw(assets: FrontAssets, grid: Int) -> Framebuffer {
        let theme = assets.theme
        let phase = Phase.allCases.last!.rawValue  // the hopeful end of the game
        let bottle = assets.sprites.bitmap("plastic_bottle", theme: theme)
        let bin = assets.sprites.bitmap("bin", theme: theme)
        let fish = assets.sprites.bitmap("fish", theme: theme)
        var frame = Framebuffer(width: grid, height: grid)
        frame.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: grid, height: grid)
            let water = grid * 3 / 8, radius = grid / 8
            for y in 0..<grid {
                let colour = y < water
                    ? Colour.mix(Colour.opaque(theme.skyTop[phase]), Colour.opaque(theme.skyBottom[phase]),
                                 UInt32(y * 256 / water))
                    : Colour.mix(Colour.opaque(theme.seaTop[phase]), Colour.opaque(theme.seaBottom[phase]),
                                 UInt32((y - water) * 256 / (grid - water)))
                let inset = cornerInset(row: y, size: grid, radius: radius)
                for x in 0..<grid { buffer[y * grid + x] = x < inset || x >= grid - inset ? 0 : colour }
            }
            let crest = cornerInset(row: water, size: grid, radius: radius)
            canvas.fill(x: crest, y: water, w: grid - 2 * crest, h: 1, Colour.opaque(theme.wave[phase]))
            canvas.blit(fish, x: grid / 8, y: water + grid / 8)
            canvas.blit(bottle, x: (grid - bottle.width) / 2 + grid / 16, y: grid / 8)
            canvas.blit(bin, x: (grid - bin.width) / 2, y: grid - bin.height - grid / 12)
        }
        return frame
    }

    /// How many pixels of `row` lie outside a rounded square's corner of `radius`.
    static func cornerInset(row: Int, size: Int, radius: Int) -> Int {
        let dy = row < radius ? radius - row : row >= size - radius ? row - (size - radius - 1) : 0
        guard dy > 0 else { return 0 }
        var half = 0
        while (half + 1) * (half + 1) + dy * dy <= radius * radius { half += 1 }
        return radius - half
    }
}
