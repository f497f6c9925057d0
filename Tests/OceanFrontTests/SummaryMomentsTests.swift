import Testing
import OceanAssets
import OceanFront
import OceanKernel
import TestSupport

/// A game's moments (a new level, the pet's stage, a phase, a new sea, a reward) get
/// their place on its summary, not only a corner box (issue 32, "Moments").
@Suite struct SummaryMomentsTests {
    /// The summary after a game whose last tick brought `events`, and a later tick's
    /// `later` events: the text drawn.
    private func summaryText(_ events: [Event], later: [Event] = [], scale: Int = 1) throws -> (text: [String], problems: [String]) {
        var assets = try defaultAssets
        assets.theme.fontScale = scale
        assets.theme.bigFontScale = max(assets.theme.bigFontScale, scale)
        let rules = try shippedRules
        var state = GameState(rules: rules, seed: 1)
        let sea = SeaState(health: 2_000, phase: .polluted, dayStart: 2_000, dayNet: 0, openedDay: 0, lastDay: 0)
        state.seas = [sea, sea]
        let view = try GameView(assets: assets, rules: rules, seed: 7)
        let log = TextBoxLog()
        view.textLog = log
        view.observe(state, events: [.gameStarted(game: 1)])
        state.tick += 1
        var sim = Simulation(rules: rules, seed: 1)
        sim.step(TickInput(command: .start(.classic)))
        var ended: GameSummary?
        for _ in 0..<200_000 where ended == nil {
            sim.step(TickInput())
            for case .gameOver(let s) in sim.events { ended = s }
        }
        let summary = try #require(ended)
        view.observe(state, events: events + [.gameOver(summary)])
        state.tick += 1
        view.observe(state, events: later)
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        return (log.boxes.map(\.text), log.problems(width: GameView.width, height: GameView.height))
    }

    @Test func theGamesMomentsAreOnItsSummary() throws {
        let shown = try summaryText([.levelUp(level: 8, title: .reefProtector), .phaseChanged(from: .polluted, to: .stabilizing),
                                     .petEvolved(to: .teen), .seaOpened(index: 1)],
                                    later: [.levelUp(level: 9, title: .reefProtector)])
        #expect(shown.text.contains("Level 8: Reef Protector!"), "\(shown.text)")
        #expect(shown.text.contains("The ocean is Stabilizing!"), "\(shown.text)")
        #expect(shown.text.contains { $0.hasPrefix("Your pet grew: Teen") }, "\(shown.text)")
        #expect(shown.text.contains("The Coral Reef opened!"), "\(shown.text)")
        #expect(!shown.text.contains("Level 9: Reef Protector!"), "a level from the menu after the game is not the game's")
        #expect(shown.problems.isEmpty, "\(shown.problems)")
    }

    @Test func aGameWithoutMomentsShowsNone() throws {
        let shown = try summaryText([])
        #expect(!shown.text.contains { ($0.hasPrefix("Level ") && $0.hasSuffix("!")) || $0.hasPrefix("The ocean is") }, "\(shown.text)")
    }

    /// Back after days away, a toast says what the absence cost (issue 32: "a while
    /// you were away line on return").
    @Test func aReturnAfterDaysAwaySaysWhatTheyCost() throws {
        let rules = try shippedRules
        var state = GameState(rules: rules, seed: 1)
        let view = try GameView(assets: defaultAssets, rules: rules, seed: 7)
        let log = TextBoxLog()
        view.textLog = log
        view.observe(state, events: [])
        state.tick += 1
        view.observe(state, events: [.sessionBegan(date: CalendarDate(year: 2026, month: 6, day: 7), daysSinceLast: 6),
                                     .healthChanged(from: 5_000, to: 4_000), .streakBroken(days: 4),
                                     .petMoodChanged(from: .happy, to: .missingYou)])
        for _ in 0..<30 { state.tick += 1; view.observe(state, events: []) }
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        let text = log.boxes.map(\.text).joined(separator: " ")
        #expect(text.contains("While you were away") && text.contains("5 days away: the ocean lost 10.0%; your pet")
                && text.contains("missed you.") && text.contains("Your 4-day streak ended"), "\(text)")
        // A next-day session is no absence.
        let quiet = try GameView(assets: defaultAssets, rules: rules, seed: 7)
        let quietLog = TextBoxLog()
        quiet.textLog = quietLog
        quiet.observe(state, events: [.sessionBegan(date: CalendarDate(year: 2026, month: 6, day: 8), daysSinceLast: 1)])
        var fb2 = Framebuffer(width: GameView.width, height: GameView.height)
        quiet.render(state, fraction: 1, into: &fb2)
        #expect(!quietLog.boxes.contains { $0.text.contains("While you were away") })
    }
}
