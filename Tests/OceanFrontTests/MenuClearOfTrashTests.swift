import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanPlatform
import Testing

/// Seen on screen (issue 48): the floating trash of a polluted sea went under the
/// menu's entries at the water line ("Your pet"). The menu's column keeps it out;
/// beside the column it floats as before.
@Suite struct MenuClearOfTrashTests {
    @Test(arguments: [1, 2]) func noFloatingTrashUnderTheMenusEntries(scale: Int) throws {
        var sim = try careerSim()
        sim.state.health = 100
        sim.state.phase = .polluted
        func menu(debris: Int) throws -> (Framebuffer, CareerView) {
            var assets = try LayoutTests.assets("default", scale: scale)
            assets.theme.debrisCount = assets.theme.debrisCount.map { _ in debris }
            let view = try careerView(assets)
            let page = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
            #expect(page.page == .menu)
            return (draw(view, page, sim.state), view)
        }
        let (clean, view) = try menu(debris: 0)
        let (littered, _) = try menu(debris: 12)
        let w = GameView.width, p = view.game.layout.panelWidth
        var inColumn = 0, beside = 0
        for y in 0..<GameView.height {
            for x in 0..<w where clean.pixels[y * w + x] != littered.pixels[y * w + x] {
                if x >= p && x < w - p { inColumn += 1 } else { beside += 1 }
            }
        }
        #expect(inColumn == 0, "\(inColumn) pixels of trash in the menu's column")
        #expect(beside > 0, "the trash still floats beside it")
    }
}
