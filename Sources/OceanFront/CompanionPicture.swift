import OceanAssets
import OceanKernel

/// What a desk e-ink display beside the game shows (Outku's companion device): the
/// pet in its mood, the ocean's health and phase, today's grams against the goal and
/// the streak, in pure black and white. The pet is drawn in colour as in the game,
/// then dithered (a 4×4 ordered Bayer matrix: no noise, so the same career always
/// gives the same pixels); the words are black on white. Laid out for any size from
/// 296×128 (pet left, words right) up.
public enum CompanionPicture {
    public static let black: UInt32 = 0xFF00_0000, white: UInt32 = 0xFFFF_FFFF

    /// The 4×4 Bayer thresholds, of 16.
    static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// The picture of `state` at `width` × `height` (each at least 128×64).
    public static func render(_ state: GameState, rules: Rules, assets: FrontAssets, width: Int, height: Int,
                              log: TextBoxLog? = nil) -> Framebuffer {
        var fb = Framebuffer(width: width, height: height)
        let font = assets.font
        let m = max(4, height / 32)
        let pet = state.career.pet
        // The pet's square on the left, as tall as the picture allows.
        let side = min(height - 2 * m, width / 2 - m)
        let petRect = Layout.Rect(x: m, y: (height - side) / 2, w: side, h: side)
        fb.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: width, height: height)
            canvas.fill(x: 0, y: 0, w: width, h: height, white)
            if pet.adopted {
                let art = PetArt(sheet: assets.pet, theme: assets.theme)
                PetPortrait(art: art).draw(canvas, pet: pet, scene: state.petScene(rules: rules), in: petRect,
                                           tick: 0, fraction: 0)
                dither(canvas, petRect)
                outline(canvas, petRect)
            }
            // The words on the right, as large as the lines fit.
            let x = pet.adopted ? petRect.x + petRect.w + m : m
            let right = width - m
            let lines = 5
            var scale = 1
            while font.cellHeight * (scale + 1) * lines + (lines - 1) * m <= height - 2 * m
                    && font.width(ofCharacters: 14, scale: scale + 1) <= right - x { scale += 1 }
            var pen = TextPen(canvas: canvas, font: font, shadow: 0, log: log)
            pen.limit = right
            let line = font.cellHeight * scale + m
            var y = m
            let percent = state.health * 100 / Rules.fullHealth
            var after = pen.text("Ocean ", x: x, y: y, scale: scale, black)
            after = pen.number(percent, x: after, y: y, scale: scale, black)
            pen.text("%", x: after, y: y, scale: scale, black)
            y += line
            pen.text(state.phase.name, x: x, y: y, scale: scale, black)
            y += line
            // The health bar: an outline, filled to the health.
            let barW = right - x, barH = max(7, font.cellHeight * scale / 2)
            canvas.fill(x: x, y: y, w: barW, h: barH, black)
            canvas.fill(x: x + 1, y: y + 1, w: barW - 2, h: barH - 2, white)
            canvas.fill(x: x + 2, y: y + 2, w: max(0, (barW - 4) * min(Rules.fullHealth, max(0, state.health)) / Rules.fullHealth),
                        h: barH - 4, black)
            y += barH + m
            let goal = rules.career.dailyGoalGrams
            after = pen.text("Today ", x: x, y: y, scale: scale, black)
            after = pen.number(state.career.gramsToday, x: after, y: y, scale: scale, black)
            after = pen.text("/", x: after, y: y, scale: scale, black)
            after = pen.number(goal, x: after, y: y, scale: scale, black)
            pen.text(" g", x: after, y: y, scale: scale, black)
            y += line
            after = pen.text("Streak ", x: x, y: y, scale: scale, black)
            after = pen.number(state.career.streak, x: after, y: y, scale: scale, black)
            pen.text(state.career.streak == 1 ? " day" : " days", x: after, y: y, scale: scale, black)
            if pet.adopted {
                y += line
                after = pen.text(pet.form.name, x: x, y: y, scale: scale, black)
                pen.text(" is " + pet.mood.name.lowercased(), x: after, y: y, scale: scale, black)
            }
        }
        return fb
    }

    /// The rectangle's colours to black and white by luminance against the Bayer matrix.
    static func dither(_ canvas: Canvas, _ r: Layout.Rect) {
        for y in max(0, r.y)..<min(canvas.height, r.y + r.h) {
            for x in max(0, r.x)..<min(canvas.width, r.x + r.w) {
                let p = canvas.pixels[y * canvas.width + x]
                let luma = (Int(p >> 16 & 0xFF) * 299 + Int(p >> 8 & 0xFF) * 587 + Int(p & 0xFF) * 114) / 1000
                let threshold = (bayer[(y % 4) * 4 + x % 4] * 2 + 1) * 255 / 32
                canvas.pixels[y * canvas.width + x] = luma > threshold ? white : black
            }
        }
    }

    static func outline(_ canvas: Canvas, _ r: Layout.Rect) {
        canvas.fill(x: r.x - 1, y: r.y - 1, w: r.w + 2, h: 1, black)
        canvas.fill(x: r.x - 1, y: r.y + r.h, w: r.w + 2, h: 1, black)
        canvas.fill(x: r.x - 1, y: r.y, w: 1, h: r.h, black)
        canvas.fill(x: r.x + r.w, y: r.y, w: 1, h: r.h, black)
    }
}
