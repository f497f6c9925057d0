import OceanAssets
import OceanKernel

/// The heads-up display, in two sizes. On the menus, the title and a summary, the full
/// panels: the left one (score, combo meter, ocean health and phase, level and title,
/// today's grams against the goal, the streak, today's challenge) and the right one
/// (the pet in its scene). During a game, a compact strip along the top (`drawCompact`)
/// so the playfield keeps the screen's width. Numbers are drawn digit by digit and
/// words made only when they change: no strings per frame.
struct Hud {
    let theme: Theme
    let layout: Layout
    let rules: Rules
    /// Each sea's word beside its health ("Reef "), in the balance's order; with one sea
    /// (or none) the health reads "Ocean " (`healthLabel`).
    var seaLabels: [String] = []
    /// The full panels' text scale (`Layout.panelScale`); the strip's is the theme's.
    var panelScale: Int { Layout.panelScale(theme) }

    /// The word before the health's percentage: the sea being played's, once there are two.
    func healthLabel(_ state: GameState) -> String {
        state.seas.count > 1 && state.seaIndex < seaLabels.count ? seaLabels[state.seaIndex] : "Ocean "
    }

    /// What the full panels show: everything when it fits (scale 1), lesser lines
    /// dropped when a bigger text scale would run them past the panels' foot or under
    /// the toasts (`plan`).
    struct Plan: Equatable {
        /// The score as "SCORE" over a big number, else "Score N" on one line.
        var bigScore = true
        /// The combo line and its meter (on the menus, the last game's).
        var combo = true
        /// The ocean's phase on a line of its own (it does not fit beside the percentage).
        var phaseLine = false
        /// Room for the round's line above the challenge (it is drawn only in a game).
        var roundLine = true
        /// A challenge's lines of text, and its reward on the menu.
        var challengeLines = 2
        var reward = true
        /// The pet's "YOUR PET" and "Scene" lines.
        var petHeader = true
        var petScene = true
    }

    /// The plan for a font's cells: the lesser lines dropped in turn until the left
    /// panel's and the right's fixed lines and a challenge block under the lower of
    /// them end inside the panels, and the pet's lines end above a toast. Measured on
    /// the longest words each line may hold, so the layout does not move with them.
    func plan(cellWidth: Int, cellHeight: Int) -> Plan {
        let t = theme
        var p = Plan()
        let line = cellHeight * panelScale + t.lineGapPx
        let room = layout.leftPanel.w - 2 * t.marginPx
        var longestPhase = 0
        // By raw value, not `allCases` (an array made per call).
        var raw = 0
        while let phase = Phase(rawValue: raw) { longestPhase = max(longestPhase, phase.name.unicodeScalars.count); raw += 1 }
        p.phaseLine = (6 + 5 + longestPhase) * cellWidth * panelScale > room  // "Ocean 100% Flourishing"
        let toastTop = layout.rightPanel.y + layout.rightPanel.h - maxToastHeight(cellHeight: cellHeight)
        if petBottom(p, cellHeight: cellHeight) > toastTop { p.petScene = false }
        if petBottom(p, cellHeight: cellHeight) > toastTop { p.petHeader = false }
        let bottom = layout.leftPanel.y + layout.leftPanel.h + t.lineGapPx
        func fits(_ p: Plan) -> Bool {
            max(progressBottom(p, cellHeight: cellHeight), petBottom(p, cellHeight: cellHeight))
                + (1 + p.challengeLines + 1 + (p.reward ? 1 : 0)) * line <= bottom
        }
        if !fits(p) { p.combo = false }
        if !fits(p) { p.roundLine = false }
        if !fits(p) { p.bigScore = false }
        if !fits(p) { p.reward = false }
        if !fits(p) { p.petScene = false }
        if !fits(p) { p.petHeader = false }
        if !fits(p) { p.challengeLines = 1 }
        return p
    }

    /// The tallest toast at the foot of the right panel (`GameView.toastHeight`): a title,
    /// two lines and a footer.
    func maxToastHeight(cellHeight: Int) -> Int {
        (2 + 2) * (cellHeight * panelScale + theme.lineGapPx) + 2 * theme.lineGapPx + 2
    }

