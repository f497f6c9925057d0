/// Why the platform layer could not do what was asked.
public enum PlatformError: Error, CustomStringConvertible, Sendable {
    /// No display to open a window on (no DISPLAY / WAYLAND_DISPLAY, or SDL's video
    /// driver refused): the caller points at the headless commands.
    case noDisplay(String)
    /// SDL failed after starting: the call and SDL's message.
    case sdl(String)
    /// Writing a file failed.
    case write(path: String, reason: String)

    public var description: String {
        switch self {
        case .noDisplay(let why): "no display (\(why))"
        case .sdl(let what): what
        case .write(let path, let reason): "\(path): \(reason)"
        }
    }
}
