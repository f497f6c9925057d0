import OceanAssets
import OceanFront
import OceanKernel

/// Where the playfield sits on the 640×360 screen, so a pointer's x can be turned
/// into a playfield x. It follows the front's `Layout` (Sources/OceanFront/Layout.swift,
/// internal there): the portrait playfield scaled to fit between the side panels
/// and above the band of sea, centred.
struct PlayfieldLayout {
    let fieldWidth: Int
    let scale: Double
    let originX: Double

    init(rules: Rules, theme: Theme) {
        fieldWidth = Fixed.wholePixels(rules.width)
        let worldH = Double(Fixed.wholePixels(rules.waterLine))
        let waterY = Double(GameView.height - theme.seaDepthPx)
        scale = min(Double(GameView.width - 2 * theme.panelWidthPx) / Double(fieldWidth), waterY / worldH)
        originX = ((Double(GameView.width) - Double(fieldWidth) * scale) / 2).rounded(.down)
    }

    /// Screen x (logical pixels) → playfield x (fixed point), clamped to the walls.
    func playfieldX(_ screenX: Float) -> Int {
        let x = (Double(screenX) - originX) / scale
        return Fixed.px(Int(min(max(x, 0), Double(fieldWidth)).rounded()))
    }
}
