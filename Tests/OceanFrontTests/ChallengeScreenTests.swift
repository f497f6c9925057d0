@testable import OceanAssets
@testable import OceanFront
import OceanBalance
import OceanDrivers
import OceanKernel
import OceanStore
import Testing
import TestSupport

// Challenges, milestones and impact on screen, checked by the pixels of rendered
// frames: the bars fill by the challenge's progress, toasts come and go with the
// kernel's events, the figures shown are those of the game's or the career's catches.

/// A table of one daily and one weekly challenge and two milestones, all counting
/// scans: a scan or two completes them (the shipped table's targets take whole games).
let scanTable: [ChallengeTemplate] = [
    ChallengeTemplate(key: "daily.scan", period: .daily, metric: .scans, targetAtLevel1: 1, targetAtTopLevel: 1,
                      rewardGrams: 2, rewardHealth: 50),
    ChallengeTemplate(key: "weekly.scans", period: .weekly, metric: .scans, targetAtLevel1: 4, targetAtTopLevel: 4,
                      rewardGrams: 10),
    ChallengeTemplate(key: "milestone.first_scan", period: .milestone, metric: .scans, targetAtLevel1: 1,
                      targetAtTopLevel: 1, rewardGrams: 5),
    ChallengeTemplate(key: "milestone.two_scans", period: .milestone, metric: .scans, targetAtLevel1: 2,
                      targetAtTopLevel: 2, rewardGrams: 5),
]
private let scanRulesLoad = Result {
    var balance = try shippedBalance
    balance.challenges = scanTable
    return Rules(balance)
}
var scanRules: Rules { get throws { try scanRulesLoad.get() } }

/// The shipped assets with texts for `scanTable`.
private let scanAssetsLoad = Result {
    var a = try defaultAssets
    a.challengeTexts = ["daily.scan": "Log a scan today", "weekly.scans": "Log {target} scans this week",
                        "milestone.first_scan": "Your first scan", "milestone.two_scans": "Two scans"]
    return a
}
var scanAssets: FrontAssets { get throws { try scanAssetsLoad.get() } }

/// A frame in a failed expectation: its size, not its 230,400 pixels.
extension Framebuffer: CustomTestStringConvertible {
    public var testDescription: String { "\(width)×\(height) frame" }
}

/// Whether `text` is drawn somewhere in `region` of `fb` in `colour` at `scale`: every
/// pixel the font lights for it has that colour (its shadow and the rest are ignored).
func shows(_ text: String, scale: Int = 1, colour: Int, in fb: Framebuffer, x region: Range<Int> = 0..<640,
           y rows: Range<Int> = 0..<360, assets: FrontAssets? = nil) throws -> Bool {
    let assets = try assets ?? defaultAssets
    var lit: [(Int, Int)] = []
    let font = assets.font
    for (i, ch) in text.enumerated() {
        for gy in 0..<font.glyphHeight {
            for gx in 0..<font.glyphWidth where font.isLit(ch, x: gx, y: gy) {
                for sy in 0..<scale { for sx in 0..<scale { lit.append(((i * font.cellWidth + gx) * scale + sx, gy * scale + sy)) } }
            }
        }
    }
    guard !lit.isEmpty else { return false }
    let ink = UInt32(0xFF00_0000) | UInt32(colour)
    let w = lit.map(\.0).max()! + 1, h = lit.map(\.1).max()! + 1
    for y in rows.lowerBound..<max(rows.lowerBound, rows.upperBound - h) {
        for x in region.lowerBound..<max(region.lowerBound, region.upperBound - w) where fb.pixels[y * fb.width + x + lit[0].0 + lit[0].1 * fb.width] == ink {
            if lit.allSatisfy({ fb.pixels[(y + $0.1) * fb.width + x + $0.0] == ink }) { return true }
        }
    }
    return false
}

/// The runs of `colours` on row `y` between `x` and `x + width`: (first x, length, colour).
func runs(_ fb: Framebuffer, y: Int, x: Range<Int>, of colours: Set<Int>) -> [(x: Int, length: Int, colour: Int)] {
    var out: [(Int, Int, Int)] = []
    var i = x.lowerBound
    while i < x.upperBound {
        let c = Int(fb.pixels[y * fb.width + i] & 0xFF_FFFF)
        guard colours.contains(c) else { i += 1; continue }
        let start = i
        while i < x.upperBound && Int(fb.pixels[y * fb.width + i] & 0xFF_FFFF) == c { i += 1 }
        out.append((start, i - start, c))
    }
    return out
}

