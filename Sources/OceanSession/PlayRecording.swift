import OceanKernel
import OceanSystem

/// Where a play session's recordings go, part by part, and what makes it save the
/// career: the session's policy, apart from the window and the command line.
///
/// A session is recorded in parts, one per stretch of constants (a balance reloaded
/// mid-session begins a new part at the next game), so every part verifies under the
/// constants it was played with:
/// - with `--record FILE`, the first part is FILE and the next ones put `.2`, `.3`…
///   before FILE's extension (`run.replay`, `run.2.replay`), each at the next free
///   name; with `--force`, the next name, replaced once its recording is finished;
/// - without it, every part goes to `last-game.replay` beside the profile, the latest
///   replacing the one before (as it holds the latest game).
public struct PlayRecording: Sendable, Equatable {
    /// The first part's file.
    public let first: String
    /// True with `--record`: parts are kept under names of their own.
    public let named: Bool
    public let force: Bool
    /// 1 for the first part.
    public private(set) var segment = 1
    /// Where the part being played is recorded.
    public private(set) var path: String

    /// - Parameters:
    ///   - record: `--record FILE`, or nil for `last-game.replay` beside `profile`.
    ///   - profile: the profile's path (relative to the working folder, or absolute).
    public init(record: String?, force: Bool, profile: String) {
        first = record ?? PlayRecording.lastGamePath(profile: profile)
        named = record != nil
        self.force = force
        path = first
    }

    /// Whether opening `path` may replace a file already there: always for
    /// `last-game.replay`, with `--force` for a named one.
    public var replaces: Bool { !named || force }

    /// Moves on to the next part (a balance reloaded) and says where what was played
    /// and what comes next are kept. `exists` tells whether a file is already there.
    public mutating func nextPart(balance: String, exists: (String) -> Bool = { fileSize($0) != nil }) -> String {
        let previous = path
        var next = segment + 1
        while named && !force && exists(PlayRecording.path(first, segment: next)) { next += 1 }
        segment = next
        path = named ? PlayRecording.path(first, segment: next) : first
        return "\(balance) reloaded: "
            + (named ? "the recording so far is in \(previous); from the next game on, \(path)"
                     : "\(path) now holds what is played from the next game on (no --record: the part before is not kept)")
    }

    /// The recording of a session's `segment`th stretch of constants: `run.replay`,
    /// then `run.2.replay`, `run.3.replay`…; a name without an extension gets `.2`.
    public static func path(_ first: String, segment: Int) -> String {
        guard segment > 1 else { return first }
        let slash = first.lastIndex(of: "/").map { first.index(after: $0) } ?? first.startIndex
        if let dot = first[slash...].lastIndex(of: "."), dot > slash {
            return String(first[..<dot]) + ".\(segment)" + String(first[dot...])
        }
        return first + ".\(segment)"
    }

    /// `last-game.replay` in the profile's folder, as the profile's path writes it
    /// (relative stays relative), named for its career (`careerFile`):
    /// "data/profile" → "data/last-game.replay", "data/ada" → "data/ada.last-game.replay".
    public static func lastGamePath(profile: String) -> String {
        careerFile("last-game.replay", profile: profile)
    }

    /// A career's own file `name` beside its profile. The default profile (`profile`)
    /// keeps the plain name; any other profile's files begin with its name (without a
    /// `.profile` ending): "data/ada.profile" → "data/ada.NAME". Two careers in one
    /// folder so never write one file (their last games, their Daily Ocean tries); the
    /// high-score table they share is locked instead (`HighScoreStore`).
    public static func careerFile(_ name: String, profile: String) -> String {
        let slash = profile.lastIndex(of: "/")
        let folder = slash.map { String(profile[...$0]) } ?? ""
        var career = slash.map { String(profile[profile.index(after: $0)...]) } ?? profile
        if career.hasSuffix(".profile") && career.count > ".profile".count { career.removeLast(".profile".count) }
        return folder + (career == "profile" || career.isEmpty ? "" : career + ".") + name
    }

    /// Makes the folder the first part goes in, if it is missing; true if it is there.
    @discardableResult
    public func makeFolder() -> Bool {
        guard let slash = first.lastIndex(of: "/") else { return true }
        return makeFolders(slash == first.startIndex ? "/" : String(first[..<slash]))
    }

    /// Whether an event changes the saved career, so it is saved at once: a game
    /// over, or what a menu action does (a card studied or answered, a scan, a pet adopted).
    public static func changesTheCareer(_ event: Event) -> Bool {
        switch event {
        case .gameOver, .cardStudied, .cardAnswered, .scanned, .petAdopted: true
        default: false
        }
    }
}
