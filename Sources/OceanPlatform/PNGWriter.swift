import CSDL2
import OceanAssets
import OceanSystem

/// Writes a framebuffer as a PNG through SDL_image. It needs no SDL_Init and no
/// display, so `replay render` works on a headless machine.
public enum PNGWriter {
    /// Writes `framebuffer` to `path`, each pixel repeated `scale` × `scale` times.
    /// SDL_image encodes into memory and the file is replaced through `AtomicWriter`
    /// (`IMG_SavePNG` would open `path` in place: through a planted link, and leaving
    /// half a picture when stopped).
    public static func write(_ framebuffer: Framebuffer, scale: Int = 1, to path: String) throws(PlatformError) {
        let scaled = scale == 1 ? framebuffer.pixels : upscale(framebuffer, scale)
        let width = framebuffer.width * scale, height = framebuffer.height * scale
        var pixels = scaled
        // Room for the worst case: deflate grows incompressible rows by well under 1 %;
        // the rest is chunk headers. A PNG that does not fit fails to encode, never
        // silently cut.
        var png = [UInt8](repeating: 0, count: height * (1 + width * 4) * 101 / 100 + 65_536)
        let size: Int = pixels.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                bytes.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                SDL_PIXELFORMAT_ARGB8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return png.withUnsafeMutableBytes { out in
                guard let memory = SDL_RWFromMem(out.baseAddress, Int32(out.count)) else { return -1 }
                defer { SDL_RWclose(memory) }
                guard IMG_SavePNG_RW(surface, memory, 0) == 0 else { return -1 }
                return Int(SDL_RWtell(memory))
            }
        }
        guard size > 0 else { throw .write(path: path, reason: "cannot encode the PNG (\(String(cString: SDL_GetError())))") }
        png.removeSubrange(size...)
        do { try replaceFile(path, with: png) } catch { throw .write(path: path, reason: error.message) }
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