/// A challenge bar found in a column of the screen: the first row, from the top,
/// where the bar's back and fill make one run exactly `challenge.bar_width_px` long;
/// the fill's length and colour.
func challengeBar(_ fb: Framebuffer, x: Range<Int>, fill: Int, theme: Theme? = nil) throws -> (filled: Int, y: Int)? {
    let theme = try theme ?? defaultAssets.theme
    for y in 0..<fb.height {
        let r = runs(fb, y: y, x: x, of: [fill, theme.challengeBarBack])
        // The fill then the back, side by side, the whole bar's width.
        if r.count >= 1, r[0].colour == fill || r[0].colour == theme.challengeBarBack {
            let total = r.count >= 2 && r[1].x == r[0].x + r[0].length ? r[0].length + r[1].length : r[0].length
            if total == theme.challengeBarWidthPx { return (r[0].colour == fill ? r[0].length : 0, y) }
        }
    }
    return nil
}

/// A career on 2026-03-09 under `rules`, its session begun, with a pet.
func challengeCareer(_ rules: Rules) throws -> Simulation {
    var sim = try careerSim(rules: rules)
    sim.step(TickInput(command: .adopt(.cat)))
    return sim
}

@Suite struct ChallengeBlockTests {
    /// The menu draws today's challenge in the left panel and this week's in the right,
    /// each bar filled by progress over target (to the pixel), with "12/40" beside it.
    @Test func theMenusBarsFillByTheChallengesProgress() throws {
        var sim = try challengeCareer(challengeRules)
        #expect(sim.state.career.daily.exists && sim.state.career.weekly.exists)
        sim.state.career.daily.progress = 12
        sim.state.career.daily.target = 40
        sim.state.career.daily.status = .inProgress
        sim.state.career.weekly.progress = 3
        sim.state.career.weekly.target = 4
        let view = try careerView(rules: challengeRules)
        let s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view, rules: challengeRules)
        let fb = draw(view, s, sim.state)
        let t = try defaultAssets.theme
        let left = view.game.layout.leftPanel, right = view.game.layout.rightPanel
        let daily = try #require(try challengeBar(fb, x: left.x..<(left.x + left.w), fill: t.challengeBar))
        let weekly = try #require(try challengeBar(fb, x: right.x..<(right.x + right.w), fill: t.challengeBar))
        #expect(daily.filled == t.challengeBarWidthPx * 12 / 40, "\(daily)")
        #expect(weekly.filled == t.challengeBarWidthPx * 3 / 4, "\(weekly)")
        #expect(try shows("12", colour: t.text, in: fb, x: left.x..<(left.x + left.w), y: (daily.y - 4)..<(daily.y + 12)))
        #expect(try shows("40", colour: t.text, in: fb, x: left.x..<(left.x + left.w), y: (daily.y - 4)..<(daily.y + 12)))
        let reward = "Reward: " + ChallengeWords.reward(grams: sim.state.career.daily.rewardGrams,
                                                        health: sim.state.career.daily.rewardHealth)
        #expect(ChallengeWords.reward(grams: 2, health: 50) == "+2 g, +0.5% ocean")
        #expect(ChallengeWords.reward(grams: 0, health: 100) == "+1% ocean" && ChallengeWords.reward(grams: 0, health: 0) == "nothing")
        #expect(try shows(reward, colour: t.good, in: fb, x: left.x..<(left.x + left.w)))
        #expect(try shows("THIS WEEK'S CHALLENGE", colour: t.dim, in: fb, x: right.x..<(right.x + right.w)))
        let words = try ChallengeWording.text(sim.state.career.daily, rules: challengeRules, texts: defaultAssets.challengeTexts)
        #expect(try shows(String(words.split(separator: " ").prefix(2).joined(separator: " ")), colour: t.text, in: fb,
                      x: left.x..<(left.x + left.w)), "\(words)")
    }

    /// In a game the HUD keeps today's challenge (no reward line): its bar grows as
    /// it progresses; completed, the bar is whole in the "good" colour with "done";
    /// failed, "failed" in the warning colour. That is the full panel (the menu, the
    /// title, a summary); during a game the compact strip says it in one line.
    @Test func theHudShowsTodaysChallengeAndItsStatus() throws {
        let sim = try challengeCareer(challengeRules)
        let t = try defaultAssets.theme
        let view = try GameView(assets: defaultAssets, rules: challengeRules, seed: 7)
        view.observe(sim.state, events: [])
        let left = view.layout.leftPanel
        func frame(progress: Int, status: ChallengeStatus) -> Framebuffer {
            var state = sim.state
            state.career.daily.progress = progress
            state.career.daily.target = 30
            state.career.daily.status = status
            var fb = Framebuffer(width: GameView.width, height: GameView.height)
            view.render(state, fraction: 1, into: &fb)
            return fb
        }
        let x = left.x..<(left.x + left.w)
        let a = try #require(try challengeBar(frame(progress: 6, status: .inProgress), x: x, fill: t.challengeBar))
        let b = try #require(try challengeBar(frame(progress: 24, status: .inProgress), x: x, fill: t.challengeBar))
        #expect(a.filled == t.challengeBarWidthPx / 5 && b.filled == t.challengeBarWidthPx * 4 / 5, "\(a) \(b)")
        #expect(a.y == b.y, "the block does not move")
        let done = frame(progress: 30, status: .completed)
        #expect(try #require(try challengeBar(done, x: x, fill: t.good)).filled == t.challengeBarWidthPx)
        #expect(try shows("done", colour: t.good, in: done, x: x))
        #expect(try !shows("Reward:", colour: t.good, in: done, x: x), "the reward is the menu's")
        let failed = frame(progress: 9, status: .failed)
        #expect(try #require(try challengeBar(failed, x: x, fill: t.challengeFailed)).filled == t.challengeBarWidthPx * 9 / 30)
        #expect(try shows("failed", colour: t.challengeFailed, in: failed, x: x))
        // Without a challenge table, no block at all.
        let plain = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        var none = Framebuffer(width: GameView.width, height: GameView.height)
        var state = try careerSim().state
        state.mode = sim.state.mode
        plain.observe(state, events: [])
        plain.render(state, fraction: 1, into: &none)
        #expect(try challengeBar(none, x: x, fill: t.challengeBar) == nil)
    }

    /// During a game, the strip's middle column: today's challenge in one line, and
    /// "6/30" at the column's end, in the accent colour, the good one once done and the
    /// warning one once failed.
    @Test func theCompactHudShowsTodaysChallengeInOneLine() throws {
        var sim = try challengeCareer(challengeRules)
        sim.step(TickInput(command: .start(.classic)))
        let t = try defaultAssets.theme
        let view = try GameView(assets: defaultAssets, rules: challengeRules, seed: 7)
        view.observe(sim.state, events: [])
        let font = try defaultAssets.font
        let strip = view.hud.strip(cellWidth: font.cellWidth, cellHeight: font.cellHeight)
        func frame(progress: Int, status: ChallengeStatus) -> Framebuffer {
            var state = sim.state
            state.career.daily.progress = progress
            state.career.daily.target = 30
            state.career.daily.status = status
            var fb = Framebuffer(width: GameView.width, height: GameView.height)
            view.render(state, fraction: 1, into: &fb)
            return fb
        }
        let x = strip.middle.x..<(strip.middle.x + strip.middle.w), y = strip.middle.y..<(strip.middle.y + strip.middle.h)
        #expect(try shows("6", colour: t.accent, in: frame(progress: 6, status: .inProgress), x: x, y: y))
        #expect(try shows("30", colour: t.good, in: frame(progress: 30, status: .completed), x: x, y: y))
        #expect(try shows("9", colour: t.challengeFailed, in: frame(progress: 9, status: .failed), x: x, y: y))
        let words = try ChallengeWording.text(sim.state.career.daily, rules: challengeRules, texts: defaultAssets.challengeTexts)
        let first = String(words.split(separator: " ").first ?? "")
        #expect(try shows(first, colour: t.text, in: frame(progress: 6, status: .inProgress), x: x, y: y), "\(words)")
    }

    /// Words longer than the strip's room run by as a ticker (issue 48: "the HUD cuts
    /// the challenge's text"): every character is shown at some tick, at the start it
    /// rests on the first ones, and with reduced motion they are cut as before.
    @Test func longWordsRunByInTheStripInsteadOfBeingCut() throws {
        var sim = try challengeCareer(challengeRules)
        // The longest daily text: "Divert 1,500 g of plastic today".
        sim.state.career.daily.template = try #require(try challengeRules.challenges.firstIndex { $0.key == "daily.plastic" })
        sim.state.career.daily.target = 1_500
        let c = sim.state.career.daily
        let whole = TextWrap.ascii(try ChallengeWording.text(c, rules: challengeRules, texts: defaultAssets.challengeTexts))
        var words = ChallengeWords()
        let columns = 8
        #expect(whole.count > columns)
        words.update(c, rules: try challengeRules, texts: try defaultAssets.challengeTexts, columns: columns, maxLines: 1, ticker: true)
        #expect(words.line(tick: 0) == String(whole.prefix(columns)))
        #expect(words.line(tick: ChallengeWords.tickerRestTicks - 1) == String(whole.prefix(columns)), "it rests first")
        var seen = Set<Int>()
        var last = ""
        for tick in 0..<4_000 {
            let line = try #require(words.line(tick: tick))
            #expect(line.count == columns)
            if line != last, let r = whole.range(of: line) {
                let start = whole.distance(from: whole.startIndex, to: r.lowerBound)
                for i in start..<(start + columns) { seen.insert(i) }
            }
            last = line
        }
        #expect(seen.count == whole.count, "every character is shown")
        var cut = ChallengeWords()
        cut.update(c, rules: try challengeRules, texts: try defaultAssets.challengeTexts, columns: columns, maxLines: 1, ticker: false)
        #expect(cut.ticker.isEmpty && cut.line(tick: 500) == cut.lines.first)
        #expect(try #require(cut.lines.first).count <= columns, "cut to the room")

        // On screen: the strip's middle column changes as the words run.
        sim.step(TickInput(command: .start(.classic)))
        let view = try GameView(assets: defaultAssets, rules: challengeRules, seed: 7)
        view.observe(sim.state, events: [])
        let font = try defaultAssets.font
        let strip = view.hud.strip(cellWidth: font.cellWidth, cellHeight: font.cellHeight)
        func middle(at tick: Int) -> [UInt32] {
            var state = sim.state
            state.tick = tick
            var fb = Framebuffer(width: GameView.width, height: GameView.height)
            view.render(state, fraction: 1, into: &fb)
            let rows = strip.middle.y..<(strip.middle.y + strip.middle.h)
            return rows.flatMap { y in fb.pixels[(y * GameView.width + strip.middle.x)..<(y * GameView.width + strip.middle.x + strip.middle.w)] }
        }
        let start = sim.state.tick - sim.state.tick % 1_000_000
        let resting = middle(at: start)
        if view.compactDailyWords.ticker.isEmpty {
            Issue.record("the shipped strip's room holds '\(whole)' whole: choose a longer challenge for this test")
        } else {
            #expect(resting != middle(at: start + ChallengeWords.tickerRestTicks + 10 * ChallengeWords.tickerStepTicks))
        }
    }

    @Test func rewardsReadAsGramsAndOceanPercent() {
        #expect(ChallengeWords.reward(grams: 2, health: 50) == "+2 g, +0.5% ocean")
        #expect(ChallengeWords.reward(grams: 10, health: 100) == "+10 g, +1% ocean")
        #expect(ChallengeWords.reward(grams: 5, health: 0) == "+5 g")
        #expect(ChallengeWords.reward(grams: 0, health: 0) == "nothing")
        #expect(TextWrap.ascii("1.2 m³ of water, CO₂e") == "1.2 m3 of water, CO2e")
    }
}

