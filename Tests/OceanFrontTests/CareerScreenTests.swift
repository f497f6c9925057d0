import Foundation
import OceanBalance
import OceanDrivers
import OceanAssets
import OceanFront
import OceanKernel
import OceanPlatform
import OceanStore
import Testing
import TestSupport

/// The shipped career words, read as the game reads them.
/// (Loaded once; a failure fails the tests that use it, not the run.)
private let careerContentLoad = Result {
    let story = repoRoot + "/assets/content/story.toml", cards = repoRoot + "/assets/content/flashcards.toml"
    return try CareerContentLoader.parse(story: String(contentsOfFile: story, encoding: .utf8), storyFile: story,
                                         cards: String(contentsOfFile: cards, encoding: .utf8), cardsFile: cards)
}
var careerContent: CareerContent { get throws { try careerContentLoad.get() } }

/// A career on 2026-03-09 at 10:00 with a pet, stepped through the kernel.
func careerSim(rules: Rules? = nil) throws -> Simulation {
    let rules = try rules ?? shippedRules
    var sim = Simulation(rules: rules, seed: 7)
    sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 9), minuteOfDay: 600)))
    return sim
}

/// A career's view whose pages are drawn settled (`motion` off: a page opened by a key
/// on the tick drawn would still be entering); `MotionTests` draws them moving.
func careerView(_ assets: FrontAssets? = nil, rules: Rules? = nil, motion: Bool = false) throws -> CareerView {
    let assets = try assets ?? defaultAssets
    let rules = try rules ?? shippedRules
    let game = try GameView(assets: assets, rules: rules, seed: 7)
    game.motion = motion
    return try CareerView(game: game, content: careerContent)
}

func flow(_ player: CareerPlayer = CareerPlayer(), state: GameState, view: CareerView, rules: Rules? = nil) throws -> CareerFlow {
    let rules = try rules ?? shippedRules
    return try CareerFlow(player: player, state: state, content: careerContent, layout: view.layout, rules: rules)
}

func draw(_ view: CareerView, _ flow: CareerFlow, _ state: GameState) -> Framebuffer {
    var fb = Framebuffer(width: GameView.width, height: GameView.height)
    view.observe(state, events: [])
    view.render(state, flow: flow, fraction: 1, into: &fb)
    return fb
}