    /// Where the left panel's lines end under `p`: the challenge's top.
    func progressBottom(_ p: Plan, cellHeight: Int) -> Int {
        let t = theme
        let line = cellHeight * panelScale + t.lineGapPx
        var y = layout.leftPanel.y + t.marginPx
        y += p.bigScore ? line + cellHeight * t.bigFontScale + t.lineGapPx : line
        if p.combo { y += line + t.comboMeterHeightPx + 2 * t.lineGapPx }
        y += line + (p.phaseLine ? line : 0) + t.healthBarHeightPx + 2 * t.lineGapPx
        y += 4 * line
        return y + (p.roundLine ? line : 0) + 2 * t.lineGapPx
    }

    /// Where the pet's lines in the right panel end under `p`.
    func petBottom(_ p: Plan, cellHeight: Int) -> Int {
        let t = theme
        let line = cellHeight * panelScale + t.lineGapPx
        let boxW = layout.rightPanel.w - 2 * t.marginPx
        return layout.rightPanel.y + t.marginPx + (p.petHeader ? line : 0) + line + boxW / 2 + t.lineGapPx + line
            + (p.petScene ? line : 0)
    }

    /// Today's challenge shows its reward with `rewards` (on the menu, when the plan
    /// keeps it). Returns the top of today's challenge (where the menu puts this
    /// week's, in the right panel).
    @discardableResult
    func draw(_ pen: TextPen, state: GameState, pet: PetPortrait, reaction: PetReaction, fraction: Double,
              daily: ChallengeWords, rewards: Bool = false) -> Int {
        let panel = Colour.opaque(theme.panel)
        let alpha = UInt32(theme.panelAlphaPercent * 256 / 100)
        for rect in [layout.leftPanel, layout.rightPanel] {
            pen.canvas.blend(x: rect.x, y: rect.y, w: rect.w, h: rect.h, panel, alpha: alpha)
        }
        let p = plan(cellWidth: pen.font.cellWidth, cellHeight: pen.font.cellHeight)
        let y = max(drawProgress(pen, state: state, plan: p), petBottom(p, cellHeight: pen.font.cellHeight))
        var panelPen = pen
        panelPen.limit = layout.leftPanel.x + layout.leftPanel.w - theme.marginPx
        ChallengeBlock(theme: theme).draw(panelPen, state.career.daily, words: daily, title: "TODAY'S CHALLENGE",
                                          shortTitle: "TODAY", x: layout.leftPanel.x + theme.marginPx, y: y,
                                          showReward: rewards && p.reward)
        drawPet(pen, state: state, portrait: pet, reaction: reaction, fraction: fraction, plan: p)
        return y
    }

    /// Characters of a line of a challenge's text in a side panel.
    func challengeColumns(_ pen: TextPen) -> Int {
        (layout.leftPanel.w - 2 * theme.marginPx) / (pen.font.cellWidth * panelScale)
    }

    /// Lines of a challenge's text in a side panel (`Plan.challengeLines`).
    func challengeLines(_ pen: TextPen) -> Int { plan(cellWidth: pen.font.cellWidth, cellHeight: pen.font.cellHeight).challengeLines }

