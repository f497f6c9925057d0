import OceanAssets
import OceanKernel

/// The milestones of the long road, beside the achievements: each with its text, a
/// bar of the career's lifetime figure toward its target (or a tick once reached) and
/// its reward; under them, the daily and weekly challenges completed and failed.
extension CareerView {
    /// The list's text scale: the small text's, at most 2. At `--scale 3` a row (its
    /// text, the bar, a reward as long as "+200 g, +1% ocean") would leave the text four
    /// characters: this page keeps scale 2's text there (its keys line takes 3).
    var milestoneScale: Int { min(small, 2) }
    var milestoneLine: Int { game.assets.font.cellHeight * milestoneScale + theme.lineGapPx }

    /// Where the list's columns start: the box, the text, the bar, the figure, the reward.
    static let milestoneColumns = (box: 40, text: 56, bar: 290, figure: 410, reward: 480)

    /// The top of milestone row `n` of `count`, and the rows' pitch: as roomy as the
    /// screen allows, never under one line.
    func milestoneRow(_ n: Int, of count: Int) -> (y: Int, pitch: Int) {
        let top = 46, bottom = GameView.height - 4 * milestoneLine
        let pitch = min(milestoneLine + 8, max(milestoneLine, (bottom - top) / max(1, count)))
        return (top + n * pitch, pitch)
    }

