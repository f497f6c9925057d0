import OceanAssets
import OceanFront
import OceanStore
import Testing
import TestSupport

/// The HUD stays readable over every phase's sky: text against the side panels (the
/// panel colour mixed over the sky as the front blends it), by WCAG contrast ratio.
/// Luminance, not hue, so it holds for colour-blind players too.
@Suite struct ContrastTests {
    /// WCAG relative luminance of `0xRRGGBB`.
    static func luminance(_ rgb: Int) -> Double {
        func channel(_ c: Int) -> Double {
            let v = Double(c) / 255
            let w = (v + 0.055) / 1.055
            return v <= 0.03928 ? v / 12.92 : w * w * pow04(w)
        }
        return 0.2126 * channel(rgb >> 16 & 0xFF) + 0.7152 * channel(rgb >> 8 & 0xFF) + 0.0722 * channel(rgb & 0xFF)
    }

    /// x^0.4 (Newton's method on y^5 = x^2), so x^2.4 needs no Foundation.
    static func pow04(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        var y = x
        for _ in 0..<60 { y -= (y * y * y * y * y - x * x) / (5 * y * y * y * y) }
        return y
    }

    static func ratio(_ a: Int, _ b: Int) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `a` mixed toward `b` by `percent`, per channel.
    static func mix(_ a: Int, _ b: Int, _ percent: Int) -> Int {
        var out = 0
        for shift in [16, 8, 0] {
            let (ca, cb) = (a >> shift & 0xFF, b >> shift & 0xFF)
            out |= (ca + (cb - ca) * percent / 100) << shift
        }
        return out
    }

    /// The worst contrast of `ink` over the panel, across every phase's sky.
    static func worst(_ ink: Int, theme: Theme) -> Double {
        var worst = Double.infinity
        for phase in 0..<5 {
            for sky in [theme.skyTop[phase], theme.skyBottom[phase]] {
                worst = min(worst, ratio(ink, mix(sky, theme.panel, theme.panelAlphaPercent)))
            }
        }
        return worst
    }

    @Test func highContrastTextIsAAAOverThePanels() throws {
        let theme = try FrontAssetsLoader.load(theme: "high-contrast").theme
        for (name, ink) in [("text", theme.text), ("accent", theme.accent), ("dim", theme.dim), ("good", theme.good)] {
            #expect(Self.worst(ink, theme: theme) >= 7, "high-contrast text.\(name)")
        }
        #expect(Self.ratio(theme.healthFill, theme.healthBack) >= 4.5)
        #expect(Self.ratio(theme.comboFill, theme.comboBack) >= 4.5)
    }

    @Test func defaultTextIsAAOverThePanels() throws {
        let theme = try FrontAssetsLoader.load(theme: "default").theme
        for (name, ink) in [("text", theme.text), ("accent", theme.accent), ("dim", theme.dim), ("good", theme.good)] {
            #expect(Self.worst(ink, theme: theme) >= 4.5, "default text.\(name)")
        }
    }

    /// The challenges' and impact's colours read over the panels as text does, and a
    /// challenge's bar stands out from its back (WCAG's 3:1 for parts of a control).
    @Test(arguments: [("default", 4.5), ("high-contrast", 7.0)])
    func challengeAndImpactColoursAreReadable(theme name: String, least: Double) throws {
        let theme = try FrontAssetsLoader.load(theme: name).theme
        for (key, ink) in [("challenge.failed", theme.challengeFailed), ("impact.co2e", theme.impactCO2e),
                           ("impact.water", theme.impactWater)] {
            #expect(Self.worst(ink, theme: theme) >= least, "\(name) \(key)")
        }
        for (key, fill) in [("challenge.bar", theme.challengeBar), ("text.good", theme.good),
                            ("challenge.failed", theme.challengeFailed)] {
            #expect(Self.ratio(fill, theme.challengeBarBack) >= 3, "\(name) \(key) against challenge.bar_back")
        }
    }

    @Test func luminanceMatchesKnownValues() {
        #expect(abs(Self.ratio(0xFFFFFF, 0x000000) - 21) < 0.01)
        #expect(abs(Self.luminance(0x808080) - 0.2159) < 0.001)
    }
}
