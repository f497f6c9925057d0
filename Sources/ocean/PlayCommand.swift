import ArgumentParser
import OceanDrivers
import OceanAssets
import OceanFront
import OceanBalance
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// `ocean play`: the game in a window. Parsing and wiring only; the loop is
/// OceanPlatform's `PlayLoop`.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play in a window: the career's menu, or a game at once with --quick (←/→ or A/D, drag, pad; Esc pauses, F11 fullscreen, Ctrl+Q quits).",
        discussion: "Set OCEAN_DEBUG_SCREENS=1 to have each screen the window moves to written on standard error.")

    @Flag(help: "Start a game at once (no menu, no story).") var quick = false
    @Option(help: "Write the replay of what is played here (default: last-game.replay beside the profile).")
    var record: String?
    @Flag(help: forceHelp("an existing --record (and its later parts' files), once each recording is finished")) var force = false
    @Option(help: "The seed of a new career's gameplay random stream (default: from the clock).") var seed: UInt64?
    @OptionGroup var balanceOption: BalanceOption
    @OptionGroup var profileOption: ProfileOption
    @Option(help: "The look: a theme name or a theme file (.toml).") var theme: String?
    @Option(help: "Frames per second to pace at (0: as fast as it can; default: the display's).") var fps: Int?
    @Option(help: "Quit by itself after this many seconds (measuring).") var quitAfter: Double?
    @Flag(help: "Print launch-to-first-frame ms, presents per second and ticks on exit.") var printTiming = false
    @Flag(help: "No sound (the settings file's volumes otherwise: `ocean audio settings`).") var mute = false
    @OptionGroup var audioDesign: AudioDesignOption

    func validate() throws {
        try checkPath(record, flag: "--record", stream: true)
        if let fps, !(0...1000).contains(fps) { throw ValidationError("--fps: allowed 0 to 1000") }
        if let quitAfter, !(quitAfter > 0 && quitAfter <= 86_400) { throw ValidationError("--quit-after: allowed 0 to 86400 seconds") }
    }

    func run() throws {
        // From the process's start where the kernel says it, so loading counts too.
        let launch = processStartNanos() ?? monotonicNanos()
        var balance = balanceOption.load()
        var rules = Rules(balance)
        let assets: FrontAssets
        // With the challenges' texts of the table in play (--challenges) and the impact factors.
        do { assets = try FrontAssetsLoader.load(theme: theme, challenges: balanceOption.challenges) } catch {
            fail(error.description)
        }
        // The career's words: the menu needs them, --quick does not read them.
        var content: CareerContent?
        if !quick { do { content = try CareerContentLoader.load() } catch { fail(error.description) } }
        checkKindData(rules, assets: assets, content: content)
        let profilePath = profileOption.path
        refuseClashes(inputs: balanceOption.inputs + frontAssetInputs(theme: theme)
                          + [("--audio", audioDesign.path ?? findAsset("audio.toml"))],
                      outputs: [("--profile", profilePath), ("--record", record ?? lastGamePath(profile: profilePath))])
        refuseExisting([("--record", record)], force: force)
        // The profile stays locked while the window is open: a second game on it is refused.
        let store: ProfileStore
        do { store = try ProfileStore(path: profilePath, rules: rules) } catch {
            fail("\(error.description)\nThe profile is left as it is; name another with --profile PATH.")
        }
        let saved = store.saved?.state

        let screen: DisplaySession
        do { screen = try DisplaySession(vsync: fps == nil) } catch {
            if case .noDisplay(let why) = error {
                fail("ocean play: no display to open a window on (\(why)); headless, use `ocean sim` or `ocean replay render`")
            }
            fail("ocean play: \(error.description)")
        }

        let audio = openAudio(health: saved?.health ?? rules.healthStart)

        let now = localNow()
        var header = ReplayHeader()
        header.seed = seed ?? (UInt64(time(nil)) &* 0x9E37_79B9_7F4A_7C15 ^ monotonicNanos())
        header.date = now.date
        header.minuteOfDay = now.minute
        header.recordedBy = "person"
        // Written to a temporary beside the file and put in place when play ends, so a
        // crash never leaves a half replay where a whole one was.
        var recording = PlayRecording(record: record, force: force, profile: profilePath)
        recording.makeFolder()
        // Ctrl-C, SIGTERM or SIGHUP ends play as Ctrl+Q does (the loop stops, the
        // recording is finished and kept), then exits 128 + the signal; a second
        // signal stops at once.
        Interruption.install(graceful: true)
        // The X server gone mid-game: the recording is finished and kept, exit 2.
        DisplayLoss.install()

        var options = PlayOptions()
        options.quick = quick
        options.fps = fps
        options.quitAfterSeconds = quitAfter
        options.launchNanos = launch
        // A save that fails (a full disk, a read-only profile) is said at once on
        // standard error and across the top of the window; play goes on, the recording
        // is kept, and the exit status is 2.
        var saveError: String?
        let saveFailed = { (error: any Error, view: GameView) in
            let first = saveError == nil
            saveError = String(describing: error)
            guard first else { return }
            printError("ocean play: the career could not be saved: \(saveError!)")
            view.notice = Notice("The career could not be saved: \((error as? Profile.LoadError)?.message ?? saveError!)",
                                 isProblem: true, until: .max, columns: view.noticeColumns)
        }
        if let problem = PlayCommand.unwritable(profilePath) {
            saveError = "\(profilePath): \(problem)"
            printError("ocean play: \(profilePath): \(problem); this session will not be saved")
        }
        let debugScreens = getenv("OCEAN_DEBUG_SCREENS").map { String(cString: $0) == "1" } ?? false
        var flow: CareerFlow?
        if let content {
            let p = store.player
            let layout = CareerView(game: GameView(assets: assets, rules: rules, seed: header.seed), content: content).layout
            flow = CareerFlow(player: CareerPlayer(name: p.name, introSeen: p.introSeen, outroSeen: p.outroSeen),
                          state: saved ?? GameState(rules: rules, seed: header.seed), content: content, layout: layout,
                          rules: rules)
        }

        // Balance hot reload: the file is looked at while no game is on; a valid edit
        // applies at the next game's start, which begins a new recording carrying the
        // new constants; a broken one is shown and the last good constants stay.
        var hotReload = (balanceOption.balance ?? defaultBalancePath()).map(BalanceHotReload.init(path:))
        var waiting: Balance?
        var view = GameView(assets: assets, rules: rules, seed: header.seed)
        if let saveError {
            view.notice = Notice("\(saveError)\nThis session will not be saved.", isProblem: true, until: .max,
                                 columns: view.noticeColumns)
        }
        var state = saved
        var session: Command? = .beginSession(now.date, minuteOfDay: now.minute)
        var totals = PlayStats()
        while true {
            header.balance = balance
            header.startState = state
            let sink = openReplaySink(recording.path, force: recording.replaces, flag: "--record")
            var recorder = ReplayRecorder(header: header, sink: sink)
            var career: CareerPlay? = nil
            if let content, let s = flow {
                career = CareerPlay(flow: s, view: CareerView(game: view, content: content), debug: debugScreens) { player, state in
                    // A name typed or a story seen: saved at once with the career as it stands.
                    store.player = ProfileText.Player(name: player.name, introSeen: player.introSeen, outroSeen: player.outroSeen)
                    do { try store.save(state, plannedThrough: nil) } catch { saveFailed(error, view) }
                }
            }
            let betweenGames = { (atStart: Bool, now: GameState) -> Bool in
                guard let (news, apply) = hotReload?.look(state: now, inPlay: balance, atStart: atStart) else { return false }
                switch news {
                case .waiting?:
                    view.notice = Notice("\(hotReload!.reloader.path) changed: it applies at the next game", isProblem: false,
                                         until: now.tick + 6 * Fixed.ticksPerSecond, columns: view.noticeColumns)
                case .sameAsInPlay?:
                    view.notice = nil
                case .refused(let why)?:
                    printError("ocean play: not applied, still playing with the last good constants:\n\(why)")
                    view.notice = Notice("\(why)\nNot applied: still playing with the last good constants.", isProblem: true,
                                         until: .max, columns: view.noticeColumns)
                    if debugScreens { printError("notice \(view.notice!.lines.joined(separator: " | "))") }
                case nil:
                    break
                }
                waiting = apply
                return apply != nil
            }
            // Through a pointer, so the display-loss handler (which runs inside the loop's
            // SDL calls, between ticks, and never returns) can finish this recording.
            let stats = withUnsafeMutablePointer(to: &recorder) { live in
                let recordingPath = recording.path
                DisplayLoss.onLoss = {
                    live.pointee.finish()
                    do {
                        try sink.commit()
                        printError("ocean play: the display was lost (the X server closed the connection); "
                            + "what was played is recorded in \(recordingPath)")
                    } catch {
                        printError("ocean play: the display was lost, and the recording could not be kept: \(error)")
                    }
                    if let saveError { printError("ocean play: the career was not saved: \(saveError)") }
                }
                defer { DisplayLoss.onLoss = nil }
                return PlayLoop.run(in: screen, recorder: &live.pointee, view: view, theme: assets.theme, session: session,
                                    options: options, career: &career,
                                    betweenGames: hotReload == nil ? nil : betweenGames) { state, events in
                    audio?.link.post(health: state.health, events: events)
                    // The career is saved after every game and every menu action that changed it.
                    guard events.contains(where: PlayRecording.changesTheCareer) else { return }
                    do { try store.save(state, plannedThrough: nil) } catch { saveFailed(error, view) }
                }
            }
            totals.presents += stats.presents
            totals.ticks += stats.ticks
            totals.seconds += stats.seconds
            if totals.firstFrameMs == nil { totals.firstFrameMs = stats.firstFrameMs }
            recorder.finish()
            do { try sink.commit() } catch {
                if let saveError { printError("ocean play: the career was not saved: \(saveError)") }
                fail("\(error.description) (the recording is lost; any old file is kept)")
            }
            guard stats.endedForNewConstants, let new = waiting else { break }

            // The next game plays under the new constants, in a recording of its own.
            state = recorder.simulation.state
            flow = career?.flow
            balance = new
            rules = Rules(new)
            waiting = nil
            flow?.rules = rules
            store.rules = rules
            printError("ocean play: " + recording.nextPart(balance: hotReload?.reloader.path ?? "the balance"))
            view = GameView(assets: assets, rules: rules, seed: header.seed)
            view.notice = Notice("Balance reloaded: this game plays with the new constants", isProblem: false,
                                 until: (state?.tick ?? 0) + 4 * Fixed.ticksPerSecond, columns: view.noticeColumns)
            session = nil
            options.quick = true  // the game whose start waited
            options.launchNanos = nil
            if let limit = quitAfter { options.quitAfterSeconds = max(0.001, limit - totals.seconds) }
        }
        audio?.close()
        if printTiming {
            print("first-frame-ms \(totals.firstFrameMs.map { decimal($0) } ?? "none")")
            print("presents-per-second \(decimal(totals.presentsPerSecond))")
            print("presents \(totals.presents) ticks \(totals.ticks) seconds \(decimal(totals.seconds))")
        }
        if let saveError {
            fail("ocean play: the career was not saved (\(saveError)); what was played is recorded in \(recording.path)")
        }
        exitIfInterrupted("the game's recording is finished in \(recording.path)")
    }


    /// Why the profile at `path` cannot be replaced, if it cannot: a read-only file, a
    /// folder where the replacement cannot be created.
    static func unwritable(_ path: String) -> String? {
        guard let file = try? PathName(path) else { return nil }
        var st = stat()
        if stat(path, &st) == 0 && st.st_mode & 0o222 == 0 {
            return "is read-only (mode \(String(st.st_mode & 0o777, radix: 8)))"
        }
        if access(file.folder, W_OK | X_OK) != 0 { return "its folder \(file.folder) is not writable: \(systemReason(errno))" }
        return nil
    }

    /// The sound, unless muted; no device (or no settings) is a one-line notice.
    /// Without a data folder there is no settings file to read: the defaults play.
    private func openAudio(health: Int) -> AudioDevice? {
        guard !mute else { return nil }
        var settings = AudioSettings()
        do { if let path = AudioSettingsFile.defaultPathIfKnown() { settings = try AudioSettingsFile.load(path: path) } } catch {
            printError("ocean play: sound settings unusable, playing in silence: \(error.description)")
            return nil
        }
        guard settings.mute == 0 else { return nil }
        switch AudioDevice.open(design: audioDesign.load(), health: health, settings: settings) {
        case .success(let device): return device
        case .failure(let notice):
            printError("ocean play: \(notice)")
            return nil
        }
    }

    /// `last-game.replay` beside the profile (whose folder `ProfileStore` made).
    private func lastGamePath(profile: String) -> String {
        (try? PathName(profile).sibling("last-game.replay")) ?? "last-game.replay"
    }
}
