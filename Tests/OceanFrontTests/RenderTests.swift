import OceanBalance
@testable import OceanAssets
@testable import OceanFront
import OceanKernel
import Testing
import TestSupport

/// What the screen shows, read back from the pixels.
@Suite struct RenderTests {
    @Test func theOceanBrightensAndBluesPhaseByPhase() throws {
        var brightnessByPhase: [Double] = []
        var blueByPhase: [Double] = []
        for phase in Phase.allCases {
            let fb = try render(scene(phase).state)
            brightnessByPhase.append(mean(fb, brightness))
            blueByPhase.append(mean(fb, blue))
        }
        for i in 1..<brightnessByPhase.count {
            #expect(brightnessByPhase[i] > brightnessByPhase[i - 1], "brightness \(brightnessByPhase)")
            #expect(blueByPhase[i] > blueByPhase[i - 1], "blue \(blueByPhase)")
        }
    }

    @Test func theHighContrastThemeAlsoBrightensPhaseByPhase() throws {
        let hc = try assets("high-contrast")
        let means = try Phase.allCases.map { mean(try render(scene($0).state, assets: hc), brightness) }
        for i in 1..<means.count { #expect(means[i] > means[i - 1], "\(means)") }
    }

    @Test func fishSwimOnlyFromRecovering() throws {
        // The sea band's pixels with fish drawn against a theme with the fish count zeroed.
        var noFish = try defaultAssets
        noFish.theme.fishCount = [0, 0, 0, 0, 0]
        let seaTop = try GameView.height - defaultAssets.theme.seaDepthPx + 6
        for phase in Phase.allCases {
            let state = try scene(phase).state
            let changed = differing(try render(state), try render(state, assets: noFish), y: seaTop, h: GameView.height - seaTop)
            if phase < .recovering { #expect(changed == 0, "\(phase)") } else { #expect(changed > 20, "\(phase)") }
        }
    }

    @Test func hudTextIsDrawn() throws {
        let state = try scene(.recovering).state
        var blank = try defaultAssets
        blank.theme.text = blank.theme.panel
        blank.theme.accent = blank.theme.panel
        blank.theme.dim = blank.theme.panel
        blank.theme.textShadow = blank.theme.panel
        // The score area: the left panel's top lines.
        let t = try defaultAssets.theme
        let x = t.marginPx, y = t.marginPx
        #expect(try differing(render(state), render(state, assets: blank), x: x, y: y, w: 150, h: 40) > 50)
    }

    @Test func sameStateAndEventsRenderIdenticalBytes() throws {
        let (state, events) = try BenchScenes.busyScene(rules: shippedRules)
        let a = try render(state, events: events, fraction: 0.37)
        let b = try render(state, events: events, fraction: 0.37)
        let same = a.pixels == b.pixels
        #expect(same)
    }

    @Test func aChangedThemeValueReachesThePixels() throws {
        var state = try scene(.thriving).state
        // Full health: Thriving's own colours, none of Flourishing's mixed in (`HealthLook`).
        state.health = Rules.fullHealth
        var changed = try defaultAssets
        changed.theme.skyTop[Phase.thriving.rawValue] = 0xFF0000
        changed.theme.skyBottom[Phase.thriving.rawValue] = 0xFF0000
        // The sky under the HUD's strip, left of the sun.
        let red = { (p: UInt32) in Int(p >> 16 & 0xFF) }
        #expect(try mean(render(state, assets: changed), x: 0, y: 60, w: 200, h: 80, red) > 200)
        #expect(try mean(render(state), x: 0, y: 60, w: 200, h: 80, red) < 160)
    }

    @Test func popupsAndSplashesAppearOnTheirEvents() throws {
        let state = try scene(.recovering).state
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        var quiet = Framebuffer(width: 640, height: 360)
        view.render(state, fraction: 1, into: &quiet)
        #expect(view.popups.liveCount == 0 && view.splashes.liveCount == 0)
        view.observe(state, events: [.caught(kind: .cardboard, grams: 6, combo: 1, points: 10, multiplier: 1, x: shippedMiddleX),
                                     .missed(kind: .plasticBag, x: shippedMiddleX)])
        #expect(view.popups.liveCount == 1)
        #expect(view.splashes.liveCount == 1)
        var busy = Framebuffer(width: 640, height: 360)
        view.render(state, fraction: 1, into: &busy)
        #expect(differing(quiet, busy) > 20)
        // They fade out after their time.
        var later = state
        later.tick += 600
        view.observe(later, events: [])
        #expect(view.popups.liveCount == 0 && view.splashes.liveCount == 0)
    }

    @Test func itemsInterpolateAlongTheirVelocity() throws {
        // One item alone, moving; at fraction 0 it is drawn where it was a tick ago.
        var sim = try scene(.recovering)
        sim.state.items = [Item(x: Fixed.px(200), y: Fixed.px(200), vx: Int32(Fixed.px(3)), vy: Int32(Fixed.px(9)),
                                ax: 0, kind: .aluminiumCan)]
        let now = sim.state
        var before = now
        before.items[0].x -= Int(now.items[0].vx)
        before.items[0].y -= Int(now.items[0].vy)
        // Only the playfield above the water: waves, fish and the pet move with time.
        #expect(try differing(render(now, fraction: 0), render(before, fraction: 1), x: 200, w: 240, h: 250) == 0)
        #expect(try differing(render(now, fraction: 1), render(now, fraction: 0), x: 200, w: 240, h: 250) > 0)
    }

    @Test func theBinInterpolatesBetweenTicks() throws {
        var state = try scene(.recovering).state
        state.items = []
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        state.bin.x = Fixed.px(100)
        view.observe(state, events: [])
        state.bin.x = Fixed.px(300)
        view.observe(state, events: [])
        var at0 = Framebuffer(width: 640, height: 360), at1 = at0
        view.render(state, fraction: 0, into: &at0)
        view.render(state, fraction: 1, into: &at1)
        var leftState = state
        leftState.bin.x = Fixed.px(100)
        // The playfield above the water only: waves and the pet move with time.
        #expect(try differing(at0, render(leftState, fraction: 0), x: 200, w: 240, h: 300) == 0)
        #expect(try differing(at1, render(state), x: 200, w: 240, h: 300) == 0)
        #expect(differing(at0, at1, x: 200, w: 240, h: 300) > 0)
    }

    @Test func theSummaryShowsAfterAGameAndTheTitleBefore() throws {
        var sim = try scene(.stabilizing)
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        var fb = Framebuffer(width: 640, height: 360)
        var idle = try Simulation(rules: shippedRules, seed: 1)
        view.observe(idle.state, events: [])
        view.render(idle.state, fraction: 1, into: &fb)
        let title = fb
        while sim.state.mode != .idle { sim.step(.idle); view.observe(sim.state, events: sim.events) }
        #expect(view.summary != nil)
        view.render(sim.state, fraction: 1, into: &fb)
        #expect(differing(fb, title, x: 200, y: 20, w: 240, h: 200) > 100)
        idle.step(.idle)
    }

    @Test func pausedDrawsABanner() throws {
        let state = try scene(.flourishing).state
        #expect(try differing(render(state), render(state, paused: true)) > 200)
    }

    @Test func aPhaseChangeCrossfadesTheOcean() throws {
        var state = try scene(.stabilizing).state
        state.items = []
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        var before = Framebuffer(width: 640, height: 360)
        view.render(state, fraction: 1, into: &before)
        state.tick += 1
        state.phase = .recovering
        view.observe(state, events: [.phaseChanged(from: .stabilizing, to: .recovering)])
        var early = Framebuffer(width: 640, height: 360)
        var halfway = state
        halfway.tick += try defaultAssets.theme.crossfadeMs * 60 / 2000
        view.render(halfway, fraction: 0, into: &early)
        let settled = try render(state)  // a view that never saw the change: the new phase at once
        // A sky pixel between the panels and the playfield: part way between old and new.
        let at = 200 * 640 + 198
        let (old, mid, new) = (blue(before.pixels[at]), blue(early.pixels[at]), blue(settled.pixels[at]))
        #expect(mid != old && mid != new, "\(old) \(mid) \(new)")
        // After the theme's crossfade time, it is the new phase exactly.
        state.tick += try defaultAssets.theme.crossfadeMs * 60 / 1000 + 1
        view.observe(state, events: [])
        var done = Framebuffer(width: 640, height: 360)
        view.render(state, fraction: 1, into: &done)
        #expect(try done.pixels[at] == render(state).pixels[at])
    }

    @Test func aRoundBreakAnnouncesTheNextRound() throws {
        var state = try scene(.recovering).state
        state.items = []
        var rest = state
        rest.mode = .roundBreak
        #expect(try differing(render(state), render(rest), x: 200, y: 40, w: 240, h: 120) > 100)
    }
}
