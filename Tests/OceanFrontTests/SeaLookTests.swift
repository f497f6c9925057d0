import Testing
import OceanAssets
import OceanBalance
import OceanFront
import OceanKernel
import OceanStore
import TestSupport

/// Each sea of the career is shown as its own (GAME_RULES §6, `assets/content/seas.toml`).
@Suite struct SeaLookTests {
    @Test func everyShippedSeaHasItsNameLineAndTint() throws {
        let looks = try defaultAssets.seas
        let rules = try shippedRules
        #expect(SeaLooksLoader.missing(looks, balanceSeas: rules.seaKeys).isEmpty)
        for key in rules.seaKeys {
            let look = looks.look(key)
            #expect(!look.name.isEmpty && !look.line.isEmpty && (1...SeaLooks.shortChars).contains(look.short.count), "\(key)")
        }
        #expect(looks.look("bay").tintPercent == 0, "the first sea is the theme's own")
        #expect(Set(rules.seaKeys.dropFirst().map { looks.look($0).tint }).count == rules.seaKeys.count - 1,
                "every later sea leans toward a colour of its own")
    }

    @Test func aBadSeasFileIsNamedWithWhatIsAllowed() {
        let text = """
            [sea.reef]
            name = "The Coral Reef of the Great Warm South Seas"
            line = "Warm"
            tint = "teal"
            tint_percent = 90
            colour = 3
            """
        do {
            _ = try SeaLooksLoader.parse(text, file: "seas.toml")
            Issue.record("accepted")
        } catch {
            let t = error.description
            #expect(t.contains("seas.toml:2") && t.contains("sea.reef.name: at most 20 characters"), "\(t)")
            #expect(t.contains("sea.reef.tint: 'teal' is not a colour written \"#RRGGBB\""), "\(t)")
            #expect(t.contains("sea.reef.tint_percent: must be a whole number from 0 to 40"), "\(t)")
            #expect(t.contains("sea.reef.colour: unknown key"), "\(t)")
        }
    }

    /// The same state drawn in the bay and in the reef: the reef's water leans toward
    /// its tint; the bay's is the theme's own.
    @Test func aSeaTintsItsWaterAndSky() throws {
        let rules = try shippedRules
        var state = GameState(rules: rules, seed: 3)
        state.health = 7_000
        state.phase = .flourishing
        let sea = SeaState(health: 7_000, phase: .flourishing, dayStart: 7_000, dayNet: 0, openedDay: 0, lastDay: 0)
        state.seas = [sea, sea]
        let bay = render(state)
        state.seaIndex = 1
        let reef = render(state)
        let assets = try defaultAssets
        let tint = assets.seas.look("reef").tint
        // A pixel deep in the water, away from the HUD, fish and coral.
        let (x, y) = (GameView.width / 2, GameView.height - 40)
        let (b, r) = (bay.pixels[y * GameView.width + x], reef.pixels[y * GameView.width + x])
        #expect(b != r)
        func distance(_ c: UInt32, _ rgb: Int) -> Int {
            let (cr, cg, cb) = (Int(c >> 16 & 0xFF), Int(c >> 8 & 0xFF), Int(c & 0xFF))
            return abs(cr - (rgb >> 16 & 0xFF)) + abs(cg - (rgb >> 8 & 0xFF)) + abs(cb - (rgb & 0xFF))
        }
        #expect(distance(r, tint) < distance(b, tint), "the reef's water is nearer its tint: \(b) \(r)")
        #expect(bay.pixels == render({ var s = state; s.seaIndex = 0; return s }()).pixels, "the same state, the same pixels")
    }

    /// With more than one sea the HUD names the one played beside its health.
    @Test func theHudNamesTheSeaBeingPlayed() throws {
        let rules = try shippedRules
        var state = GameState(rules: rules, seed: 3)
        func words(_ state: GameState) throws -> [String] {
            let view = try GameView(assets: defaultAssets, rules: rules, seed: 7)
            let log = TextBoxLog()
            view.textLog = log
            view.observe(state, events: [])
            var fb = Framebuffer(width: GameView.width, height: GameView.height)
            view.render(state, fraction: 1, into: &fb)
            return log.boxes.map(\.text)
        }
        #expect(try words(state).contains("Ocean "), "one sea: the ocean")
        let sea = SeaState(health: 3_000, phase: .stabilizing, dayStart: 3_000, dayNet: 0, openedDay: 0, lastDay: 0)
        state.seas = [sea, sea]
        state.seaIndex = 1
        let shown = try words(state)
        #expect(shown.contains("Reef ") && !shown.contains("Ocean "), "\(shown)")
    }

    private func render(_ state: GameState) -> Framebuffer {
        let view = try! GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        return fb
    }
}
