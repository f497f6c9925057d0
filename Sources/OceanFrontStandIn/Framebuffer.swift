// STAND-IN until the front branch lands: the same API as OceanFront's Framebuffer.
public struct Framebuffer {
    public let width: Int
    public let height: Int
    /// 0xAARRGGBB, row-major.
    public var pixels: [UInt32]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0xFF00_0000, count: width * height)
    }
}
