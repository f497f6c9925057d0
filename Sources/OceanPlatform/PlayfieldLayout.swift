import OceanFront
import OceanKernel

/// Where the playfield sits on the 640×360 screen, so a pointer's x can be turned
/// into a playfield x: the portrait playfield fitted to the screen's height and
/// centred (the front's layout).
struct PlayfieldLayout {
    let fieldWidth: Int
    let fieldHeight: Int

    init(rules: Rules) {
        fieldWidth = Fixed.wholePixels(rules.width)
        fieldHeight = Fixed.wholePixels(rules.waterLine)
    }

    /// Screen x (logical pixels) → playfield x (fixed point), clamped to the walls.
    func playfieldX(_ screenX: Float) -> Int {
        let scale = Float(GameView.height) / Float(fieldHeight)
        let left = (Float(GameView.width) - Float(fieldWidth) * scale) / 2
        let x = (screenX - left) / scale
        return Fixed.px(Int(min(max(x, 0), Float(fieldWidth)).rounded()))
    }
}
