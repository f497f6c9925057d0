import OceanAssets
import OceanKernel

/// The screens over the game: the title before the first game, the summary after
/// each, and the pause banner. Drawn over the middle column, so the HUD stays in view.
struct GameOverlays {
    let theme: Theme
    let layout: Layout

    func dim(_ canvas: Canvas) {
        let p = layout.panelWidth
        canvas.blend(x: p, y: 0, w: layout.screenWidth - 2 * p, h: layout.screenHeight,
                     Colour.opaque(theme.overlay), alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
    }

    func centred(_ pen: TextPen, _ text: String, y: Int, scale: Int, _ colour: UInt32) {
        pen.text(text, x: (layout.screenWidth - pen.width(text, scale: scale)) / 2, y: y, scale: scale, colour)
    }

    /// The width between the side panels, where the title and a summary stand.
    var middleWidth: Int { layout.screenWidth - 2 * (layout.panelWidth - theme.marginPx) }

    /// The title's and a summary's text scale: the HUD's, or a size down where the
    /// middle column does not hold `middleColumns` characters ("Press Space to play",
    /// a summary's rows) at it. At `--scale 3` it holds 12: these two screens show scale
    /// 2's text there (a summary at 3 would not fit the screen's height either).
    func middleScale(cellWidth: Int) -> Int {
        var s = theme.fontScale
        while s > 1 && GameOverlays.middleColumns * cellWidth * s > middleWidth { s -= 1 }
        return s
    }

    func middleScale(_ pen: TextPen) -> Int { middleScale(cellWidth: pen.font.cellWidth) }
    static let middleColumns = 19

    /// Whether `text` fits between the side panels at the title's and summary's scale.
    func fits(_ pen: TextPen, _ text: String) -> Bool { pen.width(text, scale: middleScale(pen)) <= middleWidth }

    /// A label and a number on one centred line; `short` for the label if the line
    /// would not fit between the panels (then cut at their edge if even that does not).
    func row(_ pen: TextPen, _ label: String, short: String? = nil, _ value: Int, suffix: String = "", y: Int) {
        let s = middleScale(pen)
        func width(_ label: String) -> Int { pen.width(label, scale: s) + pen.width(of: value, scale: s) + pen.width(suffix, scale: s) }
        let label = width(label) > middleWidth ? short ?? label : label
        let w = width(label)
        let left = (layout.screenWidth - middleWidth) / 2
        var pen = pen
        if w > middleWidth { pen.limit = left + middleWidth }
        var x = max(left, (layout.screenWidth - w) / 2)
        x = pen.text(label, x: x, y: y, scale: s, Colour.opaque(theme.dim))
        x = pen.number(value, x: x, y: y, scale: s, Colour.opaque(theme.text))
        pen.text(suffix, x: x, y: y, scale: s, Colour.opaque(theme.dim))
    }

    func title(_ pen: TextPen) {
        dim(pen.canvas)
        let ts = middleScale(pen)
        let big = theme.bigFontScale
        let line = pen.font.cellHeight * ts + theme.lineGapPx
        var y = layout.waterY / 4
        centred(pen, "OCEAN", y: y, scale: big, Colour.opaque(theme.accent))
        y += pen.font.cellHeight * big + theme.lineGapPx
        centred(pen, "RESCUE", y: y, scale: big, Colour.opaque(theme.accent))
        y += pen.font.cellHeight * big + 3 * theme.lineGapPx
        if fits(pen, "Catch the trash before") {
            centred(pen, "Catch the trash before", y: y, scale: ts, Colour.opaque(theme.text))
            y += line
            centred(pen, "it reaches the sea.", y: y, scale: ts, Colour.opaque(theme.text))
        } else {
            // Bigger text: the sentence on three shorter lines.
            centred(pen, "Catch the trash", y: y, scale: ts, Colour.opaque(theme.text))
            y += line
            centred(pen, "before it reaches", y: y, scale: ts, Colour.opaque(theme.text))
            y += line
            centred(pen, "the sea.", y: y, scale: ts, Colour.opaque(theme.text))
        }
        y += 3 * line
        centred(pen, "Press Space to play", y: y, scale: ts, Colour.opaque(theme.good))
    }

    /// The game's figures, its impact (when known) in a panel, and what to do next.
    func summary(_ pen: TextPen, _ s: GameSummary, hint: String = "Space to play again", impact: ImpactWords? = nil,
                 rank: Int? = nil, moments: [String] = [], assist: String? = nil, note: SummaryNote? = nil) {
        dim(pen.canvas)
        let ts = middleScale(pen)
        let big = theme.bigFontScale
        let line = pen.font.cellHeight * ts + theme.lineGapPx
        var y = layout.waterY / 8
        let title = s.perfect ? "PERFECT!" : s.abandoned ? "GAME LEFT" : s.cleared ? "CLEARED!" : "GAME OVER"
        centred(pen, title, y: y, scale: big, Colour.opaque(theme.accent))
        y += pen.font.cellHeight * big + 3 * theme.lineGapPx
        if let rank {
            // The moment: a place in the mode's high-score table (its replay kept). On
            // two lines if one does not fit between the panels.
            let words = rank == 1 ? "NEW BEST! \(s.mode.name) high score" : "\(GameOverlays.ordinal(rank)) best \(s.mode.name.lowercased()) score"
            if fits(pen, words) {
                centred(pen, words, y: y - theme.lineGapPx, scale: ts, Colour.opaque(theme.good))
            } else {
                let first = rank == 1 ? "NEW BEST!" : "\(GameOverlays.ordinal(rank)) best"
                let second = rank == 1 ? "\(s.mode.name) high score" : "\(s.mode.name.lowercased()) score"
                centred(pen, first, y: y - theme.lineGapPx, scale: ts, Colour.opaque(theme.good))
                y += line
                centred(pen, second, y: y - theme.lineGapPx, scale: ts, Colour.opaque(theme.good))
            }
            y += line
        }
        if s.abandoned {
            // Left from the pause menu (or by quitting): what was caught counts, a perfect cannot.
            let colour = Colour.opaque(theme.dim)
            if fits(pen, "Left early: catches count, no perfect") {
                centred(pen, "Left early: catches count, no perfect", y: y, scale: ts, colour)
            } else {
                centred(pen, "Left early: catches", y: y, scale: ts, colour)
                y += line
                centred(pen, "count, no perfect", y: y, scale: ts, colour)
            }
            y += line
        } else if s.mode == .arcade {
            // Arcade: how far the game went, and what ended it (on two lines if need be).
            let words = s.cleared ? "Arcade: all \(s.rounds) rounds cleared" : "Arcade: round \(s.rounds), out of bins"
            let colour = Colour.opaque(s.cleared ? theme.good : theme.dim)
            if fits(pen, words) {
                centred(pen, words, y: y, scale: ts, colour)
            } else {
                centred(pen, s.cleared ? "Arcade: all \(s.rounds)" : "Arcade: round \(s.rounds),", y: y, scale: ts, colour)
                y += line
                centred(pen, s.cleared ? "rounds cleared" : "out of bins", y: y, scale: ts, colour)
            }
            y += line
        }
        if let note {
            let colour = Colour.opaque(note.good ? theme.good : theme.dim)
            centred(pen, fits(pen, note.words) ? note.words : note.short, y: y, scale: ts, colour)
            y += line
        }
        if let assist {
            // Played with assist mode: said under the title, as the high scores mark it.
            centred(pen, fits(pen, assist) ? assist : "Assist mode", y: y, scale: theme.fontScale, Colour.opaque(theme.dim))
            y += line
        }
        row(pen, "Score ", s.score, y: y); y += line
        row(pen, "Caught ", s.catches, y: y); y += line
        row(pen, "Missed ", s.misses, y: y); y += line
        row(pen, "Best combo ", short: "Combo ", s.bestCombo, y: y); y += line
        row(pen, "Plastic saved ", short: "Plastic ", s.grams, suffix: " g", y: y); y += line
        if let impact { y = impactPanel(pen, impact, y: y + theme.lineGapPx) + 2 * theme.lineGapPx } else { y += line }
        centred(pen, hint, y: y, scale: ts, Colour.opaque(theme.good))
        self.moments(pen, moments, y: y + line + theme.lineGapPx)
    }

    /// The game's moments (a new level, the pet's stage, a phase, a new sea, a reward),
    /// their lines under the summary in a band of the panel colour, as many as fit
    /// above the screen's foot.
    private func moments(_ pen: TextPen, _ moments: [String], y top: Int) {
        guard !moments.isEmpty else { return }
        let s = middleScale(pen)
        let line = pen.font.cellHeight * s + theme.lineGapPx
        let x = theme.panelWidthPx + theme.marginPx, w = layout.screenWidth - 2 * x
        let fitting = moments  // wrapped to the column when they came (`GameView.moment`)
        let rows = min(fitting.count, max(0, (layout.screenHeight - theme.marginPx - top - 2 * theme.lineGapPx) / line))
        guard rows > 0 else { return }
        pen.canvas.blend(x: x, y: top, w: w, h: rows * line + theme.lineGapPx, Colour.opaque(theme.panel),
                         alpha: UInt32(theme.panelAlphaPercent * 256 / 100))
        var y = top + theme.lineGapPx
        for words in fitting.prefix(rows) {
            centred(pen, words, y: y, scale: s, Colour.opaque(theme.accent))
            y += line
        }
    }

    /// 1st, 2nd, 3rd, 4th … (a high-score place).
    static func ordinal(_ n: Int) -> String {
        let tens = n % 100, units = n % 10
        let suffix = (11...13).contains(tens) ? "th" : units == 1 ? "st" : units == 2 ? "nd" : units == 3 ? "rd" : "th"
        return "\(n)\(suffix)"
    }

    /// The box of a game's impact under its summary: items kept out of the sea, CO2e
    /// and water saved, side by side (big where they fit), each named below. Returns
    /// the y under it.
    func impactPanel(_ pen: TextPen, _ impact: ImpactWords, y: Int) -> Int {
        let t = theme
        let s = middleScale(pen)
        let line = pen.font.cellHeight * s + t.lineGapPx
        let big = max(s, t.bigFontScale - 1)
        let x = layout.panelWidth + t.marginPx, w = layout.screenWidth - 2 * x
        let h = 2 * t.lineGapPx + line + pen.font.cellHeight * big + t.lineGapPx + line
        pen.canvas.blend(x: x, y: y, w: w, h: h, Colour.opaque(theme.panel), alpha: UInt32(t.panelAlphaPercent * 256 / 100))
        var ty = y + t.lineGapPx
        centred(pen, pen.width("THIS GAME'S IMPACT", scale: s) <= w ? "THIS GAME'S IMPACT" : "IMPACT", y: ty, scale: s,
                Colour.opaque(t.dim))
        ty += line
        let column = w / 3
        // The labels' short forms if the long ones would not fit their columns.
        let long = pen.width("water saved", scale: s) <= column - 4
        for i in 0..<3 {
            let cx = x + i * column + column / 2
            let label = i == 0 ? "items" : (i == 1 ? (long ? "CO2e saved" : "CO2e") : (long ? "water saved" : "water"))
            let colour = Colour.opaque(i == 0 ? t.good : (i == 1 ? t.impactCO2e : t.impactWater))
            // The figure one size down (or two) if it would not fit its column; cut at its
            // edge if even that does not.
            var scale = figureWidth(pen, impact, i, scale: big) <= column - 4 ? big : s
            if scale > 1 && figureWidth(pen, impact, i, scale: scale) > column - 4 { scale -= 1 }
            var pen = pen
            pen.limit = x + (i + 1) * column - 2
            let fx = max(x + i * column + 2, cx - figureWidth(pen, impact, i, scale: scale) / 2)
            let fy = ty + pen.font.cellHeight * (big - scale)
            if i == 0 {
                pen.number(impact.items, x: fx, y: fy, scale: scale, colour)
            } else {
                pen.text(i == 1 ? impact.co2e : impact.water, x: fx, y: fy, scale: scale, colour)
            }
            pen.text(label, x: cx - pen.width(label, scale: s) / 2, y: ty + pen.font.cellHeight * big + t.lineGapPx,
                     scale: s, Colour.opaque(t.dim))
        }
        return y + h
    }

    /// The width of the impact panel's `i`th figure (items, CO2e, water) at `scale`.
    private func figureWidth(_ pen: TextPen, _ impact: ImpactWords, _ i: Int, scale: Int) -> Int {
        i == 0 ? pen.width(of: impact.items, scale: scale) : pen.width(i == 1 ? impact.co2e : impact.water, scale: scale)
    }

    /// Between rounds: which round comes next (the one the HUD names, `GameView.shownRound`),
    /// its top at `y`. Returns the y under it.
    @discardableResult
    func roundBreak(_ pen: TextPen, round: Int, y: Int) -> Int {
        let big = theme.bigFontScale
        let label = "ROUND "
        let w = pen.width(label, scale: big) + pen.width(of: round, scale: big)
        let x = pen.text(label, x: (layout.screenWidth - w) / 2, y: y, scale: big, Colour.opaque(theme.accent))
        pen.number(round, x: x, y: y, scale: big, Colour.opaque(theme.accent))
        let ready = y + pen.font.cellHeight * big + 2 * theme.lineGapPx
        centred(pen, "Get ready!", y: ready, scale: theme.fontScale, Colour.opaque(theme.text))
        return ready + pen.font.cellHeight * theme.fontScale
    }

    /// A notice across the top of the screen, over everything, one strip per line.
    func notice(_ pen: TextPen, _ n: Notice) {
        let line = pen.font.cellHeight + theme.lineGapPx
        let h = n.lines.count * line + 2 * theme.lineGapPx
        pen.canvas.blend(x: 0, y: 0, w: layout.screenWidth, h: h, Colour.opaque(theme.overlay),
                         alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
        let colour = Colour.opaque(n.isProblem ? theme.healthLow : theme.good)
        for (i, text) in n.lines.enumerated() {
            centred(pen, text, y: theme.lineGapPx + i * line, scale: 1, colour)
        }
    }

    /// Where the pause menu's rows stand: row `i` of `count`, the panel around them
    /// and the title above; shared with the click hit-test (`GameView.pauseRow`).
    func pauseRow(_ i: Int, count: Int, cellHeight: Int, helpLines: Int = 1) -> CareerLayout.Box {
        let panel = pausePanel(count: count, cellHeight: cellHeight, helpLines: helpLines)
        let pitch = cellHeight * theme.fontScale + 3 * theme.lineGapPx
        let top = panel.y + 2 * theme.lineGapPx + cellHeight * theme.bigFontScale + 3 * theme.lineGapPx
        return CareerLayout.Box(x: panel.x + theme.marginPx, y: top + i * pitch, w: panel.w - 2 * theme.marginPx, h: pitch)
    }

    /// The panel holds the title, the rows and `helpLines` lines of help (as many as
    /// the help takes at the text's scale: `pauseHelpColumns`), and widens with the
    /// text's scale so that bigger text is not cut.
    func pausePanel(count: Int, cellHeight: Int, helpLines: Int = 1) -> CareerLayout.Box {
        let pitch = cellHeight * theme.fontScale + 3 * theme.lineGapPx
        let h = 2 * theme.lineGapPx + cellHeight * theme.bigFontScale + 3 * theme.lineGapPx + count * pitch
            + 2 * theme.lineGapPx + max(1, helpLines) * (cellHeight * theme.fontScale + theme.lineGapPx) + theme.lineGapPx
        let w = min(layout.screenWidth - 2 * theme.marginPx, max(layout.screenWidth / 2, 300) * theme.fontScale)
        return CareerLayout.Box(x: (layout.screenWidth - w) / 2, y: max(0, (layout.screenHeight - h) / 2), w: w, h: h)
    }

    /// The pause menu: its title, its rows (the chosen one marked), each row's value
    /// (a volume, the theme) at its right, and a line of help under them.
    /// How many characters of help a line of the pause panel holds.
    func pauseHelpColumns(cellWidth: Int) -> Int {
        (pausePanel(count: 0, cellHeight: 0).w - 2 * theme.marginPx) / max(1, cellWidth * theme.fontScale)
    }

    func pauseMenu(_ pen: TextPen, _ menu: PauseMenu, help: [String]) {
        let cell = pen.font.cellHeight
        let panel = pausePanel(count: menu.rowCount, cellHeight: cell, helpLines: help.count)
        pen.canvas.blend(x: 0, y: 0, w: layout.screenWidth, h: layout.screenHeight, Colour.opaque(theme.overlay),
                         alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
        pen.canvas.blend(x: panel.x, y: panel.y, w: panel.w, h: panel.h, Colour.opaque(theme.panel),
                         alpha: UInt32(theme.panelAlphaPercent * 256 / 100))
        let s = theme.fontScale
        centred(pen, menu.page == .main ? "PAUSED" : "SOUND", y: panel.y + 2 * theme.lineGapPx, scale: theme.bigFontScale,
                Colour.opaque(theme.text))
        for i in 0..<menu.rowCount {
            let row = pauseRow(i, count: menu.rowCount, cellHeight: cell, helpLines: help.count)
            let chosen = i == menu.selection
            if chosen {
                pen.canvas.blend(x: row.x, y: row.y, w: row.w, h: row.h, Colour.opaque(theme.accent), alpha: 64)
            }
            let colour = Colour.opaque(chosen ? theme.accent : theme.text)
            let ty = row.y + (row.h - cell * s) / 2
            let valueRight = row.x + row.w - theme.marginPx
            // The value first, so the label is cut short of it, never drawn over it.
            var valueX = valueRight
            switch menu.page {
            case .main where i == PauseMenu.Item.theme.rawValue:
                // "< name >" in three parts: no string is built per frame.
                let cell = pen.font.cellWidth * s
                valueX = valueRight - min(pen.width(menu.theme, scale: s) + 4 * cell, row.w / 2)
                let x = pen.text("< ", x: valueX, y: ty, scale: s, colour)
                let end = pen.text(menu.theme, x: x, y: ty, scale: s, colour, limit: valueRight - 2 * cell + s)
                pen.text(" >", x: end, y: ty, scale: s, colour)
            case .sound where i == PauseMenu.SoundRow.mute.rawValue:
                let word = menu.volumes.mute ? "On" : "Off"
                valueX = valueRight - pen.width(word, scale: s)
                pen.text(word, x: valueX, y: ty, scale: s, colour)
            case .sound where PauseMenu.SoundRow(rawValue: i)!.isVolume:
                let v = menu.volumes[PauseMenu.SoundRow(rawValue: i)!]
                valueX = valueRight - pen.width(of: v, scale: s) - pen.width(" %", scale: s)
                let x = pen.number(v, x: valueX, y: ty, scale: s, colour)
                pen.text(" %", x: x, y: ty, scale: s, colour)
            default:
                break
            }
            let label = menu.page == .main ? PauseMenu.Item(rawValue: i)!.label : PauseMenu.SoundRow(rawValue: i)!.label
            pen.text(label, x: row.x + theme.marginPx, y: ty, scale: s, colour, limit: valueX - theme.marginPx)
        }
        var hy = pauseRow(menu.rowCount, count: menu.rowCount, cellHeight: cell, helpLines: help.count).y + theme.lineGapPx
        for line in help {
            pen.text(line, x: panel.x + theme.marginPx, y: hy, scale: s, Colour.opaque(theme.dim), limit: panel.x + panel.w - theme.marginPx)
            hy += cell * s + theme.lineGapPx
        }
    }
}