    /// Returns where the challenge block goes: below the round's line, whether it is
    /// drawn or not, so the block never moves.
    @discardableResult
    func drawProgress(_ pen: TextPen, state: GameState, plan p: Plan = Plan()) -> Int {
        let t = theme
        // Every line ends inside the panel.
        var pen = pen
        pen.limit = layout.leftPanel.x + layout.leftPanel.w - t.marginPx
        let canvas = pen.canvas
        let s = panelScale
        let line = pen.font.cellHeight * s + t.lineGapPx
        let x = layout.leftPanel.x + t.marginPx
        var y = layout.leftPanel.y + t.marginPx
        let (text, dim, accent, good) = (Colour.opaque(t.text), Colour.opaque(t.dim),
                                         Colour.opaque(t.accent), Colour.opaque(t.good))

        if p.bigScore {
            pen.text("SCORE", x: x, y: y, scale: s, dim)
            y += line
            // As big as fits the panel (a score of 10^9 steps down a size or two).
            var big = t.bigFontScale
            while big > s && x + pen.width(of: state.game.score, scale: big) > pen.limit { big -= 1 }
            pen.number(state.game.score, x: x, y: y + pen.font.cellHeight * (t.bigFontScale - big), scale: big, accent)
            y += pen.font.cellHeight * t.bigFontScale + t.lineGapPx
        } else {
            let after = pen.text("Score ", x: x, y: y, scale: s, dim)
            pen.number(state.game.score, x: after, y: y, scale: s, accent)
            y += line
        }

        var after = x
        if p.combo {
            // The combo and a meter that fills toward the top multiplier.
            after = pen.text("Combo ", x: x, y: y, scale: s, dim)
            after = pen.number(state.game.combo, x: after, y: y, scale: s, text)
            let multiplier = rules.multiplier(forCombo: state.game.combo)
            after = pen.text("  x", x: after, y: y, scale: s, dim)
            pen.number(multiplier, x: after, y: y, scale: s, accent)
            y += line
            let full = max(1, rules.comboStep * (rules.multiplierCap - 1))
            let meterW = t.healthBarWidthPx
            canvas.fill(x: x, y: y, w: meterW, h: t.comboMeterHeightPx, Colour.opaque(t.comboBack))
            canvas.fill(x: x, y: y, w: meterW * min(full, state.game.combo) / full, h: t.comboMeterHeightPx,
                        Colour.opaque(t.comboFill))
            y += t.comboMeterHeightPx + 2 * t.lineGapPx
        }

        // Ocean health: a bar, the percentage and the phase (on its own line if the
        // two do not fit side by side).
        after = pen.text(healthLabel(state), x: x, y: y, scale: s, dim)
        after = pen.number(state.health * 100 / Rules.fullHealth, x: after, y: y, scale: s, text)
        after = pen.text(p.phaseLine ? "%" : "% ", x: after, y: y, scale: s, text)
        if p.phaseLine { y += line; after = x }
        pen.text(state.phase.name, x: after, y: y, scale: s, accent)
        y += line
        let barW = max(0, min(t.healthBarWidthPx, pen.limit - x))
        canvas.fill(x: x, y: y, w: barW, h: t.healthBarHeightPx, Colour.opaque(t.healthBack))
        let low = state.health * 4 < Rules.fullHealth
        canvas.fill(x: x, y: y, w: barW * max(0, min(Rules.fullHealth, state.health)) / Rules.fullHealth,
                    h: t.healthBarHeightPx, Colour.opaque(low ? t.healthLow : t.healthFill))
        y += t.healthBarHeightPx + 2 * t.lineGapPx

        // Level, title, today against the goal, the streak.
        after = pen.text("Level ", x: x, y: y, scale: s, dim)
        pen.number(state.career.level, x: after, y: y, scale: s, text)
        y += line
        pen.text(rules.title(forLevel: state.career.level).name, x: x, y: y, scale: s, accent)
        y += line
        let goal = rules.career.dailyGoalGrams
        let met = state.career.gramsToday >= goal
        // "Today 12 / 25 g", closed up ("12/25 g", no "goal!": its colour says it) if
        // that does not fit the panel.
        let roomy = x + pen.width("Today  /  g", scale: s) + pen.width(of: state.career.gramsToday, scale: s)
            + pen.width(of: goal, scale: s) + (met ? pen.width("  goal!", scale: s) : 0) <= pen.limit
        after = pen.text("Today ", x: x, y: y, scale: s, dim)
        after = pen.number(state.career.gramsToday, x: after, y: y, scale: s, met ? good : text)
        after = pen.text(roomy ? " / " : "/", x: after, y: y, scale: s, dim)
        after = pen.number(goal, x: after, y: y, scale: s, text)
        pen.text(met && roomy ? " g  goal!" : " g", x: after, y: y, scale: s, met ? good : dim)
        y += line
        // The best streak only if it fits beside the streak.
        after = pen.text("Streak ", x: x, y: y, scale: s, dim)
        after = pen.number(state.career.streak, x: after, y: y, scale: s, text)
        let days = state.career.streak == 1 ? " day" : " days"
        if after + pen.width(days, scale: s) + pen.width("  best ", scale: s) + pen.width(of: state.career.bestStreak, scale: s)
            <= pen.limit {
            after = pen.text(state.career.streak == 1 ? " day  best " : " days  best ", x: after, y: y, scale: s, dim)
            pen.number(state.career.bestStreak, x: after, y: y, scale: s, text)
        } else {
            pen.text(days, x: after, y: y, scale: s, dim)
        }
        y += line
        if state.mode != .idle {
            after = pen.text("Round ", x: x, y: y, scale: s, dim)
            // During a break, the round coming up: what the banner names.
            after = pen.number(GameView.shownRound(state), x: after, y: y, scale: s, text)
            if state.playMode == .arcade {
                drawMissBins(pen.canvas, x: after + pen.font.cellWidth * s, y: y, height: pen.font.cellHeight * s, state: state)
            } else {
                after = pen.text(" / ", x: after, y: y, scale: s, dim)
                pen.number(rules.roundsPerGame, x: after, y: y, scale: s, text)
            }
        }
        return y + (p.roundLine ? line : 0) + 2 * t.lineGapPx
    }

