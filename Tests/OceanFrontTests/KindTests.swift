@testable import OceanAssets
import OceanDrivers
@testable import OceanFront
import OceanKernel
import OceanStore
import OceanPlatform
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A classic game of the shipped balance played by the human bot (skill 50), in a
/// Recovering ocean, watched by a view: the moments the kinds that play differently
/// make (GAME_RULES §1), each found by its kernel event, so a rule change moves
/// them with the game. Each is the first clear of a toast (which covers the bin).
struct KindGame {
    enum Moment: String, CaseIterable {
        case seaLifePass = "sea-life-pass", seaLifeCaught = "sea-life-caught", net = "power-net"
        case tide = "power-tide", bounce = "bounce", falling = "power-falling"

        /// Ticks after the event its picture is drawn: the words up, the power under way
        /// (a power-up falling: before a net is caught).
        var after: Int {
            switch self {
            case .falling: -20
            case .seaLifePass: 6
            case .seaLifeCaught: 4
            case .net: 100
            case .tide: 90
            case .bounce: 3
            }
        }
    }

    /// The first seed whose game has every moment clear of toasts (searched, so a change
    /// to the balance or the bots finds another rather than losing a moment).
    static let seed: UInt64 = {
        for s in UInt64(1)...300 {
            if let g = try? KindGame(seed: s), Moment.allCases.allSatisfy({ g.ticks[$0] != nil }) { return s }
        }
        return 10
    }()
    let seed: UInt64
    let rules: Rules
    let start: Simulation
    let plan: GamePlanOf<HumanBot>
    /// The tick each moment is drawn at, and the x (fixed point) of its event.
    private(set) var ticks: [Moment: (tick: Int, x: Int)] = [:]

    init(seed: UInt64 = KindGame.seed) throws {
        self.seed = seed
        rules = try shippedRules
        var sim = Simulation(rules: rules, seed: seed)
        sim.state.health = (rules.phaseFloor[Phase.recovering.rawValue] + rules.phaseFloor[Phase.flourishing.rawValue]) / 2
        sim.state.phase = .recovering
        start = sim
        plan = GamePlanOf(bot: HumanBot(seed: seed, skill: 50), games: 1,
                        session: .beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 600))
        // The first of each moment drawn clear of toasts (which would cover the bin), and
        // a sea-life pass with another animal in the air if there is one.
        var plan = plan
        var busyUntil = 0
        var candidates: [(Moment, Int, Int)] = []
        var passWithCompany: (Int, Int)?
        while let input = plan.input(for: sim) {
            sim.step(input)
            let tick = sim.state.tick
            for event in sim.events {
                switch event {
                case .challengeCompleted, .challengeFailed, .milestoneReached, .healedAllToday:
                    busyUntil = tick + 300
                case .passed(let kind, let x) where rules.isSeaLife[kind.rawValue]:
                    candidates.append((.seaLifePass, tick, x))
                case .seaLifeCaught(_, let x): candidates.append((.seaLifeCaught, tick, x))
                case .powerUp(_, let power, _):
                    candidates.append((power == .net ? .net : .tide, tick, 0))
                    if power == .net && ticks[.falling] == nil && tick > busyUntil + 300 {
                        ticks[.falling] = (tick + KindGame.Moment.falling.after, 0)
                    }
                case .bounced(_, let x): candidates.append((.bounce, tick, x))
                default: break
                }
            }
            // A candidate's picture is due: keep it if nothing covers the playfield then.
            candidates.removeAll { moment, at, x in
                guard tick == at + moment.after else { return false }
                guard at > busyUntil && tick > busyUntil else { return true }
                if moment == .seaLifePass && passWithCompany == nil
                    && sim.state.items.contains(where: { rules.isSeaLife[$0.kind.rawValue] && $0.y < rules.rim }) {
                    passWithCompany = (tick, x)
                }
                if ticks[moment] == nil { ticks[moment] = (tick, x) }
                return true
            }
        }
        if let passWithCompany { ticks[.seaLifePass] = passWithCompany }
    }

    /// Plays the game again, handing each moment's state and frame (fraction 1, as
    /// `replay render` draws) to `body` in the order they come.
    func frames(assets: FrontAssets, _ body: (Moment, GameState, GameView, Framebuffer) throws -> Void) throws {
        var sim = start
        var plan = plan
        let view = GameView(assets: assets, rules: rules, seed: seed)
        view.motion = false
        view.observe(sim.state, events: [])
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        let due = ticks.sorted { $0.value.tick < $1.value.tick }
        var next = 0
        while next < due.count, let input = plan.input(for: sim) {
            sim.step(input)
            view.observe(sim.state, events: sim.events)
            while next < due.count && due[next].value.tick == sim.state.tick {
                view.render(sim.state, fraction: 1, into: &fb)
                try body(due[next].key, sim.state, view, fb)
                next += 1
            }
        }
    }
}

