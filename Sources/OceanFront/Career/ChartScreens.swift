import OceanKernel

/// The week (plastic per day, with the daily goal's line) and the lifetime (plastic per
/// month, and the items diverted kind by kind) as bar charts.
extension CareerView {
    /// The plot's scale: at least twice the goal, else the tallest bar rounded up to a
    /// whole number of goals, so the goal line always shows and no bar overflows.
    public static func chartScale(maxGrams: Int, goal: Int) -> Int {
        let g = max(1, goal)
        return max(2 * g, (maxGrams + g - 1) / g * g)
    }

    /// Bar height in pixels for `grams` on a plot `height` px tall scaled to `scale` grams.
    public static func barHeight(grams: Int, scale: Int, height: Int) -> Int {
        max(0, min(height, grams * height / max(1, scale)))
    }

    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // day 0, 1970-01-01, was a Thursday
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The plot's box: left, right and bottom edge; the top is `bottom - height`.
    var plotLeft: Int { 64 }
    var plotRight: Int { GameView.width - 40 }
    var plotBottom: Int { theme.chartTopPx + theme.chartHeightPx }

    /// Axis, a grams label at the top and the bars' baseline.
    func drawAxis(_ pen: TextPen, scale: Int) {
        let axis = Colour.opaque(theme.chartAxis)
        pen.canvas.fill(x: plotLeft - 2, y: theme.chartTopPx, w: 1, h: theme.chartHeightPx + 1, axis)
        pen.canvas.fill(x: plotLeft - 2, y: plotBottom, w: plotRight - plotLeft + 2, h: 1, axis)
        let x = pen.number(scale, x: 12, y: theme.chartTopPx - 3, scale: small, Colour.opaque(theme.dim))
        pen.text(" g", x: x, y: theme.chartTopPx - 3, scale: small, Colour.opaque(theme.dim))
        pen.text("0 g", x: 30, y: plotBottom - 6, scale: small, Colour.opaque(theme.dim))
    }

    /// One bar with its grams above it.
    func drawBar(_ pen: TextPen, x: Int, w: Int, grams: Int, scale: Int, met: Bool) {
        let h = CareerView.barHeight(grams: grams, scale: scale, height: theme.chartHeightPx)
        pen.canvas.fill(x: x, y: plotBottom - h, w: w, h: h, Colour.opaque(met ? theme.chartBarMet : theme.chartBar))
        let label = pen.width(of: grams, scale: small)
        pen.number(grams, x: x + (w - label) / 2, y: plotBottom - h - smallLine, scale: small, Colour.opaque(theme.text))
    }

    func drawWeek(_ pen: TextPen, state: GameState) {
        frame(pen, title: "This week", hint: "Plastic diverted per day     Any key: back")
        let c = state.career
        let goal = game.rules.career.dailyGoalGrams
        guard c.hasSession else { centred(pen, "No days played yet.", y: 120, scale: body, theme.text); return }
        var most = 0
        for back in 0..<7 { most = max(most, c.grams(onDay: c.today - back)) }
        let scale = CareerView.chartScale(maxGrams: most, goal: goal)
        drawAxis(pen, scale: scale)
        let slot = (plotRight - plotLeft) / 7
        let barW = slot * 3 / 5
        for i in 0..<7 {
            let day = c.today - 6 + i
            let grams = c.grams(onDay: day)
            let x = plotLeft + i * slot + (slot - barW) / 2
            drawBar(pen, x: x, w: barW, grams: grams, scale: scale, met: grams >= goal)
            let name = i == 6 ? "Today" : CareerView.weekdays[((day % 7) + 7) % 7]
            let nw = pen.width(name, scale: small)
            pen.text(name, x: x + (barW - nw) / 2, y: plotBottom + 6, scale: small,
                     Colour.opaque(i == 6 ? theme.accent : theme.dim))
        }
        // The goal line, over the bars, dashed so bars still read through it.
        let gy = plotBottom - CareerView.barHeight(grams: goal, scale: scale, height: theme.chartHeightPx)
        var x = plotLeft - 2
        while x < plotRight {
            pen.canvas.fill(x: x, y: gy, w: min(8, plotRight - x), h: 1, Colour.opaque(theme.chartGoal))
            x += 12
        }
        // Its label left of the axis, where no bar is.
        pen.text("goal", x: 12, y: gy - smallLine + 2, scale: small, Colour.opaque(theme.chartGoal))
        pen.text(" g", x: pen.number(goal, x: 12, y: gy + 3, scale: small, Colour.opaque(theme.chartGoal)),
                 y: gy + 3, scale: small, Colour.opaque(theme.chartGoal))
        // The week's total and the streak under the chart.
        var total = 0
        for back in 0..<7 { total += c.grams(onDay: c.today - back) }
        let y = plotBottom + 6 + 2 * smallLine
        let w = pen.width("Last 7 days: ", scale: body) + pen.width(of: total, scale: body) + pen.width(" g", scale: body)
        var tx = (GameView.width - w) / 2
        tx = pen.text("Last 7 days: ", x: tx, y: y, scale: body, Colour.opaque(theme.dim))
        tx = pen.number(total, x: tx, y: y, scale: body, Colour.opaque(theme.text))
        pen.text(" g", x: tx, y: y, scale: body, Colour.opaque(theme.dim))
    }

