import OceanAssets
import OceanKernel

/// The screens drawn in the middle column, between the HUD's panels: the menu (and
/// this week's challenge in the right panel beside it), the scan log and the pet's page.
extension CareerView {
    /// The middle column's left edge and width.
    var columnX: Int { layout.listX }
    var columnW: Int { layout.listWidth }

    func columnCentred(_ pen: TextPen, _ text: String, y: Int, scale: Int, _ colour: Int) {
        // Too wide at this scale (a long name): a size down, or two (`--scale 3`).
        var s = scale
        while s > 1 && pen.width(text, scale: s) > columnW { s -= 1 }
        pen.text(text, x: columnX + (columnW - pen.width(text, scale: s)) / 2, y: y, scale: s, Colour.opaque(colour))
    }

    /// The greeting, and the streak and today's goal under it.
    func drawGreeting(_ pen: TextPen, flow: CareerFlow, state: GameState) {
        // "Hello, NAME!" drawn piece by piece, like the line below: no string per frame.
        if flow.player.name.isEmpty {
            columnCentred(pen, "Welcome!", y: 16, scale: body, theme.accent)
        } else {
            // As large as fits the middle column (a long name steps down a size); the
            // name cut with "…" if even the smallest does not, the "!" kept.
            var scale = body, w = 0
            repeat {
                w = pen.width("Hello, ", scale: scale) + pen.width(flow.player.name, scale: scale) + pen.width("!", scale: scale)
                if w <= columnW || scale <= max(1, min(small, body)) { break }
                scale -= 1
            } while true
            var x = columnX + max(0, (columnW - w) / 2)
            // Three calls, not a loop over an array of the parts: that array is a heap
            // allocation whenever the optimiser does not keep it on the stack.
            x = pen.text("Hello, ", x: x, y: 16, scale: scale, Colour.opaque(theme.accent))
            x = pen.text(flow.player.name, x: x, y: 16, scale: scale, Colour.opaque(theme.accent),
                         limit: columnX + columnW - pen.width("!", scale: scale) - scale)
            pen.text("!", x: x, y: 16, scale: scale, Colour.opaque(theme.accent))
        }
        let c = state.career
        let goal = game.rules.career.dailyGoalGrams
        // "Streak 3 days   Today 12/25 g", drawn piece by piece (no string per frame); on
        // two lines if it does not fit the column, each one size down if even that does not.
        let days = c.streak == 1 ? " day" : " days"
        func streakWidth(_ s: Int) -> Int { pen.width("Streak ", scale: s) + pen.width(of: c.streak, scale: s) + pen.width(days, scale: s) }
        func todayWidth(_ s: Int) -> Int {
            pen.width("Today ", scale: s) + pen.width(of: c.gramsToday, scale: s) + pen.width("/", scale: s)
                + pen.width(of: goal, scale: s) + pen.width(" g", scale: s)
        }
        // On one line, three spaces between (as one run: the pieces measured apart lose a gap each).
        func lineWidth(_ s: Int) -> Int { streakWidth(s) + pen.width("   ", scale: s) + todayWidth(s) + 2 * s }
        let oneLine = lineWidth(small) <= columnW
        // The biggest scale up to the small text's at which a line fits the column.
        func fitting(_ width: (Int) -> Int) -> Int {
            var s = small
            while s > 1 && width(s) > columnW { s -= 1 }
            return s
        }
        var y = 16 + bodyLine + 2
        let (dim, text, good) = (Colour.opaque(theme.dim), Colour.opaque(theme.text), Colour.opaque(theme.good))
        var s = oneLine ? small : fitting(streakWidth)
        var x = columnX + (columnW - (oneLine ? lineWidth(s) : streakWidth(s))) / 2
        x = pen.text("Streak ", x: x, y: y, scale: s, dim)
        x = pen.number(c.streak, x: x, y: y, scale: s, text)
        x = pen.text(days, x: x, y: y, scale: s, dim)
        if oneLine {
            x += 3 * pen.font.cellWidth * s
        } else {
            y += pen.font.cellHeight * s + theme.lineGapPx
            s = fitting(todayWidth)
            x = columnX + (columnW - todayWidth(s)) / 2
        }
        x = pen.text("Today ", x: x, y: y, scale: s, dim)
        x = pen.number(c.gramsToday, x: x, y: y, scale: s, c.gramsToday >= goal ? good : text)
        x = pen.text("/", x: x, y: y, scale: s, dim)
        x = pen.number(goal, x: x, y: y, scale: s, text)
        pen.text(" g", x: x, y: y, scale: s, dim)
        y += pen.font.cellHeight * s + theme.lineGapPx
        // The goal met, if there is room above the menu's first entry (else the
        // figure's colour says it).
        if c.gramsToday >= goal && y + smallLine - theme.lineGapPx <= layout.item(0).y {
            columnCentred(pen, "Today's goal met!", y: y, scale: small, theme.good)
        }
    }

