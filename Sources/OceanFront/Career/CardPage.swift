import OceanAssets
import OceanKernel

/// A flashcard: its category, fact and tip, and how far the player is with it.
extension CareerView {
    func drawCard(_ pen: TextPen, flow: CareerFlow, state: GameState) {
        let card = content.cards[flow.card]
        let c = state.career
        // "Card 3 of 12 - Recycling"
        var x = 24
        let y0 = 14
        x = pen.text("Card ", x: x, y: y0, scale: small, Colour.opaque(theme.dim))
        x = pen.number(flow.card + 1, x: x, y: y0, scale: small, Colour.opaque(theme.text))
        x = pen.text(" of ", x: x, y: y0, scale: small, Colour.opaque(theme.dim))
        x = pen.number(content.cards.count, x: x, y: y0, scale: small, Colour.opaque(theme.text))
        x = pen.text("   ", x: x, y: y0, scale: small, Colour.opaque(theme.dim))
        pen.text(content.categories[card.category], x: x, y: y0, scale: small, Colour.opaque(theme.good))
        // How far: mastered, studied on N days, or new.
        let mastered = c.masteredCards & (1 << flow.card) != 0
        let days = c.cardDays[flow.card]
        let status: String = mastered ? "Mastered" : (days == 0 ? "New" : (c.cardLastDay[flow.card] == c.today
            ? "Studied today" : "Studied"))
        let sw = pen.width(status, scale: small)
        pen.text(status, x: GameView.width - 24 - sw, y: y0, scale: small,
                 Colour.opaque(mastered ? theme.good : (days == 0 ? theme.dim : theme.accent)))
        // Mastery progress as small boxes: one per day needed.
        let need = game.rules.career.masteryDays
        for i in 0..<need {
            let filled = min(days, need) > i
            pen.canvas.fill(x: GameView.width - 24 - sw - 10 - (need - i) * 10, y: y0, w: 7, h: 7,
                            Colour.opaque(filled ? theme.good : theme.locked))
        }

        var y = 40
        centred(pen, card.title, y: y, scale: body + 1 <= theme.bigFontScale ? body + 1 : body, theme.accent)
        y += pen.font.cellHeight * (body + 1) + 12
        pen.text("FACT", x: 24, y: y + body, scale: small, Colour.opaque(theme.dim))
        for line in card.fact {
            pen.text(line, x: 60, y: y, scale: body, Colour.opaque(theme.text))
            y += bodyLine
        }
        y += 10
        pen.text("TIP", x: 24, y: y + body, scale: small, Colour.opaque(theme.good))
        for line in card.tip {
            pen.text(line, x: 60, y: y, scale: body, Colour.opaque(theme.text))
            y += bodyLine
        }
        y += 6
        for line in card.source {
            pen.text(line, x: 60, y: y, scale: small, Colour.opaque(theme.dim))
            y += smallLine
        }
        if !flow.notice.isEmpty {
            centred(pen, flow.notice, y: GameView.height - 3 * smallLine - 8, scale: small, theme.good)
        }
        // How many are mastered in all.
        let total = c.masteredCount
        let label = "Mastered "
        let w = pen.width(label, scale: small) + pen.width(of: total, scale: small) + pen.width(" of 12", scale: small)
        x = (GameView.width - w) / 2
        x = pen.text(label, x: x, y: GameView.height - 2 * smallLine - 6, scale: small, Colour.opaque(theme.dim))
        x = pen.number(total, x: x, y: GameView.height - 2 * smallLine - 6, scale: small, Colour.opaque(theme.text))
        pen.text(" of 12", x: x, y: GameView.height - 2 * smallLine - 6, scale: small, Colour.opaque(theme.dim))
        keys(pen, "Left/Right: another card     Enter: study it     Esc: back", y: GameView.height - smallLine - 4)
    }
}
