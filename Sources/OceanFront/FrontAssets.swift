/// Everything the front draws with that comes from data files: the theme, the
/// font, the sprites and the pet's art. Loaded by `FrontAssetsLoader` (OceanStore), so the front
/// itself reads no files.
public struct FrontAssets: Sendable {
    public var theme: Theme
    public var font: BitmapFont
    public var sprites: SpriteSheet
    /// The pet in every form, stage and mood, and its scenes (`assets/pet.txt`).
    public var pet: SpriteSheet

    public init(theme: Theme, font: BitmapFont, sprites: SpriteSheet, pet: SpriteSheet) {
        self.theme = theme
        self.font = font
        self.sprites = sprites
        self.pet = pet
    }
}
