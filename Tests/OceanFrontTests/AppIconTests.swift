import OceanFront
import Testing

/// The desktop icon: drawn from the sprites on a rounded square, sized by whole
/// numbers only.
@Suite struct AppIconTests {
    @Test func sizesAreAGridTimesAWholeNumber() {
        #expect(AppIcon.grid(forSize: 48)! == (48, 1))
        #expect(AppIcon.grid(forSize: 256)! == (64, 4))
        #expect(AppIcon.grid(forSize: 96)! == (48, 2))
        for bad in [0, 32, 100, 1024] { #expect(AppIcon.grid(forSize: bad) == nil, "\(bad)") }
    }

    @Test func cornersAreTransparentAndTheBinIsDrawn() throws {
        for grid in AppIcon.grids {
            let icon = try AppIcon.draw(assets: shippedAssets, grid: grid)
            #expect(icon.width == grid && icon.height == grid)
            for corner in [0, grid - 1, grid * (grid - 1), grid * grid - 1] { #expect(icon.pixels[corner] == 0) }
            #expect(icon.pixels.filter { $0 == 0 }.count < grid * grid / 20, "more than the corners is transparent")
            // The bin's rim is the theme's `text.good` colour, across most of the width.
            let rim = try icon.pixels.filter { $0 == 0xFF00_0000 | UInt32(try shippedAssets.theme.good) }.count
            #expect(rim > grid / 2, "grid \(grid): \(rim) rim pixels")
        }
    }
}
