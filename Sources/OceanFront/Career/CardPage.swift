import OceanAssets
import OceanKernel

/// A flashcard (GAME_RULES §3). While the card is due it asks its question: "Which
/// bin?", two lines and its answers to pick from. Once answered (or while it waits
/// for its next day) it shows the right answer, the fact, the tip and their source,
/// and when it asks again.
extension CareerView {
    func drawCard(_ pen: TextPen, flow: CareerFlow, state: GameState) {
        let card = content.cards[flow.card]
        let c = state.career
        let asking = flow.asks(flow.card, state)
        // "Card 3 of 12   Recycling"
        var x = 24
        let y0 = 14
        x = pen.text("Card ", x: x, y: y0, scale: small, Colour.opaque(theme.dim))
        x = pen.number(flow.card + 1, x: x, y: y0, scale: small, Colour.opaque(theme.text))
        x = pen.text(" of ", x: x, y: y0, scale: small, Colour.opaque(theme.dim))
        x = pen.number(content.cards.count, x: x, y: y0, scale: small, Colour.opaque(theme.text))
        x = pen.text("   ", x: x, y: y0, scale: small, Colour.opaque(theme.dim))
        // The category only where it ends clear of the status (not with the biggest text).
        let statusLeft = drawCardStatus(pen, card: flow.card, state: state, y: y0)
        if x + pen.width(content.categories[card.category], scale: small) <= statusLeft - 8 {
            pen.text(content.categories[card.category], x: x, y: y0, scale: small, Colour.opaque(theme.good))
        }

        let titleScale = body + 1 <= theme.bigFontScale ? body + 1 : body
        centred(pen, card.title, y: 40, scale: titleScale, theme.accent)
        var y = 40 + pen.font.cellHeight * titleScale + 8
        if asking {
            // A size down if at the small text's the question's last line would reach the
            // first answer's (`--scale 3`).
            var hs = small
            while hs > 1 && y + pen.font.cellHeight * hs + theme.lineGapPx + 4 + max(0, card.question.count - 1) * bodyLine
                    + pen.font.cellHeight * body > layout.answer(0).y + layout.answer(0).h / 4 { hs -= 1 }
            centred(pen, card.ask.heading, y: y, scale: hs, theme.dim)
            y += pen.font.cellHeight * hs + theme.lineGapPx + 4
            for line in card.question {
                centred(pen, line, y: y, scale: body, theme.text)
                y += bodyLine
            }
            for (i, answer) in card.answers.enumerated() {
                let box = layout.answer(i)
                let chosen = i == flow.selection
                if chosen { pen.canvas.fill(x: box.x, y: box.y, w: box.w, h: box.h, Colour.opaque(theme.highlight)) }
                centred(pen, answer, y: box.y + box.h / 4, scale: body, chosen ? theme.accent : theme.text)
            }
        } else {
            // The question again (when the text is small enough to leave room for the
            // source), its right answer, then what it teaches.
            if small == 1 {
                for line in card.question {
                    centred(pen, line, y: y, scale: small, theme.dim)
                    y += smallLine
                }
                y += 2
            }
            // The margin's labels where they fit it (not with the bigger text: the
            // answer's colour and the order still tell the parts apart).
            let labels = pen.width("ANSWER", scale: small) <= 60 - 24
            let answer = card.answers.isEmpty ? "" : card.answers[card.right]
            if labels { pen.text("ANSWER", x: 24, y: y + body, scale: small, Colour.opaque(theme.dim)) }
            pen.text(answer, x: labels ? 84 : 60, y: y, scale: body, Colour.opaque(theme.good))
            y += bodyLine + 4
            if labels { pen.text("FACT", x: 24, y: y + body, scale: small, Colour.opaque(theme.dim)) }
            for line in card.fact {
                pen.text(line, x: 60, y: y, scale: body, Colour.opaque(theme.text))
                y += bodyLine
            }
            y += 6
            if labels { pen.text("TIP", x: 24, y: y + body, scale: small, Colour.opaque(theme.good)) }
            for line in card.tip {
                pen.text(line, x: 60, y: y, scale: body, Colour.opaque(labels ? theme.text : theme.good))
                y += bodyLine
            }
            y += 4
            let source = cardSourceLines(pen, card: flow.card, room: footerTop - y)
            for line in source.lines {
                pen.text(line, x: 60, y: y, scale: source.scale, Colour.opaque(theme.dim))
                y += pen.font.cellHeight * source.scale + theme.lineGapPx
            }
        }
        if !flow.notice.isEmpty {
            centred(pen, flow.notice, y: footerTop, scale: small, flow.noticeGood ? theme.good : theme.accent)
        }
        // How many are mastered in all.
        let total = c.masteredCount
        let label = "Mastered "
        let w = pen.width(label, scale: small) + pen.width(of: total, scale: small) + pen.width(" of 12", scale: small)
        x = (GameView.width - w) / 2
        let yMastered = GameView.height - 2 * smallLine - 6
        x = pen.text(label, x: x, y: yMastered, scale: small, Colour.opaque(theme.dim))
        x = pen.number(total, x: x, y: yMastered, scale: small, Colour.opaque(theme.text))
        pen.text(" of 12", x: x, y: yMastered, scale: small, Colour.opaque(theme.dim))
        // Asking, the cards' keys left out if the line does not fit (the biggest text).
        let askingKeys = pen.width(CareerView.cardKeys, scale: small) <= GameView.width - 2 * theme.marginPx
            ? CareerView.cardKeys : "Up/Down, Enter: answer   Esc: back"
        keys(pen, asking ? askingKeys : "Left/Right: another card     Esc: back", y: GameView.height - smallLine - 4)
    }

