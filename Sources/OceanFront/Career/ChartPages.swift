import OceanAssets
import OceanKernel

/// The week (plastic per day, with the daily goal's line) and the lifetime (plastic per
/// month with each month's impact under its bar, and a table of the items kept out of
/// the sea and the CO2e and water saved, kind by kind and in all) as bar charts.
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

    /// A plot's box: its top and height (the week's and the lifetime's differ).
    struct Plot {
        var top: Int, height: Int
        var bottom: Int { top + height }
    }

    /// The plots' left and right edge.
    var plotLeft: Int { 64 }
    var plotRight: Int { GameView.width - 40 }
    var weekPlot: Plot { Plot(top: theme.chartTopPx, height: theme.chartHeightPx) }
    var lifetimePlot: Plot { Plot(top: theme.lifetimeTopPx, height: theme.lifetimeHeightPx) }
    var plotBottom: Int { weekPlot.bottom }

    /// Axis, a grams label at the top and the bars' baseline.
    func drawAxis(_ pen: TextPen, scale: Int, plot: Plot) {
        let axis = Colour.opaque(theme.chartAxis)
        pen.canvas.fill(x: plotLeft - 2, y: plot.top, w: 1, h: plot.height + 1, axis)
        pen.canvas.fill(x: plotLeft - 2, y: plot.bottom, w: plotRight - plotLeft + 2, h: 1, axis)
        let x = pen.number(scale, x: 12, y: plot.top - 3, scale: small, Colour.opaque(theme.dim))
        pen.text(" g", x: x, y: plot.top - 3, scale: small, Colour.opaque(theme.dim))
        // At the margin with the biggest text (`--scale 3`), clear of the first day's name.
        pen.text("0 g", x: small > 2 ? 12 : 30, y: plot.bottom - 6, scale: small, Colour.opaque(theme.dim))
    }

    /// One bar with its grams above it.
    func drawBar(_ pen: TextPen, x: Int, w: Int, grams: Int, scale: Int, met: Bool, plot: Plot) {
        let h = CareerView.barHeight(grams: grams, scale: scale, height: plot.height)
        pen.canvas.fill(x: x, y: plot.bottom - h, w: w, h: h, Colour.opaque(met ? theme.chartBarMet : theme.chartBar))
        let label = pen.width(of: grams, scale: small)
        pen.number(grams, x: x + (w - label) / 2, y: plot.bottom - h - smallLine, scale: small, Colour.opaque(theme.text))
    }

    func drawWeek(_ pen: TextPen, state: GameState) {
        frame(pen, title: "This week", hint: "Plastic diverted per day     Any key: back")
        let c = state.career
        let goal = game.rules.career.dailyGoalGrams
        guard c.hasSession else { centred(pen, "No days played yet.", y: 120, scale: body, theme.text); return }
        var most = 0
        for back in 0..<7 { most = max(most, c.grams(onDay: c.today - back)) }
        let scale = CareerView.chartScale(maxGrams: most, goal: goal)
        drawAxis(pen, scale: scale, plot: weekPlot)
        let slot = (plotRight - plotLeft) / 7
        let barW = slot * 3 / 5
        for i in 0..<7 {
            let day = c.today - 6 + i
            let grams = c.grams(onDay: day)
            let x = plotLeft + i * slot + (slot - barW) / 2
            drawBar(pen, x: x, w: barW, grams: grams, scale: scale, met: grams >= goal, plot: weekPlot)
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
        frame(pen, title: "Lifetime", hint: "Plastic per month (bars); all it weighed and saved     Any key: back")
        let c = state.career
        guard c.hasSession, let first = c.months.first?.month else {
            centred(pen, "Nothing diverted yet: play a game!", y: 120, scale: body, theme.text)
            return
        }
        let last = c.monthOfToday
        let start = max(first, last - 11)
        let count = last - start + 1
        lifetimeWords.update(c, start: start, last: last, factors: game.impact, rules: game.rules)
        let plot = lifetimePlot
        var most = 0
        for m in start...last { most = max(most, c.grams(inMonth: m)) }
        let scale = CareerView.chartScale(maxGrams: most, goal: game.rules.career.dailyGoalGrams)
        drawAxis(pen, scale: scale, plot: plot)
        let slot = (plotRight - plotLeft) / 12
        let barW = slot * 3 / 5
        let (dim, text) = (Colour.opaque(theme.dim), Colour.opaque(theme.text))
        // Under each month's bar: its name (and year), then its items, their mass (every
        // material), CO2e and water, the rows named left of the axis.
        let rows = plot.bottom + 6 + 2 * smallLine
        for i in CareerView.monthRows.indices {
            pen.text(CareerView.monthRows[i], x: 12, y: rows + i * smallLine, scale: small, dim)
        }
        for i in 0..<count {
            let m = start + i
            let x = plotLeft + i * slot + (slot - barW) / 2
            let mid = x + barW / 2
            drawBar(pen, x: x, w: barW, grams: c.grams(inMonth: m), scale: scale, met: false, plot: plot)
            let name = CareerView.monthNames[m % 12]
            pen.text(name, x: mid - pen.width(name, scale: small) / 2, y: plot.bottom + 6, scale: small,
                     Colour.opaque(m == last ? theme.accent : theme.dim))
            if i == 0 || m % 12 == 0 {
                // A year, not a count: not grouped ("2026", never "2,026").
                let yearWidth = pen.font.width(ofCharacters: TextPen.digits(m / 12), scale: small)
                pen.number(m / 12, x: mid - yearWidth / 2, y: plot.bottom + 6 + smallLine, scale: small, dim, grouped: false)
            }
            let words = lifetimeWords.months[i]
            pen.number(words.items, x: mid - pen.width(of: words.items, scale: small) / 2, y: rows, scale: small,
                       Colour.opaque(words.items > 0 ? theme.good : theme.dim))
            pen.text(words.mass, x: mid - pen.width(words.mass, scale: small) / 2, y: rows + smallLine, scale: small,
                     Colour.opaque(words.items > 0 ? theme.text : theme.dim), limit: plotLeft + (i + 1) * slot)
            pen.text(words.co2e, x: mid - pen.width(words.co2e, scale: small) / 2, y: rows + 2 * smallLine, scale: small,
                     Colour.opaque(theme.impactCO2e))
            pen.text(words.water, x: mid - pen.width(words.water, scale: small) / 2, y: rows + 3 * smallLine,
                     scale: small, Colour.opaque(theme.impactWater))
        }
        // The kinds' table: items kept out of the sea, CO2e and water saved, each
        // column's figures ending at its right edge; the lifetime's under a rule.
        let col = CareerView.impactColumns
        var y = rows + CareerView.monthRows.count * smallLine + 8
        // The table runs on over the band of sea: a box behind it keeps it readable.
        // Trash only: sea life and power-ups are never kept out of the sea.
        let trash = game.rules.isTrash.reduce(0) { $0 + ($1 ? 1 : 0) }
        backing(pen.canvas, y: y - 5, h: (trash + 3) * smallLine + 12)
        pen.text("Kept out of the sea", x: col.name, y: y, scale: small, dim, limit: col.mass - pen.width("weighing", scale: small) - 6)
        pen.text("weighing", x: col.mass - pen.width("weighing", scale: small), y: y, scale: small, dim)
        pen.text("items", x: col.items - pen.width("items", scale: small), y: y, scale: small, dim)
        pen.text("CO2e saved", x: col.co2e - pen.width("CO2e saved", scale: small), y: y, scale: small, dim)
        pen.text("water saved", x: col.water - pen.width("water saved", scale: small), y: y, scale: small, dim)
        y += smallLine + 2
        for k in lifetimeWords.kinds.indices where k < game.rules.kindCount && game.rules.isTrash[k] {
            let words = lifetimeWords.kinds[k]
            pen.text(content.words(game.rules.kindKeys[k]).name, x: col.name, y: y, scale: small, text)
            drawImpactRow(pen, words, y: y, itemsColour: words.items > 0 ? theme.good : theme.dim)
            y += smallLine
        }
        pen.canvas.fill(x: col.name, y: y - 3, w: col.water - col.name, h: 1, Colour.opaque(theme.chartAxis))
        pen.text("In all", x: col.name, y: y, scale: small, Colour.opaque(theme.accent))
        drawImpactRow(pen, lifetimeWords.total, y: y, itemsColour: theme.accent)
        // Plastic alone (the level's and the goal's count): only plastic kinds' grams.
        y += smallLine
        let x = pen.text("of it plastic: ", x: col.name, y: y, scale: small, dim)
        let end = pen.number(state.totals.grams, x: x, y: y, scale: small, Colour.opaque(theme.accent))
        pen.text(" g", x: end, y: y, scale: small, Colour.opaque(theme.accent))
    }

    /// The rows under the lifetime's bars, named left of the axis.
    static let monthRows = ["items", "mass", "CO2e", "water"]

    /// The right edges of the impact table's figures, and where its names start.
    static let impactColumns = (name: 40, mass: 250, items: 340, co2e: 460, water: 580)

    /// One row of the impact table's figures: items, CO2e, water.
    func drawImpactRow(_ pen: TextPen, _ words: ImpactWords, y: Int, itemsColour: Int) {
        let col = CareerView.impactColumns
        pen.text(words.mass, x: col.mass - pen.width(words.mass, scale: small), y: y, scale: small, Colour.opaque(theme.text))
        pen.number(words.items, x: col.items - pen.width(of: words.items, scale: small), y: y, scale: small,
                   Colour.opaque(itemsColour))
        pen.text(words.co2e, x: col.co2e - pen.width(words.co2e, scale: small), y: y, scale: small,
                 Colour.opaque(theme.impactCO2e))
        pen.text(words.water, x: col.water - pen.width(words.water, scale: small), y: y, scale: small,
                 Colour.opaque(theme.impactWater))
    }
}

