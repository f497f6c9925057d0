import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanBalance
import OceanSystem

/// The sound settings file: `audio-settings.toml` in the settings folder
/// (`ConfigFolder`, `$XDG_CONFIG_HOME/ocean-rescue`). A missing file is the defaults; a
/// broken one is an error naming file, line and key.
public enum AudioSettingsFile {
    static let name = "audio-settings.toml"

    /// Nil when there is no settings folder (see `ConfigFolder`). A file that earlier
    /// versions kept beside the profile (in `DataFolder`) is still the one used while
    /// the settings folder has none, so no one's settings are lost by the move.
    public static func defaultPathIfKnown(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let config = ConfigFolder.path(environment: environment).map({ $0 + "/" + name }) else { return nil }
        if access(config, F_OK) != 0, let old = DataFolder.path(environment: environment).map({ $0 + "/" + name }),
           access(old, F_OK) == 0 {
            return old
        }
        return config
    }

    public static func load(path: String) throws(DataError) -> AudioSettings {
        guard (try? PathName(path))?.exists ?? true else { return AudioSettings() }
        var (entries, locator) = try TOMLEntries.read(path: path)
        // Files written before the master volume existed keep working: full master.
        if !entries.contains(where: { $0.key == "master_percent" }) {
            entries.append(RawEntry(key: "master_percent", value: .whole(AudioSettings().masterPercent), line: nil))
        }
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
