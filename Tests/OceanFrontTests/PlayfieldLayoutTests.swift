import OceanAssets
import OceanFront
import OceanKernel
import OceanStore
import Testing
import TestSupport

/// A pointer's screen x as a playfield x: the view's own layout, so a click lands on the bin drawn there.
@Suite struct PlayfieldLayoutTests {
    @Test func thePlayfieldsEdgesMapToItsWalls() throws {
        let rules = try shippedRules
        let theme = try FrontAssetsLoader.load(theme: nil).theme
        let layout = PlayfieldLayout(rules: rules, theme: theme)
        // The screen's edges are past the walls; its middle is the field's.
        #expect(layout.playfieldX(0) == 0)
        #expect(layout.playfieldX(Float(GameView.width)) == rules.width)
        #expect(abs(layout.playfieldX(Float(GameView.width) / 2) - rules.width / 2) <= Fixed.one)
        // The field spans layout.field_percent of the width, centred: its left wall is at the margin.
        let margin = Float(GameView.width * (100 - theme.fieldPercent) / 200)
        #expect(layout.playfieldX(margin + 1) > 0 && layout.playfieldX(margin - 1) == 0)
    }
}
