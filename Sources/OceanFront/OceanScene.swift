import OceanAssets
import OceanKernel

/// The living parts of the ocean, drawn every frame over the backdrop: waves at the
/// water line and fish swimming in the sea band. Fish are placed by the cosmetic
/// random stream once, and move with time alone, so a tick always looks the same.
struct OceanScene {
    struct Fish {
        var x: Double, y: Int, speed: Double, bobPhase: Double
        var leftward: Bool
    }

    let fish: [Fish]

    init(theme: Theme, layout: Layout, seed: UInt64) {
        var random = CosmeticRandom(seed: seed, salt: 2)
        // One drifter per fish or floating piece of trash, whichever a phase has most of.
        let most = max(theme.fishCount.max() ?? 0, theme.debrisCount.max() ?? 0)
        // Between the waves and the seabed, a fish's height clear of each.
        let top = layout.waterY + theme.waveAmplitudePx + 2 * theme.fishBobPx
        let bottom = layout.screenHeight - layout.seabedHeight - 2 * theme.fishBobPx - 7
        fish = (0..<most).map { _ in
            Fish(x: random.unit() * Double(layout.screenWidth),
                 y: top + random.below(max(1, bottom - top)),
                 speed: Double(theme.fishSpeedPxPerS) * (0.6 + random.unit() * 0.8),
                 bobPhase: random.unit() * 6.283,
                 leftward: random.below(2) == 0)
        }
    }

    /// The highest row the waves, the floating debris and the fish (with their bob) can
    /// reach: every row above it shows the backdrop alone, whatever the time.
    func highestRow(theme: Theme, layout: Layout, debris: [Bitmap]) -> Int {
        // `sinApprox` may pass 1 by a hair: a row of slack on each bob.
        let amplitude = theme.waveAmplitudePx + 1
        var top = layout.waterY - amplitude
        // Loops, not `map`: this runs every frame under the tide, which allocates nothing.
        for sprite in debris { top = min(top, layout.waterY - sprite.height / 2 - amplitude) }
        for f in fish { top = min(top, f.y - theme.fishBobPx - 1) }
        return top
    }

    /// Waves along the water line: the sea's surface colour up to a moving crest.
    func drawWaves(_ canvas: Canvas, theme: Theme, layout: Layout, look: HealthLook, seconds: Double) {
        let amplitude = Double(theme.waveAmplitudePx)
        let length = Double(theme.waveLengthPx)
        let period = Double(theme.wavePeriodMs) / 1000
        let surface = layout.seaColour(theme: theme, look: look, t: 0)
        let crest = look.colour(theme.wave)
        let shift = seconds / period
        let bottom = layout.waterY + theme.waveAmplitudePx + 1
        for x in 0..<layout.screenWidth {
            let offset = Int((amplitude * sinApprox(6.283185307 * (Double(x) / length - shift))).rounded())
            let top = layout.waterY + offset
            canvas.fill(x: x, y: top, w: 1, h: bottom - top, surface)
            canvas.fill(x: x, y: top, w: 1, h: 1, crest)
        }
    }

    /// `count` pieces of trash bobbing on the surface, drifting slowly with the waves.
    /// `clear`: screen columns no piece may overlap (a menu's text stands there), or nil.
    func drawDebris(_ canvas: Canvas, sprites: [Bitmap], theme: Theme, count: Int, layout: Layout, seconds: Double,
                    clear: Range<Int>? = nil) {
        let span = Double(layout.screenWidth)
        for (i, f) in fish.prefix(count).enumerated() {
            let sprite = sprites[i % sprites.count]
            let x = (f.x + f.speed * seconds / 4).truncatingRemainder(dividingBy: span)
            let left = Int(x) - sprite.width / 2
            if let clear, left < clear.upperBound && left + sprite.width > clear.lowerBound { continue }
            let bob = Int((Double(theme.waveAmplitudePx) * sinApprox(seconds + f.bobPhase)).rounded())
            canvas.blit(sprite, x: left, y: layout.waterY - sprite.height / 2 + bob)
        }
    }

    /// `count` fish at `seconds`, each with a bubble now and then.
    func drawFish(_ canvas: Canvas, sprite: Bitmap, theme: Theme, count: Int, layout: Layout, seconds: Double) {
        let bubble = Colour.opaque(theme.bubble)
        let span = Double(layout.screenWidth + 2 * sprite.width)
        for f in fish.prefix(count) {
            var x = (f.x + f.speed * seconds).truncatingRemainder(dividingBy: span)
            if f.leftward { x = span - x }
            let sx = Int(x) - sprite.width
            let sy = f.y + Int((Double(theme.fishBobPx) * sinApprox(seconds * 2 + f.bobPhase)).rounded())
            canvas.blit(sprite, x: sx, y: sy, flipped: f.leftward)
            // A bubble rising from the fish's mouth over each second.
            let rise = (seconds + f.bobPhase).truncatingRemainder(dividingBy: 1.5)
            let bx = f.leftward ? sx - 2 : sx + sprite.width + 1
            let by = sy + 1 - Int(rise / 1.5 * Double(theme.bubbleRisePx))
            if by > layout.waterY + theme.waveAmplitudePx {
                canvas.fill(x: bx, y: by, w: theme.bubblePx, h: theme.bubblePx, bubble)
            }
        }
    }
}

/// sin(x) for eye candy without Foundation: a parabola-based approximation (error
/// under 0.1 %), good enough for waves and bobbing.
@inline(__always) func sinApprox(_ x: Double) -> Double {
    let twoPi = 6.283185307179586
    var t = x.truncatingRemainder(dividingBy: twoPi)
    if t > 3.141592653589793 { t -= twoPi } else if t < -3.141592653589793 { t += twoPi }
    let y = 1.2732395447 * t - 0.4052847346 * t * abs(t)
    return 0.225 * (y * abs(y) - y) + y
}