    /// The pet's stage and form, its portrait in its scene (`PetPortrait`), its mood
    /// and scene by name (the header and the scene's line as `p` keeps them).
    func drawPet(_ pen: TextPen, state: GameState, portrait: PetPortrait, reaction: PetReaction, fraction: Double,
                 plan p: Plan = Plan()) {
        let t = theme
        var pen = pen
        pen.limit = layout.rightPanel.x + layout.rightPanel.w - t.marginPx
        let s = panelScale
        let line = pen.font.cellHeight * s + t.lineGapPx
        let panel = layout.rightPanel
        let x = panel.x + t.marginPx
        var y = panel.y + t.marginPx
        let (text, dim, accent) = (Colour.opaque(t.text), Colour.opaque(t.dim), Colour.opaque(t.accent))
        let pet = state.career.pet
        if p.petHeader || !pet.adopted {
            pen.text("YOUR PET", x: x, y: y, scale: s, dim)
            y += line
        }
        guard pet.adopted else {
            let none = "None yet: adopt one"
            pen.text(x + pen.width(none, scale: s) <= pen.limit ? none : "None yet", x: x, y: y, scale: s, text)
            return
        }
        let after = pen.text(pet.stage.name, x: x, y: y, scale: s, accent)
        pen.text(pet.form.name, x: after + pen.font.cellWidth * s, y: y, scale: s, text)
        y += line
        let scene = state.petScene(rules: rules)
        let boxW = panel.w - 2 * t.marginPx
        let boxH = boxW / 2
        portrait.draw(pen.canvas, pet: pet, scene: scene, in: Layout.Rect(x: x, y: y, w: boxW, h: boxH),
                      tick: state.tick, fraction: fraction, reaction: reaction)
        y += boxH + t.lineGapPx
        var after2 = pen.text("Mood ", x: x, y: y, scale: s, dim)
        pen.text(pet.mood.name, x: after2, y: y, scale: s, text)
        y += line
        if p.petScene {
            after2 = pen.text("Scene ", x: x, y: y, scale: s, dim)
            pen.text(scene.name, x: after2, y: y, scale: s, text)
        }
    }

    // MARK: - During a game

    /// The compact strip's three text columns and the pet's corner, left to right:
    /// score and combo; the round and today's challenge; ocean health. Each text is
    /// drawn inside its column (`columns(pen)` characters), never across another.
    struct Strip {
        let left: Layout.Rect, middle: Layout.Rect, right: Layout.Rect, pet: Layout.Rect
        /// Characters that fit across each text column at the HUD's scale.
        let leftColumns: Int, middleColumns: Int, rightColumns: Int
        var height: Int { max(pet.y + pet.h, left.y + left.h) }
    }

