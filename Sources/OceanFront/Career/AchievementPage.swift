import OceanAssets
import OceanKernel

/// The ten achievements: the earned ones lit, the others dim with what they need.
extension CareerView {
    /// The two pages' tabs for a title (the page on show lit and underlined), and the
    /// keys at the bottom.
    func drawPages(_ pen: TextPen, page: Int) {
        let scale = max(1, theme.bigFontScale - 1)
        for i in CareerFlow.pages.indices {
            let (title, box) = (CareerFlow.pages[i], layout.tabs[i])
            let on = i == page
            pen.text(title, x: box.x + 6, y: CareerLayout.titleY, scale: scale, Colour.opaque(on ? theme.accent : theme.dim))
            if on { pen.canvas.fill(x: box.x, y: box.y + box.h, w: box.w, h: 2, Colour.opaque(theme.accent)) }
        }
        keys(pen, page == 0 ? "Left/Right or a click: milestones     Esc: back"
                            : "Left/Right or a click: achievements     Esc: back",
             y: GameView.height - smallLine - 6)
    }

    func drawAchievements(_ pen: TextPen, state: GameState) {
        drawPages(pen, page: 0)
        let c = state.career
        let pitch = max(bodyLine, 26)
        var y = 44
        // "Earned" or "Locked" and what each needs, in columns; with bigger text, the need
        // (its short form if the long one does not fit) right after the longest name, and
        // no word for what the box and the name's colour already say.
        var widest = 0
        var raw = 0  // by raw value, not `allCases` (an array made per call)
        while let a = Achievement(rawValue: raw) { widest = max(widest, pen.width(a.name, scale: body)); raw += 1 }
        let right = GameView.width - theme.marginPx
        let roomy = 60 + widest < 250 && 310 + pen.width(needs[Achievement.ecoScholar.rawValue], scale: small) <= right
        let needX = roomy ? 310 : 60 + widest + pen.font.cellWidth * small
        var pen = pen
        pen.limit = right
        for a in Achievement.allCases {
            let got = c.unlocked(a)
            let box = 10
            let colour = Colour.opaque(got ? theme.good : theme.locked)
            pen.canvas.fill(x: 40, y: y + 2, w: box, h: box, colour)
            if !got { pen.canvas.fill(x: 42, y: y + 4, w: box - 4, h: box - 4, Colour.opaque(theme.panel)) }
            pen.text(a.name, x: 60, y: y, scale: body, Colour.opaque(got ? theme.accent : theme.text))
            if roomy { pen.text(got ? "Earned" : "Locked", x: 250, y: y + body, scale: small, colour) }
            let need = needX + pen.width(needs[a.rawValue], scale: small) <= right ? needs[a.rawValue] : shortNeeds[a.rawValue]
            pen.text(need, x: needX, y: y + body, scale: small, Colour.opaque(got ? theme.text : theme.dim))
            y += pitch
        }
    }
}