@Suite struct ToastTests {
    /// A scan completes today's challenge and reaches the first milestone: two toasts
    /// appear at the foot of the right panel (a "good" and an accent border), the
    /// newest lowest, and are gone once `toast.ms` has passed; nothing else moves.
    @Test func aCompletionAndAMilestoneToastForAFewSecondsThenGo() throws {
        var sim = try challengeCareer(try scanRules)
        let view = GameView(assets: try scanAssets, rules: try scanRules, seed: 7)
        let quiet = GameView(assets: try scanAssets, rules: try scanRules, seed: 7)  // sees the state, not the events
        view.observe(sim.state, events: [])
        quiet.observe(sim.state, events: [])
        sim.step(TickInput(command: .scan(.plasticBottle)))
        #expect(sim.events.contains(.challengeCompleted(sim.state.career.daily)))
        #expect(sim.events.contains(.milestoneReached(template: 2)))
        view.observe(sim.state, events: sim.events)
        quiet.observe(sim.state, events: [])
        let t = try scanAssets.theme
        let right = view.layout.rightPanel
        let panel = right.x..<(right.x + right.w)
        func frames(_ ticks: Int) -> (Framebuffer, Framebuffer) {
            for _ in 0..<ticks {
                sim.step(TickInput())
                view.observe(sim.state, events: sim.events)
                quiet.observe(sim.state, events: sim.events)
            }
            var a = Framebuffer(width: GameView.width, height: GameView.height)
            var b = Framebuffer(width: GameView.width, height: GameView.height)
            view.render(sim.state, fraction: 1, into: &a)
            quiet.render(sim.state, fraction: 1, into: &b)
            return (a, b)
        }
        // Half a second in: both slid in, the milestone's (the later event) lowest.
        let (shown, plain) = frames(30)
        func borderRows(_ fb: Framebuffer, _ colour: Int) -> [Int] {
            (0..<fb.height).filter { y in runs(fb, y: y, x: panel, of: [colour]).contains { $0.length >= right.w - 8 } }
        }
        let good = borderRows(shown, t.good), accent = borderRows(shown, t.accent)
        #expect(good.count == 2 && accent.count == 2, "a box each: \(good) \(accent)")
        #expect(accent.min()! > good.max()!, "the newest is lowest")
        #expect(accent.max()! <= right.y + right.h && good.min()! > right.y + right.h / 2, "at the panel's foot")
        #expect(try shows("Daily challenge done!", colour: t.good, in: shown, x: panel))
        #expect(try shows("Milestone reached!", colour: t.accent, in: shown, x: panel))
        #expect(try shows("Your first scan", colour: t.text, in: shown, x: panel))
        #expect(try shows("+2 g, +0.5% ocean", colour: t.good, in: shown, x: panel))
        #expect(differing(shown, plain, x: 0, y: 0, w: right.x, h: 360) == 0, "nothing left of the right panel moves")
        #expect(borderRows(plain, t.good).isEmpty)
        // Once their time is up, the frame is the quiet view's again.
        let (later, quietLater) = frames(Fixed.ticks(ms: t.toastMs))
        #expect(later.pixels == quietLater.pixels)
    }