    func strip(cellWidth: Int, cellHeight: Int) -> Strip {
        let t = theme
        let m = t.marginPx
        let line = cellHeight * t.fontScale + t.lineGapPx
        let petW = t.petCornerPx, petH = t.petCornerPx / 2
        let pet = Layout.Rect(x: layout.screenWidth - m - petW, y: m / 2, w: petW, h: petH)
        let textRight = pet.x - m
        let h = 2 * line
        let third = (textRight - m) / 3
        let left = Layout.Rect(x: m, y: m / 2, w: third - m, h: h)
        let middle = Layout.Rect(x: m + third, y: m / 2, w: third - m, h: h)
        let right = Layout.Rect(x: m + 2 * third, y: m / 2, w: textRight - (m + 2 * third), h: h)
        let cw = cellWidth * t.fontScale
        return Strip(left: left, middle: middle, right: right, pet: pet,
                     leftColumns: left.w / cw, middleColumns: middle.w / cw, rightColumns: right.w / cw)
    }

    /// Characters of today's challenge in the strip: the middle column less room for
    /// its "progress/target" (as wide as the target twice) and a space.
    /// None if that leaves fewer than `minimumCompactColumns` (a bigger text scale, a
    /// huge target): the figures alone are shown.
    func compactChallengeColumns(_ pen: TextPen, target: Int) -> Int {
        let columns = strip(cellWidth: pen.font.cellWidth, cellHeight: pen.font.cellHeight).middleColumns
            - 2 * TextPen.characters(of: max(0, target)) - 2
        return columns >= Hud.minimumCompactColumns ? columns : 0
    }

    /// The fewest characters of a challenge's words worth showing in the strip.
    static let minimumCompactColumns = 6

