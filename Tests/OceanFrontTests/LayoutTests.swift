import OceanApp
import OceanAssets
import OceanBalance
@testable import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Every screen drawn with hostile content — the longest name the player may type,
/// wide glyphs, scores of 10^9, every challenge's text — in both themes: the renderer
/// reports the boxes it drew text into, and no two may overlap, none may leave the screen.
@Suite struct LayoutTests {
    static let themes = FrontAssetsLoader.shippedThemes
    /// The widest letters, as many as a name may hold.
    static let longName = String(repeating: "W", count: CareerPlayer.maxNameLength)
    static let huge = 1_000_000_000

    /// The boxes of one frame drawn by `draw`, as problems named after `screen`.
    static func problems(_ screen: String, _ log: TextBoxLog, _ draw: (inout Framebuffer) -> Void) -> [String] {
        log.clear()
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        draw(&fb)
        // With OCEAN_LAYOUT_SHOTS=DIR, each screen checked is also written as DIR/SCREEN.png, to look at.
        if let dir = getenv("OCEAN_LAYOUT_SHOTS").map({ String(cString: $0) }) {
            let file = String(screen.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
            do { try PNGFile.write(fb, to: dir + "/" + file + ".png") } catch { Issue.record("\(screen): \(error.description)") }
        }
        // A screen whose text was not seen would pass for the wrong reason.
        guard log.boxes.count >= 2 else { return ["\(screen): only \(log.boxes.count) text boxes drawn"] }
        return log.problems(width: GameView.width, height: GameView.height).map { "\(screen): \($0)" }
    }

    /// A career with a pet, its counters at 10^9, today's challenge the `challenge`th template.
    static func hostileCareer(challenge: Int? = nil) throws -> Simulation {
        var sim = try challengeCareer(challengeRules)
        let c = sim.state.career
        sim.state.career.gramsToday = huge
        sim.state.career.streak = huge
        sim.state.career.bestStreak = huge
        sim.state.career.level = c.level
        sim.state.career.kindCounts = c.kindCounts.map { _ in huge }
        if let challenge {
            sim.state.career.daily.template = challenge
            sim.state.career.daily.target = huge
            sim.state.career.daily.progress = huge - 1
            sim.state.career.weekly.template = challenge
            sim.state.career.weekly.target = huge
        }
        return sim
    }

    /// The career's pages for `player`, each as the flow reaches it from the menu.
    static func careerPages(_ view: CareerView, state: GameState, player: CareerPlayer) throws -> [(String, CareerFlow)] {
        let menu = try flow(player, state: state, view: view, rules: challengeRules)
        var pages: [(String, CareerFlow)] = [("menu", menu)]
        for item in menu.menuItems where item != .quit && item != .play && item != .arcade {
            var entered = menu
            while entered.menuItems[entered.selection] != item { _ = entered.handle(.down, state: state) }
            _ = entered.handle(.confirm, state: state)
            pages.append((entered.page.key, entered))
            if entered.page == .achievements {
                _ = entered.handle(.right, state: state)
                pages.append((entered.page.key, entered))
            }
            // The story's panels, each of them.
            if case .intro = entered.page {
                for _ in 0..<8 {
                    _ = entered.handle(.confirm, state: state)
                    if case .intro = entered.page { pages.append((entered.page.key, entered)) } else { break }
                }
                // Watched from the menu after the story's end, the outro follows.
                if case .outro = entered.page { pages.append((entered.page.key, entered)) }
            }
            if case .outro = entered.page {
                for _ in 0..<8 {
                    _ = entered.handle(.confirm, state: state)
                    if case .outro = entered.page { pages.append((entered.page.key, entered)) } else { break }
                }
            }
        }
        // A first launch: the name (typed to its limit) and the adoption.
        var first = try flow(CareerPlayer(), state: try careerSim(rules: challengeRules).state, view: view, rules: challengeRules)
        for _ in 0..<8 where first.page != .name { _ = first.handle(.confirm, state: state) }
        if first.page == .name {
            _ = first.handle(.text(longName), state: state)
            pages.append(("name", first))
        }
        return pages
    }

    /// The text scales `ocean play --scale` offers. The window's size does not change
    /// the layout: 1280×720 and 1920×1080 show the same 640×360 screen ×2 and ×3
    /// (`WindowScaling`, whole numbers), so a scale is checked once for both.
    static let textScales = [1, 2, 3]

    /// The theme `name` with the text at `scale`, as `ocean play --scale` sets it.
    static func assets(_ name: String, scale: Int) throws -> FrontAssets {
        var assets = try OceanFrontTests.assets(name)
        assets.theme.fontScale = scale
        assets.theme.bigFontScale = max(assets.theme.bigFontScale, scale)
        return assets
    }

    @Test(arguments: themes, textScales) func noTextOverlapsOrLeavesTheScreen(theme name: String, scale: Int) throws {
        let assets = try Self.assets(name, scale: scale)
        let theme = scale == 1 ? name : "\(name) ×\(scale)"
        let log = TextBoxLog()
        var found: [String] = []

        // The career's pages with the longest name and every counter at 10^9.
        let sim = try Self.hostileCareer()
        let view = try careerView(assets, rules: challengeRules)
        view.game.textLog = log
        for (name, page) in try Self.careerPages(view, state: sim.state, player: CareerPlayer(name: Self.longName, introSeen: true, outroSeen: true)) {
            found += Self.problems("\(theme) \(name)", log) { fb in
                view.observe(sim.state, events: [])
                view.render(sim.state, flow: page, fraction: 1, into: &fb)
            }
        }
        // The menu and the game with every challenge's text as today's and this week's.
        for template in try challengeRules.challenges.indices {
            let s = try Self.hostileCareer(challenge: template)
            let menu = try flow(CareerPlayer(name: Self.longName, introSeen: true), state: s.state, view: view, rules: challengeRules)
            found += Self.problems("\(theme) menu, challenge \(template)", log) { fb in
                view.observe(s.state, events: [])
                view.render(s.state, flow: menu, fraction: 1, into: &fb)
            }
        }

        // A game: playing, a round break, the countdown, paused, with toasts and a notice.
        var game = try Self.hostileCareer(challenge: 0)
        game.step(TickInput(command: .start(.classic)))
        for _ in 0..<400 { game.step(TickInput(move: .left)) }
        var state = game.state
        state.game.score = Self.huge
        state.game.combo = Self.huge
        let g = GameView(assets: assets, rules: try challengeRules, seed: 7)
        g.textLog = log
        g.observe(state, events: [])
        found += Self.problems("\(theme) game", log) { g.render(state, fraction: 1, into: &$0) }
        g.paused = true
        g.pauseMenu = PauseMenu(themes: ["a-theme-file-with-a-very-long-name.toml"] + FrontAssetsLoader.shippedThemes,
                                theme: "a-theme-file-with-a-very-long-name.toml")
        found += Self.problems("\(theme) paused", log) { g.render(state, fraction: 1, into: &$0) }
        for key in [CareerKey.down, .down, .confirm] { _ = g.pauseMenu.handle(key) }
        found += Self.problems("\(theme) paused, sound", log) { g.render(state, fraction: 1, into: &$0) }
        g.pauseMenu.soundNote = "No sound this session: the volumes are kept for the next"
        found += Self.problems("\(theme) paused, sound, no device", log) { g.render(state, fraction: 1, into: &$0) }
        g.pauseMenu = PauseMenu()
        g.paused = false
        var breakState = state
        breakState.mode = .roundBreak
        found += Self.problems("\(theme) round break", log) { g.render(breakState, fraction: 1, into: &$0) }
        g.paused = true
        found += Self.problems("\(theme) paused in a round break", log) { g.render(breakState, fraction: 1, into: &$0) }
        g.paused = false
        // A round ending with no miss while the ocean changes phase: the phase's banner,
        // the next round's name and "Perfect round!" at once, in their boxes.
        let flashes = GameView(assets: assets, rules: try challengeRules, seed: 7)
        flashes.textLog = log
        flashes.observe(state, events: [.roundStarted(round: 1)])
        var roundOver = breakState
        roundOver.tick += 1
        flashes.observe(roundOver, events: [.roundEnded(round: 1), .phaseChanged(from: .stabilizing, to: .recovering)])
        for later in [0, 3, 30] {
            var shown = roundOver
            shown.tick += later
            found += Self.problems("\(theme) round break with a perfect round and a new phase, +\(later) ticks", log) {
                flashes.render(shown, fraction: 0.5, into: &$0)
            }
        }
        // Catches around the bin: their popups, stacked, clear of the bin's squash and hop.
        let juice = GameView(assets: assets, rules: try challengeRules, seed: 7)
        juice.textLog = log
        var catching = state
        catching.items = []
        juice.observe(catching, events: [])
        for (i, grams) in [12, Self.huge, 7].enumerated() {
            catching.tick += i
            juice.observe(catching, events: [.caught(kind: .plasticBottle, grams: grams, combo: 5 * (i + 1), points: 10, multiplier: 1, x: shippedMiddleX)])
        }
        for later in [0, 4, 9, 20] {
            var shown = catching
            shown.tick += later
            found += Self.problems("\(theme) catches around the bin, +\(later) ticks", log) {
                juice.render(shown, fraction: 0.5, into: &$0)
            }
        }
        let toasts: [Event] = [.challengeCompleted(state.career.daily), .challengeCompleted(state.career.weekly)]
        var later = state
        later.tick += 1
        g.observe(later, events: toasts + [.healedAllToday, .levelUp(level: 99, title: .shoreGuardian)])
        found += Self.problems("\(theme) toasts", log) { g.render(later, fraction: 1, into: &$0) }
        // The title and a summary at 10^9.
        let fresh = GameView(assets: assets, rules: try challengeRules, seed: 7)
        fresh.textLog = log
        var idle = state
        idle.mode = .idle
        // The bin at the right wall, under where the right panel's toasts go.
        idle.bin.x = try challengeRules.width - challengeRules.binHalfWidth
        fresh.observe(idle, events: [])
        found += Self.problems("\(theme) title", log) { fresh.render(idle, fraction: 1, into: &$0) }
        // A game played to its end, its figures then raised to 10^9.
        var played = try Self.hostileCareer()
        played.step(TickInput(command: .start(.classic)))
        var ended: GameSummary?
        for _ in 0..<200_000 where ended == nil {
            played.step(TickInput(move: .none))
            for case .gameOver(let s) in played.events { ended = s }
        }
        var summary = try #require(ended)
        (summary.game, summary.catches, summary.misses) = (Self.huge, Self.huge, Self.huge)
        (summary.bestCombo, summary.score, summary.grams) = (Self.huge, Self.huge, Self.huge)
        idle.tick += 1
        // The game's last catches, a milestone and the game's end on one tick, as the
        // kernel sends them: the summary with its toast and no popup over either.
        let milestone: [Event] = try challengeRules.milestoneTemplates.first.map { [.milestoneReached(template: $0)] } ?? []
        fresh.observe(idle, events: [.caught(kind: .plasticBottle, grams: 9, combo: 99, points: 50, multiplier: 1, x: shippedMiddleX),
                                     .caught(kind: .plasticBag, grams: 8, combo: 100, points: 50, multiplier: 1, x: shippedMiddleX)]
                                    + milestone + [.gameOver(summary)])
        found += Self.problems("\(theme) summary", log) { fresh.render(idle, fraction: 1, into: &$0) }
        summary.abandoned = true
        idle.tick += 1
        fresh.observe(idle, events: [.gameOver(summary)])
        found += Self.problems("\(theme) summary of a game left early", log) { fresh.render(idle, fraction: 1, into: &$0) }

        // The watch view of a long career.
        let replay = try ReplayReader.read(path: repoRoot + "/replays/career-30-days.replay").replay
        var scrubber = ReplayScrubber(replay)
        let picture = WatchPicture(scrubber, assets: assets)
        picture.textLog = log
        for _ in 0..<600 { scrubber.stepForward(); picture.stepped(scrubber) }
        found += Self.problems("\(theme) watch", log) {
            picture.draw(scrubber, paused: true, speed: WatchSpeed(), fraction: 1, into: &$0)
        }
        // The day's date reads as a date (2026-…), its year not grouped like a count.
        #expect(log.boxes.contains { $0.text.count == 4 && $0.text.hasPrefix("20") }, "\(log.boxes.map(\.text))")

        // Each distinct problem once, with the screens it was found on.
        var screens: [String: [String]] = [:], order: [String] = []
        for f in found {
            let colon = f.firstIndex(of: ":")!
            let what = String(f[f.index(colon, offsetBy: 2)...]), screen = String(f[..<colon])
            if screens[what] == nil { order.append(what) }
            screens[what, default: []].append(screen)
        }
        let report = order.map { "\($0)  [\(screens[$0]!.count) screens: \(screens[$0]!.prefix(3).joined(separator: ", "))]" }
        let comment = Comment(rawValue: "\(order.count) distinct problems:\n" + report.joined(separator: "\n"))
        // Every screen at every text scale (issue 32: --scale 2 laid out too).
        #expect(found.isEmpty, comment)
    }

    /// The keys' line at the foot of each career page lies on the sand and the sea; it
    /// reads over them (4.5:1, WCAG AA) in every phase and theme: its colour against the
    /// brightest pixel in its box that is neither its ink nor its shadow.
    @Test(arguments: themes) func theKeysLineReadsOverTheSand(theme: String) throws {
        let assets = try OceanFrontTests.assets(theme)
        let t = assets.theme
        let log = TextBoxLog()
        var sim = try Self.hostileCareer()
        let view = try careerView(assets, rules: challengeRules)
        view.game.textLog = log
        let ink = Colour.opaque(t.dim), shadow = Colour.opaque(t.textShadow)
        var worst: [String] = []
        for phase in [Phase.polluted, .thriving] {
            sim.state.phase = phase
            sim.state.health = phase == .thriving ? Rules.fullHealth : 0
            for (name, page) in try Self.careerPages(view, state: sim.state, player: CareerPlayer(name: "Ada", introSeen: true, outroSeen: true)) {
                log.clear()
                var fb = Framebuffer(width: GameView.width, height: GameView.height)
                view.observe(sim.state, events: [])
                view.render(sim.state, flow: page, fraction: 1, into: &fb)
                guard let keys = log.boxes.max(by: { $0.y < $1.y }), keys.y > view.game.layout.waterY else {
                    worst.append("\(name): no keys' line over the sea"); continue
                }
                var least = Double.infinity
                for y in keys.y..<min(fb.height, keys.y + keys.h) {
                    for x in max(0, keys.x)..<min(fb.width, keys.x + keys.w) {
                        let p = fb.pixels[y * fb.width + x]
                        if p == ink || p == shadow { continue }
                        least = min(least, ContrastTests.ratio(t.dim, Int(p & 0xFF_FFFF)))
                    }
                }
                if least < 4.5 { worst.append("\(phase.key) \(name): '\(keys.text)' \(least)") }
            }
        }
        #expect(worst.isEmpty, "\(theme): \(worst)")
    }

    @Test func aBoxLogFindsOverlapsAndTextOffScreen() {
        let log = TextBoxLog()
        log.record(x: 0, y: 0, w: 10, h: 8, text: "a")
        log.record(x: 10, y: 0, w: 10, h: 8, text: "b")   // touching: fine
        #expect(log.problems(width: 640, height: 360).isEmpty)
        log.record(x: 15, y: 4, w: 10, h: 8, text: "c")   // over "b"
        log.record(x: 635, y: 0, w: 10, h: 8, text: "d")  // past the right edge
        let p = log.problems(width: 640, height: 360)
        #expect(p.count == 2 && p.contains { $0.contains("'b'") && $0.contains("'c'") } && p.contains { $0.contains("off screen: 'd'") })
        // A frame holds text inside it; text across its edge is a problem.
        let framed = TextBoxLog()
        framed.recordFrame(x: 100, y: 100, w: 50, h: 20, name: "toast")
        framed.record(x: 102, y: 102, w: 40, h: 8, text: "inside")
        #expect(framed.problems(width: 640, height: 360).isEmpty)
        framed.record(x: 110, y: 110, w: 60, h: 8, text: "across")
        #expect(framed.problems(width: 640, height: 360) == ["across a frame's edge: '[frame] toast' at (100, 100) 50×20 and 'across' at (110, 110) 60×8"])
    }
}
