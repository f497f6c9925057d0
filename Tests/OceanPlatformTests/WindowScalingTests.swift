import CSDL2
import OceanAssets
import OceanFront
@testable import OceanPlatform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Any window shows the whole frame: whole-number nearest scaling at or above
/// 640×360, a filtered fraction below it; F11 twice comes back to the same window.
@Suite(.serialized) struct WindowScalingTests {
    @Test func belowTheLogicalSizeTheFrameIsScaledDownFiltered() {
        let small = WindowScaling(outputWidth: 400, outputHeight: 225, logicalWidth: 640, logicalHeight: 360)
        #expect(small == WindowScaling(outputWidth: 400, outputHeight: 225, logicalWidth: 640, logicalHeight: 360))
        #expect(!small.wholeNumbers && small.filtered && small.scale == 0.625)
        let big = WindowScaling(outputWidth: 1366, outputHeight: 768, logicalWidth: 640, logicalHeight: 360)
        #expect(big.wholeNumbers && !big.filtered && big.scale == 2)
        let exact = WindowScaling(outputWidth: 640, outputHeight: 360, logicalWidth: 640, logicalHeight: 360)
        #expect(exact.wholeNumbers && exact.scale == 1)
    }

    /// A framebuffer with a marker in each corner, drawn into a 400×225 window (SDL's
    /// dummy video driver, software renderer): all four markers are in the window's pixels.
    @Test func a400By225WindowShowsTheWholeFrameAndF11TwiceReturnsToIt() throws {
        // A hint, not the environment: an environment variable set here would reach
        // every process the other suites start (their `ocean play` would open no window).
        SDL_SetHint("SDL_VIDEODRIVER", "dummy")
        #expect(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let window = try Window(title: "Ocean Rescue test", width: 640, height: 360, scale: 1, vsync: false)
        defer { window.close() }
        SDL_SetWindowSize(window.window, 400, 225)
        var fb = Framebuffer(width: 640, height: 360)
        let corners: [(x: Int, y: Int, colour: UInt32)] = [(0, 0, 0xFFFF_0000), (600, 0, 0xFF00_FF00), (0, 320, 0xFF00_00FF),
                                                           (600, 320, 0xFFFF_FF00)]
        fb.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(pixels: buffer, width: 640, height: 360)
            canvas.fill(x: 0, y: 0, w: 640, h: 360, 0xFF80_8080)
            for c in corners { canvas.fill(x: c.x, y: c.y, w: 40, h: 40, c.colour) }
        }
        window.draw(fb)
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(window.renderer, &w, &h)
        #expect(w == 400 && h == 225)
        var pixels = [UInt32](repeating: 0, count: Int(w * h))
        let read = pixels.withUnsafeMutableBytes {
            SDL_RenderReadPixels(window.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, w * 4)
        }
        #expect(read == 0)
        // Each corner's marker, scaled by 0.625, well inside its 25×25 square.
        for c in corners {
            let x = Int(Double(c.x + 20) * 0.625), y = Int(Double(c.y + 20) * 0.625)
            #expect(pixels[y * Int(w) + x] & 0xFF_FFFF == c.colour & 0xFF_FFFF, "corner at (\(c.x), \(c.y))")
        }
        // F11 twice: the same size and place.
        var before = (x: Int32(0), y: Int32(0), w: Int32(0), h: Int32(0))
        SDL_GetWindowPosition(window.window, &before.x, &before.y)
        SDL_GetWindowSize(window.window, &before.w, &before.h)
        window.toggleFullscreen()
        window.toggleFullscreen()
        var after = (x: Int32(0), y: Int32(0), w: Int32(0), h: Int32(0))
        SDL_GetWindowPosition(window.window, &after.x, &after.y)
        SDL_GetWindowSize(window.window, &after.w, &after.h)
        #expect(before == after)
    }
}
