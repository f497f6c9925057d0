import Foundation
import OceanKernel
import OceanSystem

/// The saved career between app launches: the whole kernel state, versioned and
/// checksummed, as a small text file.
///
/// ```
/// OCEAN-PROFILE 3
/// engine 0.1.0
/// state <base64 of the canonical state encoding>
/// checksum <FNV-1a 64 of the lines above, 16 hex digits>
/// ```
///
/// The profile's version follows the state encoding it holds. Version 1 profiles
/// (before careers) load with a new career whose level follows the plastic already
/// diverted; version 2 profiles (before per-kind tallies and lifetime months) keep
/// every total, and their last twelve months become the first lifetime months; the
/// per-kind tallies start from the migration.
public enum Profile {
    public static let magic = "OCEAN-PROFILE"
    public static let version = 3

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let message: String
        public var description: String { "\(path): \(message)" }
    }

    /// `$XDG_DATA_HOME/ocean-rescue/profile`, or `~/.local/share/ocean-rescue/profile`;
    /// nil when neither `$XDG_DATA_HOME` (absolute) nor `$HOME` says where a user's
    /// data goes (then a caller asks for a path rather than guess one).
    public static func defaultPathIfKnown() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/ocean-rescue/profile" }
        guard let home = env["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/ocean-rescue/profile"
    }

    /// As `defaultPathIfKnown`, with `/tmp` standing in for a missing `$HOME`.
    public static func defaultPath() -> String {
        defaultPathIfKnown() ?? "/tmp/.local/share/ocean-rescue/profile"
    }

    public static func encode(_ state: GameState) -> String {
        var text = "\(magic) \(version)\nengine \(Engine.version)\nstate \(Data(StateEncoding.encode(state)).base64EncodedString())\n"
        text += "checksum \(hex16(checksum(text)))\n"
        return text
    }

    static func checksum(_ text: String) -> UInt64 {
        var h = FNV1a64()
        h.write(bytes: text.utf8)
        return h.value
    }

    /// The state in `text`. `rules` settle what an older version lacks.
    public static func decode(_ text: String, path: String, rules: Rules) throws(LoadError) -> GameState {
        func fail(_ m: String) -> LoadError { LoadError(path: path, message: m) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 5, lines[4].isEmpty else {
            throw fail("not an Ocean Rescue profile, or cut short (expected 4 lines)")
        }
        let head = lines[0].split(separator: " ")
        guard head.count == 2, head[0] == Substring(magic), let v = Int(head[1]) else {
            throw fail("not an Ocean Rescue profile (the first line should be '\(magic) \(version)')")
        }
        guard v >= 1 else {
            throw fail("unknown profile version \(v) (this engine reads versions 1 to \(version))")
        }
        guard v <= version else {
            throw fail("profile version \(v) is newer than this engine (\(Engine.version)) reads (up to \(version))")
        }
        guard lines[3].hasPrefix("checksum "), let stated = UInt64(lines[3].dropFirst(9), radix: 16) else {
            throw fail("line 4: no checksum")
        }
        let body = lines[0..<3].joined(separator: "\n") + "\n"
        guard checksum(body) == stated else { throw fail("checksum mismatch: the file is corrupt") }
        guard lines[2].hasPrefix("state "), let data = Data(base64Encoded: String(lines[2].dropFirst(6))) else {
            throw fail("line 3: the state is not base64")
        }
        var state: GameState
        do {
            state = try StateEncoding.decode(Array(data))
        } catch {
            throw fail("line 3: the state does not decode (\(error))")
        }
        if v == 1 {
            // Migration: careers began with version 2; the level follows the lifetime plastic.
            state.career.level = rules.level(forGrams: state.totals.grams)
        }
        return state
    }

    /// Loads a profile; nil if there is no file at `path` (a new player).
    public static func load(path: String, rules: Rules) throws(LoadError) -> GameState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let bytes = readFileBytes(path, limit: 16 << 20) else {
            throw LoadError(path: path, message: "cannot be read (or is larger than 16 MiB)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LoadError(path: path, message: "not a profile: not UTF-8 text")
        }
        return try decode(text, path: path, rules: rules)
    }

    /// Saves atomically: a temporary file beside the profile, flushed to disk, renamed
    /// over it, and the folder flushed; a crash at any point leaves the old profile or
    /// the new one, never a mix.
    public static func save(_ state: GameState, path: String) throws(LoadError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw LoadError(path: path, message: "cannot create the folder \(folder)")
            }
        }
        guard writeFileAtomically(path, encode(state)) else {
            throw LoadError(path: path, message: "cannot be written (the previous profile, if any, is kept)")
        }
        let dir = open(folder.isEmpty ? "." : folder, O_RDONLY)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }
}