    /// The day's healing full: a toast says so in words that fit, nothing cut short.
    @Test func theHealedAllTodayToastSaysItInFull() throws {
        let view = GameView(assets: try defaultAssets, rules: try shippedRules, seed: 7)
        let state = try scene(.recovering).state
        view.observe(state, events: [.healedAllToday])
        let toast = try #require(view.toasts.toasts.first)
        #expect(toast.kind == .healed && toast.title == "Today's healing is full")
        #expect(toast.lines.joined(separator: " ") == "More catches today will not heal the ocean further."
                && toast.footer == "Come back tomorrow")
        let log = TextBoxLog()
        view.textLog = log
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        let words = log.boxes.map(\.text)
        #expect(words.contains("Today's healing is full") && toast.lines.allSatisfy(words.contains), "\(words)")
        #expect(!words.contains { $0.contains("…") }, "\(words)")
    }

    /// A watched replay that jumps (a seek, a step back) starts over: no toast in
    /// flight, and a summary whose game's start was not seen shows no impact panel.
    @Test func aJumpClearsTheToastsAndTheUnknownImpact() throws {
        var sim = try challengeCareer(try scanRules)
        let view = GameView(assets: try scanAssets, rules: try scanRules, seed: 7)
        view.observe(sim.state, events: [])
        sim.step(TickInput(command: .scan(.plasticBottle)))
        view.observe(sim.state, events: sim.events)
        view.gameImpact = ImpactWords(Impact(items: 3, co2eGrams: 30, waterMl: 40))
        #expect(view.toasts.toasts.count == 2)
        view.jump(to: sim.state, summary: nil)
        #expect(view.toasts.toasts.isEmpty && view.gameImpact == nil)
    }

    /// More at once than `toast.max`: the oldest gives way; a missed challenge shows
    /// how far it got when its day ended.
    @Test func atMostTheThemesCountShowAndAMissedOneSaysHowFarItGot() throws {
        let view = GameView(assets: try scanAssets, rules: try scanRules, seed: 7)
        let sim = try challengeCareer(try scanRules)
        view.observe(sim.state, events: [])
        var missed = sim.state.career.weekly
        missed.progress = 2
        missed.status = .failed
        view.observe(sim.state, events: [Event.challengeFailed(missed)] + (0..<4).map { _ in Event.milestoneReached(template: 3) })
        #expect(try view.toasts.toasts.count == scanAssets.theme.toastMax)
        #expect(view.toasts.toasts.allSatisfy { $0.kind == .milestone }, "the oldest, the missed one, gave way")
        let lone = GameView(assets: try scanAssets, rules: try scanRules, seed: 7)
        lone.observe(sim.state, events: [.challengeFailed(missed)])
        let toast = lone.toasts.toasts[0]
        #expect(toast.title == "Weekly challenge missed" && toast.footer == "2/4 when the week ended"
                && toast.lines == ["Log 4 scans this week"])
    }
}

