import OceanAssets
import OceanKernel

/// The heads-up display: the left panel (score, combo meter, ocean health and phase,
/// level and title, today's grams against the goal, the streak, today's challenge)
/// and the right panel (the pet in its scene). Numbers are drawn digit by digit and
/// words made only when they change: no strings per frame.
struct Hud {
    let theme: Theme
    let layout: Layout
    let rules: Rules

    /// Today's challenge shows its reward with `rewards` (on the menu). Returns the
    /// top of today's challenge (where the menu puts this week's, in the right panel).
    @discardableResult
    func draw(_ pen: TextPen, state: GameState, pet: PetPortrait, reaction: PetReaction, fraction: Double,
              daily: ChallengeWords, rewards: Bool = false) -> Int {
        let y = drawProgress(pen, state: state)
        ChallengeBlock(theme: theme).draw(pen, state.career.daily, words: daily, title: "TODAY'S CHALLENGE",
                                          x: layout.leftPanel.x + theme.marginPx, y: y, showReward: rewards)
        drawPet(pen, state: state, portrait: pet, reaction: reaction, fraction: fraction)
        return y
    }

    /// Characters of a line of a challenge's text in a side panel.
    func challengeColumns(_ pen: TextPen) -> Int {
        (layout.leftPanel.w - 2 * theme.marginPx) / (pen.font.cellWidth * theme.fontScale)
    }

    /// Returns where the challenge block goes: below the round's line, whether it is
    /// drawn or not, so the block never moves.
    @discardableResult
    func drawProgress(_ pen: TextPen, state: GameState) -> Int {
        let t = theme
        let canvas = pen.canvas
        let s = t.fontScale
        let line = pen.font.cellHeight * s + t.lineGapPx
        let x = layout.leftPanel.x + t.marginPx
        var y = layout.leftPanel.y + t.marginPx
        let (text, dim, accent, good) = (Colour.opaque(t.text), Colour.opaque(t.dim),
                                         Colour.opaque(t.accent), Colour.opaque(t.good))

        pen.text("SCORE", x: x, y: y, scale: s, dim)
        y += line
        pen.number(state.game.score, x: x, y: y, scale: t.bigFontScale, accent)
        y += pen.font.cellHeight * t.bigFontScale + t.lineGapPx

        // The combo and a meter that fills toward the top multiplier.
        var after = pen.text("Combo ", x: x, y: y, scale: s, dim)
        after = pen.number(state.game.combo, x: after, y: y, scale: s, text)
        let multiplier = state.game.combo == 0 ? 1
            : min(rules.multiplierCap, 1 + (state.game.combo - 1) / max(1, rules.comboStep))
        after = pen.text("  x", x: after, y: y, scale: s, dim)
        pen.number(multiplier, x: after, y: y, scale: s, accent)
        y += line
        let full = max(1, rules.comboStep * (rules.multiplierCap - 1))
        let meterW = t.healthBarWidthPx
        canvas.fill(x: x, y: y, w: meterW, h: t.comboMeterHeightPx, Colour.opaque(t.comboBack))
        canvas.fill(x: x, y: y, w: meterW * min(full, state.game.combo) / full, h: t.comboMeterHeightPx,
                    Colour.opaque(t.comboFill))
        y += t.comboMeterHeightPx + 2 * t.lineGapPx

        // Ocean health: a bar, the percentage and the phase.
        after = pen.text("Ocean ", x: x, y: y, scale: s, dim)
        after = pen.number(state.health * 100 / Rules.fullHealth, x: after, y: y, scale: s, text)
        after = pen.text("% ", x: after, y: y, scale: s, text)
        pen.text(state.phase.name, x: after, y: y, scale: s, accent)
        y += line
        let barW = t.healthBarWidthPx
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
        after = pen.text("Today ", x: x, y: y, scale: s, dim)
        after = pen.number(state.career.gramsToday, x: after, y: y, scale: s, met ? good : text)
        after = pen.text(" / ", x: after, y: y, scale: s, dim)
        after = pen.number(goal, x: after, y: y, scale: s, text)
        pen.text(met ? " g  goal!" : " g", x: after, y: y, scale: s, met ? good : dim)
        y += line
        after = pen.text("Streak ", x: x, y: y, scale: s, dim)
        after = pen.number(state.career.streak, x: after, y: y, scale: s, text)
        after = pen.text(state.career.streak == 1 ? " day  best " : " days  best ", x: after, y: y, scale: s, dim)
        pen.number(state.career.bestStreak, x: after, y: y, scale: s, text)
        y += line
        if state.mode != .idle {
            after = pen.text("Round ", x: x, y: y, scale: s, dim)
            // During a break, the round coming up: what the banner names.
            after = pen.number(GameView.shownRound(state), x: after, y: y, scale: s, text)
            after = pen.text(" / ", x: after, y: y, scale: s, dim)
            pen.number(rules.roundsPerGame, x: after, y: y, scale: s, text)
        }
        return y + line + 2 * t.lineGapPx
    }

    /// The pet's stage and form, its portrait in its scene (`PetPortrait`), its mood
    /// and scene by name.
    func drawPet(_ pen: TextPen, state: GameState, portrait: PetPortrait, reaction: PetReaction, fraction: Double) {
        let t = theme
        let s = t.fontScale
        let line = pen.font.cellHeight * s + t.lineGapPx
        let panel = layout.rightPanel
        let x = panel.x + t.marginPx
        var y = panel.y + t.marginPx
        let (text, dim, accent) = (Colour.opaque(t.text), Colour.opaque(t.dim), Colour.opaque(t.accent))
        let pet = state.career.pet
        pen.text("YOUR PET", x: x, y: y, scale: s, dim)
        y += line
        guard pet.adopted else {
            pen.text("None yet: adopt one", x: x, y: y, scale: s, text)
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
        after2 = pen.text("Scene ", x: x, y: y, scale: s, dim)
        pen.text(scene.name, x: after2, y: y, scale: s, text)
    }
}
