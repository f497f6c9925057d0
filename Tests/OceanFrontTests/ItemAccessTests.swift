import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Items told apart without colour, and readable for players who see colour
/// differently (issue 32, "Access for every player"): each kind's silhouette differs
/// from every other's, and every item keeps its contrast against every phase's and
/// every sea's backdrop under simulated protanopia, deuteranopia and tritanopia.
@Suite struct ItemAccessTests {
    /// Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
    /// Simulation of Color Vision Deficiency", severity 1.0, on linear RGB.
    static let deficiencies: [(name: String, m: [Double])] = [
        ("protanopia", [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998]),
        ("deuteranopia", [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940, 0.968881]),
        ("tritanopia", [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.303900]),
    ]

    /// `rgb` (0xRRGGBB) as a viewer with deficiency matrix `m` sees it.
    static func simulate(_ rgb: Int, _ m: [Double]) -> Int {
        func linear(_ c: Int) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055).pow(2.4)
        }
        func encoded(_ v: Double) -> Int {
            let c = max(0, min(1, v))
            return Int((c <= 0.0031308 ? 12.92 * c : 1.055 * c.pow(1 / 2.4) - 0.055) * 255 + 0.5)
        }
        let (r, g, b) = (linear(rgb >> 16 & 0xFF), linear(rgb >> 8 & 0xFF), linear(rgb & 0xFF))
        return encoded(m[0] * r + m[1] * g + m[2] * b) << 16 | encoded(m[3] * r + m[4] * g + m[5] * b) << 8
            | encoded(m[6] * r + m[7] * g + m[8] * b)
    }

    /// The distinct colours of a backdrop (every 3rd pixel, as `ItemContrastTests`).
    static func palette(_ pixels: [UInt32]) -> [Int] {
        var seen = Set<Int>()
        for i in stride(from: 0, to: pixels.count, by: 3) { seen.insert(Int(pixels[i] & 0xFF_FFFF)) }
        return seen.sorted()
    }

    @Test(arguments: FrontAssetsLoader.shippedThemes)
    func everyItemStandsOutForEveryViewerInEverySea(theme: String) throws {
        let assets = try OceanFrontTests.assets(theme)
        let rules = try shippedRules
        let view = GameView(assets: assets, rules: rules, seed: 7)
        let t = assets.theme
        // Each phase's look in each sea (the bay's is the theme's own).
        var palettes: [(String, [Int])] = []
        for (s, key) in rules.seaKeys.enumerated() {
            let sea = assets.seas.look(key)
            if s > 0 && sea.tintPercent == 0 { continue }
            for phase in Phase.allCases {
                let look = HealthLook(phase: phase, health: rules.phaseFloor[phase.rawValue], rules: rules,
                                      blendPercent: t.healthBlendPercent).tinted(sea.tint, percent: sea.tintPercent)
                var pixels = [UInt32](repeating: 0, count: GameView.width * GameView.height)
                pixels.withUnsafeMutableBufferPointer {
                    Backdrop.paint($0, look: look, theme: t, layout: view.layout, coral: view.art.coral, seed: 7)
                }
                palettes.append(("\(key) \(phase.key)", Self.palette(pixels)))
            }
        }
        let need = Double(t.itemContrastTenths) / 10
        var worst: [String] = []
        func lit(_ l: Double, _ m: Double) -> Double { (max(l, m) + 0.05) / (min(l, m) + 0.05) }
        for (name, m) in [("normal", [1.0, 0, 0, 0, 1, 0, 0, 0, 1])] + Self.deficiencies {
            // Each backdrop as this viewer sees it, once for every kind: its distinct
            // colours' luminances.
            let seen = palettes.map { where_, palette in
                (where_, Set(palette.map { Self.simulate($0, m) }).map(ContrastTests.luminance))
            }
            for key in rules.kindKeys {
                let body = Int(GameView.mainColour(assets.sprites.bitmap(key, theme: t)) & 0xFF_FFFF)
                let inks = [body, t.itemOutline, t.itemHalo].map { ContrastTests.luminance(Self.simulate($0, m)) }
                for (where_, backdrop) in seen {
                    var low = Double.infinity
                    for l in backdrop { low = min(low, inks.map { lit($0, l) }.max() ?? 0) }
                    if low < need { worst.append("\(key) for \(name) over \(where_): \(ItemContrastTests.format(low))") }
                }
            }
        }
        #expect(worst.isEmpty, "\(theme), under \(need):1: \(worst.prefix(12))")
    }

    /// Each kind's silhouette (its opaque pixels, centred) differs from every other
    /// kind's in at least a fifth of their pixels: a player who sees no colour at all
    /// still tells a bottle from a can.
    @Test func everyKindHasAShapeOfItsOwn() throws {
        let assets = try defaultAssets
        let rules = try shippedRules
        let masks = rules.kindKeys.map { key -> (key: String, w: Int, h: Int, on: Set<Int>) in
            let b = assets.sprites.bitmap(key, theme: assets.theme)
            var on = Set<Int>()
            for y in 0..<b.height { for x in 0..<b.width where b.pixels[y * b.width + x] >> 24 != 0 {
                on.insert((y - b.height / 2) * 1_000 + (x - b.width / 2))
            } }
            return (key, b.width, b.height, on)
        }
        var alike: [String] = []
        for i in masks.indices { for j in masks.indices where j > i {
            let (a, b) = (masks[i], masks[j])
            let differ = a.on.symmetricDifference(b.on).count, all = a.on.union(b.on).count
            if differ * 5 < all { alike.append("\(a.key) ~ \(b.key) (\(differ) of \(all) pixels differ)") }
        } }
        #expect(alike.isEmpty, "\(alike)")
    }
}

private extension Double {
    func pow(_ e: Double) -> Double { Glibc.pow(self, e) }
}
