import OceanAssets
import OceanBalance
import OceanFront
import OceanKernel
import Testing
import TestSupport

// Issue 22, "validation and arithmetic agree": what the validators accept — a font of
// the largest cells at the largest scales, counters at the state's cap, impact factors
// at the impact file's maximum — goes through every career screen without trapping.

/// A font of `w`×`h` cells, every glyph a filled box (so the text has ink to draw).
private func boxFont(_ w: Int, _ h: Int) throws -> BitmapFont {
    var text = "size \(w) \(h)\n"
    for code in 32...126 {
        text += "char \(code)\n" + String(repeating: String(repeating: "#", count: w) + "\n", count: h)
    }
    return try BitmapFont.parse(text: text, file: "box.txt")
}

/// The assets with `font`, the theme at font scale `scale` (big scale at its maximum).
private func assets(font: BitmapFont, scale: Int, impact: ImpactRates? = nil) throws -> FrontAssets {
    let impact = try impact ?? defaultAssets.impact
    var a = try defaultAssets
    a.font = font
    a.theme.fontScale = scale
    a.theme.bigFontScale = 6
    a.impact = impact
    return a
}

/// Every menu entry's screen (and the Milestones page beside Achievements), drawn.
private func drawEveryScreen(_ assets: FrontAssets, state: GameState) throws {
    let view = try careerView(assets, rules: challengeRules)
    let s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: state, view: view, rules: challengeRules)
    _ = draw(view, s, state)
    for item in s.menuItems where item != .quit && item != .play {
        var entered = s
        while entered.menuItems[entered.selection] != item { _ = entered.handle(.down, state: state) }
        _ = entered.handle(.confirm, state: state)
        _ = draw(view, entered, state)
        if entered.page == .achievements {
            _ = entered.handle(.right, state: state)
            #expect(entered.page == .milestones)
            _ = draw(view, entered, state)
        }
    }
}

@Suite struct LimitsTests {
    @Test func theLargestFontAtTheLargestScaleDrawsEveryScreen() throws {
        // 8×32 cells are the font's limits, 4 font.scale's: the Milestones page has no
        // room for a single row then, and draws none rather than trapping.
        let font = try boxFont(8, 32)
        for scale in [1, 4] {
            try drawEveryScreen(assets(font: font, scale: scale), state: challengeCareer(challengeRules).state)
            _ = try render(scene(.polluted).state, assets: try assets(font: font, scale: scale))
        }
        try drawEveryScreen(try assets(font: try boxFont(1, 1), scale: 1), state: try challengeCareer(try challengeRules).state)
    }

    /// Every theme setting at its minimum and at its maximum (where the rules between
    /// settings allow it), through a game's frame and every career screen.
    @Test func everyThemeSettingAtItsLimitsDrawsEveryScreen() throws {
        let state = try challengeCareer(challengeRules).state
        let game = try scene(.thriving).state
        var drawn = 0
        // (Colours are only painted, never computed with: their limits are left out.)
        for field in ThemeSchema.fields where field.unit != "0xRRGGBB" {
            for value in [field.range.lowerBound, field.range.upperBound] {
                var a = try defaultAssets
                a.theme[keyPath: field.path] = value
                guard ThemeSchema.check(a.theme).isEmpty else { continue }
                _ = try render(game, assets: a)
                try drawEveryScreen(a, state: state)
                drawn += 1
            }
        }
        #expect(drawn > ThemeSchema.fields.filter { $0.unit != "0xRRGGBB" }.count, "most limits pass the rules between settings")
    }

    @Test func countersAtTheCapWithTheLargestFactorsDrawEveryScreen() throws {
        var sim = try challengeCareer(challengeRules)
        let cap = GameState.maxCount
        sim.state.career.kindCounts = sim.state.career.kindCounts.map { _ in cap }
        for i in sim.state.career.months.indices {
            sim.state.career.months[i].kindCounts = sim.state.career.months[i].kindCounts.map { _ in cap }
        }
        let kinds = ItemKind.shipped.count
        let largest = ImpactRates(keys: ItemKind.shippedKeys, co2eGramsPerKg: Array(repeating: 100_000, count: kinds),
                                  waterMlPerKg: Array(repeating: 10_000_000, count: kinds))
        for factors in try [largest, defaultAssets.impact] {
            try drawEveryScreen(assets(font: defaultAssets.font, scale: 1, impact: factors), state: sim.state)
        }
    }

    @Test func impactUnitsSpellEveryWholeNumber() throws {
        #expect(ImpactUnits.co2e(Int.max) == "9,223,372,036,855 t")
        #expect(ImpactUnits.water(Int.max) == "9,223,372,036,855 m³")
        #expect(ImpactUnits.co2e(9_949) == "9.9 kg" && ImpactUnits.co2e(9_950) == "10 kg" && ImpactUnits.co2e(1_250) == "1.3 kg")
        #expect(ImpactUnits.water(999) == "999 ml" && ImpactUnits.water(1_000) == "1.0 L" && ImpactUnits.water(35_400) == "35 L")
        #expect(ImpactUnits.co2e(Int.min) == "0 g")
        // Counts at the state's cap times the impact file's largest factors: saturated, not trapped.
        let kinds = ItemKind.shipped.count
        let largest = ImpactFactors(keys: ItemKind.shippedKeys, co2eGrams: Array(repeating: 1_000_000, count: kinds),
                                    waterMl: Array(repeating: 100_000_000, count: kinds))
        let i = Impact(saturatingCounts: Array(repeating: GameState.maxCount, count: kinds), factors: largest)
        #expect(i.co2eGrams == Int.max && i.waterMl == Int.max && i.items == GameState.maxCount * kinds)
        let shipped = try Impact(saturatingCounts: Array(repeating: GameState.maxCount, count: kinds), factors: shippedImpactFactors)
        #expect(try shipped == Impact(counts: Array(repeating: GameState.maxCount, count: kinds), factors: shippedImpactFactors),
                "below Int.max the saturating sums are the kernel's")
    }
}
