import OceanAssets
import OceanKernel

/// The theme's motion tokens applied to a screen change (Zeno's rule): the new
/// screen's content fades in over `motion.enter_ms`, starting `motion.enter_offset_px`
/// below its place and easing into it; the background (the ocean, and a page's veil)
/// stays still. Timed by the ticks and the frame's fraction, never the wall clock, so
/// a replay's frame is the same every run; once settled, a frame is exactly the one
/// drawn without motion.
struct EnterMotion: Sendable {
    let durationMs: Int
    let offsetPx: Int

    init(theme: Theme) {
        durationMs = max(1, theme.enterMs)
        offsetPx = theme.enterOffsetPx
    }

    /// How far in (0…255, eased out) a screen that changed on tick `since` is at `tick`
    /// plus `fraction`; nil once settled (or before it began).
    func progress(since: Int, tick: Int, fraction: Double) -> UInt32? {
        guard tick >= since, tick - since < 1_000_000 else { return nil }
        let elapsedMs = Int((Double(tick - since) + fraction) * 1000 / Double(Fixed.ticksPerSecond))
        guard elapsedMs < durationMs else { return nil }
        let rest = 256 - elapsedMs * 256 / durationMs
        return UInt32(256 - rest * rest / 256)
    }

    /// The content's offset at `progress`: `offsetPx` at the start, 0 when settled.
    func offset(_ progress: UInt32) -> Int { offsetPx * Int(256 - min(256, progress)) / 256 }
}

extension Canvas {
    /// What was drawn over `under` (the frame saved before the content) since it was
    /// saved, faded in by `t` of 256 and moved `dy` px down; elsewhere `under`, still.
    /// A pixel counts as content where it differs from `under`.
    public func enter(over under: [UInt32], t: UInt32, dy: Int) {
        under.withUnsafeBufferPointer { below in
            guard below.count >= width * height else { return }
            // Bottom up: row y reads row y - dy above it, not yet rewritten.
            for y in stride(from: height - 1, through: 0, by: -1) {
                let row = y * width, source = y - dy
                for x in 0..<width {
                    let i = row + x
                    var out = below[i]
                    if source >= 0 && source < height {
                        let j = source * width + x
                        let drawn = pixels[j]
                        if drawn != below[j] { out = Colour.mix(out, drawn, t) }
                    }
                    pixels[i] = out
                }
            }
        }
    }

    /// The whole screen copied out into `buffer` (its size), for `enter`.
    public func save(into buffer: inout [UInt32]) {
        buffer.withUnsafeMutableBufferPointer { b in
            _ = b.baseAddress!.update(from: pixels.baseAddress!, count: min(b.count, pixels.count))
        }
    }
}
