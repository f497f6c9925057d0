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
        #expect(out.commands == [.start(.arcade)])
        #expect(s.page == .game)
    }

    /// The Daily Ocean's entry, under Arcade, opens the day's game over the career: no
    /// command for the career's session, and the menu stays where it was.
    @Test func theMenusDailyEntryOpensTheDailyOcean() throws {
        let view = try careerView()
        let state = GameState(rules: try shippedRules, seed: 1)
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: state, view: view)
        #expect(s.menuItems.prefix(3) == [.play, .arcade, .daily])
        #expect(CareerFlow.MenuItem.daily.label == "Daily Ocean")
        _ = s.handle(.down, state: state)
        _ = s.handle(.down, state: state)
        let out = s.handle(.confirm, state: state)
        #expect(out.daily && out.commands.isEmpty)
        #expect(s.page == .menu && s.menuItems[s.selection] == .daily)
    }

    /// One entry for the story: the intro, then the outro once it has been seen;
    /// Escape in the intro goes back to the menu.
    @Test func theStoryEntryPlaysTheIntroThenTheOutroOnceSeen() throws {
        let view = try careerView()
        let state = GameState(rules: try shippedRules, seed: 1)
        for seen in [false, true] {
            var s = try flow(CareerPlayer(name: "Ada", introSeen: true, outroSeen: seen), state: state, view: view)
            while s.menuItems[s.selection] != .story { _ = s.handle(.down, state: state) }
            _ = s.handle(.confirm, state: state)
            #expect(s.page == .intro(panel: 0))
            var pages: [String] = []
            for _ in 0..<20 where s.page != .menu {
                _ = s.handle(.confirm, state: state)
                pages.append(s.page.key)
            }
            #expect(s.page == .menu && pages.contains("outro 1") == seen, "\(pages)")
            _ = s.handle(.confirm, state: state)
            _ = s.handle(.back, state: state)
            #expect(s.page == .menu, "Escape in the intro: back to the menu")
        }
    }

    /// The bins: each one left filled in the combo meter's colour, each spent one
    /// hollow; in a classic game, none.
    @Test func theHUDShowsTheMissesLeftAsBins() throws {
        let rules = try shippedRules
        let assets = try FrontAssetsLoader.load(theme: nil)
        func filled(missesLeft: Int, mode: PlayMode) -> Int {
            var sim = Simulation(rules: rules, seed: 4)
            sim.step(TickInput(command: .start(mode)))
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
