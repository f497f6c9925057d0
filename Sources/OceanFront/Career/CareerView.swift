import OceanAssets
import OceanBalance
import OceanKernel

/// Draws the career's screens (`CareerFlow`) over the ocean: the story, the menu (with
/// today's and this week's challenges), the flashcards, the charts (the lifetime's
/// with its impact), the achievements and milestones, the pet; during a game and its
/// summary, the game's own view. Plain Swift into a framebuffer, like `GameView`, so every
/// screen can be rendered and measured headless.
public final class CareerView {
    public let game: GameView
    let content: CareerContent
    public private(set) var layout: CareerLayout
    /// What each achievement needs, from the balance (made once, not per frame).
    let needs: [String]
    /// The same, shorter where a need is long, for bigger text.
    let shortNeeds: [String]
    /// Each milestone's text and reward, in `Rules.milestoneTemplates`' order (made once).
    let milestoneTexts: [String]
    let milestoneRewards: [String]
    /// The order the milestones page lists them in: by what they count, then by target
    /// (so each road reads from its first step), as positions in `Rules.milestoneTemplates`.
    let milestoneOrder: [Int]
    /// The lifetime screen's impact figures, made again only when the career's counts change.
    var lifetimeWords = LifetimeWords()
    /// The scan page's notice cut into lines of the middle column, made again only
    /// when the notice or the column's width in characters changes.
    var scanNotice = (text: "", small: 0, scale: 0, lines: [String]())
    /// The shown card's source cut into lines that fit, made again only when the card
    /// or the text scale changes.
    var cardSource = (card: -1, small: 0, scale: 0, lines: [String]())
    /// The menu's keys line naming the sea being played, made again only when it changes.
    var seaKeys = (sea: -1, line: "")
    /// Keys lines too long for the screen, as shown (`fittedKeys`).
    var keysLines: [String: String] = [:]
    /// The story's sources wrapped to the screen when their own lines are too long for
    /// it, made again only when the panel's first line or the columns change.
    var storySources = (first: "", small: 0, foot: 0, scale: 0, lines: [String]())
    /// The pet page's words on its mood, wrapped to the column when their own lines do not fit.
    var petMood = (columns: 0, lines: [String]())

    public init(game: GameView, content: CareerContent) {
        self.game = game
        // The cards in the rules' order: a card's index is the kernel's.
        self.content = content.cards(inOrderOf: game.rules.cardKeys)
        layout = CareerLayout(theme: game.assets.theme, cellHeight: game.assets.font.cellHeight,
                              cellWidth: game.assets.font.cellWidth, width: GameView.width)
        needs = Achievement.allCases.map { CareerView.need($0, rules: game.rules) }
        shortNeeds = Achievement.allCases.map { CareerView.need($0, rules: game.rules, short: true) }
        let rules = game.rules
        milestoneTexts = rules.milestoneTemplates.map {
            TextWrap.ascii(ChallengeWording.milestone($0, rules: rules, texts: game.assets.challengeTexts))
        }
        milestoneRewards = rules.milestoneTemplates.map {
            ChallengeWords.reward(grams: rules.challenges[$0].rewardGrams, health: rules.challenges[$0].rewardHealth)
        }
        milestoneOrder = rules.milestoneTemplates.indices.sorted { a, b in
            let (x, y) = (rules.challenges[rules.milestoneTemplates[a]], rules.challenges[rules.milestoneTemplates[b]])
            return (x.metric.rawValue, x.targetAtLevel1, a) < (y.metric.rawValue, y.targetAtLevel1, b)
        }
        game.summaryHint = "Enter to go on"
    }

    /// Draws with another theme from the next frame on (see `GameView.restyle`); the
    /// flow's click targets follow `layout`.
    public func restyle(_ assets: FrontAssets) {
        game.restyle(assets)
        layout = CareerLayout(theme: assets.theme, cellHeight: assets.font.cellHeight, cellWidth: assets.font.cellWidth,
                              width: GameView.width)
        lifetimeWords = LifetimeWords()
    }

