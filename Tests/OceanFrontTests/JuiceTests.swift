@testable import OceanAssets
@testable import OceanFront
@testable import OceanKernel
import OceanPlatform
import OceanStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Whether `text` is drawn at (x, y) at `scale` in `colour`: every lit cell of its
/// glyphs is that colour, every unlit one is not (read from the pixels).
func shows(_ fb: Framebuffer, _ text: String, x: Int, y: Int, scale: Int, _ colour: UInt32,
           font: BitmapFont? = nil) throws -> Bool {
    let font = try font ?? defaultAssets.font
    for (i, character) in text.enumerated() {
        let gx = x + i * font.cellWidth * scale
        for row in 0..<font.glyphHeight {
            for col in 0..<font.glyphWidth {
                let px = gx + col * scale, py = y + row * scale
                guard px >= 0, py >= 0, px < fb.width, py < fb.height else { return false }
                if (fb.pixels[py * fb.width + px] == colour) != font.isLit(character, x: col, y: row) { return false }
            }
        }
    }
    return true
}

/// Pixels of exactly `colour` inside a rectangle.
func count(_ fb: Framebuffer, _ colour: UInt32, x: Int, y: Int, w: Int, h: Int) -> Int {
    var n = 0
    for row in max(0, y)..<min(fb.height, y + h) {
        for col in max(0, x)..<min(fb.width, x + w) where fb.pixels[row * fb.width + col] == colour { n += 1 }
    }
    return n
}

/// Catches that feel like wins, the countdown, the controls' hint and the round's name.
@Suite struct JuiceTests {
    let theme: Theme
    init() throws { theme = try defaultAssets.theme }

    /// A view that has watched `state` and then, `later` ticks on, `events`; then
    /// `after` more quiet ticks. Returns the view and the state at the end.
    func watched(_ events: [Event], after: Int = 0, state start: GameState? = nil) throws -> (GameView, GameState) {
        var state = try start ?? scene(.thriving).state
        state.items = []
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        state.tick += 1
        view.observe(state, events: events)
        for _ in 0..<after {
            state.tick += 1
            view.observe(state, events: [])
        }
        return (view, state)
    }

