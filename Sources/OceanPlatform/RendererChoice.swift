import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// Which SDL renderer draws the window, chosen by measurement (issue 51): a GPU's
/// renderer scales the frame for nothing, but where OpenGL is itself software (Mesa's
/// llvmpipe under Xvfb, a VM without a GPU) it costs two of its own threads, about a
/// third of a core at 60 Hz. There the software renderer, on X11's own shared-memory
/// framebuffer (no GL underneath: `SDL_HINT_FRAMEBUFFER_ACCELERATION` off), with the
/// frame scaled by whole numbers in plain Swift (`WholeScale`), takes a tenth of that.
enum RendererChoice {
    /// What a renderer's OpenGL says it is when it is software.
    static let softwareGL = ["llvmpipe", "softpipe", "Software Rasterizer", "SWR", "swrast"]

    /// A renderer for `window`: the default one, unless it is OpenGL drawn in software
    /// (then the software renderer), or the player named one with `SDL_RENDER_DRIVER`
    /// (then SDL's choice, untouched). Returns the renderer and whether it is software.
    static func make(for window: OpaquePointer, vsync: Bool) -> (renderer: OpaquePointer, software: Bool, why: String)? {
        let flags = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
        let named = getenv("SDL_RENDER_DRIVER").map { String(cString: $0) }
        if let named, !named.isEmpty, let r = SDL_CreateRenderer(window, -1, flags) {
            return (r, name(of: r) == "software", "SDL_RENDER_DRIVER=\(named)")
        }
        if let r = SDL_CreateRenderer(window, -1, flags) {
            let rendererName = name(of: r)
            guard rendererName.hasPrefix("opengl"), let gl = glRenderer(), softwareGL.contains(where: { gl.contains($0) }) else {
                return (r, rendererName == "software", rendererName)
            }
            SDL_DestroyRenderer(r)
            if let soft = software(window) { return (soft, true, "software (OpenGL is \(gl))") }
        }
        return software(window).map { ($0, true, "software (no other renderer)") }
    }

    /// The software renderer on X11's framebuffer: GL is not asked for underneath.
    static func software(_ window: OpaquePointer) -> OpaquePointer? {
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }

    static func name(of renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let n = info.name else { return "unknown" }
        return String(cString: n)
    }

    /// `glGetString(GL_RENDERER)` of the current context (the renderer just made), or nil.
    static func glRenderer() -> String? {
        guard let f = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(f, to: GetString.self)
        let GL_RENDERER: UInt32 = 0x1F01
        return glGetString(GL_RENDERER).map { String(cString: $0) }
    }
}
