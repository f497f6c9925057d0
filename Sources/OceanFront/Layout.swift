import OceanAssets
import OceanKernel

/// Where things sit on the 640×360 screen: the portrait playfield (world x
/// 0…width, y 0…water line) scaled to fit between the side panels above the band
/// of sea, the panels themselves, and the seabed.
struct Layout: Sendable {
    struct Rect: Sendable { var x, y, w, h: Int }

    let screenWidth: Int
    let screenHeight: Int
    /// Screen y of the water line.
    let waterY: Int
    /// Screen pixels per world pixel.
    let scale: Double
    /// Screen x and y of world (0, 0).
    let originX: Double
    let originY: Double
    let playWidth: Int
    let leftPanel: Rect
    let rightPanel: Rect
    let seabedHeight: Int

    init(rules: Rules, theme: Theme, width: Int, height: Int) {
        screenWidth = width
        screenHeight = height
        waterY = height - theme.seaDepthPx
        let worldW = Double(Fixed.wholePixels(rules.width))
        let worldH = Double(Fixed.wholePixels(rules.waterLine))
        scale = min(Double(width - 2 * theme.panelWidthPx) / worldW, Double(waterY) / worldH)
        originX = ((Double(width) - worldW * scale) / 2).rounded(.down)
        originY = Double(waterY) - worldH * scale
        playWidth = Int(worldW * scale)
        let m = theme.marginPx
        leftPanel = Rect(x: m, y: m, w: theme.panelWidthPx - 2 * m, h: waterY - 2 * m)
        rightPanel = Rect(x: width - theme.panelWidthPx + m, y: m, w: theme.panelWidthPx - 2 * m, h: waterY - 2 * m)
        seabedHeight = theme.seabedPx
    }

    /// Screen x of a fixed-point world x.
    @inline(__always) func x(_ fixed: Double) -> Int { Int((originX + fixed / Double(Fixed.one) * scale).rounded(.down)) }
    /// Screen y of a fixed-point world y.
    @inline(__always) func y(_ fixed: Double) -> Int { Int((originY + fixed / Double(Fixed.one) * scale).rounded(.down)) }

    /// The sea's colour `t` of 256 of the way down from the water line, murk mixed in.
    func seaColour(theme: Theme, phase: Int, t: UInt32) -> UInt32 {
        let sea = Colour.mix(Colour.opaque(theme.seaTop[phase]), Colour.opaque(theme.seaBottom[phase]), t)
        return Colour.mix(sea, Colour.opaque(theme.murk), UInt32(theme.murkPercent[phase] * 256 / 100))
    }
}
