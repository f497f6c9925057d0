import CSDL2
import OceanFront
#if canImport(Glibc)
import Glibc
#endif

/// SDL started and the game's window open: made first, so a machine with no display
/// is told so before anything else (a recording, a profile) is touched.
public final class PlayScreen {
    let window: Window

    /// Opens the window; `.noDisplay` when there is nothing to show it on. `vsync`
    /// is asked for when the loop paces itself by the display.
    public init(vsync: Bool) throws(PlatformError) {
        let env = { (name: String) in getenv(name).map { String(cString: $0) } ?? "" }
        if env("SDL_VIDEODRIVER").isEmpty && env("DISPLAY").isEmpty && env("WAYLAND_DISPLAY").isEmpty {
            throw .noDisplay("DISPLAY and WAYLAND_DISPLAY are unset")
        }
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw .noDisplay(String(cString: SDL_GetError())) }
        // A missing controller subsystem only means no pads.
        _ = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER)
        do {
            window = try Window(title: "Ocean Rescue", width: GameView.width, height: GameView.height, vsync: vsync)
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
