import OceanKernel

/// The ten achievements: the earned ones lit, the others dim with what they need.
extension CareerView {
    func drawAchievements(_ pen: TextPen, state: GameState) {
        frame(pen, title: "Achievements", hint: "Any key: back")
        let c = state.career
        let pitch = max(bodyLine, 26)
        var y = 44
        for a in Achievement.allCases {
            let got = c.unlocked(a)
            let box = 10
            let colour = Colour.opaque(got ? theme.good : theme.locked)
            pen.canvas.fill(x: 40, y: y + 2, w: box, h: box, colour)
            if !got { pen.canvas.fill(x: 42, y: y + 4, w: box - 4, h: box - 4, Colour.opaque(theme.panel)) }
            pen.text(a.name, x: 60, y: y, scale: body, Colour.opaque(got ? theme.accent : theme.text))
            pen.text(got ? "Earned" : "Locked", x: 250, y: y + body, scale: small, colour)
            pen.text(needs[a.rawValue], x: 310, y: y + body, scale: small, Colour.opaque(got ? theme.text : theme.dim))
            y += pitch
        }
    }
}
