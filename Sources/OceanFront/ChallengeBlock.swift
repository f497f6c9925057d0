import OceanAssets
import OceanBalance
import OceanKernel

/// What a challenge says, made once per challenge: its text wrapped to the block's
/// width and its reward, so that drawing it frame after frame allocates nothing.
struct ChallengeWords {
    /// The challenge these were made for (template, target and reward): another one
    /// makes them again.
    private var made: (template: Int, target: Int, grams: Int, health: Int)?
    private(set) var lines: [String] = []
    /// The columns they were wrapped to (0: no room, none shown).
    private(set) var columns = 0
    /// "Reward: +2 g, +0.5% ocean".
    private(set) var reward = ""
    /// One line too short for the words (the compact strip's): each view of a ticker
    /// that runs along them, `columns` characters, one character further each (made
    /// once, so a frame picks one and allocates nothing). Empty when they fit.
    private(set) var ticker: [String] = []

    /// The words for `c`, made again only if it is another challenge than last time.
    /// `ticker`: in one line too short for them, run them by (`line(tick:)`) rather than cut them.
    mutating func update(_ c: Challenge, rules: Rules, texts: [String: String], columns: Int, maxLines: Int = 2,
                         ticker: Bool = false) {
        if let m = made, m == (c.template, c.target, c.rewardGrams, c.rewardHealth), columns == self.columns { return }
        made = (c.template, c.target, c.rewardGrams, c.rewardHealth)
        self.columns = columns
        let words = c.exists && columns > 0 ? TextWrap.ascii(ChallengeWording.text(c, rules: rules, texts: texts)) : ""
        lines = words.isEmpty ? [] : TextWrap.lines(words, columns: columns, maxLines: maxLines)
        let characters = Array(words)
        self.ticker = ticker && maxLines == 1 && characters.count > columns
            ? (0...(characters.count - columns)).map { String(characters[$0..<($0 + columns)]) } : []
        reward = "Reward: " + ChallengeWords.reward(grams: c.rewardGrams, health: c.rewardHealth)
    }

    /// Ticks a ticker rests at each end, and takes per character between.
    static let tickerRestTicks = 120, tickerStepTicks = 9

    /// The one line to show at `tick`: the words whole, or the ticker's view then
    /// (resting at the start, running to the end, resting there, again).
    func line(tick: Int) -> String? {
        guard !ticker.isEmpty else { return lines.first }
        let rest = ChallengeWords.tickerRestTicks, step = ChallengeWords.tickerStepTicks
        let run = (ticker.count - 1) * step
        let t = ((tick % (2 * rest + run)) + 2 * rest + run) % (2 * rest + run)
        return ticker[min(ticker.count - 1, max(0, t - rest) / step)]
    }

