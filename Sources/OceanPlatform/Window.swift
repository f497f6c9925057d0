import CSDL2
import OceanAssets

/// The game's window: a fixed 640×360 logical screen, letterboxed, through one
/// streaming XRGB8888 texture that each frame's framebuffer is copied into. At or
/// above the logical size it scales by whole numbers, nearest pixel; below it, by the
/// fraction that fits, filtered (`WindowScaling`): the whole frame, never cropped.
final class Window {
    let window: OpaquePointer
    let renderer: OpaquePointer
    let texture: OpaquePointer
    let width: Int, height: Int
    private(set) var fullscreen = false
    /// The window's size and position before fullscreen, restored after it.
    private var windowed: (x: Int32, y: Int32, w: Int32, h: Int32)?
    /// The output size the scaling was last chosen for.
    private var scaledFor: (w: Int32, h: Int32) = (0, 0)
    /// Whether the renderer is SDL's software one (`RendererChoice`), and why it was chosen.
    let software: Bool
    let rendererChoice: String
    /// With the software renderer at a whole-number scale: the frame scaled in Swift
    /// (`WholeScale`) into this texture of the output's size, which SDL then copies 1:1.
    private var scaledTexture: OpaquePointer?
    private var scaledTextureSize = (w: 0, h: 0)
    /// The whole-number scale the output takes (0: below the logical size) and whether
    /// it leaves bars around the frame.
    private var wholeScale = 0
    private var letterboxed = true

    /// Opens the window at `scale` × the logical size. SDL's video subsystem must
    /// already be initialised.
    init(title: String, width: Int, height: Int, scale: Int = 2, vsync: Bool) throws(PlatformError) {
        self.width = width
        self.height = height
        // Nearest-neighbour: the hint applies to textures created after it.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest")
        guard let w = SDL_CreateWindow(title, Int32(ocean_window_pos_centered()), Int32(ocean_window_pos_centered()),
                                       Int32(width * scale), Int32(height * scale),
                                       SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
            throw .sdl("SDL_CreateWindow: \(String(cString: SDL_GetError()))")
        }
        guard let (r, software, why) = RendererChoice.make(for: w, vsync: vsync) else {
            SDL_DestroyWindow(w)
            throw .sdl("SDL_CreateRenderer: \(String(cString: SDL_GetError()))")
        }
        self.software = software
        rendererChoice = why
        SDL_RenderSetLogicalSize(r, Int32(width), Int32(height))
        SDL_RenderSetIntegerScale(r, SDL_TRUE)
        guard let t = Self.frameTexture(r, width: width, height: height) else {
            SDL_DestroyRenderer(r)
            SDL_DestroyWindow(w)
            throw .sdl("SDL_CreateTexture: \(String(cString: SDL_GetError()))")
        }
        window = w
        renderer = r
        texture = t
    }

    /// Closes the window; called before SDL_Quit (a deinit would run after it).
    func close() {
        if let scaledTexture { SDL_DestroyTexture(scaledTexture) }
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// Copies the framebuffer to the screen: upload, clear (the letterbox bars),
    /// copy (scaled), present.
    func present(_ framebuffer: Framebuffer) {
        draw(framebuffer)
        SDL_RenderPresent(renderer)
    }

    /// Everything `present` does but the presenting (a test reads the pixels then).
    func draw(_ framebuffer: Framebuffer) {
        fitScaling()
        if software && wholeScale >= 1, let t = scaledTexture(wholeScale) {
            var pixels: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            if SDL_LockTexture(t, nil, &pixels, &pitch) == 0, let pixels {
                framebuffer.pixels.withUnsafeBufferPointer {
                    WholeScale.scale($0, width: framebuffer.width, height: framebuffer.height, by: wholeScale, into: pixels, pitch: Int(pitch))
                }
                SDL_UnlockTexture(t)
                // The bars only when the frame leaves any: a clear of the whole output was a fifth of the present.
                if letterboxed {
                    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
                    SDL_RenderClear(renderer)
                }
                SDL_RenderCopy(renderer, t, nil, nil)
                return
            }
        }
        framebuffer.pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(framebuffer.width * 4))
        }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
    }

    /// Whole-number nearest scaling at or above the logical size, a filtered fraction
    /// below it; chosen again only when the output's size changes.
    func fitScaling() {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0, (w, h) != scaledFor else { return }
        scaledFor = (w, h)
        let mode = WindowScaling(outputWidth: Int(w), outputHeight: Int(h), logicalWidth: width, logicalHeight: height)
        SDL_RenderSetIntegerScale(renderer, mode.wholeNumbers ? SDL_TRUE : SDL_FALSE)
        SDL_SetTextureScaleMode(texture, mode.filtered ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
        wholeScale = mode.wholeNumbers ? min(Int(w) / width, Int(h) / height) : 0
        letterboxed = Int(w) != width * wholeScale || Int(h) != height * wholeScale
    }

    /// The streaming texture the frame is scaled into at `k`, made again when `k` changes.
    private func scaledTexture(_ k: Int) -> OpaquePointer? {
        let size = (w: width * k, h: height * k)
        if let scaledTexture, scaledTextureSize == size { return scaledTexture }
        if let scaledTexture { SDL_DestroyTexture(scaledTexture) }
        scaledTexture = Self.frameTexture(renderer, width: size.w, height: size.h)
        scaledTextureSize = scaledTexture == nil ? (0, 0) : size
        return scaledTexture
    }

    /// A streaming texture for frames: XRGB8888 (the framebuffer's 0xAARRGGBB, its alpha
    /// unread), copied as it is. An ARGB8888 texture is blended by default, and SDL's
    /// software renderer then blended every pixel onto the window's XRGB surface: a
    /// third of the playing process's time under Xvfb, for frames that are all opaque.
    private static func frameTexture(_ renderer: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                  Int32(width), Int32(height))
        if let t { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) }
        return t
    }

    /// F11: borderless fullscreen at the desktop's size, or back to the window as it
    /// was (its size and place kept on the way in and put back on the way out: with
    /// no window manager, SDL alone does not).
    func toggleFullscreen() {
        fullscreen.toggle()
        if fullscreen {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowPosition(window, &x, &y)
            SDL_GetWindowSize(window, &w, &h)
            windowed = (x, y, w, h)
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        } else {
            SDL_SetWindowFullscreen(window, 0)
            if let g = windowed {
                SDL_SetWindowSize(window, g.w, g.h)
                SDL_SetWindowPosition(window, g.x, g.y)
            }
        }
    }

    /// The display's refresh rate, or nil if SDL does not know it.
    var refreshRate: Int? {
        var mode = SDL_DisplayMode()
        let index = SDL_GetWindowDisplayIndex(window)
        guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }

    /// A window position (pixels) in the logical 640×360 screen.
    func logical(windowX: Float, windowY: Float) -> (x: Float, y: Float) {
        var lx: Float = 0, ly: Float = 0
        SDL_RenderWindowToLogical(renderer, Int32(windowX), Int32(windowY), &lx, &ly)
        return (lx, ly)
    }

    /// The window's size in pixels (for touch positions, which come normalised).
    var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }
}