@Suite struct CareerContentTests {
    @Test func theContentMatchesTheKernel() throws {
        // The shipped cards begin with the twelve every older replay and profile holds.
        #expect(try Array(careerContent.cards.map(\.key).prefix(12)) == Flashcards.firstTwelveKeys)
        for c in try careerContent.categories.indices { #expect(try careerContent.cards.contains { $0.category == c }) }
        #expect(try careerContent.kinds.count == shippedRules.kindCount)
        #expect(try careerContent.intro.count >= 3 && careerContent.outro.contains { $0.catches })
        // Every shown figure names its source.
        for panel in try careerContent.intro where (panel.figure + panel.text.joined()).contains(where: \.isNumber) {
            #expect(!panel.source.isEmpty, "\(panel.figure)")
        }
    }

    @Test func aBadContentFileNamesFileLineAndKey() throws {
        let story = try String(contentsOfFile: repoRoot + "/assets/content/story.toml", encoding: .utf8)
        let cards = try String(contentsOfFile: repoRoot + "/assets/content/flashcards.toml", encoding: .utf8)
        let uncited = story.replacingOccurrences(of: "source = [\"Jambeck", with: "unused = [\"Jambeck")
        let long = cards.replacingOccurrences(of: "title = \"Refill\"", with: "title = \"Refill, refill, refill, refill, refill\"")
        do {
            _ = try CareerContentLoader.parse(story: uncited, storyFile: "story.toml", cards: long, cardsFile: "cards.toml")
            Issue.record("accepted")
        } catch {
            let text = error.description
            #expect(text.contains("story.toml:") && text.contains("intro[3].source: a figure is shown"), "\(text)")
            #expect(text.contains("cards.toml:") && text.contains("card[5].title: at most 30 characters"), "\(text)")
        }
    }

    @Test func aCardsKeyIsItsOwnAndWellFormed() throws {
        let story = try String(contentsOfFile: repoRoot + "/assets/content/story.toml", encoding: .utf8)
        let cards = try String(contentsOfFile: repoRoot + "/assets/content/flashcards.toml", encoding: .utf8)
        let bad = cards.replacingOccurrences(of: "key = \"refill\"", with: "key = \"where_from\"")
            .replacingOccurrences(of: "key = \"tangled\"", with: "key = \"Tangled up\"")
            .replacingOccurrences(of: "key = \"packaging\"\n", with: "")
        do {
            _ = try CareerContentLoader.parse(story: story, storyFile: "story.toml", cards: bad, cardsFile: "cards.toml")
            Issue.record("accepted")
        } catch {
            let text = error.description
            #expect(text.contains("card[5].key: 'where_from' is card[1]'s key too; each card has its own"), "\(text)")
            #expect(text.contains("card[8].key: 'Tangled up' is not a card key"), "\(text)")
            #expect(text.contains("card[11].key:"), "\(text)")
        }
    }

    /// Every card asks a question (GAME_RULES §3): which bin, true or false, pick the
    /// number; the right answer among its answers, each card with its source.
    @Test func everyCardAsksAQuestionWithItsAnswerAndSource() throws {
        let cards = try careerContent.cards
        for card in cards {
            #expect(!card.question.isEmpty && CareerContent.answerCounts.contains(card.answers.count), "\(card.title)")
            #expect(card.answers.indices.contains(card.right) && !card.source.isEmpty, "\(card.title)")
        }
        #expect(Set(cards.map(\.ask)) == Set(QuizAsk.allCases), "every way of asking is used")
        #expect(Set(cards.map(\.right)).count >= 2, "the right answer is not always in the same place")
        // Two cards' questions, as the report quotes them.
        #expect(cards[1].ask == .trueFalse && cards[1].answers[cards[1].right] == "False")
        #expect(cards[8].ask == .number && cards[8].answers[cards[8].right] == "5 mm")
    }

    @Test func aBadQuestionIsNamedWithWhatIsAllowed() throws {
        let story = try String(contentsOfFile: repoRoot + "/assets/content/story.toml", encoding: .utf8)
        let cards = try String(contentsOfFile: repoRoot + "/assets/content/flashcards.toml", encoding: .utf8)
        let bad = cards.replacingOccurrences(of: "right = \"From land\"", with: "right = \"From space\"")
            .replacingOccurrences(of: "ask = \"which_bin\"", with: "ask = \"which_box\"")
            .replacingOccurrences(of: "answers = [\"A fish\",\n           \"A jellyfish\",\n           \"Seaweed\"]", with: "answers = [\"A jellyfish\"]")
        do {
            _ = try CareerContentLoader.parse(story: story, storyFile: "story.toml", cards: bad, cardsFile: "cards.toml")
            Issue.record("accepted")
        } catch {
            let text = error.description
            #expect(text.contains("card[1].right: 'From space' is not one of its answers: From ships, From land, From fishing boats"), "\(text)")
            #expect(text.contains("card[3].ask: 'which_box' is not one of: which_bin, true_false, number, choice"), "\(text)")
            #expect(text.contains("card[7].answers: at least 2 answers (it has 1)"), "\(text)")
        }
    }
}

@Suite struct ShellTests {
    @Test func aFirstLaunchGoesThroughIntroNameAndAdoption() throws {
        let sim = try careerSim()
        let view = try careerView()
        var s = try flow(state: sim.state, view: view)
        #expect(s.page == .intro(panel: 0))
        for _ in try careerContent.intro { _ = s.handle(.other, state: sim.state) }
        #expect(s.page == .name)
        _ = s.handle(.text("Ada"), state: sim.state)
        _ = s.handle(.space, state: sim.state)  // a space key is typed as text, not taken as Enter
        _ = s.handle(.text(" L"), state: sim.state)
        _ = s.handle(.backspace, state: sim.state)
        _ = s.handle(.text("B"), state: sim.state)
        var out = s.handle(.confirm, state: sim.state)
        #expect(s.typed == "Ada B" && s.player.name == "Ada B" && out.playerChanged && s.page == .adopt)
        _ = s.handle(.right, state: sim.state)
        out = s.handle(.confirm, state: sim.state)
        #expect(out.commands == [.adopt(.dog)] && out.playerChanged && s.player.introSeen)
        #expect(s.page == .menu && s.greeting == "Hello, Ada B!")
    }

