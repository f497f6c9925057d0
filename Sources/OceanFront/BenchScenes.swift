import OceanAssets
import OceanKernel

/// The scenes the renderer is measured with (`ocean-bench`, `Sources/OceanBench`) and
/// shown by (screenshots, tests): a busy Thriving scene (40 items, fish, coral, popups,
/// the HUD with today's challenge, toasts and the pet) and the career's screens in
/// turn. What to draw lives here, beside the views; timing and counting do not.
public enum BenchScenes {
    /// A Thriving game in full swing, reached by stepping the kernel with real inputs
    /// (a session, a pet, a game), then filled up to `items` falling items, with a
    /// tick's worth of catches and misses to spawn popups and splashes, and the pet
    /// just evolved and excited (its reactions showing). With a balance that has sea
    /// life and power-ups (the shipped one): a net and a slack tide on, a sea-life catch
    /// and a pass, a clang off the rim and a power's call-out (`KindCues`).
    public static func busyScene(rules: Rules, seed: UInt64 = 1, items: Int = 40) -> (state: GameState, events: [Event]) {
        var sim = Simulation(rules: rules, seed: seed)
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 6, day: 1), minuteOfDay: 600)))
        sim.step(TickInput(command: .adopt(.dragon)))
        sim.step(TickInput(command: .start(.classic)))
        for t in 0..<240 { sim.step(TickInput(move: t % 120 < 60 ? .left : .right)) }
        var state = sim.state
        state.health = rules.phaseFloor[Phase.thriving.rawValue] + 500
        state.phase = .thriving
        state.career.pet.stage = .adult
        state.game.combo = 7
        var random = CosmeticRandom(seed: seed, salt: 3)
        let kinds = rules.kinds
        while state.items.count < items {
            let i = state.items.count
            state.items.append(Item(x: Fixed.px(10) + random.below(rules.width - Fixed.px(20)),
                                    y: random.below(rules.rim), vx: Int32(random.below(Fixed.one) - Fixed.one / 2),
                                    vy: Int32(Fixed.pxPerSecond(120 + random.below(200))), ax: 0,
                                    kind: kinds[i % kinds.count]))
        }
        var events: [Event] = []
        // Each catch and miss where an item of the scene is (the bin's x without one).
        func x(_ i: Int) -> Int { state.items.indices.contains(i) ? state.items[i].x : state.bin.x }
        for i in 0..<8 {
            events.append(.caught(kind: kinds[i % kinds.count], grams: 5 + i, combo: i + 1, points: 10, multiplier: 1,
                                  x: x(i)))
        }
        events.append(.missed(kind: kinds[4 % kinds.count], x: x(4)))
        events.append(.missed(kind: kinds[2 % kinds.count], x: x(2)))
        if let life = rules.isSeaLife.firstIndex(of: true) {
            events.append(.seaLifeCaught(kind: ItemKind(rawValue: life), x: x(5)))
            events.append(.passed(kind: ItemKind(rawValue: life), x: x(6)))
        }
        events.append(.bounced(kind: kinds[1 % kinds.count], x: x(7)))
        if let net = rules.powerUp.firstIndex(of: .net) {
            state.netTicksLeft = rules.netTicks / 2
            events.append(.powerUp(kind: ItemKind(rawValue: net), power: .net, ticks: rules.netTicks))
        }
        if rules.powerUp.contains(.tide) { state.tideTicksLeft = rules.tideTicks / 2 }
        // The pet's reactions run through every counted frame.
        state.career.pet.mood = .excited
        events.append(.petEvolved(to: .adult))
        events.append(.petMoodChanged(from: .focused, to: .excited))
        return (state, events)
    }

    /// Toasts in full view at `state`'s tick: a challenge completed, one missed and a
    /// milestone reached (with a challenge table; none without).
    static func showToasts(_ view: GameView, state: GameState, rules: Rules) {
        let born = state.tick - view.toasts.lifetime / 2
        var events: [Event] = []
        if state.career.daily.exists { events.append(.challengeCompleted(state.career.daily)) }
        if state.career.weekly.exists { events.append(.challengeFailed(state.career.weekly)) }
        if let first = rules.milestoneTemplates.first { events.append(.milestoneReached(template: first)) }
        for event in events {
            if let toast = Toast.from(event, rules: rules, texts: view.assets.challengeTexts, seas: view.assets.seas, columns: view.toastColumns,
                                      tick: born) {
                view.toasts.push(toast)
            }
        }
    }

    /// The busy scene observed by a view, and the framebuffer it is drawn into.
    public struct Busy {
        let state: GameState
        let view: GameView
        public private(set) var framebuffer = Framebuffer(width: GameView.width, height: GameView.height)

        public init(assets: FrontAssets, rules: Rules) {
            let (state, events) = BenchScenes.busyScene(rules: rules)
            self.state = state
            view = GameView(assets: assets, rules: rules, seed: 1)
            view.observe(state, events: events)
            BenchScenes.showToasts(view, state: state, rules: rules)
        }

        /// `frames` frames, stepping the interpolation fraction across the tick.
        public mutating func render(_ frames: Int) {
            for i in 0..<frames { view.render(state, fraction: Double(i % 50) / 50, into: &framebuffer) }
        }
    }

    /// The career's screens in turn: the menu (today's and this week's challenges
    /// beside it), a flashcard, the scan list, the week and lifetime charts (the
    /// lifetime's impact), the achievements and milestones, the pet page, an intro
    /// panel and a game's summary (its impact panel), with toasts on show, over the busy
    /// scene's career (a session, a pet, a game under way: every chart has bars).
    public struct Career {
        let state: GameState
        let view: CareerView
        let shells: [CareerFlow]
        public private(set) var framebuffer = Framebuffer(width: GameView.width, height: GameView.height)

        /// How many screens one round of `render` goes through.
        public var screens: Int { shells.count }

        public init(assets: FrontAssets, rules: Rules, content: CareerContent) {
            // The busy game played out to its end: its summary and impact panel, and an
            // idle career whose charts have bars.
            let busy = busyScene(rules: rules).state
            var sim = Simulation(rules: rules, state: busy)
            var ending: [Event] = []
            for _ in 0..<200_000 where sim.state.mode != .idle { sim.step(TickInput()); ending = sim.events }
            let state = sim.state
            let view = CareerView(game: GameView(assets: assets, rules: rules, seed: 1), content: content)
            view.observe(busy, events: [.gameStarted(game: 1)])
            view.observe(state, events: ending)
            showToasts(view.game, state: state, rules: rules)
            let menu = CareerFlow(player: CareerPlayer(name: "Ada", introSeen: true, outroSeen: true), state: state,
                             content: content, layout: view.layout, rules: rules)
            var shells = [CareerFlow(player: CareerPlayer(), state: state, content: content, layout: view.layout, rules: rules),
                          menu]
            for item in [CareerFlow.MenuItem.study, .scan, .week, .lifetime, .achievements, .pet] {
                var s = menu
                while s.menuItems[s.selection] != item { _ = s.handle(.down, state: state) }
                _ = s.handle(.confirm, state: state)
                shells.append(s)
                if item == .achievements {
                    _ = s.handle(.right, state: state)  // the milestones' page
                    shells.append(s)
                }
            }
            var ended = menu
            ended.observe(state, events: ending)
            shells.append(ended)
            (self.state, self.view, self.shells) = (state, view, shells)
        }

        /// `frames` frames, a screen each in turn, stepping the interpolation fraction.
        public mutating func render(_ frames: Int) {
            for i in 0..<frames {
                view.render(state, flow: shells[i % shells.count], fraction: Double(i % 50) / 50, into: &framebuffer)
            }
        }
    }
}
