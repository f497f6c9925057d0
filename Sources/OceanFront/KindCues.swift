import OceanAssets
import OceanKernel

/// What the kinds that play differently show (GAME_RULES §1): sea life caught ("Let
/// it go!", a red flash, what it cost the ocean) or let pass ("Let it pass"), a
/// bounce's clang at the rim, and the powers' words. Fixed pools, so a busy game
/// allocates nothing; every word is made once, when the view is.
///
/// The powers themselves (a net's wider mouth, a slack tide's slow water) are drawn
/// from the state (`netTicksLeft`, `tideTicksLeft`): the view keeps no clock of its own.
struct KindCues {
    /// The words a cue shows (`EffectPool.Effect.value`).
    enum Word: Int {
        case letItGo, letItPass
    }

    /// Words over a caught or a passing sea-life item, rising.
    var words: EffectPool
    /// Sparks where an item clanged off the rim.
    var sparks: EffectPool
    /// The tick a sea-life catch flashed the playfield red.
    var flashBorn = Int.min / 2
    /// Ticks the red flash lasts (half the words' time).
    let flashTicks: Int
    /// "-1.5% ocean": what a caught sea-life item costs, from the balance.
    let cost: String
    /// The kinds that are a net and a slack tide (the timers' icons), if the balance has them.
    let netKind: Int?
    let tideKind: Int?
    /// The call-outs when a power is caught.
    let netWords: (title: String, subtitle: String)
    let tideWords: (title: String, subtitle: String)

    static let letItGo = "Let it go!"
    static let letItPass = "Let it pass"
    static let clang = "clang!"

    init(rules: Rules, theme: Theme) {
        words = EffectPool(capacity: 16, lifetimeMs: theme.seaLifeCueMs)
        sparks = EffectPool(capacity: 16, lifetimeMs: theme.bounceMs)
        flashTicks = max(1, Fixed.ticks(ms: theme.seaLifeCueMs) / 2)
        cost = "-" + KindCues.percent(rules.healthPerSeaLife) + " ocean"
        netKind = rules.powerUp.firstIndex(of: .net)
        tideKind = rules.powerUp.firstIndex(of: .tide)
        netWords = ("NET!", "A wider bin for " + KindCues.seconds(rules.netTicks))
        tideWords = ("SLACK TIDE!", "Everything slows for " + KindCues.seconds(rules.tideTicks))
    }

    /// Health in 1/10000 as a percentage: "1.5%", "2%".
    static func percent(_ health: Int) -> String {
        let tenths = (abs(health) + 5) / 10
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }

    /// Ticks as whole seconds: "6 s".
    static func seconds(_ ticks: Int) -> String {
        "\((ticks + Fixed.ticksPerSecond / 2) / Fixed.ticksPerSecond) s"
    }

    mutating func expire(tick: Int) {
        words.expire(tick: tick)
        sparks.expire(tick: tick)
    }

    mutating func clear() {
        words.clear()
        sparks.clear()
        flashBorn = Int.min / 2
    }
}

extension GameView {
    /// A kernel event about a kind that plays differently, at `tick`.
    func observeKind(_ event: Event, tick: Int) {
        let theme = assets.theme
        switch event {
        case .seaLifeCaught(let kind, let itemX):
            let x = layout.x(Double(itemX))
            kindCues.words.spawn(x: x, y: binTop - theme.bouncePx, value: KindCues.Word.letItGo.rawValue, tick: tick)
            kindCues.flashBorn = tick
            // A puff in the animal's colour: it was scooped up, and should not have been.
            let colour = kind.rawValue < kindColours.count ? kindColours[kind.rawValue] : Colour.opaque(theme.seaLifeHit)
            particles.burst(count: theme.particles / 2, x: x, y: binTop, colour: colour,
                            speed: theme.particleSpeedPxPerS / 2, tick: tick)
        case .passed(let kind, let itemX):
            let x = layout.x(Double(itemX))
            // Back into the water: a splash; sea life let pass says so.
            splashes.spawn(x: x, y: layout.waterY, value: 0, tick: tick)
            if kind.rawValue < rules.kindCount && rules.isSeaLife[kind.rawValue] {
                let line = assets.font.cellHeight * theme.fontScale + theme.lineGapPx
                kindCues.words.spawn(x: x, y: layout.waterY - 2 * line, value: KindCues.Word.letItPass.rawValue, tick: tick)
            }
        case .bounced(_, let itemX):
            // The side of the bin it clanged off (it is kicked that way): the word goes there.
            kindCues.sparks.spawn(x: layout.x(Double(itemX)), y: binTop + 1, value: itemX < binTo ? -1 : 1, tick: tick)
        case .powerUp(_, let power, _):
            let words = power == .tide ? kindCues.tideWords : kindCues.netWords
            show(&callout, words.title, words.subtitle, colour: theme.powerGlow, ms: theme.calloutMs, tick: tick)
        default:
            break
        }
    }