    /// The menu; this week's challenge in the right panel at `challengeTop`, level
    /// with today's in the left one.
    func drawMenu(_ pen: TextPen, flow: CareerFlow, state: GameState, challengeTop: Int) {
        drawGreeting(pen, flow: flow, state: state)
        let weekly = state.career.weekly
        game.weeklyWords.update(weekly, rules: game.rules, texts: game.assets.challengeTexts,
                                columns: game.hud.challengeColumns(pen), maxLines: game.hud.challengeLines(pen))
        var panelPen = pen
        panelPen.limit = game.layout.rightPanel.x + game.layout.rightPanel.w - theme.marginPx
        let plan = game.hud.plan(cellWidth: pen.font.cellWidth, cellHeight: pen.font.cellHeight)
        ChallengeBlock(theme: theme).draw(panelPen, weekly, words: game.weeklyWords, title: "THIS WEEK'S CHALLENGE",
                                          shortTitle: "THIS WEEK", x: game.layout.rightPanel.x + theme.marginPx,
                                          y: challengeTop, showReward: plan.reward)
        // The entries as `menuItems` lists them, without making that array each frame.
        var i = -1
        for item in CareerFlow.MenuItem.allCases {
            i += 1
            let box = layout.item(i)
            let chosen = i == flow.selection
            if chosen {
                pen.canvas.fill(x: box.x + 8, y: box.y, w: box.w - 16, h: box.h, Colour.opaque(theme.highlight))
                pen.canvas.fill(x: box.x + 8, y: box.y, w: 3, h: box.h, Colour.opaque(theme.accent))
            }
            columnCentred(pen, item.label, y: layout.listTop + i * bodyLine, scale: body, chosen ? theme.accent : theme.text)
        }
        if state.seas.count > 1, state.seaIndex < game.rules.seaKeys.count {
            if seaKeys.sea != state.seaIndex {
                let sea = game.assets.seas.look(game.rules.seaKeys[state.seaIndex]).name
                seaKeys = (state.seaIndex, "Sea: \(sea) (Left/Right)   Up/Down, Enter   Ctrl+Q quits")
            }
            keys(pen, seaKeys.line, y: GameView.height - smallLine - 4)
        } else {
            keys(pen, "Up/Down, Enter or click     Ctrl+Q quits", y: GameView.height - smallLine - 4)
        }
    }

    func drawScan(_ pen: TextPen, flow: CareerFlow, state: GameState) {
        columnCentred(pen, "Log a scan", y: 16, scale: body, theme.accent)
        let rules = game.rules
        let cap = rules.career.scansPerDay
        // GAME_RULES §3: only the first scans of a day count, and the screen says so.
        let counted = cap == 0 || state.scansToday < cap
        columnCentred(pen, counted ? "What did you recycle?" : "Today's scans are counted; more are only logged",
                      y: 16 + bodyLine + 2, scale: small, counted ? theme.text : theme.dim)
        for (i, kind) in flow.kinds.enumerated() {
            let grams = counted ? rules.scanMass(kind) : 0
            let box = layout.item(i)
            let chosen = i == flow.selection
            if chosen { pen.canvas.fill(x: box.x + 8, y: box.y, w: box.w - 16, h: box.h, Colour.opaque(theme.highlight)) }
            let y = layout.listTop + i * bodyLine
            // The name and its grams 16 px inside the column; closer to its edges, then the
            // grams a size down, if they would meet (bigger text in a narrower column).
            let name = flow.name(kind)
            var (inset, fs) = (16, small)
            func figure(_ s: Int) -> Int { pen.width("+", scale: s) + pen.width(of: grams, scale: s) + pen.width(" g", scale: s) }
            func meets() -> Bool { columnX + inset + pen.width(name, scale: body) + 4 > columnX + columnW - inset - figure(fs) }
            // No bigger than the names (a row is as high as they are), down to where they do not meet.
            fs = min(fs, body)
            if meets() { inset = 4 }
            while meets() && fs > 1 { fs -= 1 }
            pen.text(name, x: columnX + inset, y: y, scale: body, Colour.opaque(chosen ? theme.accent : theme.text))
            let fy = y + body + pen.font.cellHeight * (min(small, body) - fs)
            let x = pen.text("+", x: columnX + columnW - inset - figure(fs), y: fy, scale: fs, Colour.opaque(theme.good))
            pen.text(" g", x: pen.number(grams, x: x, y: fy, scale: fs, Colour.opaque(theme.good)), y: fy,
                     scale: fs, Colour.opaque(theme.good))
        }
        // The notice in as many lines of the column as it takes, down to the keys' line;
        // one size down if even those are too few (as `columnCentred` does for a line).
        var y = layout.listTop + flow.kinds.count * bodyLine + 4
        let keysY = GameView.height - smallLine - 4
        if scanNotice.text != flow.notice || scanNotice.small != small {
            var scale = small, lines: [String] = []
            repeat {
                let line = pen.font.cellHeight * scale + theme.lineGapPx
                lines = TextWrap.lines(flow.notice, columns: (columnW - 8) / (pen.font.cellWidth * scale),
                                       maxLines: max(1, (keysY - y) / line))
                if !(lines.last?.hasSuffix("…") ?? false) || scale == 1 { break }
                scale -= 1
            } while true
            scanNotice = (flow.notice, small, scale, lines)
        }
        for line in scanNotice.lines {
            columnCentred(pen, line, y: y, scale: scanNotice.scale, theme.good)
            y += pen.font.cellHeight * scanNotice.scale + theme.lineGapPx
        }
        keys(pen, "Up/Down, Enter or click: log it     Esc: back", y: keysY)
    }

