import OceanAssets
import OceanKernel

/// Where things sit on the 640×360 screen: the playfield (world x 0…width, y 0…water
/// line) spread over `layout.field_percent` of the screen's width and the height above
/// the band of sea; the side panels the menus draw in; the seabed.
///
/// The kernel's playfield is portrait and the screen landscape, so world x and y scale
/// apart (`scaleX`, `scaleY`); sprites keep their own pixels, and the bin is drawn as
/// wide as its mouth is across (`ResolvedArt`), so what looks caught is caught.
struct Layout: Sendable {
    struct Rect: Sendable { var x, y, w, h: Int }

    let screenWidth: Int
    let screenHeight: Int
    /// Screen y of the water line.
    let waterY: Int
    /// Screen pixels per world pixel, across and down.
    let scaleX: Double
    let scaleY: Double
    /// Screen x and y of world (0, 0).
    let originX: Double
    let originY: Double
    let playWidth: Int
    let leftPanel: Rect
    let rightPanel: Rect
    /// Each side panel's width, margins included (`Layout.panelWidth`).
    let panelWidth: Int
    let seabedHeight: Int

    /// The side panels' width: the theme's, or wider with a bigger text scale, so a
    /// panel's line holds `panelColumns` characters (at scale 1 the theme's is wider).
    static func panelWidth(theme: Theme, cellWidth: Int) -> Int {
        max(theme.panelWidthPx, panelColumns * cellWidth * panelScale(theme) + 4 * theme.marginPx)
    }

    /// The side panels' text scale (the HUD on the menus, the title and a summary, its
    /// challenges and the toasts at the panel's foot): the theme's, at most
    /// `maxPanelScale`. At `--scale 3` a panel of `panelColumns` characters would be
    /// 302 px wide and leave the pages' middle column 36 px, so the panels keep scale 2's
    /// text and width there, and the middle column, the strip and the overlays take 3.
    static func panelScale(_ theme: Theme) -> Int { min(theme.fontScale, maxPanelScale) }
    static let maxPanelScale = 2

    /// The characters a side panel's line holds at any text scale ("Today 267/450 g").
    static let panelColumns = 15

    /// `cellWidth` is the font's (the panels widen with the text: `panelWidth`).
    init(rules: Rules, theme: Theme, width: Int, height: Int, cellWidth: Int = 6) {
        screenWidth = width
        screenHeight = height
        waterY = height - theme.seaDepthPx
        let worldW = Double(Fixed.wholePixels(rules.width))
        let worldH = Double(Fixed.wholePixels(rules.waterLine))
        playWidth = width * theme.fieldPercent / 100
        scaleX = Double(playWidth) / worldW
        scaleY = Double(waterY) / worldH
        originX = Double((width - playWidth) / 2)
        originY = 0
        let m = theme.marginPx
        panelWidth = Layout.panelWidth(theme: theme, cellWidth: cellWidth)
        leftPanel = Rect(x: m, y: m, w: panelWidth - 2 * m, h: waterY - 2 * m)
        rightPanel = Rect(x: width - panelWidth + m, y: m, w: panelWidth - 2 * m, h: waterY - 2 * m)
        seabedHeight = theme.seabedPx
    }

    /// Screen x of a fixed-point world x.
    @inline(__always) func x(_ fixed: Double) -> Int { Int((originX + fixed / Double(Fixed.one) * scaleX).rounded(.down)) }
    /// Screen y of a fixed-point world y.
    @inline(__always) func y(_ fixed: Double) -> Int { Int((originY + fixed / Double(Fixed.one) * scaleY).rounded(.down)) }

    /// The sea's colour `t` of 256 of the way down from the water line, murk mixed in.
    func seaColour(theme: Theme, phase: Int, t: UInt32) -> UInt32 {
        seaColour(theme: theme, look: .pure(phase), t: t)
    }

    /// The sea's colour `t` of 256 down at a health's look (`HealthLook`).
    func seaColour(theme: Theme, look: HealthLook, t: UInt32) -> UInt32 {
        let sea = Colour.mix(look.colour(theme.seaTop), look.colour(theme.seaBottom), t)
        return Colour.mix(sea, Colour.opaque(theme.murk), UInt32(look.value(theme.murkPercent) * 256 / 100))
    }
}
