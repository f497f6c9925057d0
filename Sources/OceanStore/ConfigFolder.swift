import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The folder that holds a player's settings (the sound settings): `$XDG_CONFIG_HOME/
/// ocean-rescue` when that is absolute, else `$HOME/.config/ocean-rescue`, as the XDG
/// base directory specification puts settings apart from data (`DataFolder`: the
/// profile, the last game). Nil when neither says where: no guess.
public enum ConfigFolder {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/ocean-rescue" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/ocean-rescue"
    }

    /// Why there is no settings folder, or why the one the environment names cannot
    /// hold files (the nearest existing folder on the way is a file); nil when usable.
    public static func problem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let xdg = environment["XDG_CONFIG_HOME"] ?? ""
        guard let folder = path(environment: environment) else {
            return (!xdg.isEmpty && !xdg.hasPrefix("/") ? "$XDG_CONFIG_HOME is '\(xdg)', a relative path, which is ignored, and " : "neither $XDG_CONFIG_HOME nor ")
                + "$HOME is set"
        }
        var at = folder
        while !at.isEmpty && at != "/" {
            var st = stat()
            if stat(at, &st) == 0 {
                if st.st_mode & S_IFMT == S_IFDIR { return nil }
                return "the settings folder \(folder) cannot be made: \(at) (from \(xdg.hasPrefix("/") ? "$XDG_CONFIG_HOME" : "$HOME")) is not a folder"
            }
            at = String(at[..<(at.lastIndex(of: "/") ?? at.startIndex)])
        }
        return nil
    }
}
