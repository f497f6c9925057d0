/// Everything the front draws with that comes from data files: the theme, the
/// font and the sprites. Loaded by `FrontAssetsLoader` (OceanStore), so the front
/// itself reads no files.
public struct FrontAssets: Sendable {
    public var theme: Theme
    public var font: BitmapFont
    public var sprites: SpriteSheet

    public init(theme: Theme, font: BitmapFont, sprites: SpriteSheet) {
        self.theme = theme
        self.font = font
        self.sprites = sprites
    }
}