    /// Every card, asking its question and then answered (wrongly, so the correction
    /// shows too), lays out with no text overlapping or leaving the screen, at
    /// `--scale` 1 and 2; the answered page names the right answer and the source.
    @Test(arguments: [1, 2, 3]) func everyCardAsksAndAnswersOnScreen(scale: Int) throws {
        var assets = try defaultAssets
        assets.theme.fontScale = scale
        assets.theme.bigFontScale = max(assets.theme.bigFontScale, scale)
        var sim = try careerSim()
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 6, day: 1), minuteOfDay: 600)))
        let view = try careerView(assets)
        let log = TextBoxLog()
        view.game.textLog = log
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
        while s.menuItems[s.selection] != .study { _ = s.handle(.down, state: sim.state) }
        _ = s.handle(.confirm, state: sim.state)
        let cards = try careerContent.cards
        for (n, card) in cards.enumerated() {
            #expect(s.card == n && s.asks(n, sim.state))
            log.clear()
            _ = draw(view, s, sim.state)
            let asked = log.boxes.map(\.text)
            #expect(card.question.allSatisfy(asked.contains) && card.answers.allSatisfy(asked.contains), "\(card.title): \(asked)")
            #expect(log.problems(width: GameView.width, height: GameView.height).isEmpty,
                    "scale \(scale), \(card.title) asking: \(log.problems(width: GameView.width, height: GameView.height))")
            let wrong = (card.right + 1) % card.answers.count
            for _ in 0..<wrong { _ = s.handle(.down, state: sim.state) }
            let out = s.handle(.confirm, state: sim.state)
            #expect(out.commands == [.answer(card: n, right: false)])
            for c in out.commands { sim.step(TickInput(command: c)) }
            #expect(!s.asks(n, sim.state), "answered today")
            log.clear()
            _ = draw(view, s, sim.state)
            let shown = log.boxes.map(\.text).joined(separator: " ")
            #expect(shown.contains(card.answers[card.right]) && shown.contains(card.fact[0]) && shown.contains("Again tomorrow"),
                    "\(card.title): \(shown)")
            #expect(shown.contains(String(card.source[0].prefix(12))), "the source shows: \(shown)")
            #expect(log.problems(width: GameView.width, height: GameView.height).isEmpty,
                    "scale \(scale), \(card.title) answered: \(log.problems(width: GameView.width, height: GameView.height))")
            _ = s.handle(.right, state: sim.state)
        }
    }

    /// GAME_RULES §3: only plastic counts toward the day's goal, and a scan says so: a
    /// scan of glass names its grams as glass, and the whole sentence is on the page
    /// (wrapped in the middle column, at `--scale` 1 and 2).
    @Test(arguments: [1, 2]) func aScanSaysWhatItAddsTo(scale: Int) throws {
        var assets = try defaultAssets
        assets.theme.fontScale = scale
        assets.theme.bigFontScale = max(assets.theme.bigFontScale, scale)
        let sim = try careerSim()
        let view = try careerView(assets)
        let log = TextBoxLog()
        view.game.textLog = log
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
        while s.menuItems[s.selection] != .scan { _ = s.handle(.down, state: sim.state) }
        _ = s.handle(.confirm, state: sim.state)
        let expected: [(ItemKind, String)] = [
            (.glassBottle, "Logged: Glass bottle, +195 g of glass (your glass total; plastic counts toward today's goal)"),
            (.cardboard, "Logged: Cardboard, +100 g of cardboard (your cardboard total; plastic counts toward today's goal)"),
            (.plasticBottle, "Logged: Plastic bottle, +\(try shippedRules.scanMass(.plasticBottle)) g of plastic toward today's goal"),
        ]
        for (kind, words) in expected {
            let i = try #require(s.kinds.firstIndex(of: kind))
            while s.selection != i { _ = s.handle(.down, state: sim.state) }
            #expect(s.handle(.confirm, state: sim.state).commands == [.scan(kind)])
            #expect(s.notice == words)
            log.clear()
            _ = draw(view, s, sim.state)
            // The notice's lines, read back from what was drawn, are the whole sentence.
            let lines = log.boxes.filter { box in words.contains(box.text) && box.text.count > 3 && !s.kinds.map(s.name).contains(box.text) }
            #expect(lines.map(\.text).joined(separator: " ") == words, "scale \(scale): \(lines.map(\.text))")
            #expect(log.problems(width: GameView.width, height: GameView.height).isEmpty,
                    "scale \(scale): \(log.problems(width: GameView.width, height: GameView.height))")
        }
    }

    @Test func aReturningPlayerStartsAtTheMenuAndItsActionsAreCommands() throws {
        var sim = try careerSim()
        let view = try careerView()
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
        #expect(s.page == .menu)
        func pick(_ item: CareerFlow.MenuItem) -> CareerFlowOutput {
            var out = CareerFlowOutput()
            while s.menuItems[s.selection] != item { out = s.handle(.down, state: sim.state) }
            return s.handle(.confirm, state: sim.state)
        }
        _ = pick(.study)
        #expect(s.page == .card && s.asks(0, sim.state))
        // The first card asks where the sea's plastic comes from; its second answer is right.
        _ = s.handle(.down, state: sim.state)
        #expect(s.handle(.confirm, state: sim.state).commands == [.answer(card: 0, right: true)])
        #expect(s.notice == "Right!" && s.noticeGood)
        _ = s.handle(.right, state: sim.state)
        #expect(s.handle(.confirm, state: sim.state).commands == [.answer(card: 1, right: false)], "'True' is wrong: plastic lasts")
        #expect(s.notice == "Not quite: it asks again tomorrow" && !s.noticeGood)
        _ = s.handle(.back, state: sim.state)
        _ = pick(.scan)
        _ = s.handle(.down, state: sim.state)
        #expect(s.handle(.confirm, state: sim.state).commands == [.scan(.aluminiumCan)])
        #expect(s.notice == "Logged: Aluminium can, +13 g of aluminium (your aluminium total; plastic counts toward today's goal)",
                "a can: its own mass, of aluminium, and why the goal does not move")
        _ = s.handle(.back, state: sim.state)
        // A click on an entry chooses it.
        let box = view.layout.item(CareerFlow.MenuItem.week.rawValue)
        _ = s.handle(.click(x: box.x + box.w / 2, y: box.y + box.h / 2), state: sim.state)
        #expect(s.page == .week)
        _ = s.handle(.back, state: sim.state)
        #expect(pick(.play).commands == [.start(.classic)])
        // The game runs on the kernel; its end brings the summary, then the outro once.
        sim.step(TickInput(command: .start(.classic)))
        s.observe(sim.state, events: sim.events)
        #expect(s.page == .game)
        #expect(s.handle(.confirm, state: sim.state).commands.isEmpty, "keys in a game are the game's")
        while sim.state.mode != .idle { sim.step(TickInput(move: .none)) ; s.observe(sim.state, events: sim.events) }
        #expect(s.page == .summary)
        _ = s.handle(.confirm, state: sim.state)
        #expect(s.page == .outro(panel: 0))
        #expect(s.outro[0].figure.hasSuffix(" g of plastic") && !s.outro[0].figure.contains("{"))
        var changed = false
        while s.page != .menu { changed = s.handle(.other, state: sim.state).playerChanged || changed }
        #expect(changed && s.player.outroSeen)
        #expect(pick(.quit).quit)
    }
}