    func drawMilestones(_ pen: TextPen, state: GameState) {
        drawPages(pen, page: 1)
        let rules = game.rules
        let c = state.career
        let list = rules.milestoneTemplates
        guard !list.isEmpty else {
            centred(pen, "No milestones in this challenge table.", y: 120, scale: body, theme.text)
            return
        }
        let col = CareerView.milestoneColumns
        let s = milestoneScale
        // At the largest font and scale not even one row may fit: none is drawn then; if
        // not all fit, one row less, for the line that says how many more there are.
        let room = (GameView.height - 4 * milestoneLine - 46) / milestoneLine
        let fits = max(0, room >= list.count ? list.count : room - 1)
        // The columns at their places if the figures and rewards fit them; with bigger text,
        // the rewards at the right edge, the bar before them, and no figure (the bar says it).
        var rewardWidth = 0
        for r in milestoneRewards { rewardWidth = max(rewardWidth, pen.width(r, scale: s)) }
        let right = GameView.width - theme.marginPx
        let roomy = col.reward + rewardWidth <= right
        let rewardX = roomy ? col.reward : right - rewardWidth
        let barX = roomy ? col.bar : rewardX - pen.font.cellWidth * s - theme.challengeBarWidthPx
        var pen = pen
        pen.limit = right
        var reached = 0
        for n in list.indices where c.milestones & (1 << n) != 0 { reached += 1 }
        let bottom = milestoneRow(fits, of: fits).y + 4 + (fits < list.count ? milestoneLine : 0)
        if bottom + milestoneLine > game.layout.waterY { backing(pen.canvas, y: game.layout.waterY - 4, h: bottom + milestoneLine - game.layout.waterY + 6) }
        for row in 0..<fits {
            let n = milestoneOrder[row]
            let got = c.milestones & (1 << n) != 0
            let t = rules.challenges[list[n]]
            let y = milestoneRow(row, of: fits).y
            let colour = Colour.opaque(got ? theme.good : theme.locked)
            pen.canvas.fill(x: col.box, y: y, w: 8, h: 8, colour)
            if !got { pen.canvas.fill(x: col.box + 2, y: y + 2, w: 4, h: 4, Colour.opaque(theme.panel)) }
            pen.text(milestoneTexts[n], x: col.text, y: y, scale: s, Colour.opaque(got ? theme.accent : theme.text),
                     limit: barX - pen.font.cellWidth * s)
            // The bar, centred on the text's line, and the figure beside it.
            let figure = state.lifetime(t.metric)
            let barW = theme.challengeBarWidthPx, barH = theme.challengeBarHeightPx
            let barY = y + (pen.font.cellHeight * s - theme.lineGapPx - barH) / 2
            pen.canvas.fill(x: barX, y: barY, w: barW, h: barH, Colour.opaque(theme.challengeBarBack))
            pen.canvas.fill(x: barX, y: barY, w: got ? barW : ChallengeBlock.filled(progress: figure, target: t.targetAtLevel1, width: barW),
                            h: barH, Colour.opaque(got ? theme.good : theme.challengeBar))
            if !roomy {
                // No figure: the bar full once reached.
            } else if got {
                let x = ChallengeBlock.drawTick(pen.canvas, x: col.figure, y: y, scale: s, colour)
                pen.text("reached", x: x + pen.font.cellWidth * s / 2, y: y, scale: s, colour)
            } else {
                // Targets of five digits and more in thousands ("16k/100k"): the column
                // holds about eleven characters before the reward's.
                let k = t.targetAtLevel1 >= 10_000 ? 1_000 : 1
                var x = pen.number(min(figure, t.targetAtLevel1) / k, x: col.figure, y: y, scale: s, Colour.opaque(theme.text))
                if k > 1 { x = pen.text("k", x: x, y: y, scale: s, Colour.opaque(theme.dim)) }
                x = pen.number(t.targetAtLevel1 / k, x: pen.text("/", x: x, y: y, scale: s, Colour.opaque(theme.dim)), y: y, scale: s,
                               Colour.opaque(theme.text))
                if k > 1 { pen.text("k", x: x, y: y, scale: s, Colour.opaque(theme.dim)) }
            }
            pen.text(milestoneRewards[n], x: rewardX, y: y, scale: s, Colour.opaque(got ? theme.dim : theme.good))
        }
        var y = milestoneRow(fits, of: fits).y + 4
        if fits < list.count {
            // Half a line up into a roomy row's gap; on a line of its own in a tight list.
            let my = milestoneRow(1, of: fits).pitch > milestoneLine ? y - milestoneLine / 2 : y
            let x = pen.text("... and ", x: col.text, y: my, scale: s, Colour.opaque(theme.dim))
            pen.text(" more", x: pen.number(list.count - fits, x: x, y: my, scale: s, Colour.opaque(theme.dim)),
                     y: my, scale: s, Colour.opaque(theme.dim))
            y = my + milestoneLine
        }
        // "Reached 4 of 12     Challenges completed 12, failed 3", piece by piece.
        let (dim, text) = (Colour.opaque(theme.dim), Colour.opaque(theme.text))
        let w = pen.width("Milestones reached ", scale: s) + pen.width(of: reached, scale: s) + pen.width(" of ", scale: s)
            + pen.width(of: list.count, scale: s) + pen.width("     Challenges completed ", scale: s)
            + pen.width(of: c.challengesCompleted, scale: s) + pen.width(", failed ", scale: s)
            + pen.width(of: c.challengesFailed, scale: s)
        // On two lines if one does not fit across the screen.
        let oneLine = w <= right - theme.marginPx
        let first = pen.width("Milestones reached ", scale: s) + pen.width(of: reached, scale: s) + pen.width(" of ", scale: s)
            + pen.width(of: list.count, scale: s)
        var x = max(theme.marginPx, (GameView.width - (oneLine ? w : first)) / 2)
        x = pen.text("Milestones reached ", x: x, y: y, scale: s, dim)
        x = pen.number(reached, x: x, y: y, scale: s, Colour.opaque(theme.accent))
        x = pen.text(" of ", x: x, y: y, scale: s, dim)
        x = pen.number(list.count, x: x, y: y, scale: s, text)
        if !oneLine {
            y += milestoneLine
            let second = w - first - pen.width("     ", scale: s)
            x = max(theme.marginPx, (GameView.width - second) / 2) - pen.font.cellWidth * s * 5
        }
        x = pen.text("     Challenges completed ", x: x, y: y, scale: s, dim)
        x = pen.number(c.challengesCompleted, x: x, y: y, scale: s, Colour.opaque(theme.good))
        x = pen.text(", failed ", x: x, y: y, scale: s, dim)
        pen.number(c.challengesFailed, x: x, y: y, scale: s, Colour.opaque(c.challengesFailed > 0 ? theme.challengeFailed : theme.text))
    }
}
