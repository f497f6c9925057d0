import OceanBalance
import OceanKernel

/// One theme setting.
public typealias ThemeField = SchemaField<Theme>

/// Every theme setting with its range, and the rules between them, validated by the
/// same `Schema.validate` as the balance: each problem named with file, line and key.
public enum ThemeSchema {
    public static let colour = 0...0xFF_FFFF

    public static let fields: [ThemeField] = {
        var f: [ThemeField] = []
        func add(_ key: String, _ unit: String, _ range: ClosedRange<Int>,
                 _ path: WritableKeyPath<Theme, Int> & Sendable) {
            f.append(SchemaField(key: key, unit: unit, range: range, path: path))
        }
        func rgb(_ key: String, _ path: WritableKeyPath<Theme, Int> & Sendable) {
            add(key, "0xRRGGBB", colour, path)
        }
        for phase in [Phase.polluted, .stabilizing, .recovering, .flourishing, .thriving] {
            let p = "phase.\(phase.key)."
            let i = phase.rawValue
            rgb(p + "sky_top", \.skyTop[i])
            rgb(p + "sky_bottom", \.skyBottom[i])
            rgb(p + "sea_top", \.seaTop[i])
            rgb(p + "sea_bottom", \.seaBottom[i])
            rgb(p + "wave", \.wave[i])
            rgb(p + "seabed", \.seabed[i])
            add(p + "murk_percent", "%", 0...100, \.murkPercent[i])
            add(p + "fish", "fish", 0...64, \.fishCount[i])
            add(p + "coral", "corals", 0...64, \.coralCount[i])
            add(p + "debris", "pieces", 0...32, \.debrisCount[i])
        }
        rgb("sea.murk", \.murk)
        rgb("sky.sun", \.sun)
        add("sky.sun_radius_px", "px", 0...60, \.sunRadiusPx)
        rgb("sky.cloud", \.cloud)

        add("layout.sea_depth_px", "px", 40...200, \.seaDepthPx)
        add("layout.margin_px", "px", 0...40, \.marginPx)
        add("layout.line_gap_px", "px", 0...20, \.lineGapPx)
        add("layout.panel_width_px", "px", 80...220, \.panelWidthPx)
        add("layout.field_percent", "%", 70...100, \.fieldPercent)
        add("layout.pet_corner_px", "px", 40...160, \.petCornerPx)
        rgb("items.outline", \.itemOutline)
        rgb("items.halo", \.itemHalo)
        add("items.contrast_least_tenths", "tenths", 10...210, \.itemContrastTenths)
        add("font.scale", "×", 1...4, \.fontScale)
        add("font.big_scale", "×", 1...6, \.bigFontScale)

        rgb("panel.colour", \.panel)
        add("panel.alpha_percent", "%", 0...100, \.panelAlphaPercent)
        rgb("text.colour", \.text)
        rgb("text.shadow", \.textShadow)
        rgb("text.accent", \.accent)
        rgb("text.dim", \.dim)
        rgb("text.good", \.good)
        rgb("overlay.colour", \.overlay)
        add("overlay.alpha_percent", "%", 0...100, \.overlayAlphaPercent)

        rgb("health.fill", \.healthFill)
        rgb("health.low", \.healthLow)
        rgb("health.back", \.healthBack)
        add("health.bar_width_px", "px", 20...200, \.healthBarWidthPx)
        add("health.bar_height_px", "px", 2...20, \.healthBarHeightPx)
        rgb("combo.fill", \.comboFill)
        rgb("combo.back", \.comboBack)
        add("combo.meter_height_px", "px", 2...20, \.comboMeterHeightPx)

        rgb("popup.colour", \.popup)
        add("popup.ms", "ms", 100...5_000, \.popupMs)
        add("popup.rise_px", "px", 0...100, \.popupRisePx)
        rgb("splash.colour", \.splash)
        add("splash.ms", "ms", 100...5_000, \.splashMs)
        add("splash.radius_px", "px", 2...40, \.splashRadiusPx)
        add("phase.crossfade_ms", "ms", 1...10_000, \.crossfadeMs)
        add("phase.health_blend_percent", "%", 0...90, \.healthBlendPercent)
        // Motion tokens (Zeno's rule): content fades in with a small offset in 150–300 ms.
        add("motion.enter_ms", "ms", 150...300, \.enterMs)
        add("motion.enter_offset_px", "px", 0...16, \.enterOffsetPx)
        add("waves.amplitude_px", "px", 0...12, \.waveAmplitudePx)
        add("waves.length_px", "px", 8...400, \.waveLengthPx)
        add("waves.period_ms", "ms", 100...20_000, \.wavePeriodMs)
        add("fish.speed_px_per_s", "px/s", 1...200, \.fishSpeedPxPerS)
        add("fish.bob_px", "px", 0...8, \.fishBobPx)
        add("fish.bubble_px", "px", 0...8, \.bubblePx)
        add("fish.bubble_rise_px", "px", 0...60, \.bubbleRisePx)
        add("splash.droplet_px", "px", 0...8, \.dropletPx)
        add("sea.seabed_px", "px", 2...60, \.seabedPx)
        add("sea.light_shafts", "shafts", 0...32, \.lightShafts)
        add("sky.clouds", "clouds", 0...16, \.clouds)
        rgb("fish.bubble", \.bubble)
        rgb("bin.body", \.binBody)
        rgb("bin.rim", \.binRim)
        add("bin.ghost_alpha_percent", "%", 10...90, \.ghostAlphaPercent)

        add("catch.squash_ms", "ms", 50...2_000, \.squashMs)
        add("catch.squash_percent", "%", 0...60, \.squashPercent)
        add("catch.bounce_px", "px", 0...20, \.bouncePx)
        add("catch.particles", "particles", 0...32, \.particles)
        add("catch.particle_ms", "ms", 100...3_000, \.particleMs)
        add("catch.particle_px", "px", 1...8, \.particlePx)
        add("catch.particle_speed_px_per_s", "px/s", 0...600, \.particleSpeedPxPerS)
        add("catch.particle_gravity_px_per_s2", "px/s²", 0...2_000, \.particleGravityPxPerS2)
        rgb("countdown.colour", \.countdown)
        add("countdown.scale", "×", 1...12, \.countdownScale)
        rgb("countdown.hint", \.hint)
        rgb("callout.colour", \.callout)
        rgb("callout.perfect", \.calloutPerfect)
        add("callout.ms", "ms", 300...5_000, \.calloutMs)
        add("callout.scale", "×", 1...6, \.calloutScale)
        rgb("banner.colour", \.banner)
        add("banner.ms", "ms", 500...8_000, \.bannerMs)
        add("banner.scale", "×", 1...6, \.bannerScale)

        add("watch.strip_alpha_percent", "%", 0...100, \.watchStripAlphaPercent)
        rgb("watch.bar_back", \.watchBarBack)
        rgb("watch.played", \.watchPlayed)
        rgb("watch.game", \.watchGame)
        rgb("watch.checkpoint", \.watchCheckpoint)
        rgb("watch.cursor", \.watchCursor)
        add("watch.bar_height_px", "px", 3...12, \.watchBarHeightPx)
        add("watch.mark_height_px", "px", 1...6, \.watchMarkHeightPx)
        add("watch.action_ms", "ms", 500...30_000, \.watchActionMs)
        add("watch.action_lines", "lines", 0...8, \.watchActionLines)
        // At most 2: a 48-character story or card line fits the 640 px screen.
        add("career.body_scale", "×", 1...2, \.careerBodyScale)
        add("career.item_gap_px", "px", 0...20, \.careerItemGapPx)
        add("career.list_top_px", "px", 20...200, \.careerListTopPx)
        rgb("career.highlight", \.highlight)
        rgb("career.locked", \.locked)
        rgb("chart.bar", \.chartBar)
        rgb("chart.bar_met", \.chartBarMet)
        rgb("chart.goal", \.chartGoal)
        rgb("chart.axis", \.chartAxis)
        add("chart.top_px", "px", 20...120, \.chartTopPx)
        add("chart.height_px", "px", 60...220, \.chartHeightPx)
        add("chart.lifetime_top_px", "px", 30...120, \.lifetimeTopPx)
        add("chart.lifetime_height_px", "px", 40...160, \.lifetimeHeightPx)

        rgb("challenge.bar", \.challengeBar)
        rgb("challenge.bar_back", \.challengeBarBack)
        rgb("challenge.failed", \.challengeFailed)
        add("challenge.bar_width_px", "px", 40...130, \.challengeBarWidthPx)
        add("challenge.bar_height_px", "px", 2...10, \.challengeBarHeightPx)
        add("toast.ms", "ms", 1_000...15_000, \.toastMs)
        add("toast.slide_ms", "ms", 0...1_000, \.toastSlideMs)
        add("toast.alpha_percent", "%", 0...100, \.toastAlphaPercent)
        add("toast.max", "toasts", 1...4, \.toastMax)
        rgb("impact.co2e", \.impactCO2e)
        rgb("impact.water", \.impactWater)
        rgb("sea_life.hit", \.seaLifeHit)
        add("sea_life.flash_alpha_percent", "%", 0...100, \.seaLifeFlashAlphaPercent)
        add("sea_life.cue_ms", "ms", 300...5_000, \.seaLifeCueMs)
        rgb("power.glow", \.powerGlow)
        rgb("power.net", \.powerNet)
        rgb("power.tide", \.powerTide)
        add("power.tide_alpha_percent", "%", 0...100, \.powerTideAlphaPercent)
        add("power.bar_width_px", "px", 8...120, \.powerBarWidthPx)
        add("power.bar_height_px", "px", 2...10, \.powerBarHeightPx)
        rgb("bounce.spark", \.bounceSpark)
        add("bounce.ms", "ms", 50...2_000, \.bounceMs)
        add("bounce.spark_px", "px", 2...24, \.bounceSparkPx)

        for scene in PetScene.allCases {
            rgb("pet.\(scene.name.lowercased())", \.petScene[scene.rawValue])
        }
        add("pet.evolve_ms", "ms", 300...5_000, \.petEvolveMs)
        add("pet.mood_ms", "ms", 200...3_000, \.petMoodMs)
        return f
    }()

