import OceanKernel

/// Where the world sits on the 640×360 screen: the playfield (world x 0…width,
/// y 0…water line) scaled to fit between the side panels and above the sea band.
struct Layout: Sendable {
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

    init(rules: Rules, theme: Theme, width: Int, height: Int) {
        screenWidth = width
        screenHeight = height
        waterY = height - theme.seaDepthPx
        let worldW = Double(Fixed.wholePixels(rules.width))
        let worldH = Double(Fixed.wholePixels(rules.waterLine))
        scale = min(Double(width - 2 * theme.panelWidthPx) / worldW, Double(waterY) / worldH)
        originX = (Double(width) - worldW * scale) / 2
        originY = Double(waterY) - worldH * scale
        playWidth = Int(worldW * scale)
    }

    /// Screen x of a fixed-point world x.
    @inline(__always) func x(_ fixed: Double) -> Int { Int((originX + fixed / Double(Fixed.one) * scale).rounded(.down)) }
    @inline(__always) func y(_ fixed: Double) -> Int { Int((originY + fixed / Double(Fixed.one) * scale).rounded(.down)) }
}