    /// A slack tide on: the playfield tinted and rippling, fading in and out over
    /// half a second at each end of the tide.
    /// The slack tide's tint over everything above the water, while it lasts: its colour
    /// and strength (ramping in and out over half a second), nil when there is none.
    func tideTint(_ state: GameState) -> (colour: UInt32, alpha: UInt32, strength: Double)? {
        guard state.tideTicksLeft > 0, state.mode != .idle else { return nil }
        let theme = assets.theme
        let into = rules.tideTicks - state.tideTicksLeft
        let ramp = Fixed.ticksPerSecond / 2
        let strength = min(1, Double(min(into + 1, state.tideTicksLeft)) / Double(ramp))
        return (Colour.opaque(theme.powerTide), UInt32(Double(theme.powerTideAlphaPercent * 256 / 100) * strength), strength)
    }

    /// The tide's tint and ripples. `tinted`: the ocean was drawn with the tint already
    /// on it (`drawOcean`), so only the ripples are left.
    func drawTide(_ canvas: Canvas, state: GameState, seconds: Double, tinted: Bool = false) {
        guard let (tint, alpha, strength) = tideTint(state) else { return }
        if !tinted { canvas.blend(x: 0, y: 0, w: layout.screenWidth, h: layout.waterY, tint, alpha: alpha) }
        // Slow ripples: rows of short dashes swaying, a little brighter than the tint.
        let pitch = 22, dash = 14
        let ripple = UInt32(Double(110) * strength)
        var row = 0
        for y in stride(from: pitch, to: layout.waterY - 4, by: pitch) {
            let sway = sinD(seconds * 1.3 + Double(row) * 0.9) * 10
            let shift = Int(sway) + (row % 2) * dash
            var x = -2 * dash + shift
            while x < layout.screenWidth {
                // Each dash bends: its middle a pixel higher than its ends.
                canvas.blend(x: x, y: y, w: dash / 4, h: 1, tint, alpha: ripple)
                canvas.blend(x: x + dash / 4, y: y - 1, w: dash / 2, h: 1, tint, alpha: ripple)
                canvas.blend(x: x + 3 * dash / 4, y: y, w: dash / 4, h: 1, tint, alpha: ripple)
                x += 2 * dash + 6
            }
            row += 1
        }
    }

    /// A falling power-up's glow: a soft disc behind it, pulsing.
    func drawGlow(_ canvas: Canvas, x: Int, y: Int, sprite: Bitmap, tick: Int, fraction: Double) {
        let t = (Double(tick) + fraction) / Double(Fixed.ticksPerSecond)
        let pulse = 0.5 + 0.5 * sinD(t * 2 * Double.pi * 1.2)
        let r = max(sprite.width, sprite.height) / 2 + 2 + Int(3 * pulse)
        let glow = Colour.opaque(assets.theme.powerGlow)
        canvas.disc(cx: x, cy: y, r: r + 3, glow, alpha: UInt32(60 + 50 * pulse))
        canvas.disc(cx: x, cy: y, r: r, glow, alpha: UInt32(110 + 80 * pulse))
    }

