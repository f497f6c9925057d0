import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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

    /// Why there is no data folder, or why the one the environment names cannot hold
    /// files: nil when `path` is a folder, or does not exist yet but could be made.
    /// A relative `$XDG_DATA_HOME` is ignored (the XDG specification says so) and said
    /// to be; a `$XDG_DATA_HOME` or `$HOME` that is a file is named.
    public static func problem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let xdg = environment["XDG_DATA_HOME"] ?? ""
        let ignored = !xdg.isEmpty && !xdg.hasPrefix("/")
            ? "$XDG_DATA_HOME is '\(xdg)', a relative path, which is ignored (the XDG specification allows only absolute ones)"
            : nil
        guard let folder = path(environment: environment) else {
            return (ignored.map { $0 + ", and " } ?? "neither $XDG_DATA_HOME nor ") + "$HOME is not set"
        }
        // The nearest existing folder on the way must be a folder.
        var at = folder
        while !at.isEmpty && at != "/" {
            var st = stat()
            if stat(at, &st) == 0 {
                if st.st_mode & S_IFMT == S_IFDIR { return nil }
                let source = xdg.hasPrefix("/") ? "$XDG_DATA_HOME" : "$HOME"
                return "the data folder \(folder) cannot be made: \(at) (from \(source)) is not a folder"
            }
            at = String(at[..<(at.lastIndex(of: "/") ?? at.startIndex)])
        }
        return nil
    }
}