@Suite struct CareerRenderTests {
    /// The week's bars, found in a rendered frame along the row above the baseline, are
    /// as tall as their day's grams against the goal line's height.
    @Test func theWeekChartsBarsMeasureTheDaysGrams() throws {
        var sim = try careerSim()
        let today = sim.state.career.today
        let goal = try shippedRules.career.dailyGoalGrams
        let grams = [0, 216, 450, 720, 90, 1_080, 540]  // six days ago … today
        for (i, g) in grams.enumerated() {
            let day = today - 6 + i, slot = ((day % 7) + 7) % 7
            sim.state.career.weekDays[slot] = day
            sim.state.career.weekGrams[slot] = g
        }
        let view = try careerView()
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
        let week = s.menuItems.firstIndex(of: .week)!
        _ = s.handle(.click(x: view.layout.item(week).x + 20, y: view.layout.item(week).y + 5), state: sim.state)
        #expect(s.page == .week)
        let fb = draw(view, s, sim.state)
        let t = try defaultAssets.theme
        let bottom = t.chartTopPx + t.chartHeightPx
        let (bars, goalHeight) = try measureWeekChart(fb)
        #expect(bars.count == grams.filter { $0 > 0 }.count, "\(bars)")
        #expect(goalHeight > 20)
        for ((mid, height), g) in zip(bars, grams.filter { $0 > 0 }) {
            let expected = try Double(g * goalHeight) / Double(shippedRules.career.dailyGoalGrams)
            #expect(abs(Double(height) - expected) <= 2, "\(g) g: \(height) px, expected \(expected)")
            // A day that met the goal is drawn in the goal-met colour.
            #expect(fb.pixels[(bottom - 1) * fb.width + mid] == UInt32(0xFF00_0000) | UInt32(g >= goal ? t.chartBarMet : t.chartBar))
        }
    }