    static let cardKeys = "Up/Down, Enter: answer  Left/Right: card  Esc: back"

    /// The line the notice stands on, the lowest a card's text may reach.
    private var footerTop: Int { GameView.height - 3 * smallLine - 8 }

    /// Top right: how far the card is. "New"; "Due today"; "Again tomorrow" or "Again
    /// in N days" while it waits; "Mastered". Left of it, one box per right answer the
    /// card needs, filled as far as its Leitner box.
    /// Returns the x left of its boxes.
    @discardableResult
    private func drawCardStatus(_ pen: TextPen, card: Int, state: GameState, y: Int) -> Int {
        let c = state.career
        let rules = game.rules
        let mastered = c.masteredCards & (1 << card) != 0
        let new = c.cardLastDay[card] == CareerState.never
        let wait = mastered || new ? 0 : Flashcards.dueDay(card, c, rules: rules) - c.today
        let right = GameView.width - 24
        let colour = Colour.opaque(mastered ? theme.good : new ? theme.dim : theme.accent)
        var left: Int
        if mastered || new || wait <= 0 || wait == 1 {
            let word = mastered ? "Mastered" : new ? "New" : wait <= 0 ? "Due today" : "Again tomorrow"
            left = right - pen.width(word, scale: small)
            pen.text(word, x: left, y: y, scale: small, colour)
        } else {
            let w = pen.width("Again in ", scale: small) + pen.width(of: wait, scale: small) + pen.width(" days", scale: small)
            left = right - w
            var x = pen.text("Again in ", x: left, y: y, scale: small, colour)
            x = pen.number(wait, x: x, y: y, scale: small, colour)
            pen.text(" days", x: x, y: y, scale: small, colour)
        }
        let need = rules.career.masteryDays
        let box = c.cardDays[card]
        let side = max(5, pen.font.cellHeight * small - 1)
        for i in 0..<need {
            let filled = mastered || min(box, need) > i
            pen.canvas.fill(x: left - 10 - (need - i) * (side + 3), y: y, w: side, h: side,
                            Colour.opaque(filled ? theme.good : theme.locked))
        }
        return left - 10 - need * (side + 3)
    }

    /// The card's source in lines of the screen's width, one scale down if they need
    /// more than `room` (made again only when the card or the text scale changes).
    private func cardSourceLines(_ pen: TextPen, card: Int, room: Int) -> (scale: Int, lines: [String]) {
        if cardSource.card != card || cardSource.small != small {
            let text = content.cards[card].source.joined(separator: " ")
            var scale = small, lines: [String] = []
            repeat {
                let line = pen.font.cellHeight * scale + theme.lineGapPx
                lines = TextWrap.lines(text, columns: (GameView.width - 60 - 16) / (pen.font.cellWidth * scale),
                                       maxLines: max(1, room / line))
                if !(lines.last?.hasSuffix("…") ?? false) || scale == 1 { break }
                scale -= 1
            } while true
            cardSource = (card, small, scale, lines)
        }
        return (cardSource.scale, cardSource.lines)
    }
}