    /// The strip: a band of panel behind the three columns, the pet's portrait in the
    /// top right corner (it reacts as in the panel).
    func drawCompact(_ pen: TextPen, state: GameState, pet: PetPortrait, reaction: PetReaction, fraction: Double,
                     daily: ChallengeWords) {
        let t = theme
        let s = t.fontScale
        let canvas = pen.canvas
        let st = strip(cellWidth: pen.font.cellWidth, cellHeight: pen.font.cellHeight)
        let line = pen.font.cellHeight * s + t.lineGapPx
        canvas.blend(x: 0, y: 0, w: layout.screenWidth, h: st.height + t.marginPx / 2, Colour.opaque(t.panel),
                     alpha: UInt32(t.panelAlphaPercent * 256 / 100))
        let (text, dim, accent, good) = (Colour.opaque(t.text), Colour.opaque(t.dim),
                                         Colour.opaque(t.accent), Colour.opaque(t.good))
        // Score, then the combo and its meter; each column's text ends inside it.
        var pen = pen
        pen.limit = st.left.x + st.left.w
        var x = pen.text("Score ", x: st.left.x, y: st.left.y, scale: s, dim)
        pen.number(state.game.score, x: x, y: st.left.y, scale: s, accent)
        let y2 = st.left.y + line
        x = pen.text("Combo ", x: st.left.x, y: y2, scale: s, dim)
        x = pen.number(state.game.combo, x: x, y: y2, scale: s, text)
        let multiplier = rules.multiplier(forCombo: state.game.combo)
        x = pen.text(" x", x: x, y: y2, scale: s, dim)
        x = pen.number(multiplier, x: x, y: y2, scale: s, accent) + pen.font.cellWidth * s
        let full = max(1, rules.comboStep * (rules.multiplierCap - 1))
        let meterW = max(0, st.left.x + st.left.w - x)
        let meterY = y2 + (pen.font.cellHeight * s - t.comboMeterHeightPx) / 2
        canvas.fill(x: x, y: meterY, w: meterW, h: t.comboMeterHeightPx, Colour.opaque(t.comboBack))
        canvas.fill(x: x, y: meterY, w: meterW * min(full, state.game.combo) / full, h: t.comboMeterHeightPx,
                    Colour.opaque(t.comboFill))
        // The round (during a break, the one coming up: what the banner names), today's challenge.
        pen.limit = st.middle.x + st.middle.w
        if state.mode != .idle {
            x = pen.text("Round ", x: st.middle.x, y: st.middle.y, scale: s, dim)
            x = pen.number(GameView.shownRound(state), x: x, y: st.middle.y, scale: s, text)
            if state.playMode == .arcade {
                drawMissBins(canvas, x: x + pen.font.cellWidth * s, y: st.middle.y, height: pen.font.cellHeight * s, state: state)
            } else {
                x = pen.text("/", x: x, y: st.middle.y, scale: s, dim)
                pen.number(rules.roundsPerGame, x: x, y: st.middle.y, scale: s, text)
            }
        }
        let c = state.career.daily
        if c.exists {
            let done = c.status == .completed
            let y = st.middle.y + line
            let status = done ? good : c.status == .failed ? Colour.opaque(t.challengeFailed) : accent
            // No words when the column has no room for them (`compactChallengeColumns`);
            // words longer than the room run by as a ticker, read whole in a few seconds.
            if let words = daily.line(tick: state.tick), daily.columns > 0 {
                pen.text(words, x: st.middle.x, y: y, scale: s, done ? good : text)
            }
            // "12/40" at the column's right end (the words leave it room: `compactChallengeColumns`),
            // never left of the column (then cut at its end). Measured as one run of
            // characters (pieces measured apart lose a gap each).
            let w = pen.font.width(ofCharacters: TextPen.characters(of: c.progress) + 1 + TextPen.characters(of: c.target), scale: s)
            x = pen.number(c.progress, x: max(st.middle.x, st.middle.x + st.middle.w - w), y: y, scale: s, status)
            x = pen.text("/", x: x, y: y, scale: s, dim)
            pen.number(c.target, x: x, y: y, scale: s, text)
        }
        // Ocean health: the percentage and phase over a bar.
        pen.limit = st.right.x + st.right.w
        // "Ocean " (or the sea's word) only if the percentage and the phase fit after it
        // (the bar says what it is).
        let label = healthLabel(state)
        let labelled = st.right.x + pen.width(label, scale: s) + pen.width("100% ", scale: s) + pen.width(state.phase.name, scale: s)
            <= pen.limit
        x = labelled ? pen.text(label, x: st.right.x, y: st.right.y, scale: s, dim) : st.right.x
        x = pen.number(state.health * 100 / Rules.fullHealth, x: x, y: st.right.y, scale: s, text)
        x = pen.text("% ", x: x, y: st.right.y, scale: s, text)
        pen.text(state.phase.name, x: x, y: st.right.y, scale: s, accent)
        let barY = st.right.y + line
        let barW = st.right.w
        canvas.fill(x: st.right.x, y: barY, w: barW, h: t.healthBarHeightPx, Colour.opaque(t.healthBack))
        let low = state.health * 4 < Rules.fullHealth
        canvas.fill(x: st.right.x, y: barY, w: barW * max(0, min(Rules.fullHealth, state.health)) / Rules.fullHealth,
                    h: t.healthBarHeightPx, Colour.opaque(low ? t.healthLow : t.healthFill))
        // The pet, small, in its scene.
        let p = state.career.pet
        if p.adopted {
            pet.draw(canvas, pet: p, scene: state.petScene(rules: rules), in: st.pet,
                     tick: state.tick, fraction: fraction, reaction: reaction)
        }
    }

    /// Arcade: the misses the game may still take, as small bins (filled) beside the
    /// ones already spent (hollow), one text line high.
    func drawMissBins(_ canvas: Canvas, x: Int, y: Int, height: Int, state: GameState) {
        let budget = rules.arcadeMissBudget
        let h = max(4, height - 2), w = h + h / 2, gap = max(2, h / 3)
        for i in 0..<budget {
            let bx = x + i * (w + gap), by = y + 1
            if i < state.missesLeft {
                // A bin: its body, a rim a little wider than it.
                canvas.fill(x: bx + 1, y: by + 2, w: w - 2, h: h - 2, Colour.opaque(theme.comboFill))
                canvas.fill(x: bx, y: by, w: w, h: 2, Colour.opaque(theme.comboFill))
            } else {
                canvas.fill(x: bx + 1, y: by + 2, w: w - 2, h: h - 2, Colour.opaque(theme.comboBack))
            }
        }
    }

}