@Suite struct ImpactScreenTests {
    /// A whole game played by a bot, watched by the view: its summary's impact panel
    /// shows the items caught and the CO2e and water of those catches, kind by kind
    /// from the `caught` events and the impact factors, spelt as `ImpactUnits` spells them.
    @Test func theSummaryShowsTheImpactOfTheGamesCatches() throws {
        var sim = try challengeCareer(challengeRules)
        let assets = try defaultAssets
        let view = try GameView(assets: assets, rules: challengeRules, seed: 7)
        view.observe(sim.state, events: [])
        sim.step(TickInput(command: .start(.classic)))
        view.observe(sim.state, events: sim.events)
        var bot = BotKind.greedy.make(seed: 2, skill: 70)
        var caught = try [Int](repeating: 0, count: challengeRules.kindCount)
        for _ in 0..<200_000 where sim.state.mode != .idle {
            try sim.step(TickInput(move: bot.move(sim.state, rules: challengeRules)))
            view.observe(sim.state, events: sim.events)
            // Trash only: a caught power-up is kept out of no sea (the career counts none).
            for case .caught(let kind, _, _, _, _, _) in sim.events where try challengeRules.isTrash[kind.rawValue] {
                caught[kind.rawValue] += 1
            }
        }
        // The summary once it has entered (the theme's motion).
        for _ in 0...Fixed.ticks(ms: assets.theme.enterMs) {
            sim.step(.idle)
            view.observe(sim.state, events: sim.events)
        }
        let impact = Impact(counts: caught, factors: try challengeRules.impactFactors(assets.impact))
        #expect(impact.items > 10 && impact.co2eGrams > 0 && impact.waterMl > 0, "\(impact)")
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(sim.state, fraction: 1, into: &fb)
        let t = assets.theme
        let middle = t.panelWidthPx..<(GameView.width - t.panelWidthPx)
        let big = t.bigFontScale - 1
        let co2e = ImpactUnits.co2e(impact.co2eGrams), water = TextWrap.ascii(ImpactUnits.water(impact.waterMl))
        #expect(try shows("THIS GAME'S IMPACT", colour: t.dim, in: fb, x: middle))
        #expect(try shows("\(impact.items)", scale: big, colour: t.good, in: fb, x: middle), "\(impact.items) items")
        #expect(try shows(co2e, scale: big, colour: t.impactCO2e, in: fb, x: middle), "\(co2e)")
        #expect(try shows(water, scale: big, colour: t.impactWater, in: fb, x: middle), "\(water)")
        // Another game's figures are not what is shown.
        let other = ImpactUnits.co2e(impact.co2eGrams * 2 + 1000)
        #expect(try !shows(other, scale: big, colour: t.impactCO2e, in: fb, x: middle), "\(other)")
    }