    /// The whole way: a card studied, a scan logged and a game played from the menu,
    /// each command through the kernel (a greedy bot at the bin), then today's bar in
    /// the week chart measures what the day diverted, and the career holds each action.
    @Test func menuActionsAndAGameShowInTheCareerAndTheWeekChart() throws {
        var sim = try careerSim()
        let view = try careerView()
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
        func run(_ commands: [Command]) {
            for c in commands { sim.step(TickInput(command: c)); s.observe(sim.state, events: sim.events) }
        }
        func pick(_ item: CareerFlow.MenuItem) throws -> [Command] {
            for _ in 0..<20 where s.menuItems[s.selection] != item { _ = s.handle(.down, state: sim.state) }
            return s.handle(.confirm, state: sim.state).commands
        }
        run(try pick(.study))
        _ = s.handle(.down, state: sim.state)
        run(s.handle(.confirm, state: sim.state).commands)  // answer the first card, rightly
        _ = s.handle(.back, state: sim.state)
        run(try pick(.scan))
        run(s.handle(.confirm, state: sim.state).commands)  // log the first kind
        _ = s.handle(.back, state: sim.state)
        #expect(sim.state.career.cardDays[0] == 1 && sim.state.totals.scans == 1)
        run(try pick(.play))
        #expect(s.page == .game && sim.state.mode != .idle)
        var bot = BotKind.greedy.make(seed: 1, skill: 70)
        for _ in 0..<100_000 where sim.state.mode != .idle {
            try sim.step(TickInput(move: bot.move(sim.state, rules: shippedRules)))
            s.observe(sim.state, events: sim.events)
        }
        #expect(sim.state.totals.games == 1)
        // The summary, then the outro's panels (first game), back to the menu.
        for _ in 0..<20 where s.page != .menu { _ = s.handle(s.page == .summary ? .confirm : .other, state: sim.state) }
        #expect(s.page == .menu)

        let today = sim.state.career.gramsToday
        #expect(today == sim.state.totals.grams && today > 0, "the scan and the game, all today")
        let week = s.menuItems.firstIndex(of: .week)!
        _ = s.handle(.click(x: view.layout.item(week).x + 20, y: view.layout.item(week).y + 5), state: sim.state)
        #expect(s.page == .week)
        let (bars, goalHeight) = try measureWeekChart(draw(view, s, sim.state))
        let height = try? #require(bars.last).height
        let expected = try Double(today * goalHeight) / Double(shippedRules.career.dailyGoalGrams)
        #expect(bars.count == 1 && abs(Double(height ?? 0) - expected) <= 2, "\(today) g: \(bars), expected \(expected)")
    }

    @Test func theMenuDrawsInBothThemes() throws {
        var sim = try careerSim()
        sim.step(TickInput(command: .scan(.plasticBottle)))
        for theme in ["default", "high-contrast"] {
            let view = try careerView(try assets(theme))
            let s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view)
            let fb = draw(view, s, sim.state)
            #expect(fb.pixels.contains { $0 != fb.pixels[0] })
        }
    }
}

/// With `OCEAN_CAREER_SHOTS=DIR` (`scripts/career-screenshots.sh`, part of `make
/// screenshots`), writes each career screen as `DIR/NAME.png` through the one picture
/// writer (SDL_image), scaled by `OCEAN_CAREER_SHOTS_SCALE` (default 2); skipped
/// without it. The career plays with the shipped challenge table, as `ocean play`
/// does. With `OCEAN_CAREER_SHOTS_THEME=high-contrast`, the same screens in that
/// theme, each name ending in `-high-contrast`. With `OCEAN_CAREER_SHOTS_TEXT_SCALE=2`,
/// the text as `ocean play --scale 2` draws it.
@Test(.enabled(if: ProcessInfo.processInfo.environment["OCEAN_CAREER_SHOTS"] != nil,
               "writes docs/screenshots/career-*.png: OCEAN_CAREER_SHOTS=DIR"))