    func drawPetPage(_ pen: TextPen, state: GameState) {
        let pet = state.career.pet
        let p = game.rules.pet
        columnCentred(pen, "Your pet", y: 16, scale: body, theme.accent)
        var y = 16 + bodyLine + 8
        guard pet.adopted else {
            columnCentred(pen, "No pet yet.", y: y, scale: small, theme.text)
            return
        }
        let since = state.totals.grams - pet.gramsAtAdoption
        // 12 px inside the column, or at its edge if its short lines need the room.
        let x = columnX + (pen.width("It grows with you:", scale: small) + 12 <= columnW ? 12 : 0)
        // Every line ends inside the column; the shorter words where the long ones do not fit.
        var pen = pen
        pen.limit = columnX + columnW
        let cell = pen.font.cellWidth * small
        let label = x + pen.width("Plastic since adoption  g", scale: small) + pen.width(of: since, scale: small) <= pen.limit
            ? "Plastic since adoption " : "Since adoption "
        var after = pen.text(label, x: x, y: y, scale: small, Colour.opaque(theme.dim))
        after = pen.number(since, x: after, y: y, scale: small, Colour.opaque(theme.text))
        pen.text(" g", x: after, y: y, scale: small, Colour.opaque(theme.dim))
        y += 2 * smallLine
        let grows = "It grows as you divert plastic:"
        pen.text(x + pen.width(grows, scale: small) <= pen.limit ? grows : "It grows with you:", x: x, y: y, scale: small,
                 Colour.opaque(theme.text))
        y += smallLine + 4
        // The stages' names after the marker, their grams after the longest name.
        let nameX = x + max(12, 2 * cell), fromX = max(x + 60, nameX + 6 * cell)
        for stage in PetStage.allCases {
            let from = switch stage {
            case .baby: 0
            case .child: p.childFromGrams
            case .teen: p.teenFromGrams
            case .adult: p.adultFromGrams
            case .elder: p.elderFromGrams
            }
            let now = stage == pet.stage
            let colour = Colour.opaque(now ? theme.accent : (stage < pet.stage ? theme.good : theme.dim))
            pen.text(now ? ">" : " ", x: x, y: y, scale: small, colour)
            after = pen.text(stage.name, x: nameX, y: y, scale: small, colour)
            let word = fromX + pen.width(" from  g", scale: small) + pen.width(of: from, scale: small) <= pen.limit ? " from " : ""
            after = pen.text(word, x: fromX, y: y, scale: small, Colour.opaque(theme.dim))
            after = pen.number(from, x: after, y: y, scale: small, colour)
            pen.text(" g", x: after, y: y, scale: small, Colour.opaque(theme.dim))
            y += smallLine
        }
        y += smallLine
        let keysY = GameView.height - smallLine - 4
        if x + pen.width("Its mood follows you: happy after", scale: small) <= pen.limit {
            pen.text("Its mood follows you: happy after", x: x, y: y, scale: small, Colour.opaque(theme.text)); y += smallLine
            pen.text("a good day, focused in a game,", x: x, y: y, scale: small, Colour.opaque(theme.text)); y += smallLine
            pen.text("sleepy at night, missing you", x: x, y: y, scale: small, Colour.opaque(theme.text)); y += smallLine
            pen.text("after days away.", x: x, y: y, scale: small, Colour.opaque(theme.text))
        } else {
            // Bigger text: the mood in a shorter sentence, wrapped to the column, as far
            // as it fits above the keys.
            let columns = (pen.limit - x) / cell
            if petMood.columns != columns {
                petMood = (columns, TextWrap.lines("Its mood follows your days and games.", columns: columns, maxLines: 3))
            }
            for i in petMood.lines.indices where y + smallLine <= keysY {
                pen.text(petMood.lines[i], x: x, y: y, scale: small, Colour.opaque(theme.text))
                y += smallLine
            }
        }
        keys(pen, "Any key: back", y: keysY)
    }
}