    /// The lifetime screen: each kind's items, CO2e and water and the lifetime's in
    /// the table, each month's under its bar, from the career's counts.
    @Test func theLifetimeScreenShowsImpactPerKindPerMonthAndInAll() throws {
        var plan = CareerPlan.Options()
        plan.days = 45
        plan.start = CalendarDate(year: 2026, month: 3, day: 1)
        let start = try careerSim(rules: challengeRules).state
        let state = try runCareer(rules: challengeRules, state: start,
                              plan: CareerPlanOf(options: plan, bots: [HumanBot(seed: 4, skill: 60)], seed: 4)) { (_: GameState) throws(Never) in }
        let c = state.career
        #expect(c.months.count >= 2)
        let view = try careerView(rules: challengeRules)
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: state, view: view, rules: challengeRules)
        while s.menuItems[s.selection] != .lifetime { _ = s.handle(.down, state: state) }
        _ = s.handle(.confirm, state: state)
        let fb = draw(view, s, state)
        let t = try defaultAssets.theme, f = try challengeRules.impactFactors(defaultAssets.impact)
        let total = ImpactWords(c.impact(f))
        #expect(try shows(total.co2e, colour: t.impactCO2e, in: fb) && shows(total.water, colour: t.impactWater, in: fb),
                "\(total)")
        #expect(try shows(ImpactUnits.grouped(total.items), colour: t.accent, in: fb))
        for kind in ItemKind.shipped where c.kindCounts[kind.rawValue] > 0 {
            let k = ImpactWords(Impact(kind: kind, count: c.kindCounts[kind.rawValue], factors: f))
            #expect(try shows(k.co2e, colour: t.impactCO2e, in: fb), "\(kind): \(k.co2e)")
        }
        let rows = view.lifetimePlot.bottom + 6 + 2 * view.smallLine
        let under = rows..<(rows + 4 * view.smallLine)
        let rules = try challengeRules
        for m in c.months {
            let words = ImpactWords(c.impact(inMonth: m.month, f))
            #expect(try shows(ImpactUnits.grouped(m.items), colour: t.good, in: fb, y: under) && shows(words.co2e, colour: t.impactCO2e, in: fb, y: under)
                    && shows(words.water, colour: t.impactWater, in: fb, y: under), "month \(m.month): \(words)")
            // The month's mass of every material: its items times each kind's true mass.
            var all = 0
            for k in m.kindCounts.indices { all += m.kindCounts[k] * rules.grams[k] }
            #expect(all > m.grams, "glass, cans and boxes weigh too")
            #expect(try shows(TextWrap.ascii(ImpactUnits.mass(all)), colour: t.text, in: fb, y: under), "month \(m.month): \(all) g")
        }
        // Each kind's lifetime mass in the table, and the plastic alone under it.
        for kind in ItemKind.shipped where c.kindCounts[kind.rawValue] > 0 {
            #expect(try shows(TextWrap.ascii(ImpactUnits.mass(c.kindGrams[kind.rawValue])), colour: t.text, in: fb), "\(kind)")
        }
        #expect(try shows(ImpactUnits.grouped(state.totals.grams), colour: t.accent, in: fb))
        // The first month's year under its name, as a year ("2026", not "2,026").
        #expect(try shows("2026", colour: t.dim, in: fb) && !shows("2,026", colour: t.dim, in: fb))
    }
}

