import Foundation
import OceanBalance
import OceanSystem

/// The sound settings file beside the profile: `audio-settings.toml` in the data folder.
/// A missing file is the defaults; a broken one is an error naming file, line and key.
public enum AudioSettingsFile {
    /// Nil when there is no data folder (see `DataFolder`): the same rule as the profile's.
    public static func defaultPathIfKnown(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        DataFolder.path(environment: environment).map { $0 + "/audio-settings.toml" }
    }

    public static func load(path: String) throws(DataError) -> AudioSettings {
        guard (try? PathName(path))?.exists ?? true else { return AudioSettings() }
        let (entries, locator) = try TOMLEntries.read(path: path)
        return try AudioSettings.schema.validate(entries, into: AudioSettings(), file: path,
                                                 lineOfMissing: locator.nearestLine(of:))
    }

    /// Writes atomically, creating the folder if needed; the system's reason on failure.
    public static func save(_ settings: AudioSettings, path: String) throws(FileError) {
        let file = try PathName(path)
        try file.createFolder()
        try replaceFile(path, with: settings.text)
    }
}
