import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanKernel
import OceanSystem

/// The saved career between app launches: the whole kernel state, versioned and
/// checksummed, as a small text file (`ProfileText` has the format and reads it
/// without Foundation).
///
/// The profile's version follows the state encoding it holds. Version 1 profiles
/// (before careers) load with a new career whose level follows the plastic already
/// diverted; version 2 profiles (before per-kind tallies and lifetime months) keep
/// every total, and their last twelve months become the first lifetime months; the
/// per-kind tallies start from the migration; version 3 profiles (before the player's
/// name and story flags) load as a player with no name who has seen no story yet.
public enum Profile {
    public static let magic = ProfileText.magic
    public static let version = ProfileText.version

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let message: String
        public var description: String { "\(path): \(message)" }
    }

    /// `profile` in the data folder; nil when there is none (see `DataFolder`).
    public static func defaultPathIfKnown(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        DataFolder.path(environment: environment).map { $0 + "/profile" }
    }

    /// - kinds: the kind keys the state's per-kind figures follow (`Rules.kindKeys`);
    ///   empty: none written (they follow the balance's order when read).
    /// - cards: the card keys the state's per-card progress follows (`Rules.cardKeys`).
    public static func encode(_ state: GameState, plannedThrough: CalendarDate? = nil,
                              player: ProfileText.Player = ProfileText.Player(), kinds: [String] = [],
                              cards: [String] = Flashcards.firstTwelveKeys) -> String {
        ProfileText.render(state, plannedThrough: plannedThrough, player: player, kinds: kinds, cards: cards)
    }

    /// The state in `text`, validated against `rules`, which also settle what an
    /// older version lacks.
    public static func decode(_ text: String, path: String, rules: Rules) throws(LoadError) -> GameState {
        try decodeContents(text, path: path, rules: rules).state
    }

    public static func decodeContents(_ text: String, path: String, rules: Rules) throws(LoadError) -> ProfileText.Contents {
        do { return try ProfileText.parse(text, rules: rules) } catch { throw LoadError(path: path, message: error.message) }
    }

    /// Loads a profile; nil if there is no file at `path` (a new player).
    public static func load(path: String, rules: Rules) throws(LoadError) -> GameState? {
        try loadContents(path: path, rules: rules)?.state
    }

    /// Loads a profile with its extras; nil if there is no file at `path`.
    public static func loadContents(path: String, rules: Rules) throws(LoadError) -> ProfileText.Contents? {
        let bytes: [UInt8]
        do {
            let file = try PathName(path)
            guard file.exists else { return nil }
            bytes = try file.read(limit: 16 << 20)
        } catch {
            throw LoadError(path: error.path, message: "cannot be read: \(error.message)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LoadError(path: path, message: "not a profile: not UTF-8 text")
        }
        return try decodeContents(text, path: path, rules: rules)
    }

    /// Saves atomically (`OceanSystem.AtomicWriter`): a temporary file beside the
    /// profile (beside its target, for a symbolic link), flushed to disk, renamed over
    /// it, the folder flushed; mode and owner kept. A crash at any point leaves the old
    /// profile or the new one, never a mix, and never a temporary file that outlives
    /// the next save.
    public static func save(_ state: GameState, plannedThrough: CalendarDate? = nil,
                            player: ProfileText.Player = ProfileText.Player(), kinds: [String] = [],
                            cards: [String] = Flashcards.firstTwelveKeys, path: String) throws(LoadError) {
        try createFolder(of: path)
        do {
            try replaceFile(path, with: encode(state, plannedThrough: plannedThrough, player: player, kinds: kinds, cards: cards))
        } catch {
            throw LoadError(path: path, message: "\(error.message) (the previous profile, if any, is kept)")
        }
    }

    /// Creates the folder that holds `path` (with its parents) if it is missing; the
    /// folder and the system's reason when it cannot be (see `PathName`).
    static func createFolder(of path: String) throws(LoadError) {
        do { try PathName(path).createFolder() } catch {
            throw LoadError(path: PathName.shortened(path), message: "cannot create the folder \(error.description)")
        }
    }
}