    /// Once after every kernel step, as `GameView.observe`.
    public func observe(_ state: GameState, events: [Event]) { game.observe(state, events: events) }

    /// Draws `flow`'s screen for `state`, `fraction` of the way past its tick.
    public func render(_ state: GameState, flow: CareerFlow, fraction: Double, into framebuffer: inout Framebuffer) {
        switch flow.page {
        case .game, .summary:
            game.render(state, fraction: fraction, into: &framebuffer)
            return
        default:
            break
        }
        let f = fraction.isNaN ? 1 : min(1, max(0, fraction))
        let theme = game.assets.theme
        let seconds = game.animationSeconds(state, fraction: f)
        framebuffer.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: framebuffer.width, height: framebuffer.height)
            // The menus' entries reach the water line: no floating trash under their text.
            let menuColumn = game.layout.panelWidth..<(game.layout.screenWidth - game.layout.panelWidth)
            game.debrisClear = [.menu, .scan, .pet].contains(flow.page) ? menuColumn : nil
            game.drawOcean(canvas, state: state, fraction: f, seconds: seconds)
            game.debrisClear = nil
            let pen = TextPen(canvas: canvas, font: game.assets.font, shadow: Colour.opaque(theme.textShadow), log: game.textLog)
            // A page just changed: its content enters over what stays still (the ocean,
            // the menus' panels and dimming, a full page's veil).
            let entering = game.entrance(since: flow.pageSince, tick: state.tick, fraction: f)
            switch flow.page {
            case .menu, .scan, .pet:
                // The HUD's panels stay: the streak, today's goal and challenge on the
                // left, the pet on the right (and on the menu, this week's challenge under it).
                let challengeTop = game.drawHud(pen, state: state, fraction: f, rewards: flow.page == .menu)
                game.overlays.dim(canvas)
                if entering != nil { canvas.save(into: &game.under) }
                if flow.page == .menu { drawMenu(pen, flow: flow, state: state, challengeTop: challengeTop) }
                else if flow.page == .scan { drawScan(pen, flow: flow, state: state) }
                else { drawPetPage(pen, state: state) }
            default:
                veil(canvas)
                if entering != nil { canvas.save(into: &game.under) }
                switch flow.page {
                case .intro(let panel): drawStory(pen, content.intro[panel], page: panel, of: content.intro.count, seconds: seconds)
                case .outro(let panel): drawStory(pen, flow.outro[panel], page: panel, of: flow.outro.count, seconds: seconds)
                case .name: drawName(pen, flow: flow, seconds: seconds)
                case .adopt: drawAdopt(pen, flow: flow, tick: state.tick, fraction: f)
                case .card: drawCard(pen, flow: flow, state: state)
                case .week: drawWeek(pen, state: state)
                case .lifetime: drawLifetime(pen, state: state)
                case .achievements: drawAchievements(pen, state: state)
                case .milestones: drawMilestones(pen, state: state)
                default: break
                }
            }
            if let entering { canvas.enter(over: game.under, t: entering, dy: game.enterMotion.offset(entering)) }
            game.drawToasts(pen, tick: state.tick, fraction: f)
            game.drawNotice(pen, tick: state.tick)
        }
    }

    // MARK: - Shared pieces

    var theme: Theme { game.assets.theme }
    var body: Int { layout.bodyScale }
    var small: Int { theme.fontScale }
    var bodyLine: Int { layout.pitch }
    var smallLine: Int { game.assets.font.cellHeight * small + theme.lineGapPx }

    /// A box of the panel colour behind text that runs on over the band of sea.
    func backing(_ canvas: Canvas, y: Int, h: Int) {
        canvas.blend(x: 24, y: y, w: canvas.width - 48, h: h, Colour.opaque(theme.panel),
                     alpha: UInt32(theme.panelAlphaPercent * 256 / 100))
    }

    /// For screens that use the whole width: the sky (and the HUD's panels drawn in the
    /// backdrop) covered by the panel colour, the band of sea below left in view, dimmed.
    func veil(_ canvas: Canvas) {
        let water = game.layout.waterY
        canvas.fill(x: 0, y: 0, w: canvas.width, h: water, Colour.opaque(theme.panel))
        canvas.blend(x: 0, y: water, w: canvas.width, h: canvas.height - water, Colour.opaque(theme.panel),
                     alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
    }

    @discardableResult
    func centred(_ pen: TextPen, _ text: String, y: Int, scale: Int, _ colour: Int) -> Int {
        let x = (GameView.width - pen.width(text, scale: scale)) / 2
        return pen.text(text, x: x, y: y, scale: scale, Colour.opaque(colour))
    }

    /// A screen's title, and the keys that work on it at the bottom.
    func frame(_ pen: TextPen, title: String, hint: String) {
        centred(pen, title, y: CareerLayout.titleY, scale: theme.bigFontScale - 1, theme.accent)
        keys(pen, hint, y: GameView.height - smallLine - 6)
    }

    /// The keys that work on a screen, centred at `y` near the bottom, over a box of
    /// the panel colour: the line lies on the sand and the sea, whose colours change
    /// with the ocean's health, and reads over any of them as over the panels.
    func keys(_ pen: TextPen, _ text: String, y: Int) {
        let text = fittedKeys(pen, text)
        let pad = max(2, theme.lineGapPx / 2)
        let w = pen.width(text, scale: small) + 4 * pad
        pen.canvas.blend(x: (GameView.width - w) / 2, y: y - pad, w: w, h: game.assets.font.cellHeight * small + 2 * pad,
                         Colour.opaque(theme.panel), alpha: UInt32(theme.panelAlphaPercent * 256 / 100))
        centred(pen, text, y: y, scale: small, theme.dim)
    }

    /// A keys line that fits across the screen: itself, else its parts (between runs of
    /// spaces) two spaces apart, else the last parts that fit (the keys; a description
    /// comes first). Made once per line (`keysLines`), so a frame allocates nothing.
    func fittedKeys(_ pen: TextPen, _ text: String) -> String {
        let room = GameView.width - 2 * theme.marginPx
        if pen.width(text, scale: small) <= room { return text }
        if let made = keysLines[text] { return made }
        // The parts: what lies between runs of three spaces or more.
        var parts: [String] = [], part = "", spaces = 0
        for ch in text {
            if ch == " " { spaces += 1; continue }
            if spaces >= 3 && !part.isEmpty { parts.append(part); part = "" } else if spaces > 0 && !part.isEmpty {
                part += String(repeating: " ", count: spaces)
            }
            spaces = 0
            part.append(ch)
        }
        if !part.isEmpty { parts.append(part) }
        var shown = parts[...]
        while shown.count > 1 && pen.width(shown.joined(separator: "  "), scale: small) > room { shown = shown.dropFirst() }
        let made = shown.joined(separator: "  ")
        keysLines[text] = made
        return made
    }

    /// What an achievement needs, with the balance's thresholds.
    static func need(_ a: Achievement, rules: Rules, short: Bool = false) -> String {
        let c = rules.career
        switch a {
        case .firstStep: return "Log your first scan"
        case .ecoScholar:
            return short ? "Master all \(rules.cardCount) cards, \(c.masteryDays) days each"
                         : "Master all \(rules.cardCount) cards (right on \(c.masteryDays) days each)"
        case .reefDefender: return "Play or scan \(c.reefDefenderStreak) days in a row"
        case .oceanSentinel: return "Play or scan \(c.oceanSentinelStreak) days in a row"
        case .flawless: return "A perfect game: catch every item"
        case .oceanHero: return "Ocean health above \(c.oceanHeroHealthAbove * 100 / Rules.fullHealth)%"
        case .comboMaster: return "A combo of \(c.comboMasterCombo) catches"
        case .plasticHauler: return "\(c.plasticHaulerGrams) g of plastic in all"
        case .goalGetter: return "Meet the daily goal on \(c.goalGetterDays) days"
        case .earlyBird:
            let m = c.earlyBirdBeforeMinute
            return "Start a game before \(m / 60 < 10 ? "0" : "")\(m / 60):\(m % 60 < 10 ? "0" : "")\(m % 60)"
        }
    }
}
