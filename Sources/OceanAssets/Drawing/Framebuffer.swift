/// The screen the game draws itself into (DOOM's `screens[0]`): 32-bit pixels,
/// `0xAARRGGBB`, row-major, top row first. The platform layer only copies it out.
public struct Framebuffer: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height` pixels, row-major; alpha is always 0xFF once drawn.
    public var pixels: [UInt32]

    /// An opaque black framebuffer.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0xFF00_0000, count: width * height)
    }
}
