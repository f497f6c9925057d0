import Foundation

/// The folder that holds a player's files (the profile, the sound settings, the last
/// game): `$XDG_DATA_HOME/ocean-rescue` when that is absolute, else
/// `$HOME/.local/share/ocean-rescue`. Nil when neither says where a user's data goes:
/// then a caller asks for a path, or does without, rather than guess one (a guess
/// such as `/tmp/…` is a folder anyone can write).
public enum DataFolder {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/ocean-rescue" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/ocean-rescue"
    }
}
