import CSDL2
import OceanFront

/// Writes a framebuffer as a PNG through SDL_image. It needs no SDL_Init and no
/// display, so `replay render` works on a headless machine.
public enum PNGWriter {
    /// Writes `framebuffer` to `path`, each pixel repeated `scale` × `scale` times.
    public static func write(_ framebuffer: Framebuffer, scale: Int = 1, to path: String) throws(PlatformError) {
        let scaled = scale == 1 ? framebuffer.pixels : upscale(framebuffer, scale)
        let width = framebuffer.width * scale, height = framebuffer.height * scale
        var pixels = scaled
        let result: Int32 = pixels.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                bytes.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                SDL_PIXELFORMAT_ARGB8888.rawValue) else { return -2 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        if result != 0 { throw .write(path: path, reason: "cannot write the PNG (\(String(cString: SDL_GetError())))") }
    }

    /// Nearest-neighbour integer scaling: every pixel becomes a `k` × `k` block.
    static func upscale(_ fb: Framebuffer, _ k: Int) -> [UInt32] {
        let w = fb.width * k
        var out = [UInt32](repeating: 0, count: w * fb.height * k)
        for y in 0..<fb.height {
            let row = y * k * w
            for x in 0..<fb.width {
                let p = fb.pixels[y * fb.width + x]
                for dx in 0..<k { out[row + x * k + dx] = p }
            }
            for dy in 1..<max(k, 1) {
                for x in 0..<w { out[row + dy * w + x] = out[row + x] }
            }
        }
        return out
    }
}
