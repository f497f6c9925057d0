import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanBalance
import OceanSystem
import OceanTOML

/// Where `ocean play` sends the player's official Daily Ocean runs, if anywhere:
/// `daily.toml` in the settings folder (`ConfigFolder`), written by `ocean daily
/// settings`. Opt-in: without the file (or with no `submit_to`) nothing leaves the
/// machine. `name` is the name runs go under (default: the career's player name).
public struct DailySettings: Equatable, Sendable {
    /// The server's address (`http://` or `https://`), or nil: offline.
    public var submitTo: String?
    /// The name runs are posted under; nil: the profile's player name.
    public var name: String?

    public init(submitTo: String? = nil, name: String? = nil) { (self.submitTo, self.name) = (submitTo, name) }

    /// The names a server accepts (as `ocean daily submit --name`): 1 to 32 of ASCII
    /// letters, digits, `_`, `-` and `.`.
    public static func nameProblem(_ name: String) -> String? {
        let allowed = name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D || c == 0x2E
        }
        return !name.isEmpty && name.utf8.count <= 32 && allowed ? nil
            : "a name is 1 to 32 of letters A-Z a-z, digits, '_', '-' and '.'"
    }

    /// Why `address` cannot be a server's, or nil.
    public static func addressProblem(_ address: String) -> String? {
        if case .failure(let why) = ServerAddress.parse(address) { return why.description }
        return nil
    }

    /// The file's text.
    public var text: String {
        var lines = ["# Where `ocean play` sends your official Daily Ocean runs (written by `ocean daily settings`)."]
        if let submitTo { lines.append("submit_to = \(TOMLText.string(submitTo))") }
        if let name { lines.append("name = \(TOMLText.string(name))") }
        return lines.joined(separator: "\n") + "\n"
    }
}

public enum DailySettingsFile {
    static let name = "daily.toml"

    /// Nil when there is no settings folder (see `ConfigFolder`).
    public static func defaultPathIfKnown(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        ConfigFolder.path(environment: environment).map { $0 + "/" + name }
    }

    /// The settings at `path`; none (offline) when the file is missing.
    public static func load(path: String) throws(DataError) -> DailySettings {
        guard (try? PathName(path))?.exists ?? true else { return DailySettings() }
        return try parse(TOMLEntries.readText(path: path), file: path)
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> DailySettings {
        let document = try TOMLEntries.document(text, file: file)
        let locator = KeyLocator(document: document)
        var issues: [DataIssue] = []
        func issue(_ key: String, _ message: String) {
            issues.append(DataIssue(file: file, line: locator.nearestLine(of: key), key: key, message: message))
        }
        for key in document.keys where key != "submit_to" && key != "name" { issue(key, "unknown key; the file has submit_to and name") }
        var settings = DailySettings()
        if let value = document["submit_to"] {
            if let s = value.string, DailySettings.addressProblem(s) == nil { settings.submitTo = s } else {
                issue("submit_to", DailySettings.addressProblem(value.string ?? "") ?? "must be a string")
            }
        }
        if let value = document["name"] {
            if let s = value.string, DailySettings.nameProblem(s) == nil { settings.name = s } else {
                issue("name", DailySettings.nameProblem(value.string ?? "") ?? "must be a string")
            }
        }
        if !issues.isEmpty { throw DataError(issues: issues) }
        return settings
    }

    /// Writes atomically, creating the folder if needed.
    public static func save(_ settings: DailySettings, path: String) throws(FileError) {
        let file = try PathName(path)
        try file.createFolder()
        try replaceFile(path, with: settings.text)
    }
}
