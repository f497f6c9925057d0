import OceanAssets
import OceanKernel

/// The first launch's screens: the story panels (intro and outro), the name, the adoption.
extension CareerView {
    func drawStory(_ pen: TextPen, _ panel: StoryPanel, page: Int, of pages: Int, seconds: Double) {
        let big = theme.bigFontScale
        var y = 48
        centred(pen, panel.figure, y: y, scale: big, theme.accent)
        y += pen.font.cellHeight * big + 3 * theme.lineGapPx
        for line in panel.text {
            centred(pen, line, y: y, scale: body, theme.text)
            y += bodyLine
        }
        // The source, small, above the page count: its own lines, or (bigger text) wrapped
        // again to the screen's width (made once per panel).
        // A size down (or two) if at the small text's scale the lines and "Source:" above
        // them would reach the panel's text (`--scale 3`).
        var source = panel.source
        var (ss, sLine) = (small, smallLine)
        let textFoot = y - bodyLine + pen.font.cellHeight * body
        func top(_ lines: Int, _ line: Int) -> Int { GameView.height - 3 * smallLine - 8 - (lines + 1) * line }
        let columns = (GameView.width - 48) / (pen.font.cellWidth * small)
        if source.contains(where: { $0.unicodeScalars.count > columns }) || (!source.isEmpty && top(source.count, smallLine) < textFoot) {
            if storySources.first != source[0] || storySources.small != small || storySources.foot != textFoot {
                var joined = ""
                for line in source { joined += joined.isEmpty ? line : " " + line }
                var scale = small, lines: [String] = []
                repeat {
                    lines = TextWrap.lines(joined, columns: (GameView.width - 48) / (pen.font.cellWidth * scale), maxLines: 4)
                    if top(lines.count, pen.font.cellHeight * scale + theme.lineGapPx) >= textFoot || scale == 1 { break }
                    scale -= 1
                } while true
                storySources = (source[0], small, textFoot, scale, lines)
            }
            source = storySources.lines
            (ss, sLine) = (storySources.scale, pen.font.cellHeight * storySources.scale + theme.lineGapPx)
        }
        var sy = GameView.height - 3 * smallLine - 8 - source.count * sLine
        if !source.isEmpty {
            pen.text("Source:", x: 24, y: sy - sLine, scale: ss, Colour.opaque(theme.dim))
        }
        for line in source {
            pen.text(line, x: 24, y: sy, scale: ss, Colour.opaque(theme.dim))
            sy += sLine
        }
        // Page dots and the hint.
        let dotY = GameView.height - 2 * smallLine - 6
        let dot = 6, gap = 6
        var x = (GameView.width - pages * dot - (pages - 1) * gap) / 2
        for i in 0..<pages {
            pen.canvas.fill(x: x, y: dotY, w: dot, h: dot, Colour.opaque(i == page ? theme.accent : theme.locked))
            x += dot + gap
        }
        keys(pen, "Any key: next     Esc: skip", y: GameView.height - smallLine - 4)
    }

    func drawName(_ pen: TextPen, flow: CareerFlow, seconds: Double) {
        frame(pen, title: "Welcome aboard", hint: "Type your name, then press Enter")
        var y = 90
        centred(pen, "What is your name?", y: y, scale: body, theme.text)
        y += 2 * bodyLine
        let chars = CareerPlayer.maxNameLength + 1
        let w = pen.font.width(ofCharacters: chars, scale: body) + 16
        let x = (GameView.width - w) / 2
        pen.canvas.fill(x: x, y: y - 8, w: w, h: bodyLine + 8, Colour.opaque(theme.highlight))
        let after = pen.text(flow.typed, x: x + 8, y: y, scale: body, Colour.opaque(theme.accent))
        // An underline caret where the next letter goes, blinking twice a second (a bar
        // would read as an 'l').
        if Int(seconds * 2) % 2 == 0 {
            pen.canvas.fill(x: after, y: y + pen.font.cellHeight * body - body, w: pen.font.glyphWidth * body, h: body,
                            Colour.opaque(theme.text))
        }
        y += 2 * bodyLine
        centred(pen, "The game will greet you by it.", y: y, scale: small, theme.dim)
    }

    func drawAdopt(_ pen: TextPen, flow: CareerFlow, tick: Int, fraction: Double) {
        frame(pen, title: "Adopt a companion", hint: "Left/Right: choose     Enter or click: adopt")
        centred(pen, "It grows with every gram of plastic you divert.", y: layout.listTop - bodyLine, scale: small,
                theme.text)
        let n = CareerFlow.forms.count
        for (i, form) in CareerFlow.forms.enumerated() {
            let box = layout.choice(i, of: n)
            let chosen = i == flow.selection
            pen.canvas.fill(x: box.x, y: box.y, w: box.w, h: box.h, Colour.opaque(chosen ? theme.highlight : theme.panel))
            if chosen {
                pen.canvas.fill(x: box.x, y: box.y + box.h - 3, w: box.w, h: 3, Colour.opaque(theme.accent))
            }
            // Each form as the baby it would be, in its room; the chosen one is excited.
            var pet = PetState()
            (pet.adopted, pet.form, pet.mood) = (true, form, chosen ? .excited : .happy)
            let art = Layout.Rect(x: box.x + 3, y: box.y + 3, w: box.w - 6, h: box.h - bodyLine - 10)
            game.petPortrait.draw(pen.canvas, pet: pet, scene: .indoor, in: art, tick: tick, fraction: fraction)
            let name = form.name
            pen.text(name, x: box.x + (box.w - pen.width(name, scale: body)) / 2, y: box.y + box.h - bodyLine - 4,
                     scale: body, Colour.opaque(chosen ? theme.accent : theme.text))
        }
    }
}
