import OceanKernel

// STAND-IN until the front branch lands: the same API as OceanFront's GameView,
// drawing a test pattern (sky, water line, bin, items) so the platform can be run.
public struct FrontAssets: Sendable {
    public var highContrast: Bool
}

public enum FrontAssetsLoader {
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func load(theme: String?) throws(LoadError) -> FrontAssets {
        switch theme {
        case nil, "default": return FrontAssets(highContrast: false)
        case "high-contrast": return FrontAssets(highContrast: true)
        case let name?: throw LoadError(description: "--theme: unknown theme '\(name)'; allowed: default, high-contrast")
        }
    }
}

public final class GameView {
    public static let width = 640, height = 360
    public var paused = false
    let assets: FrontAssets
    let rules: Rules
    var previousBinX = 0
    var currentBinX = 0

    public init(assets: FrontAssets, rules: Rules, seed: UInt64) {
        self.assets = assets
        self.rules = rules
    }

    public func observe(_ state: GameState, events: [Event]) {
        previousBinX = currentBinX
        currentBinX = state.bin.x
    }

    public func render(_ state: GameState, fraction: Double, into fb: inout Framebuffer) {
        let sky: UInt32 = assets.highContrast ? 0xFF00_0000 : 0xFF1D_4E89
        let sea: UInt32 = assets.highContrast ? 0xFF00_00FF : 0xFF0B_3C5D
        let binColour: UInt32 = assets.highContrast ? 0xFFFF_FF00 : 0xFFE0_E0E0
        // The portrait playfield, fitted to the height and centred.
        let scaleNum = fb.height, scaleDen = Fixed.wholePixels(rules.waterLine)
        let fieldW = Fixed.wholePixels(rules.width) * scaleNum / scaleDen
        let left = (fb.width - fieldW) / 2
        for y in 0..<fb.height {
            for x in 0..<fb.width {
                let inField = x >= left && x < left + fieldW
                fb.pixels[y * fb.width + x] = inField ? (y > fb.height - 8 ? sea : sky) : 0xFF10_1010
            }
        }
        func fill(_ cx: Int, _ cy: Int, _ w: Int, _ h: Int, _ c: UInt32) {
            let x0 = max(0, cx - w / 2), x1 = min(fb.width, cx + w / 2)
            let y0 = max(0, cy - h / 2), y1 = min(fb.height, cy + h / 2)
            guard x0 < x1, y0 < y1 else { return }
            for y in y0..<y1 {
                for x in x0..<x1 { fb.pixels[y * fb.width + x] = c }
            }
        }
        let binX = Double(previousBinX) + (Double(currentBinX - previousBinX) * fraction)
        let bx = left + Int(binX) / Fixed.one * scaleNum / scaleDen
        let by = Fixed.wholePixels(rules.rim) * scaleNum / scaleDen
        fill(bx, by + 6, Fixed.wholePixels(rules.binHalfWidth * 2) * scaleNum / scaleDen, 12, binColour)
        for item in state.items {
            fill(left + Fixed.wholePixels(item.x) * scaleNum / scaleDen, Fixed.wholePixels(item.y) * scaleNum / scaleDen,
                 8, 8, 0xFFFF_A040)
        }
        if paused { fill(fb.width / 2, fb.height / 2, 40, 40, 0xFFFF_FFFF) }
    }
}