/// The lifetime screen's impact, spelt once per change of the career's counts: each
/// month's on show, each kind's and the lifetime's.
struct LifetimeWords {
    private var key = FigureKey()
    /// From the first month on show.
    private(set) var months: [ImpactWords] = []
    /// By `ItemKind.rawValue`.
    private(set) var kinds: [ImpactWords] = []
    private(set) var total = ImpactWords()

    /// Made again only if the months on show or any count in them changed.
    mutating func update(_ c: CareerState, start: Int, last: Int, factors: ImpactFactors, rules: Rules) {
        key.begin()
        key.add(start)
        key.add(last)
        for i in c.kindCounts.indices { key.add(c.kindCounts[i]) }
        for j in c.months.indices where c.months[j].month >= start && c.months[j].month <= last {
            key.add(c.months[j].month)
            for i in c.months[j].kindCounts.indices { key.add(c.months[j].kindCounts[i]) }
        }
        guard key.changed() else { return }
        months = (start...last).map { m in
            ImpactWords(c.shownImpact(inMonth: m, factors),
                        grams: c.months.last(where: { $0.month == m })?.divertedGrams(rules: rules) ?? 0)
        }
        kinds = c.kindCounts.indices.map { k in
            ImpactWords(Impact(saturatingKind: ItemKind(rawValue: k), count: c.kindCounts[k], factors: factors),
                        grams: k < c.kindGrams.count ? c.kindGrams[k] : 0)
        }
        total = ImpactWords(c.shownImpact(factors), grams: c.kindGrams.reduce(0, +))
    }
}
