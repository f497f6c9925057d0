import OceanBalance
@testable import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanStore
import OceanSystem
import Testing
import TestSupport

/// Screen changes move by the theme's motion tokens (issue 21, Zeno's rule): the new
/// screen's content fades in with a small offset over `motion.enter_ms`; the frame once
/// settled is exactly the one drawn without motion.
@Suite struct MotionTests {
    /// A view that watched a career start a game, and the state `ticks` ticks after the start.
    func gameStarted(_ assets: FrontAssets, ticks: Int) throws -> (GameView, GameState) {
        var sim = try challengeCareer(shippedRules)
        let view = try GameView(assets: assets, rules: shippedRules, seed: 7)
        view.observe(sim.state, events: [])
        sim.step(TickInput(command: .start(.classic)))
        view.observe(sim.state, events: sim.events)
        for _ in 0..<ticks { sim.step(.idle); view.observe(sim.state, events: sim.events) }
        return (view, sim.state)
    }

    /// The frame drawn with and without motion.
    func both(_ view: GameView, _ state: GameState, fraction: Double = 1) -> (moving: Framebuffer, still: Framebuffer) {
        var moving = Framebuffer(width: GameView.width, height: GameView.height), still = moving
        view.motion = true
        view.render(state, fraction: fraction, into: &moving)
        view.motion = false
        view.render(state, fraction: fraction, into: &still)
        view.motion = true
        return (moving, still)
    }

    @Test func aGameStartingFadesItsHudInThenSettlesOnTheFrameWithoutMotion() throws {
        let assets = try defaultAssets
        let (early, earlyState) = try gameStarted(assets, ticks: 3)
        let mid = both(early, earlyState)
        #expect(difference(mid.moving, mid.still) > 500)
        // Only the content moves: the ocean under the compact HUD's strip and the playfield's
        // middle, where nothing is drawn over it, is the same.
        #expect(differing(mid.moving, mid.still, x: 0, y: GameView.height - 10, w: 640, h: 10) == 0)
        let (late, lateState) = try gameStarted(assets, ticks: Fixed.ticks(ms: assets.theme.enterMs) + 1)
        let settled = both(late, lateState)
        #expect(difference(settled.moving, settled.still) == 0)
        // Drawn twice, the same pixels.
        #expect(difference(both(early, earlyState).moving, mid.moving) == 0)
    }

    @Test func theDurationComesFromTheTheme() throws {
        var quick = try defaultAssets, slow = quick
        quick.theme.enterMs = 150
        slow.theme.enterMs = 300
        // 200 ms after the game started: the quick theme's screen has settled, the slow one's not.
        let ticks = Fixed.ticks(ms: 200)
        let (q, qs) = try gameStarted(quick, ticks: ticks), (s, ss) = try gameStarted(slow, ticks: ticks)
        let quickFrames = both(q, qs), slowFrames = both(s, ss)
        #expect(difference(quickFrames.moving, quickFrames.still) == 0)
        #expect(difference(slowFrames.moving, slowFrames.still) > 0)
        // The offset too: none in a theme without one, only the fade.
        #expect(EnterMotion(theme: quick.theme).offset(0) == quick.theme.enterOffsetPx)
        #expect(EnterMotion(theme: quick.theme).offset(256) == 0)
    }

    @Test func aCareerPageEntersAndSettlesOnTheFrameWithoutMotion() throws {
        var sim = try challengeCareer(shippedRules)
        let view = try careerView(motion: true)
        var menu = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
        #expect(menu.page == .menu)
        // The first page is already there.
        let first = Self.both(view, menu, sim.state)
        #expect(difference(first.moving, first.still) == 0)
        while menu.menuItems[menu.selection] != .week { _ = menu.handle(.down, state: sim.state) }
        _ = menu.handle(.confirm, state: sim.state)
        #expect(menu.page == .week && menu.pageSince == sim.state.tick)
        sim.step(.idle)
        let entering = Self.both(view, menu, sim.state, fraction: 0.5)
        #expect(difference(entering.moving, entering.still) > 500)
        for _ in 0..<Fixed.ticks(ms: try defaultAssets.theme.enterMs) { sim.step(.idle) }
        let settled = Self.both(view, menu, sim.state)
        #expect(difference(settled.moving, settled.still) == 0)
    }

    static func both(_ view: CareerView, _ flow: CareerFlow, _ state: GameState, fraction: Double = 1)
        -> (moving: Framebuffer, still: Framebuffer) {
        var moving = Framebuffer(width: GameView.width, height: GameView.height), still = moving
        view.game.motion = true
        view.observe(state, events: [])
        view.render(state, flow: flow, fraction: fraction, into: &moving)
        view.game.motion = false
        view.render(state, flow: flow, fraction: fraction, into: &still)
        view.game.motion = true
        return (moving, still)
    }

    @Test func motionTokensOutOfRangeAreRefusedNamingFileAndKey() throws {
        let text = try #require(readTextFile(repoRoot + "/assets/themes/default.toml"))
        for (line, key) in [("enter_ms = 220", "motion.enter_ms"), ("enter_offset_px = 6", "motion.enter_offset_px")] {
            #expect(text.contains(line))
            let broken = text.replacingOccurrences(of: line, with: line.split(separator: "=")[0] + "= 900")
            let path = freshFolder("motion") + "/broken.toml"
            try replaceFile(path, with: broken)
            var issues: [DataIssue] = []
            do { _ = try FrontAssetsLoader.load(theme: path) } catch { issues = error.issues }
            #expect(issues.contains { $0.key == key && $0.file == path && $0.line != nil }, "\(issues)")
        }
        // Every shipped theme has them, in range.
        for name in FrontAssetsLoader.shippedThemes {
            let t = try FrontAssetsLoader.load(theme: name).theme
            #expect((150...300).contains(t.enterMs) && (0...16).contains(t.enterOffsetPx), "\(name)")
        }
    }
}
