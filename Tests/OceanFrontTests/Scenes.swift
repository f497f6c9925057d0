import OceanAssets
import OceanFront
import OceanKernel
import TestSupport

/// A game played by the kernel itself, watched by a view: the states and events a
/// real window would see, so the tests and the screenshots draw genuine scenes.
struct Played {
    var sim: Simulation
    let view: GameView

    /// A session on a fixed date at 10:00, a dragon adopted, the ocean set to the
    /// middle of `phase`'s band, then a game started.
    init(phase: Phase, assets: FrontAssets? = nil, seed: UInt64 = 7, start: Bool = true) throws {
        let assets = try assets ?? shippedAssets
        sim = try Simulation(rules: shippedRules, seed: seed)
        view = try GameView(assets: assets, rules: shippedRules, seed: seed)
        let floor = try shippedRules.phaseFloor[phase.rawValue]
        let ceiling = try phase == .thriving ? Rules.fullHealth : shippedRules.phaseFloor[phase.rawValue + 1]
        sim.state.health = (floor + ceiling) / 2
        sim.state.phase = phase
        view.observe(sim.state, events: [])
        step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 600)))
        step(TickInput(command: .adopt(.dragon)))
        if start { step(TickInput(command: .start(.classic))) }
    }

    /// Puts the ocean back in the middle of `phase`'s band without a step (play moves
    /// health), so a screenshot shows the phase it is named after.
    mutating func settle(in phase: Phase) throws {
        let floor = try shippedRules.phaseFloor[phase.rawValue]
        let ceiling = try phase == .thriving ? Rules.fullHealth : shippedRules.phaseFloor[phase.rawValue + 1]
        sim.state.health = (floor + ceiling) / 2
        sim.state.phase = phase
    }

    /// One kernel step, observed; returns its events.
    @discardableResult
    mutating func step(_ input: TickInput = .idle) -> [Event] {
        sim.step(input)
        view.observe(sim.state, events: sim.events)
        return sim.events
    }

    /// Plays `ticks` ticks with a bin that chases the lowest item.
    mutating func play(ticks: Int) {
        for _ in 0..<ticks { step(TickInput(move: chase())) }
    }

    /// Plays until a game ends and the state is idle again (at most `limit` ticks).
    mutating func playToGameOver(limit: Int = 200_000) -> GameSummary? {
        for _ in 0..<limit {
            for event in step(TickInput(move: chase())) {
                if case .gameOver(let summary) = event { return summary }
            }
        }
        return nil
    }

    func chase() -> Move {
        guard let lowest = sim.state.items.max(by: { $0.y < $1.y }) else { return .none }
        let dx = lowest.x - sim.state.bin.x
        return abs(dx) < Fixed.px(6) ? .none : (dx < 0 ? .left : .right)
    }

    func render(fraction: Double = 1) -> Framebuffer {
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(sim.state, fraction: fraction, into: &fb)
        return fb
    }
}

/// Mean brightness (0–255) and mean blue of a region.
func means(_ fb: Framebuffer, y: Range<Int>? = nil) -> (luma: Double, blue: Double) {
    let rows = y ?? 0..<fb.height
    var luma = 0, blue = 0, n = 0
    for row in rows {
        for x in 0..<fb.width {
            let p = fb.pixels[row * fb.width + x]
            let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
            luma += (299 * r + 587 * g + 114 * b) / 1000
            blue += b
            n += 1
        }
    }
    return (Double(luma) / Double(n), Double(blue) / Double(n))
}

/// How many pixels of a region are exactly `rgb`.
func count(_ rgb: Int, in fb: Framebuffer, x: Range<Int>? = nil, y: Range<Int>? = nil) -> Int {
    let want = 0xFF00_0000 | UInt32(rgb)
    var n = 0
    for row in y ?? 0..<fb.height {
        for col in x ?? 0..<fb.width where fb.pixels[row * fb.width + col] == want { n += 1 }
    }
    return n
}

/// How many pixels differ between two frames.
func difference(_ a: Framebuffer, _ b: Framebuffer) -> Int {
    zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}