/// The kinds that play differently, as the player sees them: sea life drawn and
/// flipped, a caught one's words and flash, a pass's, a power-up's glow, a net's wider
/// bin, a slack tide's tint, a clang; and that the lists of kinds offer only trash.
@Suite struct KindTests {
    let game: KindGame
    let theme: Theme

    init() throws {
        game = try KindGame()
        theme = try defaultAssets.theme
    }

    @Test func everyMomentHappensInTheGame() {
        for moment in KindGame.Moment.allCases { #expect(game.ticks[moment] != nil, "\(moment) never happened") }
    }

    /// While a net is on, the bin is drawn as much wider as the net widens its mouth:
    /// the net's colour reaches out to `rules.netHalfWidth` either side of the bin, and
    /// a timer shows under the HUD strip; the bin's own width when none is on.
    @Test func aNetDrawsTheBinWider() throws {
        let assets = try defaultAssets
        let net = Colour.opaque(theme.powerNet), float = Colour.opaque(theme.powerGlow)
        var checked = false
        try game.frames(assets: assets) { moment, state, view, fb in
            guard moment == .net else { return }
            #expect(state.netTicksLeft > 0)
            let y = view.binTop
            let centre = view.layout.x(Double(state.bin.x))
            // The rope's extent on the rim's row, floats at its ends included.
            let row = (0..<fb.width).filter { fb.pixels[y * fb.width + $0] == net || fb.pixels[y * fb.width + $0] == float }
            let left = try #require(row.first), right = try #require(row.last)
            let half = view.art.bin.width * game.rules.netHalfWidth / (2 * game.rules.binHalfWidth)
            #expect(abs(centre - half - left) <= 1 && abs(centre + half - right) <= 1,
                    "net from \(left) to \(right), bin at \(centre), half \(half)")
            // Wider than the bin by the net's share (170 %: 0.7 of the bin's width more).
            let wider = right - left + 1 - view.art.bin.width
            let share = view.art.bin.width * (game.rules.netHalfWidth - game.rules.binHalfWidth) / game.rules.binHalfWidth
            #expect(abs(wider - share) <= 3, "the net adds \(wider) px, not \(share)")
            // Its timer: the net's colour in a bar under the strip, at the playfield's left.
            let strip = view.hud.strip(cellWidth: assets.font.cellWidth, cellHeight: assets.font.cellHeight)
            #expect(count(fb, net, x: Int(view.layout.originX), y: strip.height, w: 120, h: 30) > 10)
            checked = true
        }
        #expect(checked)
        // No net: no net's colour on the rim's row beyond the bin.
        var state = try scene(.recovering).state
        state.netTicksLeft = 0
        let fb = try render(state)
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        let centre = view.layout.x(Double(state.bin.x)), half = view.art.bin.width / 2
        #expect(count(fb, net, x: centre - 3 * half, y: view.binTop, w: 2 * half - 2, h: 1) == 0)
    }