    func frame(_ view: GameView, _ state: GameState, fraction: Double = 0) -> Framebuffer {
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: fraction, into: &fb)
        return fb
    }

    /// The topmost row of the bin's body colour in its middle column, and how wide
    /// its body is on its bottom row.
    func binShape(_ fb: Framebuffer, view: GameView, state: GameState) -> (top: Int, width: Int) {
        let body = GameView.mainColour(view.art.bin)
        let cx = view.layout.x(Double(state.bin.x))
        let bottom = view.binTop + view.art.bin.height - 1
        var top = Int.max
        for row in (view.binTop - 10)...bottom where fb.pixels[row * 640 + cx] == body { top = min(top, row) }
        // The body's widest row near the foot.
        var widest = 0
        for row in (bottom - 4)...bottom {
            widest = max(widest, count(fb, body, x: cx - 60, y: row, w: 120, h: 1))
        }
        return (top, widest)
    }

    @Test func aCatchSquashesTheBinBurstsParticlesInTheItemsColourAndPopsUp() throws {
        // Three ticks on: near the squash's deepest (35 % of 280 ms is about 6 ticks).
        let (quiet, quietState) = try watched([], after: 3)
        // Caught where the bin is, as the kernel judges a catch.
        let catchEvent = Event.caught(kind: .plasticBottle, grams: 12, combo: 1, points: 10, multiplier: 1, x: quietState.bin.x)
        let (caught, state) = try watched([catchEvent], after: 3)
        #expect(caught.particles.liveCount == theme.particles)
        let still = frame(quiet, quietState), hit = frame(caught, state)

        // The squash: the bin's top is lower and its foot wider than at rest.
        let rest = binShape(still, view: quiet, state: quietState), squashed = binShape(hit, view: caught, state: state)
        #expect(squashed.top > rest.top, "bin top \(squashed.top) vs \(rest.top) at rest")
        #expect(squashed.width > rest.width, "bin foot \(squashed.width) px vs \(rest.width) at rest")

        // The particles: the bottle's colour, scattered above the bin.
        let colour = caught.kindColours[ItemKind.plasticBottle.rawValue]
        let cx = caught.layout.x(Double(state.bin.x))
        let above = (x: cx - 60, y: caught.binTop - 60, w: 120, h: 60)
        let fresh = count(hit, colour, x: above.x, y: above.y, w: above.w, h: above.h)
        let before = count(still, colour, x: above.x, y: above.y, w: above.w, h: above.h)
        #expect(fresh >= before + theme.particles, "\(fresh) particle pixels vs \(before) before")

        // The pop-up: "+12 g" in the popup colour over the bin.
        let popup = Colour.opaque(theme.popup)
        #expect(count(hit, popup, x: above.x, y: above.y, w: above.w, h: above.h) > 20)
        #expect(count(still, popup, x: above.x, y: above.y, w: above.w, h: above.h) == 0)

        // All gone once the squash is over: the bin is back to its shape.
        let (later, laterState) = try watched([catchEvent], after: 40)
        let back = binShape(frame(later, laterState), view: later, state: laterState)
        #expect(back.top == rest.top && back.width == rest.width)
    }

    @Test func aComboOfTenShowsItsCallOutAndNineDoesNot() throws {
        let (ten, state) = try watched([.caught(kind: .cardboard, grams: 0, combo: 10, points: 30, multiplier: 1, x: shippedMiddleX)], after: 10)
        let (nine, _) = try watched([.caught(kind: .cardboard, grams: 0, combo: 9, points: 30, multiplier: 1, x: shippedMiddleX)], after: 10)
        let fb = frame(ten, state), plain = frame(nine, state)
        let title = "COMBO 10!", s = theme.calloutScale
        let x = try (640 - defaultAssets.font.width(ofCharacters: title.count, scale: s)) / 2
        let y = ten.layout.waterY / 2
        #expect(try shows(fb, title, x: x, y: y, scale: s, Colour.opaque(theme.callout)))
        #expect(try !shows(plain, title, x: x, y: y, scale: s, Colour.opaque(theme.callout)))
        #expect(count(plain, Colour.opaque(theme.callout), x: 196, y: y, w: 248, h: 30) == 0)
        // Every step has its call-out; others none.
        for combo in [5, 10, 20, 40] { #expect(ComboCallout.words(for: combo) != nil) }
        for combo in [1, 4, 6, 11, 39, 41] { #expect(ComboCallout.words(for: combo) == nil) }
    }

    @Test func aLevelUpShowsItsBannerWithTheNewTitle() throws {
        // Past its first 8 % (where it pops in a size larger).
        let (view, state) = try watched([.levelUp(level: 4, title: .shoreGuardian)], after: 20)
        let fb = frame(view, state)
        let s = theme.bannerScale
        let title = "LEVEL UP!"
        let x = try (640 - defaultAssets.font.width(ofCharacters: title.count, scale: s)) / 2
        let y = view.layout.waterY / 6
        #expect(try shows(fb, title, x: x, y: y, scale: s, Colour.opaque(theme.banner)))
        let sub = "Level 4: Shore Guardian"
        let sx = try (640 - defaultAssets.font.width(ofCharacters: sub.count, scale: theme.fontScale)) / 2
        let sy = try y + defaultAssets.font.cellHeight * s + theme.lineGapPx
        #expect(try shows(fb, sub, x: sx, y: sy, scale: theme.fontScale, Colour.opaque(theme.text)))
        // Gone after its time.
        let (gone, goneState) = try watched([.levelUp(level: 4, title: .shoreGuardian)],
                                        after: Fixed.ticks(ms: theme.bannerMs) + 1)
        #expect(try !shows(frame(gone, goneState), title, x: x, y: y, scale: s, Colour.opaque(theme.banner)))
    }

    @Test func aRoundWithNoMissFlashesPerfectRound() throws {
        var state = try scene(.thriving).state
        state.items = []
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [.roundStarted(round: 2)])
        state.tick += 5
        view.observe(state, events: [.roundEnded(round: 2)])
        #expect(view.callout.title == "Perfect round!")
        let missed = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        missed.observe(state, events: [.roundStarted(round: 2)])
        state.game.misses += 1
        state.tick += 5
        missed.observe(state, events: [.roundEnded(round: 2)])
        #expect(!missed.callout.showing(tick: state.tick))
    }

    @Test func theRoundBreaksBannerAndTheHudNameTheSameRound() throws {
        let base = try scene(.thriving).state
        var breakState = base
        breakState.items = []
        breakState.mode = .roundBreak
        breakState.round = 1
        var next = breakState
        next.mode = .playing
        next.round = 2
        var current = next
        current.round = 1
        let fb = try render(breakState), two = try render(next), one = try render(current)
        // The banner reads ROUND 2 …
        let big = theme.bigFontScale
        let font = try defaultAssets.font
        // As the banner measures it: the label, then the number.
        let w = font.width(ofCharacters: "ROUND ".count, scale: big) + font.width(ofCharacters: 1, scale: big)
        let y = (GameView.height - theme.seaDepthPx) / 3
        #expect(try shows(fb, "ROUND 2", x: (640 - w) / 2, y: y, scale: big, Colour.opaque(theme.accent)))
        // … and the HUD's strip is the one of round 2, not of round 1.
        let strip = try Hud(theme: theme, layout: Layout(rules: shippedRules, theme: theme, width: 640, height: 360), rules: shippedRules)
            .strip(cellWidth: font.cellWidth, cellHeight: font.cellHeight)
        let panel = (x: 0, y: 0, w: GameView.width, h: strip.height)
        #expect(differing(fb, two, x: panel.x, y: panel.y, w: panel.w, h: panel.h) == 0)
        #expect(differing(fb, one, x: panel.x, y: panel.y, w: panel.w, h: panel.h) > 0)
        #expect(GameView.shownRound(breakState) == 2 && GameView.shownRound(next) == 2)
    }

    @Test func theCountdownShowsThreeTwoOneThenNothing() throws {
        let rules = try shippedRules
        #expect(rules.countdownTicks == 3 * Fixed.ticksPerSecond, "the shipped countdown is 3 s")
        var sim = Simulation(rules: rules, seed: 7)
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 2), minuteOfDay: 600)))
        let view = try GameView(assets: defaultAssets, rules: rules, seed: 7)
        view.observe(sim.state, events: [])
        sim.step(TickInput(command: .start(.classic)))
        view.observe(sim.state, events: sim.events)
        let s = theme.countdownScale
        let h = try defaultAssets.font.cellHeight * s
        var seen: [Int] = []
        // Mid-second of each of the three seconds, then once they are over.
        for target in [30, 90, 150, 190] {
            while sim.state.tick - 1 < target {
                sim.step(TickInput())
                view.observe(sim.state, events: sim.events)
            }
            let fb = frame(view, sim.state)
            let n = view.countdownSeconds(sim.state)
            if n > 0 {
                let w = try defaultAssets.font.width(ofCharacters: 1, scale: s)
                #expect(try shows(fb, "\(n)", x: (640 - w) / 2, y: (view.layout.waterY - h) / 2, scale: s,
                              Colour.opaque(theme.countdown)), "\(n) at tick \(sim.state.tick)")
            } else {
                #expect(count(fb, Colour.opaque(theme.countdown), x: 196, y: 0, w: 248, h: view.layout.waterY) < 60)
            }
            seen.append(n)
        }
        #expect(seen == [3, 2, 1, 0])
    }

    @Test func theControlsHintShowsUntilTheFirstCatch() throws {
        let hint = GameView.standardControlsHint, s = theme.fontScale
        let w = try defaultAssets.font.width(ofCharacters: hint.count, scale: s) + 2 * theme.lineGapPx
        var state = try scene(.thriving).state
        let layoutWater = GameView.height - theme.seaDepthPx
        let at = (x: (640 - w) / 2 + theme.lineGapPx, y: layoutWater + 2 * theme.lineGapPx)
        state.totals.catches = 0
        #expect(try shows(render(state), hint, x: at.x, y: at.y, scale: s, Colour.opaque(theme.hint)))
        state.totals.catches = 1
        #expect(try !shows(render(state), hint, x: at.x, y: at.y, scale: s, Colour.opaque(theme.hint)))
    }
}

