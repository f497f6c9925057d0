import OceanBalance
import OceanKernel
import OceanReplay
import OceanStore
import OceanSystem

/// A game being played, recorded and saved, apart from any window: every tick goes
/// through the recorder; commands wait in a queue and go one a tick; the tick's state
/// and events are handed to the observers (the view, the sound, the career's screens);
/// the career is saved after every change; a balance edit waits for the next game and
/// then begins a recording part of its own; leaving with a game on ends it as
/// abandoned. The rules are built once per stretch of constants.
///
/// The scene drives it: `queue` what the player asked, `tick` once per fixed tick,
/// `lookAtBalance` now and then between games, `finish` when the player leaves.
public final class GameSession {
    /// Opens a part's recording (`replaces`: an existing file may be replaced once it is finished).
    public typealias OpenSink = (_ path: String, _ replaces: Bool) throws(FileError) -> AtomicFileSink

    public private(set) var balance: Balance
    public private(set) var rules: Rules
    public private(set) var recording: PlayRecording
    /// Why the career cannot be (or could not be) saved; nil while saves work.
    public private(set) var saveError: String?
    /// Ticks stepped, over every part.
    public private(set) var ticks = 0

    private var header: ReplayHeader
    /// Assist mode, as the header says (`Assist.none` without it).
    public let assist: Assist
    /// The balance as its file holds it: `balance` without assist mode's wider bin
    /// (what a hot reload compares the file with).
    private var fileBalance: Balance
    private var recorder: ReplayRecorder<AtomicFileSink>
    private var sink: AtomicFileSink
    private let openSink: OpenSink
    private var hotReload: BalanceHotReload?
    private var pending: [Command] = []
    /// A player's change that came with commands (an adoption): saved once the
    /// kernel has run them, so the save holds both, never one without the other.
    private var playerChangeWaits = false

    /// Everyone who hears each tick: the view, the sound link, the career's screens.
    /// They borrow the state and keep none of it (a kept copy would share the item
    /// array, and the next step would then copy it: an allocation every tick).
    public var observers: [(GameState, [Event]) -> Void] = []
    /// Where the career, the player and finished games are kept (given at init).
    private let keeper: any SessionKeeper
    /// The player as last told (`playerChanged`): saved with the career, named in high scores.
    public private(set) var player: ProfileText.Player
    /// What the session has to say since the scene last asked (`takeNews`).
    private var news: [SessionNews] = []
    private var capture = GameCapture()
    /// After `finishRecording`: the session's last state, stepped on unrecorded so
    /// the screen stays alive (the summary's motions); commands go nowhere.
    private var unrecorded: Simulation?

    /// - Parameters:
    ///   - header: the recording's header (seed, date, who); its balance and start
    ///     state are filled in per part.
    ///   - saved: the career to go on with (nil: a new one).
    ///   - hotReloadPath: the balance file to look at between games, if any.
    ///   - saveProblem: why the profile cannot be saved, known before play (read-only).
    ///   - balance: the constants as their file holds them; with assist mode
    ///     (`header.assist`) the games are played with its wider bin.
    ///   - rules: the played balance's rules when the caller has built them already
    ///     (they are built once per stretch of constants).
    ///   - reloadCheck: what a launch checks beyond the balance (sprites, names,
    ///     impact of every kind), which a reloaded file must pass too.
    ///   - keeper: where the career, the player and finished games are kept.
    ///   - player: the player's name and story flags as the profile has them.
    /// Throws when the first part's recording cannot be opened.
    public init(balance: Balance, rules: Rules? = nil, header: ReplayHeader, saved: GameState?, recording: PlayRecording,
                hotReloadPath: String?, reloadCheck: ((Balance) -> String?)? = nil, saveProblem: String? = nil,
                keeper: any SessionKeeper = NothingKept(), player: ProfileText.Player = ProfileText.Player(),
                openSink: @escaping OpenSink) throws(FileError) {
        self.keeper = keeper
        self.player = player
        assist = header.assist ?? .none
        fileBalance = balance
        self.balance = assist.widening(balance)
        self.rules = rules ?? Rules(self.balance)
        self.header = header
        self.header.balance = self.balance
        self.header.startState = saved
        self.recording = recording
        self.openSink = openSink
        hotReload = hotReloadPath.map { BalanceHotReload(path: $0, launchCheck: reloadCheck) }
        saveError = saveProblem
        sink = try openSink(recording.path, recording.replaces)
        recorder = ReplayRecorder(header: self.header, rules: self.rules, sink: sink)
        pending.reserveCapacity(16)
        news.reserveCapacity(4)
    }

    /// Hands what the session had to say since the last call, oldest first, to `hear`
    /// (the scene asks after each tick and each look at the balance).
    public func takeNews(_ hear: (SessionNews) -> Void) {
        guard !news.isEmpty else { return }
        let said = news
        news.removeAll(keepingCapacity: true)
        for n in said { hear(n) }
    }

    /// The career and game as they stand (borrowed: hold no copy across a tick).
    public var state: GameState {
        _read { if unrecorded != nil { yield unrecorded!.state } else { yield recorder.simulation.state } }
    }
    /// The last tick's events.
    public var events: [Event] {
        _read { if unrecorded != nil { yield unrecorded!.events } else { yield recorder.simulation.events } }
    }
    /// Whether a game is on.
    public var inGame: Bool { state.mode != .idle }
    /// Whether the recording is finished and put in place (`finishRecording`).
    public var recordingFinished: Bool { unrecorded != nil }
    /// Whether `command` is waiting to be sent.
    public func isQueued(_ command: Command) -> Bool { pending.contains(command) }

    /// Sends `command` on a coming tick, after those already waiting.
    public func queue(_ command: Command) { pending.append(command) }

