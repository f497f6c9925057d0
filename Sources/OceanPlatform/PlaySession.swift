import OceanAssets
import OceanBalance
import OceanDrivers
import OceanFront
import OceanKernel
import OceanReplay
import OceanStore
import OceanSystem

/// `ocean play`'s session, apart from the command line: the window loop run once per
/// stretch of constants, each stretch recorded in a part of its own (`PlayRecording`);
/// the balance file looked at between games (a valid edit waits for the next game's
/// start, a broken one is shown and the last good constants stay); the career saved
/// after every change; a failed save said once (standard error and across the window)
/// while play goes on; the measurements summed over the parts.
///
/// The caller opens the window and the store and wires them in; the loop is
/// `PlayLoop.run` in a window, or a test's own.
public final class PlaySession {
    /// One stretch of play: run until the player quits or a game waits for new
    /// constants (`PlayStats.endedForNewConstants`).
    public typealias Loop = (_ recorder: inout ReplayRecorder<AtomicFileSink>, _ view: GameView, _ session: Command?,
                             _ options: PlayOptions, _ career: inout CareerPlay?,
                             _ betweenGames: ((_ atStart: Bool, _ state: GameState) -> Bool)?,
                             _ afterStep: (GameState, [Event]) -> Void) -> PlayStats

    /// What the session ended with.
    public struct Outcome {
        public var totals = PlayStats()
        /// Why the career could not be saved, if a save failed (or the profile was unwritable).
        public var saveError: String?
        /// Where the last part was recorded.
        public var recordingPath: String
    }

    /// The screens' assets: the theme changes with the pause menu's Theme.
    public private(set) var assets: FrontAssets
    public let content: CareerContent?
    public private(set) var balance: Balance
    public private(set) var rules: Rules
    public private(set) var recording: PlayRecording
    var header: ReplayHeader
    var options: PlayOptions
    var hotReload: BalanceHotReload?
    let debugScreens: Bool

    /// Saves the career as it stands (after a game, a menu action that changed it).
    public var saveCareer: (GameState) throws -> Void = { _ in }
    /// Saves the player's name and story flags, with the career as it stands.
    public var savePlayer: (CareerPlayer, GameState) throws -> Void = { _, _ in }
    /// The constants changed: the next game plays under `Rules`.
    public var rulesChanged: (Rules) -> Void = { _ in }
    /// After every tick (the sound hears the health and the events).
    public var afterStep: (GameState, [Event]) -> Void = { _, _ in }
    /// Opens a part's recording (`replaces`: an existing file may be replaced once it is
    /// finished); what it throws ends the session (see `run`).
    public var openSink: (_ path: String, _ replaces: Bool) throws(FileError) -> AtomicFileSink
    /// The pause menu as each game view starts it (the volumes and themes); the
    /// player's changes carry over to the views that follow (a reloaded balance).
    public var pauseMenu = PauseMenu()
    /// What the pause menu's Sound and Theme do (see `PauseHooks`); `pauseHooks` is
    /// what the loop gets, with a new theme kept for the views that follow.
    public var pause = PauseHooks()
    public var pauseHooks: PauseHooks {
        var hooks = pause
        hooks.loadTheme = { [self] name in
            let loaded = pause.loadTheme(name)
            if case .success(let new) = loaded { assets = new }
            return loaded
        }
        return hooks
    }

    /// Where the session's messages go (standard error).
    public var say: (String) -> Void = { printError($0) }

    public private(set) var saveError: String?

    /// - Parameters:
    ///   - saveProblem: why the profile cannot be saved, known before play (read-only).
    ///   - hotReloadPath: the balance file to look at between games, if any.
    public init(balance: Balance, assets: FrontAssets, content: CareerContent?, header: ReplayHeader,
                recording: PlayRecording, options: PlayOptions, hotReloadPath: String?, debugScreens: Bool = false,
                saveProblem: String? = nil, openSink: @escaping (_ path: String, _ replaces: Bool) throws(FileError) -> AtomicFileSink) {
        self.balance = balance
        rules = Rules(balance)
        self.assets = assets
        self.content = content
        self.header = header
        self.recording = recording
        self.options = options
        hotReload = hotReloadPath.map(BalanceHotReload.init(path:))
        self.debugScreens = debugScreens
        saveError = saveProblem
        self.openSink = openSink
    }