/// The catches' juice, the countdown, the hint and a round break, as `JuiceTests` check them.
@Test(.enabled(if: getenv("OCEAN_FRONT_SHOTS") != nil, "writes the scenes as PNG: OCEAN_FRONT_SHOTS=DIR"))
func juiceScreenshots() throws {
    let dir = try #require(getenv("OCEAN_FRONT_SHOTS").map { String(cString: $0) })
    func save(_ name: String, _ fb: Framebuffer) {
        do { try PNGFile.write(fb, to: dir + "/" + name + ".png") } catch { Issue.record("\(name): \(error.description)") }
    }
    func shot(_ name: String, _ events: [Event], after: Int, edit: (inout GameState) -> Void = { _ in }) throws {
        var state = try scene(.recovering).state
        edit(&state)
        let view = try GameView(assets: shippedAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        state.tick += 1
        view.observe(state, events: events)
        for _ in 0..<after { state.tick += 1; view.observe(state, events: []) }
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 0.5, into: &fb)
        save(name, fb)
        guard name.hasPrefix("juice-catch") else { return }
        // Four times the 160×90 around the bin, to see the squash and the particles.
        var zoom = Framebuffer(width: GameView.width, height: GameView.height)
        let cx = view.layout.x(Double(state.bin.x)) - 80, cy = view.binTop - 60
        for y in 0..<360 {
            for x in 0..<640 {
                let sx = min(639, max(0, cx + x / 4)), sy = min(359, max(0, cy + y / 4))
                zoom.pixels[y * 640 + x] = fb.pixels[sy * 640 + sx]
            }
        }
        save(name + "-zoom", zoom)
    }
    try shot("juice-catch", [.caught(kind: .plasticBottle, grams: 12, combo: 3, points: 10, multiplier: 1, x: shippedMiddleX)], after: 3)
    try shot("juice-catch-later", [.caught(kind: .plasticBottle, grams: 12, combo: 3, points: 10, multiplier: 1, x: shippedMiddleX)], after: 12)
    try shot("juice-catch-rest", [], after: 3)
    try shot("juice-combo-10", [.caught(kind: .cardboard, grams: 0, combo: 10, points: 30, multiplier: 1, x: shippedMiddleX)], after: 8)
    try shot("juice-level-up", [.levelUp(level: 4, title: .shoreGuardian)], after: 8)
    try shot("juice-perfect-round", [.roundStarted(round: 2), .roundEnded(round: 2)], after: 8)
    try shot("juice-phase", [.phaseChanged(from: .stabilizing, to: .recovering)], after: 30)
    let summary = GameSummary(game: 1, catches: 58, misses: 2, bestCombo: 31, score: 4_210, grams: 612, perfect: false)
    try shot("juice-level-up-summary", [.roundEnded(round: 5), .gameOver(summary), .levelUp(level: 4, title: .shoreGuardian)],
         after: 20) { $0.mode = .idle; $0.round = 0; $0.items = [] }
    try shot("juice-round-break", [], after: 0) { $0.mode = .roundBreak; $0.round = 1; $0.items = [] }
    // A round ended with no miss: "Perfect round!" under the next round's name, clear of it.
    try shot("juice-round-break-perfect", [.roundStarted(round: 2), .roundEnded(round: 2)], after: 8) {
        $0.mode = .roundBreak; $0.round = 2; $0.items = []
    }
    // The countdown: a fresh game, 1.5 s in.
    var sim = try Simulation(rules: shippedRules, seed: 7)
    sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 2), minuteOfDay: 600)))
    let view = try GameView(assets: shippedAssets, rules: shippedRules, seed: 7)
    view.observe(sim.state, events: [])
    sim.step(TickInput(command: .start(.classic)))
    view.observe(sim.state, events: sim.events)
    for _ in 0..<90 { sim.step(TickInput()); view.observe(sim.state, events: sim.events) }
    var fb = Framebuffer(width: GameView.width, height: GameView.height)
    view.render(sim.state, fraction: 0.5, into: &fb)
    save("juice-countdown", fb)
}
