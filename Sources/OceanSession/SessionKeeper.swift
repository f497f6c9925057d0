import OceanKernel
import OceanReplay
import OceanStore
import OceanSystem

/// Where a session's results go, given to it once at its start: the session decides
/// when (after a game, a menu action that changed the career, a name typed), the
/// keeper writes. `ProfileKeeper` keeps a career in its profile and its high scores;
/// `NothingKept` keeps nothing (a Daily Ocean try files its own recording).
public protocol SessionKeeper: AnyObject {
    /// Saves the career as it stands.
    func saveCareer(_ state: GameState) throws
    /// Saves the player's name and story flags with the career as it stands.
    func savePlayer(_ player: ProfileText.Player, with state: GameState) throws
    /// The constants changed (a new part): the career is read with them from now on.
    func rulesChanged(_ rules: Rules)
    /// Whether finished games are wanted (capturing one copies the state at each game's start).
    var keepsFinishedGames: Bool { get }
    /// A game that ended (not left early), played by `player`: its rank in its mode's
    /// high scores, if it made them (its replay kept beside them).
    func keep(_ game: FinishedGame, player: ProfileText.Player) -> Int?
}

/// A career's session: the locked profile it is saved to, and the high scores a
/// finished game may enter (with its own replay).
public final class ProfileKeeper: SessionKeeper {
    let store: ProfileStore
    let scores: HighScoreStore
    let date: CalendarDate
    let assist: Assist
    /// Where a problem that does not stop play is said (standard error).
    let say: (String) -> Void

    public init(store: ProfileStore, date: CalendarDate, assist: Assist, say: @escaping (String) -> Void) {
        self.store = store
        scores = HighScoreStore(profilePath: store.path)
        self.date = date
        self.assist = assist
        self.say = say
    }

    public func saveCareer(_ state: GameState) throws { try store.save(state, plannedThrough: nil) }

    public func savePlayer(_ player: ProfileText.Player, with state: GameState) throws {
        store.player = player
        try store.save(state, plannedThrough: nil)
    }

    public func rulesChanged(_ rules: Rules) { store.rules = rules }

    public var keepsFinishedGames: Bool { true }

    /// The high-score rule: a finished game that makes its mode's top ten keeps its
    /// own replay beside the profile; a problem is said, and play goes on.
    public func keep(_ game: FinishedGame, player: ProfileText.Player) -> Int? {
        let s = game.summary
        let entry = HighScores.Entry(mode: s.mode, score: s.score, rounds: s.rounds, catches: s.catches, bestCombo: s.bestCombo,
                                     date: date, replay: "", name: player.name,
                                     assist: assist.isOn ? HighScores.AssistMark(speedPercent: assist.speedPercent,
                                                                                binPercent: assist.binPercent) : nil)
        do {
            guard try scores.load().rank(of: entry) != nil else { return nil }
            return try scores.record(entry, replayText: game.replayText)
        } catch {
            say("ocean play: the high score was not kept: \(error)")
            return nil
        }
    }
}

/// A session whose results are its recording alone.
public final class NothingKept: SessionKeeper {
    public init() {}
    public func saveCareer(_ state: GameState) throws {}
    public func savePlayer(_ player: ProfileText.Player, with state: GameState) throws {}
    public func rulesChanged(_ rules: Rules) {}
    public var keepsFinishedGames: Bool { false }
    public func keep(_ game: FinishedGame, player: ProfileText.Player) -> Int? { nil }
}