func careerScreenshots() throws {
    let dir = try #require(ProcessInfo.processInfo.environment["OCEAN_CAREER_SHOTS"])
    let themeName = ProcessInfo.processInfo.environment["OCEAN_CAREER_SHOTS_THEME"]
    let scale = ProcessInfo.processInfo.environment["OCEAN_CAREER_SHOTS_SCALE"].flatMap { Int($0) } ?? 2
    let suffix = themeName.map { "-" + $0 } ?? ""
    func save(_ name: String, _ fb: Framebuffer) {
        #expect(fb.pixels.contains { $0 != fb.pixels[0] }, "\(name) is blank")
        do { try PNGFile.write(fb, scale: scale, to: dir + "/" + name + suffix + ".png") } catch {
            Issue.record("\(name): \(error.description)")
        }
    }
    let rules = try challengeRules
    var look = try assets(themeName)
    if let text = ProcessInfo.processInfo.environment["OCEAN_CAREER_SHOTS_TEXT_SCALE"].flatMap({ Int($0) }) {
        look.theme.fontScale = text
        look.theme.bigFontScale = max(look.theme.bigFontScale, text)
    }
    // A new player's first launch.
    var sim = Simulation(rules: rules, seed: 7)
    sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 9), minuteOfDay: 600)))
    let view = try careerView(look, rules: rules)
    var s = try flow(state: sim.state, view: view, rules: rules)
    save("career-intro-1", draw(view, s, sim.state))
    _ = s.handle(.other, state: sim.state); _ = s.handle(.other, state: sim.state)
    save("career-intro-3", draw(view, s, sim.state))
    while s.page != .name { _ = s.handle(.other, state: sim.state) }
    _ = s.handle(.text("Ada"), state: sim.state)
    save("career-name", draw(view, s, sim.state))
    _ = s.handle(.confirm, state: sim.state)
    _ = s.handle(.right, state: sim.state); _ = s.handle(.right, state: sim.state)
    save("career-adopt", draw(view, s, sim.state))
    for c in s.handle(.confirm, state: sim.state).commands { sim.step(TickInput(command: c)) }
    // Some days of play: a career the charts have something to show.
    var plan = CareerPlan.Options()
    plan.days = 40
    plan.start = CalendarDate(year: 2026, month: 3, day: 10)
    plan.adopt = false
    var career = Simulation(rules: rules, seed: 3)
    career.state = runCareer(rules: rules, state: sim.state,
                             plan: CareerPlanOf(options: plan, bots: [HumanBot(seed: 3, skill: 50)], seed: 3)) { (_: GameState) throws(Never) in }
    career.step(TickInput(command: .answer(card: 2, right: true)))
    career.step(TickInput(command: .scan(.plasticBottle)))
    var m = try flow(CareerPlayer(name: "Ada", introSeen: true, outroSeen: true), state: career.state, view: view, rules: rules)
    save("career-menu", draw(view, m, career.state))
    func open(_ item: CareerFlow.MenuItem) throws {
        m = try flow(CareerPlayer(name: "Ada", introSeen: true, outroSeen: true), state: career.state, view: view, rules: rules)
        while m.menuItems[m.selection] != item { _ = m.handle(.down, state: career.state) }
        _ = m.handle(.confirm, state: career.state)
    }
    try open(.study); while m.card != 2 { _ = m.handle(.right, state: career.state) }
    save("career-flashcard", draw(view, m, career.state))
    // A card that asks today, with its second answer picked.
    try open(.study)
    if m.asks(m.card, career.state) {
        _ = m.handle(.down, state: career.state)
        save("career-quiz", draw(view, m, career.state))
    }
    try open(.scan); _ = m.handle(.confirm, state: career.state)
    save("career-scan", draw(view, m, career.state))
    // A scan of glass: what it adds to, and why the day's goal stays.
    while m.kinds[m.selection] != .glassBottle { _ = m.handle(.down, state: career.state) }
    _ = m.handle(.confirm, state: career.state)
    save("career-scan-glass", draw(view, m, career.state))
    try open(.week); save("career-week", draw(view, m, career.state))
    try open(.lifetime); save("career-lifetime", draw(view, m, career.state))
    try open(.achievements); save("career-achievements", draw(view, m, career.state))
    _ = m.handle(.right, state: career.state); save("career-milestones", draw(view, m, career.state))
    try open(.pet); save("career-pet-page", draw(view, m, career.state))
    try open(.story)
    while case .intro = m.page { _ = m.handle(.other, state: career.state) }
    _ = m.handle(.other, state: career.state)
    save("career-outro", draw(view, m, career.state))

    // The next day: yesterday's challenges end (missed ones toast), today's are drawn;
    // a game from the menu, its toasts as challenges complete, and its summary.
    let next = CalendarDate(year: 2026, month: 4, day: 19)
    m = try flow(CareerPlayer(name: "Ada", introSeen: true, outroSeen: true), state: career.state, view: view, rules: rules)
    var frame = Framebuffer(width: GameView.width, height: GameView.height)
    func step(_ input: TickInput) {
        career.step(input)
        view.observe(career.state, events: career.events)
        m.observe(career.state, events: career.events)
    }
    step(TickInput(command: .beginSession(next, minuteOfDay: 9 * 60)))
    for _ in 0..<60 { step(TickInput()) }
    view.render(career.state, flow: m, fraction: 1, into: &frame)
    save("career-new-day", frame)
    // Today's challenge done from the menu (scans logged or cards studied, as it asks):
    // its toast slides in; a game starts with it still showing beside the HUD's challenge.
    let daily = career.state.career.daily
    if daily.metric == .scans || daily.metric == .cardsStudied {
        let item: CareerFlow.MenuItem = daily.metric == .scans ? .scan : .study
        while m.menuItems[m.selection] != item { _ = m.handle(.down, state: career.state) }
        _ = m.handle(.confirm, state: career.state)
        for _ in 0..<20 where career.state.career.daily.status != .completed {
            if item == .study {
                // The next card that asks, answered rightly.
                for _ in 0..<12 where !m.asks(m.card, career.state) { _ = m.handle(.right, state: career.state) }
                for _ in 0..<(try careerContent).cards[m.card].right { _ = m.handle(.down, state: career.state) }
            }
            for c in m.handle(.confirm, state: career.state).commands { step(TickInput(command: c)) }
            for _ in 0..<10 { step(TickInput()) }
        }
        _ = m.handle(.back, state: career.state)
        while m.menuItems[m.selection] != .play { _ = m.handle(.up, state: career.state) }
    }
    for c in m.handle(.confirm, state: career.state).commands { step(TickInput(command: c)) }
    var bot = BotKind.greedy.make(seed: 5, skill: 80)
    for t in 0..<200_000 where career.state.mode != .idle {
        step(TickInput(move: bot.move(career.state, rules: rules)))
        if t == 90 {
            view.render(career.state, flow: m, fraction: 1, into: &frame)
            save("career-toast", frame)
        }
    }
    for _ in 0..<30 { step(TickInput()) }
    view.render(career.state, flow: m, fraction: 1, into: &frame)
    save("career-summary", frame)
}

