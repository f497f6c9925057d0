import CSDL2
import Foundation
import OceanAssets
import OceanStore
import OceanSystem
import TestSupport
import Testing

/// PNGs are encoded in plain Swift (`PNGEncoder`) and written through the safe replace
/// (`AtomicWriter`); an independent decoder (libpng, through SDL_image) reads back
/// every pixel.
@Suite struct PNGFileTests {
    /// The pixels libpng reads from `png`, as 0xAARRGGBB, and the picture's size.
    func decoded(_ png: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        var bytes = png
        let surface: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeMutableBytes { raw in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)),
                  let loaded = IMG_Load_RW(rw, 1) else { return nil }
            defer { SDL_FreeSurface(loaded) }
            return SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        }
        let s = try #require(surface, "libpng refused the PNG: \(String(cString: SDL_GetError()))")
        defer { SDL_FreeSurface(s) }
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        var pixels: [UInt32] = []
        for y in 0..<h {
            let row = s.pointee.pixels!.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { pixels.append(row[x]) }
        }
        return (w, h, pixels)
    }

    func scaled(_ fb: Framebuffer, _ k: Int) -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<fb.height * k { for x in 0..<fb.width * k { out.append(fb.pixels[(y / k) * fb.width + x / k]) } }
        return out
    }

    @Test(arguments: [1, 2, 3])
    func everyPixelReadsBackAtEveryScale(scale: Int) throws {
        // Noise (nothing to match), flat bands and runs (long matches, every filter),
        // and a gradient: each path of the encoder.
        var fb = Framebuffer(width: 97, height: 41)
        var random = UInt64(7)
        for y in 0..<fb.height {
            for x in 0..<fb.width {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = UInt32(truncatingIfNeeded: random >> 33) & 0xFF_FFFF
                let band: UInt32 = (x / 7) % 2 == 0 ? 0x20_4060 : 0x20_4061
                let gradient = UInt32(x * 2) << 16 | UInt32(y * 5) << 8 | UInt32((x + y) & 0xFF)
                fb.pixels[y * fb.width + x] = 0xFF00_0000 | (y < 10 ? noise : y < 25 ? band : gradient)
            }
        }
        let png = try #require(PNGEncoder.encode(fb, scale: scale))
        let back = try decoded(png)
        #expect(back.width == 97 * scale && back.height == 41 * scale)
        #expect(back.pixels == scaled(fb, scale))
    }

    @Test func aGameFrameIsSmallAndExact() throws {
        // The title screen's kind of picture: flat water and sky with a few shapes.
        var fb = Framebuffer(width: 640, height: 360)
        for y in 0..<360 {
            for x in 0..<640 {
                let sky: UInt32 = y < 120 ? 0xFF8C_C8F0 : 0xFF1E_5A96 &+ UInt32(y / 24)
                let fish = (x - 300) * (x - 300) / 4 + (y - 200) * (y - 200) < 400
                fb.pixels[y * 640 + x] = fish ? 0xFFF0_A030 : sky
            }
        }
        let png = try #require(PNGEncoder.encode(fb))
        #expect(try decoded(png).pixels == fb.pixels)
        #expect(png.count < 20_000, "\(png.count) bytes for flat colours")
    }

    @Test func aLinkKeepsItsPlaceAndItsTargetGetsTheWholePicture() throws {
        let dir = freshFolder("png")
        let target = dir + "/real.png", link = dir + "/link.png"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        symlink("real.png", link)
        var frame = Framebuffer(width: 64, height: 36)
        for i in frame.pixels.indices { frame.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000 }
        try PNGFile.write(frame, scale: 3, to: link)

        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & 0o170000 == 0o120000, "still a link")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8), "the whole file, to its last chunk")
        #expect(try decoded(bytes).pixels == scaled(frame, 3))
        #expect(stat(target, &st) == 0 && st.st_mode & 0o7777 == 0o640, "the mode kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.png", "real.png"])
    }

    @Test func aPictureThatCannotBeEncodedLeavesTheOldFileAsItWas() throws {
        let path = freshFolder("png-fail") + "/kept.png"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: FileError.self) { try PNGFile.write(Framebuffer(width: 0, height: 0), to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }

    /// A picture with see-through pixels (the desktop icon's corners) is RGBA, its
    /// alpha kept; an opaque one is RGB.
    @Test func transparencyIsKeptAndOpaquePicturesAreRGB() throws {
        var icon = Framebuffer(width: 48, height: 48)
        for y in 0..<48 {
            for x in 0..<48 {
                let inside = (x - 24) * (x - 24) + (y - 24) * (y - 24) < 400
                icon.pixels[y * 48 + x] = inside ? 0xFF20_80C0 : (x + y) % 3 == 0 ? 0x8040_4040 : 0x0000_0000
            }
        }
        let png = try #require(PNGEncoder.encode(icon, scale: 2))
        #expect(png[25] == 6, "colour type RGBA")
        #expect(try decoded(png).pixels == scaled(icon, 2))
        #expect(try #require(PNGEncoder.encode(Framebuffer(width: 4, height: 4)))[25] == 2, "colour type RGB")
    }

    @Test func theChecksumsAreTheStandardOnes() {
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Deflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }
}
