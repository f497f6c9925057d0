import OceanKernel

/// The screens over the game: the title before the first game, the summary after
/// each, and the pause banner. Drawn over the middle column, so the HUD stays in view.
struct Screens {
    let theme: Theme
    let layout: Layout

    func dim(_ canvas: Canvas) {
        let p = theme.panelWidthPx
        canvas.blend(x: p, y: 0, w: layout.screenWidth - 2 * p, h: layout.screenHeight,
                     Colour.opaque(theme.overlay), alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
    }

    func centred(_ pen: TextPen, _ text: String, y: Int, scale: Int, _ colour: UInt32) {
        pen.text(text, x: (layout.screenWidth - pen.width(text, scale: scale)) / 2, y: y, scale: scale, colour)
    }

    /// A label and a number on one centred line.
    func row(_ pen: TextPen, _ label: String, _ value: Int, suffix: String = "", y: Int) {
        let s = theme.fontScale
        let w = pen.width(label, scale: s) + pen.width(of: value, scale: s) + pen.width(suffix, scale: s)
        var x = (layout.screenWidth - w) / 2
        x = pen.text(label, x: x, y: y, scale: s, Colour.opaque(theme.dim))
        x = pen.number(value, x: x, y: y, scale: s, Colour.opaque(theme.text))
        pen.text(suffix, x: x, y: y, scale: s, Colour.opaque(theme.dim))
    }

    func title(_ pen: TextPen) {
        dim(pen.canvas)
        let big = theme.bigFontScale
        let line = pen.font.cellHeight * theme.fontScale + theme.lineGapPx
        var y = layout.waterY / 4
        centred(pen, "OCEAN", y: y, scale: big, Colour.opaque(theme.accent))
        y += pen.font.cellHeight * big + theme.lineGapPx
        centred(pen, "RESCUE", y: y, scale: big, Colour.opaque(theme.accent))
        y += pen.font.cellHeight * big + 3 * theme.lineGapPx
        centred(pen, "Catch the trash before", y: y, scale: theme.fontScale, Colour.opaque(theme.text))
        y += line
        centred(pen, "it reaches the sea.", y: y, scale: theme.fontScale, Colour.opaque(theme.text))
        y += 3 * line
        centred(pen, "Press Space to play", y: y, scale: theme.fontScale, Colour.opaque(theme.good))
    }

    func summary(_ pen: TextPen, _ s: GameSummary, hint: String = "Space to play again") {
        dim(pen.canvas)
        let big = theme.bigFontScale
        let line = pen.font.cellHeight * theme.fontScale + theme.lineGapPx
        var y = layout.waterY / 8
        centred(pen, s.perfect ? "PERFECT!" : "GAME OVER", y: y, scale: big, Colour.opaque(theme.accent))
        y += pen.font.cellHeight * big + 3 * theme.lineGapPx
        row(pen, "Score ", s.score, y: y); y += line
        row(pen, "Caught ", s.catches, y: y); y += line
        row(pen, "Missed ", s.misses, y: y); y += line
        row(pen, "Best combo ", s.bestCombo, y: y); y += line
        row(pen, "Plastic saved ", s.grams, suffix: " g", y: y); y += 2 * line
        centred(pen, hint, y: y, scale: theme.fontScale, Colour.opaque(theme.good))
    }

    /// Between rounds: which round comes next.
    func roundBreak(_ pen: TextPen, next round: Int) {
        let big = theme.bigFontScale
        let y = layout.waterY / 3
        let label = "ROUND "
        let w = pen.width(label, scale: big) + pen.width(of: round, scale: big)
        let x = pen.text(label, x: (layout.screenWidth - w) / 2, y: y, scale: big, Colour.opaque(theme.accent))
        pen.number(round, x: x, y: y, scale: big, Colour.opaque(theme.accent))
        centred(pen, "Get ready!", y: y + pen.font.cellHeight * big + 2 * theme.lineGapPx,
                scale: theme.fontScale, Colour.opaque(theme.text))
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

    func paused(_ pen: TextPen) {
        let big = theme.bigFontScale
        let h = pen.font.cellHeight * big + 4 * theme.lineGapPx
        let y = (layout.waterY - h) / 2
        pen.canvas.blend(x: 0, y: y, w: layout.screenWidth, h: h, Colour.opaque(theme.overlay),
                         alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
        centred(pen, "PAUSED", y: y + 2 * theme.lineGapPx, scale: big, Colour.opaque(theme.text))
    }
}
