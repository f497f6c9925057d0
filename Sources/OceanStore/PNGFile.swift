import OceanAssets
import OceanSystem

/// A picture saved as a PNG file: encoded in memory (`PNGEncoder`, plain Swift), then
/// the file replaced whole (`AtomicWriter`: through a link to its target, keeping its
/// mode; a stop or a failed encoding leaves the old file as it was).
public enum PNGFile {
    public static func write(_ framebuffer: Framebuffer, scale: Int = 1, to path: String) throws(FileError) {
        guard let png = PNGEncoder.encode(framebuffer, scale: scale) else {
            throw FileError(path: path, message: "cannot encode a \(framebuffer.width) × \(framebuffer.height) picture "
                + "at scale \(scale) as a PNG (it needs at least one pixel)")
        }
        try replaceFile(path, with: png)
    }
}