    /// Plays from `saved` (nil: a new career) with `player` at the window until the
    /// player quits. Throws when a part's recording cannot be opened or kept (it is lost;
    /// any old file stays); the caller says so and exits.
    public func run(saved: GameState?, player: CareerPlayer, session first: Command?, loop: Loop) throws(FileError) -> Outcome {
        var flow = content.map { content in
            CareerFlow(player: player, state: saved ?? GameState(rules: rules, seed: header.seed), content: content,
                       layout: CareerView(game: GameView(assets: assets, rules: rules, seed: header.seed), content: content).layout,
                       rules: rules)
        }
        var view = GameView(assets: assets, rules: rules, seed: header.seed)
        view.pauseMenu = pauseMenu
        if let saveError {
            view.notice = Notice("\(saveError)\nThis session will not be saved.", isProblem: true, until: .max,
                                 columns: view.noticeColumns)
        }
        var state = saved
        var session = first
        var totals = PlayStats()
        while true {
            header.balance = balance
            header.startState = state
            let sink = try openSink(recording.path, recording.replaces)
            var recorder = ReplayRecorder(header: header, sink: sink)
            var waiting: Balance?
            let currentView = view
            var career: CareerPlay? = nil
            if let content, let f = flow {
                career = CareerPlay(flow: f, view: CareerView(game: view, content: content), debug: debugScreens) { player, state in
                    // A name typed or a story seen: saved at once with the career as it stands.
                    do { try self.savePlayer(player, state) } catch { self.saveFailed(error, currentView) }
                }
            }
            let stats = withUnsafeMutablePointer(to: &recorder) { live in
                // Through a pointer, so the display-loss handler (which runs inside the
                // loop's SDL calls, between ticks, and never returns) can finish this part.
                let recordingPath = recording.path
                DisplayLoss.onLoss = { [self] in
                    // A game on ends as abandoned, as on any quit: recorded, counted, saved.
                    if live.pointee.simulation.state.mode != .idle {
                        live.pointee.step(TickInput(command: .abandon))
                        do { try self.saveCareer(live.pointee.simulation.state) } catch { self.saveFailed(error, currentView) }
                    }
                    live.pointee.finish()
                    do {
                        try sink.commit()
                        say("ocean play: the display was lost (the X server closed the connection); "
                            + "what was played is recorded in \(recordingPath)")
                    } catch {
                        say("ocean play: the display was lost, and the recording could not be kept: \(error)")
                    }
                    if let saveError { say("ocean play: the career was not saved: \(saveError)") }
                }
                defer { DisplayLoss.onLoss = nil }
                let ask = { (atStart: Bool, now: GameState) -> Bool in
                    waiting = self.lookAtBalance(atStart: atStart, state: now, view: currentView)
                    return waiting != nil
                }
                return loop(&live.pointee, currentView, session, options, &career, hotReload == nil ? nil : ask) { state, events in
                    self.afterStep(state, events)
                    // The career is saved after every game and every menu action that changed it.
                    guard events.contains(where: PlayRecording.changesTheCareer) else { return }
                    do { try self.saveCareer(state) } catch { self.saveFailed(error, currentView) }
                }
            }
            totals.presents += stats.presents
            totals.ticks += stats.ticks
            totals.seconds += stats.seconds
            if totals.firstFrameMs == nil { totals.firstFrameMs = stats.firstFrameMs }
            recorder.finish()
            try sink.commit()
            guard stats.endedForNewConstants, let new = waiting else { break }

            // The next game plays under the new constants, in a recording of its own.
            state = recorder.simulation.state
            flow = career?.flow
            balance = new
            rules = Rules(new)
            flow?.rules = rules
            rulesChanged(rules)
            say("ocean play: " + recording.nextPart(balance: hotReload?.reloader.path ?? "the balance"))
            let menu = view.pauseMenu
            view = GameView(assets: assets, rules: rules, seed: header.seed)
            view.pauseMenu = menu
            view.notice = Notice("Balance reloaded: this game plays with the new constants", isProblem: false,
                                 until: (state?.tick ?? 0) + 4 * Fixed.ticksPerSecond, columns: view.noticeColumns)
            session = nil
            options.quick = true  // the game whose start waited
            options.launchNanos = nil
            if let limit = options.quitAfterSeconds { options.quitAfterSeconds = max(0.001, limit - stats.seconds) }
        }
        return Outcome(totals: totals, saveError: saveError, recordingPath: recording.path)
    }

    /// The balance file looked at with the career as it stands: what changed is shown
    /// (and a refusal said on standard error); at a game's start, the constants to
    /// switch to, if an edit is waiting.
    func lookAtBalance(atStart: Bool, state: GameState, view: GameView) -> Balance? {
        guard let (news, apply) = hotReload?.look(state: state, inPlay: balance, atStart: atStart) else { return nil }
        switch news {
        case .waiting?:
            view.notice = Notice("\(hotReload!.reloader.path) changed: it applies at the next game", isProblem: false,
                                 until: state.tick + 6 * Fixed.ticksPerSecond, columns: view.noticeColumns)
        case .sameAsInPlay?:
            view.notice = nil
        case .refused(let why)?:
            say("ocean play: not applied, still playing with the last good constants:\n\(why)")
            view.notice = Notice("\(why)\nNot applied: still playing with the last good constants.", isProblem: true,
                                 until: .max, columns: view.noticeColumns)
            if debugScreens { say("notice \(view.notice!.lines.joined(separator: " | "))") }
        case nil:
            break
        }
        return apply
    }

    /// A save that failed (a full disk, a read-only profile): said at once on standard
    /// error and across the top of the window, once; play goes on.
    func saveFailed(_ error: any Error, _ view: GameView) {
        let first = saveError == nil
        saveError = String(describing: error)
        guard first else { return }
        say("ocean play: the career could not be saved: \(saveError!)")
        view.notice = Notice("The career could not be saved: \((error as? Profile.LoadError)?.message ?? saveError!)",
                             isProblem: true, until: .max, columns: view.noticeColumns)
    }
}