    /// A sea-life item is drawn with its sprite where the kernel has it, facing its drift.
    @Test func seaLifeIsDrawnWithItsSpriteFacingItsDrift() throws {
        let rules = try shippedRules
        let fish = try #require(rules.kindKeys.firstIndex(of: "flying_fish"))
        let view = try GameView(assets: defaultAssets, rules: rules, seed: 7)
        var state = try scene(.recovering).state
        state.items = [Item(x: Fixed.px(120), y: Fixed.px(300), vx: Int32(Fixed.px(1)), vy: -Int32(Fixed.px(2)), ax: 0,
                            kind: ItemKind(rawValue: fish))]
        let right = try render(state)
        state.items[0].vx = -state.items[0].vx
        let left = try render(state)
        let sprite = view.art.items[fish]
        let x = view.layout.x(Double(state.items[0].x)) - sprite.width / 2
        let y = view.layout.y(Double(state.items[0].y)) - sprite.height / 2
        func matches(_ fb: Framebuffer, flipped: Bool) -> Bool {
            for sy in 0..<sprite.height {
                for sx in 0..<sprite.width {
                    let p = sprite.pixels[sy * sprite.width + (flipped ? sprite.width - 1 - sx : sx)]
                    if p != 0 && fb.pixels[(y + sy) * fb.width + x + sx] != p { return false }
                }
            }
            return true
        }
        #expect(matches(right, flipped: false) && !matches(right, flipped: true), "drifting right: as drawn")
        #expect(matches(left, flipped: true) && !matches(left, flipped: false), "drifting left: mirrored")
    }

    /// A caught sea-life item: "Let it go!" in the theme's red over the bin; one let
    /// pass: "Let it pass" in the good colour, a splash where it went back in.
    @Test func seaLifeCaughtAndPassedSaySo() throws {
        let hit = Colour.opaque(theme.seaLifeHit), good = Colour.opaque(theme.good)
        var seen = Set<KindGame.Moment>()
        try game.frames(assets: defaultAssets) { moment, _, view, fb in
            let x = view.layout.x(Double(game.ticks[moment]!.x))
            switch moment {
            case .seaLifeCaught:
                #expect(count(fb, hit, x: x - 60, y: view.binTop - 50, w: 120, h: 50) > 40, "no red words over the bin")
                seen.insert(moment)
            case .seaLifePass:
                #expect(count(fb, good, x: x - 60, y: view.layout.waterY - 40, w: 120, h: 40) > 20, "no green words over the pass")
                seen.insert(moment)
            default: break
            }
        }
        #expect(seen.count == 2)
    }

    /// A falling power-up glows (the glow's colour around it, pulsing), a slack tide
    /// tints the sky, a bounce sparks at the rim.
    @Test func powerUpsGlowTheTideTintsAndABounceSparks() throws {
        let rules = try shippedRules
        let net = try #require(rules.powerUp.firstIndex(of: .net))
        var state = try scene(.recovering).state
        state.items = [Item(x: Fixed.px(240), y: Fixed.px(200), vx: 0, vy: 0, ax: 0, kind: ItemKind(rawValue: net))]
        let glowing = try render(state)
        state.items = []
        let plain = try render(state)
        let view = try GameView(assets: defaultAssets, rules: rules, seed: 7)
        let (x, y) = (view.layout.x(Double(Fixed.px(240))), view.layout.y(Double(Fixed.px(200))))
        #expect(differing(glowing, plain, x: x - 14, y: y - 14, w: 28, h: 28) > 300, "no glow around the power-up")

        state.tideTicksLeft = rules.tideTicks / 2
        let tide = try render(state)
        let sky = mean(plain, x: 200, y: 120, w: 240, h: 60) { Int($0 & 0xFF) - Int($0 >> 16 & 0xFF) }
        let tinted = mean(tide, x: 200, y: 120, w: 240, h: 60) { Int($0 & 0xFF) - Int($0 >> 16 & 0xFF) }
        #expect(differing(tide, plain, x: 200, y: 120, w: 240, h: 60) > 240 * 60 / 2, "the tide left the sky as it was")
        #expect(tinted != sky)

        var sparked = false
        try game.frames(assets: defaultAssets) { moment, _, view, fb in
            guard moment == .bounce else { return }
            let x = view.layout.x(Double(game.ticks[.bounce]!.x))
            #expect(count(fb, Colour.opaque(theme.bounceSpark), x: x - 30, y: view.binTop - 20, w: 60, h: 30) > 8)
            sparked = true
        }
        #expect(sparked)
    }

    /// The scan picker and the career's kinds table offer trash only.
    @Test func listsOfKindsOfferOnlyTrash() throws {
        let rules = try shippedRules
        let flow = try flow(state: careerSim().state, view: careerView())
        #expect(flow.kinds.count == rules.isTrash.filter { $0 }.count)
        #expect(flow.kinds.allSatisfy { rules.isTrash[$0.rawValue] })
        #expect(rules.kinds.count > flow.kinds.count, "the shipped balance has sea life and power-ups")
    }
}

