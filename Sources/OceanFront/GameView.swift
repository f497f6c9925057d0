import OceanKernel

/// The game's screen: watches the kernel's states and events (`observe`) and draws
/// any moment between two ticks into a framebuffer (`render`). Plain Swift, no
/// window: the platform layer presents the pixels, tests read them.
///
/// Nothing here touches the kernel's random stream; cosmetic variety comes from a
/// private generator seeded by the replay's seed and the tick, so the same replay
/// renders the same pixels.
public final class GameView {
    public static let width = 640, height = 360

    /// Draws a "Paused" banner over the game.
    public var paused = false

    let assets: FrontAssets
    let rules: Rules
    let seed: UInt64
    let layout: Layout
    let look: Look

    /// The bin's x at the previous and the current tick, for interpolation.
    var binFrom = 0, binTo = 0

    public init(assets: FrontAssets, rules: Rules, seed: UInt64) {
        self.assets = assets
        self.rules = rules
        self.seed = seed
        layout = Layout(rules: rules, theme: assets.theme, width: GameView.width, height: GameView.height)
        look = Look(assets: assets, layout: layout, seed: seed)
        binFrom = rules.width / 2
        binTo = binFrom
    }

    /// Call once after every kernel step with that step's events (and once before
    /// the first step, with none).
    public func observe(_ state: GameState, events: [Event]) {
        binFrom = binTo
        binTo = state.bin.x
    }

    /// Draws the moment `fraction` (0…1) of the way from the previous tick to `state`.
    public func render(_ state: GameState, fraction: Double, into framebuffer: inout Framebuffer) {
        let f = min(1, max(0, fraction))
        let (w, h) = (framebuffer.width, framebuffer.height)
        framebuffer.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: w, height: h)
            canvas.copy(from: look.backgrounds[state.phase.rawValue])
            drawBin(canvas, fraction: f)
        }
    }

    func drawBin(_ canvas: Canvas, fraction: Double) {
        let x = Double(binFrom) + Double(binTo - binFrom) * fraction
        let sprite = look.bin
        canvas.blit(sprite, x: layout.x(x) - sprite.width / 2, y: layout.y(Double(rules.rim)) - 2)
    }
}
