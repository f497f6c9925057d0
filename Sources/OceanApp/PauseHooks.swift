import OceanAssets
import OceanFront

/// What the pause menu's choices do beyond the loop itself: the sound heard at once,
/// the volumes kept in the settings file, another theme loaded. The session wires
/// them to the audio device, the settings file and the theme files; a test, to its own.
public struct PauseHooks {
    /// Why a theme could not be used, in words for the screen.
    public struct Problem: Error, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// The volumes changed: the sound follows now.
    public var volumesChanged: (PauseMenu.Volumes) -> Void = { _ in }
    /// The sound page was left after a change: keep the volumes; why not, if they could not be kept.
    public var saveVolumes: (PauseMenu.Volumes) -> String? = { _ in nil }
    /// The screens' assets with theme `name`, or why not.
    public var loadTheme: (_ name: String) -> Result<FrontAssets, Problem> = { name in .failure(Problem("theme '\(name)' is not available here")) }

    public init() {}
}