/// The kinds that play differently, as PNG for docs/screenshots (`scripts/screenshots.sh`):
/// a sea-life pass, a sea-life catch, a net, a slack tide, a bounce (`kind-NAME.png`),
/// from the human bot's game above. With `OCEAN_FRONT_SHOTS=DIR`.
@Test(.enabled(if: getenv("OCEAN_FRONT_SHOTS") != nil, "writes the scenes as PNG: OCEAN_FRONT_SHOTS=DIR"))
func kindScreenshots() throws {
    let dir = try #require(getenv("OCEAN_FRONT_SHOTS").map { String(cString: $0) })
    let game = try KindGame()
    try game.frames(assets: defaultAssets) { moment, _, _, fb in
        try PNGFile.write(fb, to: dir + "/kind-" + moment.rawValue + ".png")
    }
}

/// The slack tide's tint drawn the fast way (the rows above the waves, fish and debris
/// from a tinted copy of the backdrop, the band below tinted after them) gives the
/// pixels of tinting the whole sky after the ocean, at every phase (fish, debris, a
/// painted or a pure backdrop), through the tint's ramp in and at full strength, and
/// in the sea's own tint.
@Suite struct TideTintTests {
    @Test func theTintedCopyDrawsThePixelsOfTintingAfter() throws {
        let rules = try shippedRules
        let assets = try defaultAssets
        for phase in Phase.allCases {
            var state = try scene(phase).state
            for left in [rules.tideTicks, rules.tideTicks - 7, rules.tideTicks / 2, 3] {
                state.tideTicksLeft = left
                for tick in [state.tick, state.tick + 45] {
                    state.tick = tick
                    var frames: [[UInt32]] = []
                    for fuses in [true, false] {
                        let view = try GameView(assets: assets, rules: rules, seed: 7)
                        view.fusesTide = fuses
                        view.observe(state, events: [])
                        var fb = Framebuffer(width: GameView.width, height: GameView.height)
                        // Twice: the second frame reuses the tinted copy.
                        view.render(state, fraction: 0.25, into: &fb)
                        view.render(state, fraction: 0.5, into: &fb)
                        frames.append(fb.pixels)
                    }
                    let differing = zip(frames[0], frames[1]).filter { $0 != $1 }.count
                    #expect(differing == 0, "\(phase), \(left) ticks of tide left, tick \(tick): \(differing) pixels differ")
                }
            }
        }
    }
}

/// The sea-life hit flash drawn as two ramps of columns gives the pixels of its
/// sixteen bands blended one by one, through its fade, at every phase.
@Suite struct HitFlashTests {
    @Test func theRampsDrawThePixelsOfTheBands() throws {
        let rules = try shippedRules
        let assets = try defaultAssets
        let fish = try #require((0..<rules.kindCount).first { rules.isSeaLife[$0] })
        for phase in [Phase.allCases.first!, Phase.allCases.last!] {
            let state = try scene(phase).state
            for later in [0, 3, 11] {
                var frames: [[UInt32]] = []
                for ramps in [true, false] {
                    let view = try GameView(assets: assets, rules: rules, seed: 7)
                    view.rampsFlash = ramps
                    view.observe(state, events: [.seaLifeCaught(kind: ItemKind(rawValue: fish), x: rules.width / 2)])
                    var fb = Framebuffer(width: GameView.width, height: GameView.height)
                    var on = state
                    on.tick += later
                    view.render(on, fraction: 0.5, into: &fb)
                    frames.append(fb.pixels)
                }
                let differing = zip(frames[0], frames[1]).filter { $0 != $1 }.count
                #expect(differing == 0, "\(phase), \(later) ticks after the hit: \(differing) pixels differ")
                // The flash is there to compare: a frame without the hit differs.
                let view = try GameView(assets: assets, rules: rules, seed: 7)
                view.observe(state, events: [])
                var plain = Framebuffer(width: GameView.width, height: GameView.height)
                var on = state
                on.tick += later
                view.render(on, fraction: 0.5, into: &plain)
                let flashed = zip(frames[0], plain.pixels).filter { $0 != $1 }.count
                #expect(flashed > 10_000, "\(phase), \(later) ticks after the hit: the flash changed \(flashed) pixels")
            }
        }
    }
}
