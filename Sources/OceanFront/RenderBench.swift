import OceanKernel

/// Times the renderer on a busy Thriving scene (40 items, fish, coral, popups,
/// splashes, the HUD and the pet), one core, so a change that slows drawing shows
/// up as a number rather than as a stutter on someone's laptop.
public enum RenderBench {
    /// Renders frames for about `seconds` and reports how many were drawn and how
    /// long it really took.
    public static func run(seconds: Double, assets: FrontAssets, rules: Rules) -> (frames: Int, seconds: Double) {
        let (state, events) = busyScene(rules: rules)
        let view = GameView(assets: assets, rules: rules, seed: 42)
        view.observe(state, events: [])
        view.observe(state, events: events)
        var framebuffer = Framebuffer(width: GameView.width, height: GameView.height)
        let clock = ContinuousClock()
        let start = clock.now
        let budget = Duration.milliseconds(Int64(max(0, seconds) * 1000))
        var frames = 0
        var elapsed = Duration.zero
        repeat {
            // A batch between clock reads, so reading the clock costs nothing measurable.
            for i in 0..<32 {
                view.render(state, fraction: Double(i) / 32, into: &framebuffer)
            }
            frames += 32
            elapsed = clock.now - start
        } while elapsed < budget
        let (s, atto) = elapsed.components
        return (frames, Double(s) + Double(atto) / 1e18)
    }

    /// A Thriving ocean mid-game: 40 items spread over the playfield, a long combo,
    /// an adopted pet, and a tick's worth of catches and misses for popups and splashes.
    public static func busyScene(rules: Rules) -> (GameState, [Event]) {
        var state = GameState(rules: rules, seed: 42)
        state.tick = 6_000
        state.mode = .playing
        state.round = 3
        state.health = Rules.fullHealth * 9 / 10
        state.phase = .thriving
        state.game.combo = 17
        state.game.bestCombo = 17
        state.game.score = 12_340
        state.game.catches = 40
        state.game.grams = 160
        state.career.gramsToday = 18
        state.career.level = 4
        state.career.streak = 6
        state.career.pet.adopted = true
        state.career.pet.form = .dragon
        state.career.pet.stage = .teen
        state.career.pet.mood = .excited
        let kinds = ItemKind.allCases
        for i in 0..<40 {
            let x = rules.width / 41 * (i + 1)
            let y = rules.waterLine / 44 * (i % 11 * 4 + 1)
            state.items.append(Item(x: x, y: y, vx: Int32(i % 5 - 2) << 12, vy: 3 << 16, ax: 0,
                                    kind: kinds[i % kinds.count]))
        }
        var events: [Event] = []
        for i in 0..<6 {
            let kind = kinds[i % kinds.count]
            events.append(.caught(kind: kind, grams: rules.grams[kind.rawValue], combo: 12 + i, points: 300))
        }
        events.append(.missed(kind: .plasticBag))
        return (state, events)
    }
}
