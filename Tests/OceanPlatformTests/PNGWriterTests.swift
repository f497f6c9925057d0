import Foundation
import OceanAssets
import OceanFront
import OceanPlatform
import TestSupport
import Testing

/// PNGs are encoded in memory and written through the safe replace (`AtomicWriter`).
@Suite struct PNGWriterTests {
    @Test func aLinkKeepsItsPlaceAndItsTargetGetsTheWholePicture() throws {
        let dir = freshFolder("png")
        let target = dir + "/real.png", link = dir + "/link.png"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        symlink("real.png", link)
        var frame = Framebuffer(width: 64, height: 36)
        for i in frame.pixels.indices { frame.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
        try PNGWriter.write(frame, scale: 3, to: link)

        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & 0o170000 == 0o120000, "still a link")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8), "the whole file, to its last chunk")
        #expect(stat(target, &st) == 0 && st.st_mode & 0o7777 == 0o640, "the mode kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.png", "real.png"])
    }

    @Test func aPictureThatCannotBeEncodedLeavesTheOldFileAsItWas() throws {
        // IMG_SavePNG opened (and emptied) the file before libpng refused a 0 × 0 image.
        let path = freshFolder("png-fail") + "/kept.png"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: PlatformError.self) { try PNGWriter.write(Framebuffer(width: 0, height: 0), to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }
}