    /// A net on: a mesh hung either side of the bin out to the wider mouth
    /// (`rules.netHalfWidth`), a rope along its top; it blinks in its last second.
    func drawNet(_ canvas: Canvas, state: GameState, fraction: Double) {
        guard state.netTicksLeft > 0, state.mode != .idle else { return }
        let left = state.netTicksLeft
        if left < Fixed.ticksPerSecond && (left / 6) % 2 == 0 { return }
        let theme = assets.theme
        let centre = layout.x(Double(binFrom) + Double(binTo - binFrom) * fraction)
        let half = netHalfWidthOnScreen
        let binHalf = art.bin.width / 2
        let top = binTop
        let h = max(3, art.bin.height - 2)
        let mesh = Colour.opaque(theme.powerNet), shade = Colour.opaque(theme.itemOutline)
        let wing = max(1, half - binHalf)
        for side in 0..<2 {
            // The rope along the wing's top, level with the bin's rim, a shadow under it.
            let ropeX = side == 0 ? centre - half : centre + binHalf
            canvas.fill(x: ropeX, y: top + 1, w: wing, h: 1, shade)
            canvas.fill(x: ropeX, y: top, w: wing, h: 1, mesh)
            for d in 0..<wing {
                // From the bin's side out: the wing's depth tapers to nothing at the mouth's
                // edge; a diamond mesh, each knot with a shadow so it reads over any sky.
                let x = side == 0 ? centre - binHalf - 1 - d : centre + binHalf + d
                let depth = h * (wing - d) / wing
                for dy in 1..<max(2, depth) where (d + dy) % 4 == 0 || (d + 4 * h - dy) % 4 == 0 {
                    canvas.fill(x: x, y: top + 1 + dy, w: 1, h: 1, mesh)
                    canvas.fill(x: x, y: top + 2 + dy, w: 1, h: 1, shade)
                }
            }
        }
        // Floats at its ends.
        let float = Colour.opaque(theme.powerGlow)
        canvas.fill(x: centre - half - 1, y: top - 1, w: 3, h: 3, float)
        canvas.fill(x: centre + half - 1, y: top - 1, w: 3, h: 3, float)
    }

    /// The net's mouth, half across, in screen pixels: the bin as drawn, widened as
    /// the net widens the mouth (`rules.netHalfWidth` over `rules.binHalfWidth`).
    var netHalfWidthOnScreen: Int {
        art.bin.width * rules.netHalfWidth / max(1, 2 * rules.binHalfWidth)
    }

    /// The red flash of a sea-life catch, fading.
    func drawHitFlash(_ canvas: Canvas, tick: Int, fraction: Double) {
        let age = (Double(tick - kindCues.flashBorn) + fraction) / Double(kindCues.flashTicks)
        guard age >= 0, age < 1 else { return }
        let alpha = UInt32(Double(assets.theme.seaLifeFlashAlphaPercent * 256 / 100) * (1 - age))
        let red = Colour.opaque(assets.theme.seaLifeHit)
        // From the playfield's edges inward, fading to nothing a sixth of the way in:
        // the game in the middle stays readable.
        let x0 = Int(layout.originX), w = layout.playWidth
        let bands = 8, band = max(2, w / 48)
        func share(_ i: Int) -> UInt32 { alpha * UInt32(bands - i) / UInt32(bands) }
        guard rampsFlash, 2 * bands * band <= w, alpha <= 256 else {
            // Sides that meet (a playfield narrower than 32 bands) or a flash over full
            // strength: band by band, each over the last.
            for i in 0..<bands {
                canvas.blend(x: x0 + i * band, y: 0, w: band, h: layout.waterY, red, alpha: share(i))
                canvas.blend(x: x0 + w - (i + 1) * band, y: 0, w: band, h: layout.waterY, red, alpha: share(i))
            }
            return
        }
        // Each side's bands as one ramp of columns (the same pixels as band by band).
        let side = bands * band
        canvas.blendColumns(x: x0, y: 0, w: side, h: layout.waterY, red) { share($0 / band) }
        canvas.blendColumns(x: x0 + w - side, y: 0, w: side, h: layout.waterY, red) { share(bands - 1 - $0 / band) }
    }

    /// Sparks at the rim where an item clanged, and the clang said small beside them,
    /// on the side the item flew off to.
    func drawSparks(_ pen: TextPen, tick: Int, fraction: Double) {
        let theme = assets.theme
        let spark = Colour.opaque(theme.bounceSpark)
        for e in kindCues.sparks.effects where e.alive {
            let age = kindCues.sparks.age(e, tick: tick, fraction: fraction)
            let reach = 3 + Int(Double(theme.bounceSparkPx) * age)
            let inner = 1 + Int(Double(reach) * 0.45)
            // Eight short rays, thick at first, thinning out as they fly.
            let dot = age < 0.45 ? 2 : 1
            for (dx, dy) in GameView.rays {
                for r in inner...reach where r % 2 == 0 || age < 0.6 {
                    let step = dx != 0 && dy != 0 ? r * 7 / 10 : r
                    pen.canvas.fill(x: e.x + dx * step, y: e.y + dy * step, w: dot, h: dot, spark)
                }
            }
            if age < 0.25 { pen.canvas.fill(x: e.x - 1, y: e.y - 1, w: 3, h: 3, spark) }
            let s = theme.fontScale
            let w = pen.width(KindCues.clang, scale: s)
            let x = e.value < 0 ? e.x - reach - 2 - w : e.x + reach + 2
            pen.text(KindCues.clang, x: x, y: e.y - pen.font.cellHeight * s - 2 - Int(4 * age), scale: s, spark)
        }
    }

