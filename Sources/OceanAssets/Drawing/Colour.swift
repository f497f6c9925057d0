/// Colour arithmetic on `0xAARRGGBB` pixels, in integers (the hot loops stay cheap).
public enum Colour {
    /// An opaque pixel from a theme's `0xRRGGBB`.
    @inline(__always) public static func opaque(_ rgb: Int) -> UInt32 { 0xFF00_0000 | UInt32(truncatingIfNeeded: rgb & 0xFF_FFFF) }

    /// `a` mixed toward `b` by `t` of 256 (0 = a, 256 = b).
    @inline(__always) public static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let s = 256 &- t
        let rb = ((a & 0xFF00FF) &* s &+ (b & 0xFF00FF) &* t) >> 8 & 0xFF00FF
        let g = ((a & 0x00FF00) &* s &+ (b & 0x00FF00) &* t) >> 8 & 0x00FF00
        return 0xFF00_0000 | rb | g
    }

    /// Two theme colours mixed, as a theme colour (`0xRRGGBB`).
    public static func mixRGB(_ a: Int, _ b: Int, percent: Int) -> Int {
        Int(mix(opaque(a), opaque(b), UInt32(percent * 256 / 100)) & 0xFF_FFFF)
    }

    /// Brightness 0–255 (Rec. 601 weights), for tests and contrast checks.
    public static func luma(_ p: UInt32) -> Int {
        let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
        return (299 * r + 587 * g + 114 * b) / 1000
    }
}