@Suite struct MilestoneScreenTests {
    /// The milestones are a page beside the achievements: ← / → or a click on a tab
    /// turn between them, any other key goes back to the menu.
    @Test func theMilestonesAreAPageBesideTheAchievements() throws {
        let sim = try challengeCareer(challengeRules)
        let view = try careerView(rules: challengeRules)
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view, rules: challengeRules)
        while s.menuItems[s.selection] != .achievements { _ = s.handle(.down, state: sim.state) }
        _ = s.handle(.confirm, state: sim.state)
        #expect(s.page == .achievements)
        _ = s.handle(.right, state: sim.state)
        #expect(s.page == .milestones)
        let tab = view.layout.tabs[0]
        _ = s.handle(.click(x: tab.x + 3, y: tab.y + 3), state: sim.state)
        #expect(s.page == .achievements)
        let other = view.layout.tabs[1]
        _ = s.handle(.click(x: other.x + other.w / 2, y: other.y + other.h / 2), state: sim.state)
        #expect(s.page == .milestones)
        _ = s.handle(.back, state: sim.state)
        #expect(s.page == .menu)
    }

    /// Every milestone with its text; a reached one lit with "reached", another with
    /// its lifetime figure over its target and a bar that far along; the counts of
    /// challenges completed and failed under them.
    @Test func eachMilestoneShowsItsProgressAndTheChallengesCounts() throws {
        var sim = try challengeCareer(challengeRules)
        let rules = try challengeRules
        let view = try careerView(rules: rules)
        // Reached: the first milestone counting scans; under way: plastic, 400 g of the 1 kg one.
        let scans = try #require(rules.milestoneTemplates.firstIndex { rules.challenges[$0].metric == .scans })
        let hundred = try #require(rules.milestoneTemplates.firstIndex {
            rules.challenges[$0].metric == .plasticGrams && rules.challenges[$0].targetAtLevel1 == 1_000 })
        sim.state.career.milestones = 1 << scans
        sim.state.totals.grams = 400
        sim.state.career.challengesCompleted = 7
        sim.state.career.challengesFailed = 3
        var s = try flow(CareerPlayer(name: "Ada", introSeen: true), state: sim.state, view: view, rules: rules)
        while s.menuItems[s.selection] != .achievements { _ = s.handle(.down, state: sim.state) }
        _ = s.handle(.confirm, state: sim.state)
        _ = s.handle(.left, state: sim.state)
        let fb = draw(view, s, sim.state)
        let t = try defaultAssets.theme
        for (n, index) in rules.milestoneTemplates.enumerated() {
            let text = try ChallengeWording.milestone(index, rules: rules, texts: defaultAssets.challengeTexts)
            #expect(try shows(text, colour: n == scans ? t.accent : t.text, in: fb), "\(text)")
        }
        #expect(try shows("reached", colour: t.good, in: fb))
        // The 1 kg milestone's row: "400/1,000" and a bar 40 % filled.
        let row = view.milestoneRow(view.milestoneOrder.firstIndex(of: hundred)!, of: rules.milestoneTemplates.count).y
        let col = CareerView.milestoneColumns
        #expect(try shows("400", colour: t.text, in: fb, x: col.figure..<(col.figure + 26), y: row..<(row + 9)))
        #expect(try shows("1,000", colour: t.text, in: fb, x: (col.figure + 18)..<(col.figure + 72), y: row..<(row + 9)))
        let bar = runs(fb, y: row + 3, x: col.bar..<(col.bar + t.challengeBarWidthPx), of: [t.challengeBar])
        #expect(bar.first?.length == t.challengeBarWidthPx * 40 / 100, "\(bar)")
        #expect(try shows("Challenges completed ", colour: t.dim, in: fb))
        // The footer, under the last row.
        let count = rules.milestoneTemplates.count
        let footer = view.milestoneRow(count, of: count).y
        #expect(try shows("7", colour: t.good, in: fb, y: footer..<(footer + 16)) && shows("3", colour: t.challengeFailed, in: fb, y: footer..<(footer + 16)))
        // Big lifetime figures still fit their column, beside the rewards.
        let log = TextBoxLog()
        view.game.textLog = log
        sim.state.totals.grams = 99_999
        sim.state.totals.catches = 9_999
        _ = draw(view, s, sim.state)
        #expect(log.problems(width: GameView.width, height: GameView.height).isEmpty,
                "\(log.problems(width: GameView.width, height: GameView.height))")
        #expect(log.boxes.contains { $0.text == "99" } && log.boxes.contains { $0.text == "100" }, "99k/100k")
    }
}

