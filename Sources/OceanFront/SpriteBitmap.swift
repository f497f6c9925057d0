extension SpriteSheet {
    /// A sprite resolved to pixels for one theme (its theme colours looked up), or
    /// `.empty` if the sheet has no such sprite. The game's look and the app icon
    /// both draw from this, so a sprite edit shows in both. (`OceanFront.Colour`:
    /// here `Colour` alone is the palette entry.)
    func bitmap(_ name: String, theme: Theme) -> Bitmap {
        guard let s = sprite(name) else { return .empty }
        let pixels = s.cells.map { c -> UInt32 in
            guard let colour = palette[c] else { return 0 }
            switch colour {
            case .rgb(let rgb): return OceanFront.Colour.opaque(rgb)
            case .theme(let key):
                guard let field = ThemeSchema.schema.field(key) else { return 0 }
                return OceanFront.Colour.opaque(theme[keyPath: field.path])
            }
        }
        return Bitmap(width: s.width, height: s.height, pixels: pixels)
    }
}
