import OceanAssets
import OceanKernel

/// The pet in its scene, drawn into any rectangle: the HUD's panel now, a larger pet
/// screen later. Everything drawn is art from `assets/pet.txt` (`PetArt`): the
/// scene's backdrop stretched over the rectangle, the body for the form and stage at
/// a whole scale that fits, the mood's eyes and mouth on the body's anchors, the
/// mood's accent beside the head, and the reactions to its events.
///
/// Animation follows the tick (never the kernel's random stream): the body bobs
/// between two idle frames (a hop when happy or excited, a breath otherwise, slowest
/// asleep), the eyes blink every few seconds, the accent flips between its two frames.
/// Allocates nothing: every bitmap was resolved when the art was loaded.
struct PetPortrait: Sendable {
    let art: PetArt
    /// The player asked for reduced motion: the pet neither hops nor bounces.
    var still = false

    /// The rectangle's height in body cells: the scale is the rectangle's height over
    /// this (3 in the HUD's 82 px box), so the largest body and its accent fit.
    static let cellsHigh = 27
    /// Ticks per idle frame for each mood (happy, excited, focused, sleepy, missing you).
    static let idleTicks = [30, 12, 24, 60, 40]
    /// The eyes close for `blinkTicks` every `blinkEvery` ticks.
    static let blinkEvery = 180, blinkTicks = 7
    /// Ticks per frame of a mood's accent and of the evolution's sparkles.
    static let accentTicks = 40, sparkleTicks = 4

    /// The whole scale a rectangle gives the pet.
    static func scale(for rect: Layout.Rect) -> Int { max(1, min(rect.h / cellsHigh, rect.w / cellsHigh)) }

    /// Draws `pet` in `scene` over `rect` at `tick` plus `fraction` (0…1 of the way to
    /// the next tick), showing any of `reaction`'s shows that are running.
    func draw(_ canvas: Canvas, pet: PetState, scene: PetScene, in rect: Layout.Rect,
              tick: Int, fraction: Double, reaction: PetReaction? = nil) {
        canvas.stretch(art.scenes[scene.rawValue], x: rect.x, y: rect.y, w: rect.w, h: rect.h)
        let s = PetPortrait.scale(for: rect)
        let body = art.body(pet.form, pet.stage)
        let bw = body.bitmap.width * s, bh = body.bitmap.height * s
        let mood = pet.mood.rawValue
        let evolving = reaction?.evolution(tick: tick, fraction: fraction)
        let moodChange = reaction?.moodChange(tick: tick, fraction: fraction)

        // Idle: two frames; a hop for a happy or excited pet, a breath otherwise.
        let frame = (tick / PetPortrait.idleTicks[mood]) % 2
        var lift = frame * (pet.mood == .happy || pet.mood == .excited ? s : max(1, s / 2))
        // A mood change: two hops, the second smaller.
        if let p = moodChange { lift += Int(abs(sinApprox(p * 2 * .pi)) * Double(3 * s) * (1 - p / 2)) }
        if still { lift = 0 }

        // The feet stand a tenth of the rectangle above its bottom, on the scene's
        // floor; a hop never lifts the head out of the rectangle.
        let x = rect.x + (rect.w - bw) / 2
        let y = max(rect.y, rect.y + rect.h - rect.h / 10 - bh - lift)

        if let p = evolving, p < 1.0 / 3 {
            canvas.blend(x: rect.x, y: rect.y, w: rect.w, h: rect.h, 0xFFFF_FFFF, alpha: UInt32((1 - 3 * p) * 200))
        }
        // Evolving: the body flickers as a white silhouette through the first half.
        if let p = evolving, p < 0.5, (tick / PetPortrait.sparkleTicks) % 2 == 0 {
            canvas.blit(body.bitmap, x: x, y: y, scale: s, solid: 0xFFFF_FFFF)
        } else {
            canvas.blit(body.bitmap, x: x, y: y, scale: s)
            let blinking = pet.mood != .sleepy && tick % PetPortrait.blinkEvery < PetPortrait.blinkTicks
            let eyes = blinking ? art.blink : art.eyes[mood]
            canvas.blit(eyes, x: x + body.leftEye.x * s, y: y + body.leftEye.y * s, scale: s)
            canvas.blit(eyes, x: x + body.rightEye.x * s, y: y + body.rightEye.y * s, scale: s)
            canvas.blit(art.mouths[mood], x: x + body.mouth.x * s, y: y + body.mouth.y * s, scale: s)
        }

        // The mood's accent beside the head (on both sides when excited), its bottom
        // level with the eyes.
        let accent = art.accents[mood * 2 + (tick / PetPortrait.accentTicks) % 2]
        let ay = y + body.rightEye.y * s - accent.height * s
        place(canvas, accent, x: x + bw - s, y: ay, scale: s, in: rect)
        if pet.mood == .excited {
            place(canvas, accent, x: x - accent.width * s + s, y: ay, scale: s, in: rect, flipped: true)
        }

        // A mood change: the new mood's icon pops over the head (a size up at first), rising.
        if let p = moodChange {
            let icon = art.icons[mood]
            let k = p < 0.2 ? s + max(1, s / 2) : s
            place(canvas, icon, x: x + (bw - icon.width * k) / 2,
                  y: y - icon.height * k - s - Int(p * Double(2 * s)), scale: k, in: rect)
        }

        // An evolution: sparkles burst outward from the body's middle.
        if let p = evolving {
            let sparkle = art.sparkles[(tick / PetPortrait.sparkleTicks) % 2]
            let cx = x + bw / 2, cy = y + bh / 2
            let reach = Double(min(rect.w, rect.h) / 2) * (0.3 + 0.7 * p)
            for i in 0..<8 {
                let angle = Double(i) * .pi / 4 + p
                place(canvas, sparkle, x: cx + Int(sinApprox(angle + .pi / 2) * reach * 1.6) - sparkle.width * s / 2,
                      y: cy + Int(sinApprox(angle) * reach) - sparkle.height * s / 2, scale: s, in: rect)
            }
        }
    }

    /// A sprite kept inside `rect` (moved in, never cut).
    func place(_ canvas: Canvas, _ sprite: Bitmap, x: Int, y: Int, scale: Int, in rect: Layout.Rect,
               flipped: Bool = false) {
        let w = sprite.width * scale, h = sprite.height * scale
        let cx = max(rect.x, min(x, rect.x + rect.w - w)), cy = max(rect.y, min(y, rect.y + rect.h - h))
        canvas.blit(sprite, x: cx, y: cy, scale: scale, flipped: flipped)
    }
}