@Suite struct ChallengeDataTests {
    @Test func theShippedTextsAndFactorsReachTheFront() throws {
        #expect(try defaultAssets.challengeTexts["daily.catch_items"] == "Catch {target} items today")
        #expect(try defaultAssets.challengeTexts.count == shippedChallengeTable.texts.count)
        #expect(try defaultAssets.impact == (try ImpactLoader.load(path: repoRoot + "/assets/impact.toml")))
        // Every trash kind saves something; sea life and power-ups are no trash and save nothing.
        let rules = try shippedRules
        #expect(try defaultAssets.impact.co2eGramsPerKg.enumerated().allSatisfy { rules.isTrash[$0.offset] == ($0.element > 0) })
    }

    @Test func aToastThatSlidesLongerThanHalfItsTimeIsRefused() throws {
        let text = try String(contentsOfFile: repoRoot + "/assets/themes/default.toml", encoding: .utf8)
            .replacingOccurrences(of: "slide_ms = 250 ", with: "slide_ms = 900 ")
            .replacingOccurrences(of: "\nms = 4000 ", with: "\nms = 1500 ")
        let path = freshFolder("toast-theme") + "/t.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try FrontAssetsLoader.load(theme: path)
            Issue.record("accepted")
        } catch {
            #expect(error.issues.contains { $0.key == "toast.slide_ms" && $0.message.contains("half") }, "\(error)")
        }
    }
}
