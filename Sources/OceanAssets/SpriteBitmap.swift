extension SpriteSheet {
    /// A sprite resolved to pixels for one theme (its theme colours looked up), or
    /// `.empty` if the sheet has no such sprite; an anchor takes the colour of the cell
    /// before it in its row (or after it, at the edge). The game's look, the pet and
    /// the app icon all draw from this, so a sprite edit shows in each. (`OceanAssets.Colour`:
    /// here `Colour` alone is the palette entry.)
    public func bitmap(_ name: String, theme: Theme) -> Bitmap {
        guard let s = sprite(name) else { return .empty }
        func colour(_ c: UInt8) -> UInt32 {
            switch palette[c] {
            case .rgb(let rgb): return OceanAssets.Colour.opaque(rgb)
            case .theme(let key):
                guard let field = ThemeSchema.schema.field(key) else { return 0 }
                return OceanAssets.Colour.opaque(theme[keyPath: field.path])
            case .anchor, nil: return 0
            }
        }
        var pixels = [UInt32](repeating: 0, count: s.cells.count)
        for y in 0..<s.height {
            for x in 0..<s.width {
                let c = s.cells[y * s.width + x]
                if case .anchor = palette[c] {
                    let left = x > 0 ? s.cells[y * s.width + x - 1] : UInt8(ascii: ".")
                    let right = x + 1 < s.width ? s.cells[y * s.width + x + 1] : UInt8(ascii: ".")
                    pixels[y * s.width + x] = colour(left) != 0 ? colour(left) : colour(right)
                } else {
                    pixels[y * s.width + x] = colour(c)
                }
            }
        }
        return Bitmap(width: s.width, height: s.height, pixels: pixels)
    }
}