    /// The player's name or story flags changed: saved now, or, when the change came
    /// with commands just queued, once the kernel has run them.
    public func playerChanged(_ player: ProfileText.Player, withQueuedCommands: Bool) {
        self.player = player
        if withQueuedCommands && !pending.isEmpty { playerChangeWaits = true; return }
        savePlayerNow()
    }

    /// One fixed tick: the player's steering and the next waiting command go through
    /// the recorder; the observers hear the new state and its events; the career is
    /// saved when they changed it. Throws only when a part's recording cannot be kept
    /// at a change of constants (the part is lost; any old file stays).
    public func tick(move: Move, pointer: Int?) throws(FileError) {
        if case .start = pending.first ?? .none, !inGame, let new = lookAtBalance(atStart: true) {
            try beginPart(with: new)
        }
        let command = pending.isEmpty ? Command.none : pending.removeFirst()
        step(TickInput(move: move, pointer: pointer, command: command))
        if playerChangeWaits && pending.isEmpty {
            playerChangeWaits = false
            savePlayerNow()
        }
    }

    /// Leaves: a game on ends as abandoned (one more tick, so it is recorded, its
    /// catches counted and the career saved), then the part's recording is finished
    /// and put in place. Throws when it cannot be kept.
    public func finish() throws(FileError) {
        guard unrecorded == nil else { return }
        endGameIfOn()
        recorder.finish()
        try sink.commit()
    }

    /// Finishes the recording and puts it in place now, with no game on (a Daily
    /// Ocean try: one game, its file ready to file away). The session then ticks on
    /// unrecorded, for the screen: no command goes through any more.
    public func finishRecording() throws(FileError) {
        guard unrecorded == nil else { return }
        precondition(!inGame, "a recording is finished between games")
        recorder.finish()
        try sink.commit()
        unrecorded = recorder.simulation
        pending.removeAll()
    }

    /// The display went away mid-session (the process ends right after): as `finish`,
    /// saying where the recording is or why it is lost. Runs inside SDL's calls.
    public func finishOnDisplayLoss(say: (String) -> Void) {
        do {
            try finish()
            say("ocean play: the display was lost (the X server closed the connection); "
                + "what was played is recorded in \(recording.path)")
        } catch {
            say("ocean play: the display was lost, and the recording could not be kept: \(error)")
        }
        if let saveError { say("ocean play: the career was not saved: \(saveError)") }
    }

    /// Looks at the balance file with the career as it stands (about once a second
    /// between games; the scene calls it). What changed becomes news.
    public func lookBetweenGames() {
        _ = lookAtBalance(atStart: false)
    }

    // MARK: - Inside

    private func step(_ input: TickInput) {
        if unrecorded != nil {
            unrecorded!.step(TickInput(move: input.move, pointer: input.pointer, command: .none))
            ticks += 1
            for observer in observers { observer(unrecorded!.state, unrecorded!.events) }
            return
        }
        if keeper.keepsFinishedGames { capture.willStep(recorder.simulation.state, input) }
        recorder.step(input)
        ticks += 1
        for observer in observers { observer(recorder.simulation.state, recorder.simulation.events) }
        if keeper.keepsFinishedGames,
           let game = capture.didStep(recorder.simulation.state, recorder.simulation.events, header: header),
           !game.summary.abandoned, let rank = keeper.keep(game, player: player) {
            news.append(.highScore(rank: rank))
        }
        // The career is saved after every game and every menu action that changed it.
        if recorder.simulation.events.contains(where: PlayRecording.changesTheCareer) {
            do { try keeper.saveCareer(recorder.simulation.state) } catch { saveFailed(error) }
        }
    }

    private func endGameIfOn() {
        guard inGame else { return }
        step(TickInput(command: .abandon))
    }

    private func savePlayerNow() {
        do { try keeper.savePlayer(player, with: recorder.simulation.state) } catch { saveFailed(error) }
    }

    /// The balance file looked at: news of what changed and, at a game's start, the
    /// constants to switch to, if an edit is waiting and the career fits it.
    private func lookAtBalance(atStart: Bool) -> Balance? {
        guard hotReload != nil else { return nil }
        // The file holds the balance without assist mode's wider bin.
        let (seen, apply) = hotReload!.look(state: recorder.simulation.state, inPlay: fileBalance, atStart: atStart)
        switch seen {
        case .waiting?: news.append(.balanceWaiting(path: hotReload!.reloader.path))
        case .sameAsInPlay?: news.append(.balanceSameAsInPlay)
        case .refused(let why)?: news.append(.balanceRefused(why))
        case nil: break
        }
        guard let apply else { return nil }
        fileBalance = apply
        return assist.widening(apply)
    }

    /// The game about to start plays under `new`, recorded in a part of its own, so
    /// every part verifies under the constants it was played with.
    private func beginPart(with new: Balance) throws(FileError) {
        recorder.finish()
        try sink.commit()
        let state = recorder.simulation.state
        balance = new
        rules = Rules(new)
        let message = recording.nextPart(balance: hotReload?.reloader.path ?? "the balance")
        header.balance = new
        header.startState = state
        sink = try openSink(recording.path, recording.replaces)
        recorder = ReplayRecorder(header: header, rules: rules, sink: sink)
        keeper.rulesChanged(rules)
        news.append(.rulesChanged(message: message))
    }

    /// A save that failed (a full disk, a read-only profile): said once; play goes on.
    private func saveFailed(_ error: any Error) {
        let first = saveError == nil
        saveError = String(describing: error)
        if first { news.append(.saveFailed(said: saveError!, shown: (error as? Profile.LoadError)?.message ?? saveError!)) }
    }
}