    func drawLifetime(_ pen: TextPen, state: GameState) {
        frame(pen, title: "Lifetime", hint: "Plastic diverted per month, and what you caught     Any key: back")
        let c = state.career
        guard c.hasSession, let first = c.months.first?.month else {
            centred(pen, "Nothing diverted yet: play a game!", y: 120, scale: body, theme.text)
            return
        }
        let last = c.monthOfToday
        let start = max(first, last - 11)
        let count = last - start + 1
        var most = 0
        for m in start...last { most = max(most, c.grams(inMonth: m)) }
        let scale = CareerView.chartScale(maxGrams: most, goal: game.rules.career.dailyGoalGrams)
        drawAxis(pen, scale: scale)
        let slot = (plotRight - plotLeft) / 12
        let barW = slot * 3 / 5
        for i in 0..<count {
            let m = start + i
            let x = plotLeft + i * slot + (slot - barW) / 2
            drawBar(pen, x: x, w: barW, grams: c.grams(inMonth: m), scale: scale, met: false)
            let name = CareerView.monthNames[m % 12]
            pen.text(name, x: x + (barW - pen.width(name, scale: small)) / 2, y: plotBottom + 6, scale: small,
                     Colour.opaque(m == last ? theme.accent : theme.dim))
            if i == 0 || m % 12 == 0 {
                pen.number(m / 12, x: x + (barW - pen.width(of: m / 12, scale: small)) / 2, y: plotBottom + 6 + smallLine,
                           scale: small, Colour.opaque(theme.dim))
            }
        }
        // Items diverted kind by kind: two columns of three.
        var y = plotBottom + 6 + 3 * smallLine
        let lx = pen.text("In all: ", x: 40, y: y, scale: small, Colour.opaque(theme.dim))
        let gx = pen.number(state.totals.grams, x: lx, y: y, scale: small, Colour.opaque(theme.accent))
        pen.text(" g of plastic", x: gx, y: y, scale: small, Colour.opaque(theme.dim))
        y += smallLine + 4
        for kind in Shell.kinds {
            let col = kind.rawValue / 3, row = kind.rawValue % 3
            let x = 40 + col * 300, ky = y + row * smallLine
            let n = c.kindCounts[kind.rawValue]
            let words = content.kinds[kind.rawValue]
            var after = pen.number(n, x: x, y: ky, scale: small, Colour.opaque(n > 0 ? theme.good : theme.dim))
            after = pen.text(" ", x: after, y: ky, scale: small, Colour.opaque(theme.text))
            pen.text(n == 1 ? words.one : words.many, x: after, y: ky, scale: small, Colour.opaque(theme.text))
        }
    }
}
