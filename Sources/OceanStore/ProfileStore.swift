import OceanKernel
import OceanSystem

/// A profile held by one writer for a whole run: an advisory lock beside the profile
/// (`NAME.lock`, beside the target of a symbolic link, holding the holder's PID) is
/// taken before the profile is read and kept until the run ends, so two careers on
/// one profile never both count: the second is refused before it plays.
public final class ProfileStore {
    public let path: String
    /// What the profile held when the run began; nil for a new player.
    public let saved: ProfileText.Contents?
    /// The person playing, as loaded (or as the window has since changed it): every
    /// save keeps it, so a career run never drops the name.
    public var player: ProfileText.Player
    /// The rules a saved state must validate under (the loaded balance's; `play`
    /// follows a reloaded balance here).
    public var rules: Rules
    /// The figures of kinds `rules` lacks (a mod's, opened without it): written back
    /// with every save.
    public var foreignKinds: ForeignKinds
    /// Where a save's news goes: a mod's first save says which kinds it adds.
    public var say: (String) -> Void = { printError($0) }
    /// The kinds the file names so far (a save with kinds it does not name says so once).
    private var namedKinds: [String]?
    private let lock: FileLock
    /// The profile file itself, locked too: a hard link's other name has a lock file of
    /// its own, but not an inode of its own.
    private let inodeLock: InodeLock

    /// Locks and loads the profile at `path` (creating its folder if need be).
    public init(path: String, rules: Rules) throws(Profile.LoadError) {
        self.path = path
        self.rules = rules
        try Profile.createFolder(of: path)
        lock = try ProfileStore.lock(path: path)
        inodeLock = try ProfileStore.lockFile(path: path)
        saved = try Profile.loadContents(path: path, rules: rules)
        player = saved?.player ?? ProfileText.Player()
        foreignKinds = saved?.foreignKinds ?? ForeignKinds()
        namedKinds = saved?.storedKinds
    }

    /// Takes the profile's lock (`NAME.lock` beside the profile's target) for as long
    /// as the returned lock lives, or says which process holds it.
    public static func lock(path: String) throws(Profile.LoadError) -> FileLock {
        let target: String
        do { target = try resolveSymbolicLinks(path) } catch { throw Profile.LoadError(path: path, message: error.message) }
        do {
            return try FileLock(path: target + ".lock")
        } catch {
            switch error {
            case .held(let lockPath, let pid):
                throw Profile.LoadError(path: path, message: "in use by another run"
                    + (pid.map { " (pid \($0))" } ?? "") + ", which holds \(lockPath); "
                    + "wait for it to finish, or name another profile with --profile PATH")
            case .system(let e):
                throw Profile.LoadError(path: path, message: "cannot be locked: \(e.description)")
            }
        }
    }

    /// Locks the profile file itself (`InodeLock`): held through another name (a hard
    /// link), it is refused as the lock file is.
    public static func lockFile(path: String) throws(Profile.LoadError) -> InodeLock {
        do { return try InodeLock(path: path) } catch {
            switch error {
            case .held:
                throw Profile.LoadError(path: path, message: "in use by another run through another name of the same file (a hard link); "
                    + "wait for it to finish, or name another profile with --profile PATH")
            case .system(let e):
                throw Profile.LoadError(path: path, message: "cannot be locked: \(e.description)")
            }
        }
    }

    /// The first day a continued career plays: the day after the later of the last
    /// session and the last day a plan went through (played or skipped). Nil for a
    /// new player or a profile with no session yet.
    public var nextDay: CalendarDate? {
        guard let saved else { return nil }
        var last = saved.state.career.hasSession ? saved.state.career.today : CareerState.never
        if let planned = saved.plannedThrough { last = max(last, planned.dayNumber) }
        return last == CareerState.never ? nil : CalendarDate(dayNumber: last + 1)
    }

    /// Saves `state` over the profile, or refuses a state that loading would refuse (a
    /// lifetime counter grown past `GameState.maxCount` by a career at the cap, say),
    /// naming the field and keeping the previous profile: what is saved always opens.
    /// Checked here, once per save, rather than in the kernel's tick.
    public func save(_ state: GameState, plannedThrough: CalendarDate?) throws(Profile.LoadError) {
        if let problem = state.validate(rules: rules).first {
            throw Profile.LoadError(path: path, message: "not saved: \(problem.description), which loading refuses; "
                + "the previous profile is kept")
        }
        let written = ProfileKinds.carrying(foreignKinds, in: state, kinds: rules.kindKeys)
        try Profile.save(written.state, plannedThrough: plannedThrough, player: player, kinds: written.kinds,
                         cards: rules.cardKeys, path: path)
        // A mod's kinds in a career saved without them: said at the first save that adds
        // figures for them, so the player knows the career now holds a mod's catches.
        if let named = namedKinds {
            let added = rules.kindKeys.indices.filter { k in
                !named.contains(rules.kindKeys[k]) && k < state.career.kindCounts.count && state.career.kindCounts[k] != 0
            }.map { rules.kindKeys[$0] }
            if !added.isEmpty {
                say("\(PathName.shortened(path)): the career now counts \(added.joined(separator: ", ")), "
                    + "\(added.count == 1 ? "a kind" : "kinds") this balance adds; a balance without "
                    + "\(added.count == 1 ? "it" : "them") opens the career and keeps \(added.count == 1 ? "its" : "their") figures as they are")
            }
        }
        namedKinds = written.kinds
    }

    /// Lets another run take the profile.
    public func release() {
        inodeLock.release()
        lock.release()
    }
}
