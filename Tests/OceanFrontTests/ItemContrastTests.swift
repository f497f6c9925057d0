import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanStore
import Testing
import TestSupport

/// Every falling item readable against every phase's sky and water (its own look and
/// the look at its band's far edge, a neighbour's colours mixed in): its body, its
/// dark ring or its light ring (whichever stands out most) against each pixel of the
/// backdrop actually drawn, by WCAG contrast ratio: at least 3:1 in the default theme,
/// 4.5:1 in high contrast and in each of Outku's themes.
@Suite struct ItemContrastTests {

    /// The worst, over the backdrop's pixels (every 3rd), of the best of `inks` against each.
    static func worst(_ inks: [Int], over background: [UInt32]) -> Double {
        var worst = Double.infinity
        var seen: [UInt32: Double] = [:]
        for i in stride(from: 0, to: background.count, by: 3) {
            let p = background[i]
            if let known = seen[p] { worst = min(worst, known); continue }
            let best = inks.map { ContrastTests.ratio($0, Int(p & 0xFF_FFFF)) }.max() ?? 0
            seen[p] = best
            worst = min(worst, best)
        }
        return worst
    }

    /// Every shipped theme (the themes folder), held to the contrast its file promises.
    @Test(arguments: FrontAssetsLoader.shippedThemes)
    func everyItemStandsOutFromEveryPhase(theme: String) throws {
        let assets = try OceanFrontTests.assets(theme)
        let rules = try shippedRules
        let view = GameView(assets: assets, rules: rules, seed: 7)
        let t = assets.theme
        // Each phase's own backdrop, and the one at the far edge of its band, where the
        // most of a neighbour's colours are mixed in (`HealthLook`).
        let edges: [[UInt32]] = Phase.allCases.map { phase in
            let edge = phase == .thriving ? rules.phaseFloor[phase.rawValue] : rules.phaseFloor[phase.rawValue + 1]
            let look = HealthLook(phase: phase, health: edge, rules: rules, blendPercent: t.healthBlendPercent)
            var pixels = [UInt32](repeating: 0, count: GameView.width * GameView.height)
            pixels.withUnsafeMutableBufferPointer {
                Backdrop.paint($0, look: look, theme: t, layout: view.layout, coral: view.art.coral, seed: 7)
            }
            return pixels
        }
        var table: [String] = []
        for (k, key) in rules.kindKeys.enumerated() {
            let body = Int(GameView.mainColour(assets.sprites.bitmap(key, theme: t)) & 0xFF_FFFF)
            var row = "\(theme) \(key):"
            for phase in Phase.allCases {
                let bodyOnly = Self.worst([body], over: view.art.backgrounds[phase.rawValue])
                let ringed = min(Self.worst([body, t.itemOutline, t.itemHalo], over: view.art.backgrounds[phase.rawValue]),
                                 Self.worst([body, t.itemOutline, t.itemHalo], over: edges[phase.rawValue]))
                row += " \(phase.key) \(Self.format(bodyOnly))→\(Self.format(ringed))"
                let promised = Double(t.itemContrastTenths) / 10
                #expect(ringed >= promised, "\(theme): \(key) over \(phase.key): \(ringed), below its \(promised):1")
            }
            table.append(row)
            // The ring is drawn: the item's sprite holds both ring colours.
            #expect(view.art.items[k].pixels.contains(Colour.opaque(t.itemOutline))
                    && view.art.items[k].pixels.contains(Colour.opaque(t.itemHalo)))
        }
        print(table.joined(separator: "\n"))
    }

    static func format(_ r: Double) -> String { "\(Int(r))." + "\(Int(r * 10) % 10)" }

    /// Every shipped theme keeps the rule for text: 4.5:1 over the panels as blended
    /// over every sky, for the text, its accents, the challenge and impact colours.
    @Test(arguments: FrontAssetsLoader.shippedThemes) func everyThemesTextIsAAOverThePanels(theme name: String) throws {
        let theme = try FrontAssetsLoader.load(theme: name).theme
        for (key, ink) in [("text.colour", theme.text), ("text.accent", theme.accent), ("text.dim", theme.dim),
                           ("text.good", theme.good), ("challenge.failed", theme.challengeFailed),
                           ("impact.co2e", theme.impactCO2e), ("impact.water", theme.impactWater)] {
            #expect(ContrastTests.worst(ink, theme: theme) >= 4.5, "\(name) \(key)")
        }
    }
}
