import OceanKernel

/// What a window does with the balance file between games: an edit that validates and
/// that the career as it stands fits is waiting for the next game's start; one that
/// does not validate, or that the career does not fit (checked when it is read and
/// again at the start, since menu actions move the career meanwhile), is refused and
/// the constants in play stay.
public struct BalanceHotReload {
    /// What changed with a look, for the window to say.
    public enum News: Equatable {
        /// A valid edit, waiting for the next game.
        case waiting
        /// The file is back to the constants in play: nothing waits.
        case sameAsInPlay
        /// Not applied, and why (every problem, as the loader or the validator says it).
        case refused(String)
    }

    public private(set) var reloader: BalanceReloader
    /// The constants the next game will start with, if an edit is waiting.
    public private(set) var waiting: Balance?

    /// What launching with the file would also check beyond the balance itself (every
    /// kind's sprite, name and impact, every sea's look): a reload passes the same
    /// checks as a launch. The problem, or nil.
    public var launchCheck: ((Balance) -> String?)?

    public init(path: String, launchCheck: ((Balance) -> String?)? = nil) {
        reloader = BalanceReloader(path: path)
        self.launchCheck = launchCheck
    }

    /// Looks at the file with `state` as the career stands and `inPlay` the constants
    /// in play. Returns what changed (nil: nothing to say) and, when `atStart`, the
    /// constants to switch to before the game starts.
    public mutating func look(state: GameState, inPlay: Balance, atStart: Bool) -> (news: News?, apply: Balance?) {
        var news: News?
        switch reloader.look() {
        case .changed(var new)?:
            // The balance file holds no challenge table and no cards: those in play stay.
            new.challenges = inPlay.challenges
            new.cardKeys = inPlay.cardKeys
            waiting = nil
            if new == inPlay { news = .sameAsInPlay }
            else if let why = kindsChanged(from: inPlay, to: new) ?? launchCheck?(new) ?? misfit(state, new) { news = .refused(why) }
            else { waiting = new; news = .waiting }
        case .refused(let why)?:
            waiting = nil
            news = .refused(why)
        case nil:
            break
        }
        guard atStart, let new = waiting else { return (news, nil) }
        if let why = misfit(state, new) {
            waiting = nil
            return (.refused(why), nil)
        }
        waiting = nil
        return (news, new)
    }

    /// A session's figures are kept by the kinds' places, so the list of kinds stays as
    /// launched: a new list is for the next launch (which reads the career by key).
    private func kindsChanged(from old: Balance, to new: Balance) -> String? {
        let a = old.kinds.map(\.key), b = new.kinds.map(\.key)
        guard a != b else { return nil }
        return "\(reloader.path): the kinds changed (\(a.joined(separator: ", ")) → \(b.joined(separator: ", "))); "
            + "a new list of kinds applies when the game is started again"
    }

    /// Why the career as it stands cannot play under `balance`, if it cannot.
    private func misfit(_ state: GameState, _ balance: Balance) -> String? {
        state.validate(rules: Rules(balance)).first.map {
            "\(reloader.path): the career as it stands does not fit it (\($0))"
        }
    }
}