/// The week chart's bars in a rendered frame, left to right (each bar's middle column
/// and its height in pixels above the baseline), and the goal line's height.
func measureWeekChart(_ fb: Framebuffer) throws -> (bars: [(mid: Int, height: Int)], goalHeight: Int) {
    let t = try defaultAssets.theme
    let bar = Set([UInt32(0xFF00_0000) | UInt32(t.chartBar), UInt32(0xFF00_0000) | UInt32(t.chartBarMet)])
    let goal = UInt32(0xFF00_0000) | UInt32(t.chartGoal)
    let bottom = t.chartTopPx + t.chartHeightPx
    // Bars: runs of bar colour on the row just above the baseline.
    var bars: [(mid: Int, height: Int)] = []
    var x = 0
    while x < fb.width {
        guard bar.contains(fb.pixels[(bottom - 1) * fb.width + x]) else { x += 1; continue }
        let start = x
        while x < fb.width && bar.contains(fb.pixels[(bottom - 1) * fb.width + x]) { x += 1 }
        let mid = (start + x) / 2
        var top = bottom - 1
        while top > 0 && (bar.contains(fb.pixels[(top - 1) * fb.width + mid]) || fb.pixels[(top - 1) * fb.width + mid] == goal) {
            top -= 1
        }
        bars.append((mid, bottom - top))
    }
    // The goal line: the row most of whose width is (dashed) goal colour.
    let goalY = (t.chartTopPx...bottom).first { y in
        (0..<fb.width).filter { fb.pixels[y * fb.width + $0] == goal }.count > fb.width / 3
    }
    return (bars, bottom - (goalY ?? bottom))
}
