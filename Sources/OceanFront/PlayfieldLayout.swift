import OceanAssets
import OceanKernel

/// Where the playfield sits on the 640×360 screen, so a pointer's x can be turned
/// into a playfield x: the game view's own `Layout`, so a click lands where the bin is drawn.
public struct PlayfieldLayout: Sendable {
    let fieldWidth: Int
    let scale: Double
    let originX: Double
    let layout: Layout

    public init(rules: Rules, theme: Theme) {
        layout = Layout(rules: rules, theme: theme, width: GameView.width, height: GameView.height)
        fieldWidth = Fixed.wholePixels(rules.width)
        scale = layout.scaleX
        originX = layout.originX
    }

    /// Screen x (logical pixels) → playfield x (fixed point), clamped to the walls.
    public func playfieldX(_ screenX: Float) -> Int {
        let x = (Double(screenX) - originX) / scale
        return Fixed.px(Int(min(max(x, 0), Double(fieldWidth)).rounded()))
    }

    /// Playfield x (fixed point) → screen x (logical pixels): where the view draws it.
    public func screenX(playfield x: Int) -> Int { layout.x(Double(x)) }
}