    /// "+2 g, +0.5% ocean": grams toward the level and ocean health (in 1/10000) as a
    /// percentage; "nothing" for neither.
    static func reward(grams: Int, health: Int) -> String {
        var parts: [String] = []
        if grams > 0 { parts.append("+\(grams) g") }
        if health > 0 {
            let tenths = (health * 1000 + Rules.fullHealth / 2) / Rules.fullHealth
            parts.append(tenths % 10 == 0 ? "+\(tenths / 10)% ocean" : "+\(tenths / 10).\(tenths % 10)% ocean")
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}

/// A challenge as the HUD and the menu show it: a title, what it asks, a bar with
/// "12/40" beside it (a tick and "done" once completed, "failed" in the warning
/// colour if its day or week ended first) and, on the menu, its reward.
struct ChallengeBlock {
    let theme: Theme

    /// Pixels of a bar `width` wide filled for `progress` of `target`.
    static func filled(progress: Int, target: Int, width: Int) -> Int {
        width * min(max(0, progress), max(1, target)) / max(1, target)
    }

    /// Draws `c` with its top-left at (x, y); returns the y below it. Nothing for no
    /// challenge. The title is `shortTitle` if it would not fit the pen's limit, and the
    /// bar shortens to leave room for the figures beside it.
    @discardableResult
    func draw(_ pen: TextPen, _ c: Challenge, words: ChallengeWords, title: String, shortTitle: String? = nil,
              x: Int, y: Int, showReward: Bool) -> Int {
        guard c.exists else { return y }
        let t = theme
        // Drawn in a side panel, at its scale.
        let s = Layout.panelScale(t)
        let line = pen.font.cellHeight * s + t.lineGapPx
        var y = y
        let fits = pen.limit == .max || x + pen.width(title, scale: s) <= pen.limit
        pen.text(fits ? title : shortTitle ?? title, x: x, y: y, scale: s, Colour.opaque(t.dim))
        y += line
        // Indices, not the array's iterator: nothing to allocate in any build.
        for i in words.lines.indices {
            pen.text(words.lines[i], x: x, y: y, scale: s, Colour.opaque(c.status == .completed ? t.good : t.text))
            y += line
        }
        // The bar, centred on the line of text beside it; shorter (to half) if the figures
        // beside it would not fit.
        let figures = switch c.status {
        case .completed: 7 * s + pen.font.cellWidth * s / 2 + pen.width("done", scale: s)
        case .failed: pen.width("failed", scale: s)
        default: pen.font.width(ofCharacters: TextPen.characters(of: c.progress) + 1 + TextPen.characters(of: c.target), scale: s)
        }
        let room = pen.limit == .max ? Int.max : pen.limit - x - pen.font.cellWidth * s - figures
        let barW = max(t.challengeBarWidthPx / 2, min(t.challengeBarWidthPx, room)), barH = t.challengeBarHeightPx
        let barY = y + (pen.font.cellHeight * s - t.lineGapPx - barH) / 2
        let fill = switch c.status {
        case .completed: t.good
        case .failed: t.challengeFailed
        default: t.challengeBar
        }
        pen.canvas.fill(x: x, y: barY, w: barW, h: barH, Colour.opaque(t.challengeBarBack))
        pen.canvas.fill(x: x, y: barY, w: ChallengeBlock.filled(progress: c.progress, target: c.target, width: barW),
                        h: barH, Colour.opaque(fill))
        let after = x + barW + pen.font.cellWidth * s
        switch c.status {
        case .completed:
            let tx = ChallengeBlock.drawTick(pen.canvas, x: after, y: y, scale: s, Colour.opaque(t.good))
            pen.text("done", x: tx + pen.font.cellWidth * s / 2, y: y, scale: s, Colour.opaque(t.good))
        case .failed:
            pen.text("failed", x: after, y: y, scale: s, Colour.opaque(t.challengeFailed))
        default:
            let n = pen.number(c.progress, x: after, y: y, scale: s, Colour.opaque(t.text))
            pen.number(c.target, x: pen.text("/", x: n, y: y, scale: s, Colour.opaque(t.dim)), y: y, scale: s,
                       Colour.opaque(t.text))
        }
        y += line
        if showReward {
            pen.text(words.reward, x: x, y: y, scale: s, Colour.opaque(c.status == .completed ? t.dim : t.good))
            y += line
        }
        return y
    }

    /// A tick mark (✓, which the font has no glyph for) seven font pixels wide, its
    /// top on the text line at `y`; returns the x after it.
    @discardableResult
    static func drawTick(_ canvas: Canvas, x: Int, y: Int, scale: Int, _ colour: UInt32) -> Int {
        for row in 0..<tickRows.count {
            let bits = tickRows[row]
            for col in 0..<7 where bits & (1 << (6 - col)) != 0 {
                canvas.fill(x: x + col * scale, y: y + row * scale, w: scale, h: scale, colour)
            }
        }
        return x + 7 * scale
    }

    /// The tick's rows of seven font pixels, the leftmost the highest bit: a
    /// two-pixel stroke down to the bottom left's corner, and up to the top right.
    static let tickRows = [0b000_0000,
                           0b000_0001,  // ......#
                           0b000_0011,  // .....##
                           0b110_0110,  // ##..##.
                           0b011_1100,  // .####..
                           0b001_1000]  // ..##...
}
