import OceanKernel

/// Everything the front draws with that comes from data files: the theme, the
/// font, the sprites, the pet's art, what each challenge says and what diverting an
/// item saves. Loaded by `FrontAssetsLoader` (OceanStore), so the front itself reads no files.
public struct FrontAssets: Sendable {
    public var theme: Theme
    public var font: BitmapFont
    public var sprites: SpriteSheet
    /// The pet in every form, stage and mood, and its scenes (`assets/pet.txt`).
    public var pet: SpriteSheet
    /// Each challenge template's text by its key (`daily.catch_items`), `{target}`
    /// standing for the target (`assets/challenges.toml`; `ChallengeWording` fills it in).
    /// A template without one reads as its key and target.
    public var challengeTexts: [String: String]
    /// CO₂e and water saved per kilogram of each kind (`assets/impact.toml`); an
    /// item's share comes with its mass (`Rules.impactFactors`).
    public var impact: ImpactRates
    /// How each sea of the career is shown (`assets/content/seas.toml`).
    public var seas: SeaLooks

    public init(theme: Theme, font: BitmapFont, sprites: SpriteSheet, pet: SpriteSheet,
                challengeTexts: [String: String] = [:], impact: ImpactRates = .none, seas: SeaLooks = .none) {
        self.theme = theme
        self.font = font
        self.sprites = sprites
        self.pet = pet
        self.challengeTexts = challengeTexts
        self.impact = impact
        self.seas = seas
    }
}
