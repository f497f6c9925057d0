import OceanAssets
import OceanFront
import OceanKernel
import Testing
import TestSupport

@Test func aFreshGameRendersTheSkyAndSea() throws {
    let view = try GameView(assets: shippedAssets, rules: shippedRules, seed: 1)
    let state = try GameState(rules: shippedRules, seed: 1)
    view.observe(state, events: [])
    var fb = Framebuffer(width: GameView.width, height: GameView.height)
    view.render(state, fraction: 0, into: &fb)
    #expect(Set(fb.pixels).count > 10)
}
