/// Every colour, size, font scale and duration the front draws with, read from
/// `assets/themes/*.toml` (see `ThemeSchema`). Whole numbers only: colours are
/// `0xRRGGBB`, sizes px, durations ms. Per-phase values are indexed by `Phase.rawValue`.
public struct Theme: Sendable, Equatable {
    // Per phase (polluted … thriving).
    public var skyTop = Theme.perPhase, skyBottom = Theme.perPhase
    public var seaTop = Theme.perPhase, seaBottom = Theme.perPhase
    public var wave = Theme.perPhase, seabed = Theme.perPhase
    /// How much of the murk colour is mixed into the sea (0–100 %).
    public var murkPercent = Theme.perPhase
    public var fishCount = Theme.perPhase, coralCount = Theme.perPhase
    /// Trash floating on the surface: the ocean's state at a glance.
    public var debrisCount = Theme.perPhase
    public var murk = 0
    /// The sun and the clouds, shown as much as the water is clear.
    public var sun = 0, sunRadiusPx = 0, cloud = 0

    // Layout.
    public var seaDepthPx = 0, marginPx = 0, lineGapPx = 0
    public var fontScale = 1, bigFontScale = 2
    public var panelWidthPx = 0
    /// During a game: the playfield's share of the screen's width, and the pet's corner portrait's width.
    public var fieldPercent = 75, petCornerPx = 72
    /// Around each falling item: a ring of `itemOutline` and outside it one of
    /// `itemHalo`, so one of the two stands out from any sky or water.
    public var itemOutline = 0, itemHalo = 0xFFFFFF
    /// The least contrast the ringed items promise over every phase's sky and water,
    /// in tenths (30: 3:1); `ItemContrastTests` holds every shipped theme to its own.
    public var itemContrastTenths = 30

    // Panels and text.
    public var panel = 0, panelAlphaPercent = 0
    public var text = 0, textShadow = 0, accent = 0, dim = 0, good = 0
    public var overlay = 0, overlayAlphaPercent = 0

    // Health bar and combo meter.
    public var healthFill = 0, healthLow = 0, healthBack = 0
    public var healthBarWidthPx = 0, healthBarHeightPx = 0
    public var comboFill = 0, comboBack = 0, comboMeterHeightPx = 0

    // Effects.
    public var popup = 0, popupMs = 0, popupRisePx = 0
    public var splash = 0, splashMs = 0, splashRadiusPx = 0
    public var crossfadeMs = 0
    /// Inside a phase, how much of the next phase's colours (sky, sea, murk, light) the
    /// look takes at the band's top (0–90 %), so health shows continuously (`HealthLook`).
    public var healthBlendPercent = 0
    /// Motion tokens: a screen's content fades in over `enterMs`, rising `enterOffsetPx`
    /// into place; backgrounds stay still.
    public var enterMs = 0, enterOffsetPx = 0
    public var waveAmplitudePx = 0, waveLengthPx = 0, wavePeriodMs = 0
    public var fishSpeedPxPerS = 0
    public var fishBobPx = 0, bubblePx = 0, bubbleRisePx = 0
    public var dropletPx = 0
    public var seabedPx = 0, lightShafts = 0, clouds = 0
    public var bubble = 0
    public var binBody = 0, binRim = 0
    /// The Daily Ocean's ghost bin: how much of it shows over the sea.
    public var ghostAlphaPercent = 40

    // Catches that feel like wins: the bin's squash and bounce, the burst of particles.
    public var squashMs = 0, squashPercent = 0, bouncePx = 0
    public var particles = 0, particleMs = 0, particlePx = 0, particleSpeedPxPerS = 0, particleGravityPxPerS2 = 0
    // The countdown before a game's first item, and the controls' hint until the first catch.
    public var countdown = 0, countdownScale = 1, hint = 0
    // Call-outs in the playfield (a combo of 5, 10, 20, 40; a perfect round) and
    // banners (a level-up with its title, a new phase of the ocean).
    public var callout = 0, calloutPerfect = 0, calloutMs = 0, calloutScale = 1
    public var banner = 0, bannerMs = 0, bannerScale = 1

    // Watching a replay (`ocean replay watch`): the strip over the sea band.
    public var watchStripAlphaPercent = 0
    public var watchBarBack = 0, watchPlayed = 0, watchGame = 0, watchCheckpoint = 0, watchCursor = 0
    public var watchBarHeightPx = 0, watchMarkHeightPx = 0
    /// How long a menu action's line stays, and how many show at once.
    public var watchActionMs = 0, watchActionLines = 0
    // The career's screens: menus, story panels, charts.
    public var careerBodyScale = 2, careerItemGapPx = 0, careerListTopPx = 0
    public var highlight = 0, locked = 0
    public var chartBar = 0, chartBarMet = 0, chartGoal = 0, chartAxis = 0
    public var chartTopPx = 0, chartHeightPx = 0
    /// The lifetime chart's plot, shorter than the week's: the months' impact and the
    /// kinds' table go below it.
    public var lifetimeTopPx = 0, lifetimeHeightPx = 0

    // Challenges: the block on the HUD and the menu, and the toasts.
    public var challengeBar = 0, challengeBarBack = 0, challengeFailed = 0
    public var challengeBarWidthPx = 0, challengeBarHeightPx = 0
    public var toastMs = 0, toastSlideMs = 0, toastAlphaPercent = 0, toastMax = 1
    // Impact: CO₂e and water saved.
    public var impactCO2e = 0, impactWater = 0

    // Kinds that play differently: sea life (let it pass), power-ups, a bounce off the rim.
    /// A caught fish or turtle: its words' colour, the red flash over the playfield and
    /// how strong it starts, and how long the words stay.
    public var seaLifeHit = 0, seaLifeFlashAlphaPercent = 0, seaLifeCueMs = 0
    /// A falling power-up's pulsing glow; a net's mesh around the bin (and its timer);
    /// a slack tide's tint over the playfield (and its timer) and how strong; the timers' bars.
    public var powerGlow = 0, powerNet = 0, powerTide = 0, powerTideAlphaPercent = 0
    public var powerBarWidthPx = 0, powerBarHeightPx = 0
    /// A bounce off the rim: the spark's colour, how long it lasts, how far its rays reach.
    public var bounceSpark = 0, bounceMs = 0, bounceSparkPx = 0

    // The pet's scenes (indexed by `PetScene.rawValue`).
    public var petScene = [Int](repeating: 0, count: 4)
    /// How long the pet's reactions show: an evolution's flash and sparkles, a mood
    /// change's bounce and icon.
    public var petEvolveMs = 0, petMoodMs = 0

    /// Set by `reducingMotion()`: what no token holds (a cue's shake) stays still too.
    public var reducedMotion = false

    public init() {}

    public static let perPhase = [Int](repeating: 0, count: 5)

    /// This theme with its motion tokens at zero, for a player who asked for reduced
    /// motion (`ocean play --reduced-motion`; WCAG 2.3.3): screens fade in without
    /// rising, the bin neither squashes nor hops, no particles burst, score words do
    /// not float up, toasts appear in place, the pet does not bounce, fish do not bob,
    /// cue words do not shake. What
    /// the game is about stays: items fall and sway, the ocean's colours still cross-fade.
    public func reducingMotion() -> Theme {
        var t = self
        t.enterOffsetPx = 0
        t.squashPercent = 0
        t.bouncePx = 0
        t.particles = 0
        t.toastSlideMs = 0
        t.fishBobPx = 0
        t.popupRisePx = 0
        t.reducedMotion = true
        return t
    }
}
