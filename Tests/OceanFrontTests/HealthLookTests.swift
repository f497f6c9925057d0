@testable import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanStore
import OceanPlatform
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The look follows health continuously (issue 20, GAME_RULES §2): inside a phase the
/// sky, sea, haze and light move with health; a phase change keeps its moment.
@Suite struct HealthLookTests {
    /// A game in `phase` at `health` (1/10000), rendered by a fresh view.
    func frame(_ phase: Phase, health: Int, view: GameView? = nil) throws -> Framebuffer {
        var state = try scene(phase).state
        state.health = health
        let view = try view ?? GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        return fb
    }

    /// The sky under the HUD's strip, above the water.
    var sky: (y: Int, h: Int) { get throws { (60, GameView.height - (try defaultAssets.theme.seaDepthPx) - 60) } }

    @Test(arguments: [(Phase.polluted, 1500), (.stabilizing, 3000), (.recovering, 5000), (.flourishing, 6600), (.thriving, 9000)])
    func threePercentOfHealthInsideAPhaseShowsInTheSky(phase: Phase, health: Int) throws {
        let rules = try shippedRules
        #expect(rules.phase(forHealth: health) == phase && rules.phase(forHealth: health + 300) == phase)
        let a = try frame(phase, health: health), b = try frame(phase, health: health + 300)
        let (y, h) = try sky
        let changed = differing(a, b, y: y, h: h)
        // Nearly the whole sky moves (items, the sun and clouds aside).
        #expect(changed > 640 * h / 2, "\(phase): \(changed) of \(640 * h) sky pixels differ between \(health) and \(health + 300)")
        // The sea too.
        #expect(differing(a, b, y: GameView.height - 30, h: 20) > 0)
    }

    @Test func theLookIsTheSameForTheSameHealthWhateverWasDrawnBefore() throws {
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        let first = try frame(.polluted, health: 1600, view: view)
        _ = try frame(.polluted, health: 2200, view: view)
        _ = try frame(.recovering, health: 6000, view: view)
        let again = try frame(.polluted, health: 1600, view: view)
        let fresh = try frame(.polluted, health: 1600)
        #expect(difference(first, again) == 0 && difference(first, fresh) == 0)
    }

    @Test func aPhasesFloorIsItsOwnLookAndItLeansTowardTheNextAsHealthRises() throws {
        let rules = try shippedRules
        let blend = try defaultAssets.theme.healthBlendPercent
        #expect(blend > 0 && blend < 100)
        let most = UInt32(blend * 256 / 100)
        func look(_ p: Phase, _ h: Int) -> HealthLook { HealthLook(phase: p, health: h, rules: rules, blendPercent: blend) }
        let floor = rules.phaseFloor[Phase.recovering.rawValue], ceiling = rules.phaseFloor[Phase.flourishing.rawValue]
        #expect(look(.recovering, floor) == .pure(Phase.recovering.rawValue))
        #expect(look(.recovering, ceiling - 1).toward == Phase.flourishing.rawValue)
        #expect(look(.recovering, ceiling).amount == most)
        // The ends of the scale: Polluted's own at 0, Thriving's own at full health.
        #expect(look(.polluted, 0) == .pure(0) && look(.thriving, Rules.fullHealth) == .pure(Phase.thriving.rawValue))
        // More health never leans back: along each band the next phase's share only grows
        // (Thriving's share of Flourishing only shrinks).
        for phase in Phase.allCases {
            let top = phase == .thriving ? Rules.fullHealth : rules.phaseFloor[phase.rawValue + 1]
            var last: HealthLook?
            for h in stride(from: rules.phaseFloor[phase.rawValue], through: top, by: 25) {
                let now = look(phase, h)
                if let last { #expect(phase == .thriving ? now.amount <= last.amount : now.amount >= last.amount) }
                last = now
            }
        }
        // A phase change keeps its moment: the two sides of a bound are different looks
        // (the crossfade fades between them).
        for phase in Phase.allCases.dropLast() {
            let bound = rules.phaseFloor[phase.rawValue + 1], next = Phase(rawValue: phase.rawValue + 1)!
            let below = look(phase, bound), above = look(next, bound)
            #expect(below != above)
            // As a share of the next phase's colours: below the bound, `most`; above, more.
            let aboveShare = above.toward == phase.rawValue ? 256 - above.amount : 256
            #expect(below.amount == most && aboveShare > most)
        }
        // Hysteresis keeps a phase below its floor: counted as at its edge.
        #expect(look(.recovering, floor - 100) == look(.recovering, floor))
    }

    @Test func withNoBlendTheLookIsThePhasesOwn() throws {
        let rules = try shippedRules
        for h in stride(from: 0, through: Rules.fullHealth, by: 250) {
            let p = rules.phase(forHealth: h)
            #expect(HealthLook(phase: p, health: h, rules: rules, blendPercent: 0) == .pure(p.rawValue))
        }
    }

    @Test func thePhaseCrossfadeStartsFromTheOldLookAtTheHealthNow() throws {
        let rules = try shippedRules
        var state = try scene(.recovering).state
        state.items = []
        state.health = rules.phaseFloor[Phase.recovering.rawValue]
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        var before = state
        // The old phase at the health the change happens at (the kernel moves the phase on that tick).
        before.phase = .stabilizing
        view.observe(before, events: [])
        var shown = Framebuffer(width: 640, height: 360)
        view.render(before, fraction: 1, into: &shown)
        state.tick = before.tick + 1
        view.observe(state, events: [.phaseChanged(from: .stabilizing, to: .recovering)])
        var start = Framebuffer(width: 640, height: 360)
        view.render(state, fraction: 0, into: &start)
        // The fade's first frame is the ocean as it was a tick before (the sky under the
        // new phase's banner, and the sea).
        #expect(differing(shown, start, y: 100, h: 250) == 0)
    }
}

/// Two healths inside one phase as PNG (docs/screenshots/health-NN.png).
@Test(.enabled(if: getenv("OCEAN_FRONT_SHOTS") != nil, "writes the scenes as PNG: OCEAN_FRONT_SHOTS=DIR"))
func healthScreenshots() throws {
    let dir = try #require(getenv("OCEAN_FRONT_SHOTS").map { String(cString: $0) })
    // A new player's first session (Polluted, 15 → 20 %) and a mid-game Recovering ocean (47 → 62 %).
    for (phase, health) in [(Phase.polluted, 1500), (.polluted, 2000), (.recovering, 4700), (.recovering, 6200)] {
        var state = try scene(phase).state
        state.health = health
        let view = try GameView(assets: shippedAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        try PNGFile.write(fb, to: dir + "/health-\(health / 100).png")
    }
}