    static let rays = [(1, 0), (-1, 0), (0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1), (0, 1)]

    /// "Let it go!" over a caught sea-life item (with what it cost), "Let it pass" over
    /// one gone back to the sea; rising as popups do.
    func drawKindWords(_ pen: TextPen, tick: Int, fraction: Double) {
        let theme = assets.theme
        let s = theme.fontScale
        let line = pen.font.cellHeight * s + theme.lineGapPx
        let left = Int(layout.originX) + 2, right = Int(layout.originX) + layout.playWidth - 2
        for e in kindCues.words.effects where e.alive {
            let age = kindCues.words.age(e, tick: tick, fraction: fraction)
            let rise = Int(Double(theme.popupRisePx) * age)
            if e.value == KindCues.Word.letItGo.rawValue {
                let big = s + 1
                let red = Colour.opaque(theme.seaLifeHit)
                let w = pen.width(KindCues.letItGo, scale: big)
                let y = e.y - pen.font.cellHeight * big - line - rise
                // A shake in its first moments.
                let shake = age < 0.2 && !theme.reducedMotion ? (tick % 2 == 0 ? 1 : -1) : 0
                pen.text(KindCues.letItGo, x: min(max(left, e.x - w / 2), right - w) + shake, y: y, scale: big, red)
                let cw = pen.width(kindCues.cost, scale: s)
                pen.text(kindCues.cost, x: min(max(left, e.x - cw / 2), right - cw), y: y + pen.font.cellHeight * big + 2,
                         scale: s, red)
            } else {
                let w = pen.width(KindCues.letItPass, scale: s)
                pen.text(KindCues.letItPass, x: min(max(left, e.x - w / 2), right - w), y: e.y - rise, scale: s,
                         Colour.opaque(theme.good))
            }
        }
    }

    /// During a game, each power on: its icon and a bar that empties as it runs out,
    /// under the HUD strip at the playfield's left.
    func drawPowerTimers(_ pen: TextPen, state: GameState) {
        guard state.mode != .idle, state.netTicksLeft > 0 || state.tideTicksLeft > 0 else { return }
        let theme = assets.theme
        let strip = hud.strip(cellWidth: pen.font.cellWidth, cellHeight: pen.font.cellHeight)
        let y = strip.height + theme.marginPx
        let x = Int(layout.originX) + theme.marginPx
        let below = drawPowerTimer(pen, x: x, y: y, left: state.netTicksLeft, total: rules.netTicks,
                                   kind: kindCues.netKind, colour: theme.powerNet)
        drawPowerTimer(pen, x: x, y: below, left: state.tideTicksLeft, total: rules.tideTicks,
                       kind: kindCues.tideKind, colour: theme.powerTide)
    }

    /// One power's timer at (`x`, `y`) if it is on; returns the y below it.
    @discardableResult
    func drawPowerTimer(_ pen: TextPen, x x0: Int, y: Int, left: Int, total: Int, kind: Int?, colour: Int) -> Int {
        guard left > 0 else { return y }
        let theme = assets.theme
        var x = x0
        var h = pen.font.cellHeight * theme.fontScale
        if let kind, kind < art.items.count {
            let icon = art.items[kind]
            pen.canvas.blit(icon, x: x, y: y)
            x += icon.width + 3
            h = max(h, icon.height)
        }
        let barY = y + (h - theme.powerBarHeightPx) / 2
        let w = theme.powerBarWidthPx
        pen.canvas.fill(x: x - 1, y: barY - 1, w: w + 2, h: theme.powerBarHeightPx + 2, Colour.opaque(theme.itemOutline))
        pen.canvas.fill(x: x, y: barY, w: w, h: theme.powerBarHeightPx, Colour.opaque(theme.healthBack))
        pen.canvas.fill(x: x, y: barY, w: w * min(left, total) / max(1, total), h: theme.powerBarHeightPx,
                        Colour.opaque(colour))
        x += w + 4
        let secs = (left + Fixed.ticksPerSecond - 1) / Fixed.ticksPerSecond
        let ty = y + (h - pen.font.cellHeight * theme.fontScale) / 2
        x = pen.number(secs, x: x, y: ty, scale: theme.fontScale, Colour.opaque(theme.text))
        pen.text(" s", x: x, y: ty, scale: theme.fontScale, Colour.opaque(theme.dim))
        return y + h + theme.lineGapPx
    }
}
