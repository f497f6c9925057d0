import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// SDL started and the game's window open: made first, so a machine with no display
/// is told so before anything else (a recording, a profile) is touched.
public final class DisplaySession {
    let window: Window

    /// Opens the window; `.noDisplay` when there is nothing to show it on. `vsync`
    /// is asked for when the loop paces itself by the display; the window opens at
    /// `scale` × the logical screen of `width` × `height` (the frames' size).
    public init(width: Int, height: Int, vsync: Bool, scale: Int = 2) throws(PlatformError) {
        let env = { (name: String) in getenv(name).map { String(cString: $0) } ?? "" }
        if env("SDL_VIDEODRIVER").isEmpty && env("DISPLAY").isEmpty && env("WAYLAND_DISPLAY").isEmpty {
            throw .noDisplay("DISPLAY and WAYLAND_DISPLAY are unset")
        }
        if env("SDL_VIDEODRIVER").isEmpty {
            // Only the desktop's own drivers, so probing one that is not there stays quiet.
            let drivers = [env("DISPLAY").isEmpty ? nil : "x11", env("WAYLAND_DISPLAY").isEmpty ? nil : "wayland"]
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.compactMap { $0 }.joined(separator: ","))
        }
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw .noDisplay(String(cString: SDL_GetError())) }
        // With a DISPLAY that leads nowhere, SDL falls through to drivers (KMS/DRM,
        // offscreen) whose window nobody can see or close: only a desktop will do,
        // unless SDL_VIDEODRIVER asks for another on purpose (measuring, tests).
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        if env("SDL_VIDEODRIVER").isEmpty && driver != "x11" && driver != "wayland" {
            SDL_Quit()
            throw .noDisplay("cannot reach DISPLAY '\(env("DISPLAY"))' or WAYLAND_DISPLAY '\(env("WAYLAND_DISPLAY"))'; SDL offered '\(driver)'")
        }
        // A missing controller subsystem only means no pads.
        _ = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER)
        do {
            window = try Window(title: "Ocean Rescue", width: width, height: height, scale: scale, vsync: vsync)
        } catch {
            SDL_Quit()
            throw error
        }
    }

    deinit {
        window.close()
        SDL_Quit()
    }
}