    /// The fields and their rules, for the validator.
    public static let schema = Schema(fields: fields, check: check)

    /// Reads a theme from the entries of a TOML file (see `Schema.validate`).
    public static func validate(_ entries: [RawEntry], file: String,
                                lineOfMissing: (String) -> Int? = { _ in nil }) throws(DataError) -> Theme {
        try schema.validate(entries, into: Theme(), file: file, lineOfMissing: lineOfMissing)
    }

    /// The rules between fields: the ocean only improves phase by phase (fish from
    /// Recovering, coral from Flourishing, never fewer than the phase before), and
    /// the big font is at least the small one.
    @Sendable public static func check(_ t: Theme) -> [SchemaProblem] {
        var problems: [SchemaProblem] = []
        func require(_ ok: Bool, _ key: String, _ message: String) {
            if !ok { problems.append(SchemaProblem(key: key, message: message)) }
        }
        for phase in [Phase.polluted, .stabilizing] {
            require(t.fishCount[phase.rawValue] == 0, "phase.\(phase.key).fish", "must be 0: fish appear from Recovering")
        }
        for phase in [Phase.polluted, .stabilizing, .recovering] {
            require(t.coralCount[phase.rawValue] == 0, "phase.\(phase.key).coral",
                    "must be 0: coral appears from Flourishing")
        }
        for phase in [Phase.stabilizing, .recovering, .flourishing, .thriving] {
            let before = Phase(rawValue: phase.rawValue - 1)!
            require(t.fishCount[phase.rawValue] >= t.fishCount[before.rawValue], "phase.\(phase.key).fish",
                    "must be at least phase.\(before.key).fish (\(t.fishCount[before.rawValue]))")
            require(t.coralCount[phase.rawValue] >= t.coralCount[before.rawValue], "phase.\(phase.key).coral",
                    "must be at least phase.\(before.key).coral (\(t.coralCount[before.rawValue]))")
            require(t.debrisCount[phase.rawValue] <= t.debrisCount[before.rawValue], "phase.\(phase.key).debris",
                    "must be at most phase.\(before.key).debris (\(t.debrisCount[before.rawValue]))")
            require(t.murkPercent[phase.rawValue] <= t.murkPercent[before.rawValue], "phase.\(phase.key).murk_percent",
                    "must be at most phase.\(before.key).murk_percent (\(t.murkPercent[before.rawValue]))")
        }
        require(t.bigFontScale >= t.fontScale, "font.big_scale", "must be at least font.scale (\(t.fontScale))")
        require(2 * t.toastSlideMs <= t.toastMs, "toast.slide_ms", "must be at most half of toast.ms (\(t.toastMs))")
        // The months' rows and the kinds' table take the rest of the screen below the plot.
        require(t.lifetimeTopPx + t.lifetimeHeightPx <= 150, "chart.lifetime_height_px",
                "chart.lifetime_top_px + chart.lifetime_height_px must be at most 150 (it is \(t.lifetimeTopPx + t.lifetimeHeightPx))")
        return problems
    }
}
