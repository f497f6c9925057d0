import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanBalance
import OceanSystem
import OceanTOML

/// The keys that move the bin, as the player chose them: `keys.toml` in the settings
/// folder (`ConfigFolder`), beside the sound settings. Each of `left` and `right` is a
/// list of one to four key names as SDL names them ("Left", "A", "J", "Keypad 4");
/// `KeyNames` (the platform) checks that each names a key. A missing file is the
/// defaults; a broken one is an error naming file, line and key.
public struct KeyBindings: Equatable, Sendable {
    public var left: [String]
    public var right: [String]

    public init(left: [String], right: [String]) { (self.left, self.right) = (left, right) }

    /// The arrow keys and A / D.
    public static let standard = KeyBindings(left: ["Left", "A"], right: ["Right", "D"])
    public static let maxPerAction = 4

    /// The file's text.
    public var text: String {
        """
            # The keys that move the bin (written by `ocean keys`): SDL's key names.
            left = \(TOMLText.list(left))
            right = \(TOMLText.list(right))

            """
    }
}

public enum KeyBindingsFile {
    static let name = "keys.toml"

    /// Nil when there is no settings folder (see `ConfigFolder`).
    public static func defaultPathIfKnown(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        ConfigFolder.path(environment: environment).map { $0 + "/" + name }
    }

    public static func load(path: String) throws(DataError) -> KeyBindings {
        guard (try? PathName(path))?.exists ?? true else { return .standard }
        return try parse(TOMLEntries.readText(path: path), file: path)
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> KeyBindings {
        let document = try TOMLEntries.document(text, file: file)
        let locator = KeyLocator(document: document)
        var issues: [DataIssue] = []
        func issue(_ key: String, _ message: String) {
            issues.append(DataIssue(file: file, line: locator.nearestLine(of: key), key: key, message: message))
        }
        for key in document.keys where key != "left" && key != "right" { issue(key, "unknown key; the file has left and right") }
        func names(_ key: String) -> [String] {
            guard let value = document[key] else { issue(key, "missing (a list of key names, e.g. [\"Left\", \"A\"])"); return [] }
            guard let list = value.array, (1...KeyBindings.maxPerAction).contains(list.count) else {
                issue(key, "must be a list of 1 to \(KeyBindings.maxPerAction) key names")
                return []
            }
            var out: [String] = []
            for item in list {
                guard let s = item.string, !s.isEmpty, s.utf8.count <= 32 else { issue(key, "every key name is a string of 1 to 32 characters"); continue }
                out.append(s)
            }
            return out
        }
        let bindings = KeyBindings(left: names("left"), right: names("right"))
        for name in bindings.left where bindings.right.contains(name) {
            issue("right", "'\(name)' cannot move the bin both ways")
        }
        if !issues.isEmpty { throw DataError(issues: issues) }
        return bindings
    }

    /// Writes atomically, creating the folder if needed.
    public static func save(_ bindings: KeyBindings, path: String) throws(FileError) {
        let file = try PathName(path)
        try file.createFolder()
        try replaceFile(path, with: bindings.text)
    }
}
