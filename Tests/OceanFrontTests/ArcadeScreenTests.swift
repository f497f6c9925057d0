import OceanBalance
import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanStore
import Testing
import TestSupport

/// Arcade mode on screen: its menu entry starts an arcade game, and the HUD shows
/// the misses left as bins.
@Suite struct ArcadeScreenTests {
    @Test func theMenusArcadeEntryStartsAnArcadeGame() throws {
        let view = try careerView()
        let state = GameState(rules: try shippedRules, seed: 1)
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: state, view: view)
        #expect(s.menuItems.prefix(2) == [.play, .arcade])
        _ = s.handle(.down, state: state)
        let out = s.handle(.confirm, state: state)
        #expect(out.commands == [.startArcade])
        #expect(s.page == .game)
    }

    /// The bins: each one left filled in the combo meter's colour, each spent one
    /// hollow; in a classic game, none.
    @Test func theHUDShowsTheMissesLeftAsBins() throws {
        let rules = try shippedRules
        let assets = try FrontAssetsLoader.load(theme: nil)
        func filled(missesLeft: Int, mode: PlayMode) -> Int {
            var sim = Simulation(rules: rules, seed: 4)
            sim.step(TickInput(command: mode == .arcade ? .startArcade : .startGame))
            for _ in 0..<30 { sim.step(.idle) }
            sim.state.missesLeft = mode == .arcade ? missesLeft : 0
            let view = GameView(assets: assets, rules: rules, seed: 4)
            view.observe(sim.state, events: [])
            var fb = Framebuffer(width: GameView.width, height: GameView.height)
            view.render(sim.state, fraction: 1, into: &fb)
            // The strip along the top: count the meter's fill colour there.
            let fill = Colour.opaque(assets.theme.comboFill)
            return fb.pixels[0..<(GameView.width * 30)].filter { $0 == fill }.count
        }
        let classic = filled(missesLeft: 0, mode: .classic)
        let five = filled(missesLeft: 5, mode: .arcade), two = filled(missesLeft: 2, mode: .arcade)
        #expect(five > two && two > classic, "bins' fill pixels: 5 left \(five), 2 left \(two), classic \(classic)")
        // Each bin is the same size: three spent bins take three bins' fill away.
        #expect((five - two) % 3 == 0, "\(five - two)")
    }
}
