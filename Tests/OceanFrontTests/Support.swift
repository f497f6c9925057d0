import OceanBalance
import OceanAssets
import OceanFront
import OceanKernel
import OceanStore
import TestSupport

/// The shipped assets with a theme (nil: default), loaded as the game does.
func assets(_ theme: String? = nil) throws -> FrontAssets {
    try FrontAssetsLoader.load(theme: theme.map { repoRoot + "/assets/themes/\($0).toml" })
}

// Loaded once; a failure fails the tests that use them, not the run.
private let defaultAssetsLoad = Result { try assets() }
var defaultAssets: FrontAssets { get throws { try defaultAssetsLoad.get() } }

/// The shipped challenge table, and the shipped balance with it: the constants
/// `ocean play` runs with (daily and weekly challenges, milestones).
var shippedChallengeTable: ChallengeTable { get throws { try shippedChallenges } }
var challengeRules: Rules { get throws { try shippedRulesWithChallenges } }

/// A game in progress, reached by stepping the kernel with real inputs, then put in
/// `phase` (health set inside the phase's band).
func scene(_ phase: Phase, seed: UInt64 = 7, ticks: Int = 200) throws -> Simulation {
    let rules = try shippedRules
    var sim = Simulation(rules: rules, seed: seed)
    sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 2), minuteOfDay: 600)))
    sim.step(TickInput(command: .adopt(.cat)))
    sim.step(TickInput(command: .start(.classic)))
    for t in 0..<ticks { sim.step(TickInput(move: t % 90 < 45 ? .left : .right)) }
    sim.state.health = rules.phaseFloor[phase.rawValue] + 100
    sim.state.phase = phase
    return sim
}

/// Renders `state` once with a fresh view that has observed it (and `events`).
func render(_ state: GameState, events: [Event] = [], assets: FrontAssets? = nil,
            fraction: Double = 1, paused: Bool = false) throws -> Framebuffer {
    let assets = try assets ?? defaultAssets
    let view = try GameView(assets: assets, rules: shippedRules, seed: 7)
    view.observe(state, events: events)
    view.paused = paused
    var fb = Framebuffer(width: GameView.width, height: GameView.height)
    view.render(state, fraction: fraction, into: &fb)
    return fb
}

/// Mean of a channel (or luma) over a rectangle.
func mean(_ fb: Framebuffer, x: Int = 0, y: Int = 0, w: Int? = nil, h: Int? = nil,
          _ channel: (UInt32) -> Int) -> Double {
    let w = w ?? fb.width - x, h = h ?? fb.height - y
    var sum = 0
    for row in y..<(y + h) { for col in x..<(x + w) { sum += channel(fb.pixels[row * fb.width + col]) } }
    return Double(sum) / Double(w * h)
}

func blue(_ p: UInt32) -> Int { Int(p & 0xFF) }
func brightness(_ p: UInt32) -> Int { (Int(p >> 16 & 0xFF) * 299 + Int(p >> 8 & 0xFF) * 587 + Int(p & 0xFF) * 114) / 1000 }

/// Pixels that differ between two framebuffers inside a rectangle.
func differing(_ a: Framebuffer, _ b: Framebuffer, x: Int = 0, y: Int = 0, w: Int = 640, h: Int = 360) -> Int {
    var n = 0
    for row in y..<(y + h) { for col in x..<(x + w) where a.pixels[row * 640 + col] != b.pixels[row * 640 + col] { n += 1 } }
    return n
}
