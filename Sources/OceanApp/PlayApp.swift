import OceanAudio
import OceanAssets
import OceanBalance
import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanSession
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// Why the app could not run, in the words the command line prints.
public struct AppError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// `ocean play` once its flags are read and its files loaded: what to play with.
public struct PlaySetup {
    public var balance: Balance
    /// The balance's rules, built once (the command checked the data files with them).
    public var rules: Rules
    /// The balance file looked at between games (a valid edit applies at the next game).
    public var hotReloadPath: String?
    public var assets: FrontAssets
    /// The career's words; nil plays games only, at once (`--quick`).
    public var content: CareerContent?
    public var profilePath: String
    /// Where the first part is recorded (nil: `last-game.replay` beside the profile).
    public var record: String?
    public var force = false
    /// The gameplay seed of a new career (nil: from the clock).
    public var seed: UInt64?
    public var date: CalendarDate
    public var minuteOfDay: Int
    /// The pause menu's themes, the first the one in play.
    public var themes: [String]
    public var theme: String
    /// The screens' assets with another theme (the pause menu's Theme).
    public var loadTheme: (String) -> Result<FrontAssets, PauseHooks.Problem>
    /// The sound's design; nil plays in silence (`--mute`).
    public var audio: AudioDesign?
    public var loop = LoopOptions()
    public var debugScreens = false
    /// The game a quick session starts (and Space starts again): classic or arcade.
    public var mode: PlayMode = .classic
    /// Assist mode: the game slowed and the bin widened (`--assist-speed`, `--assist-bin`).
    public var assist = Assist.none
    /// The keys that move the bin shown in the controls' hint ("<- ->", "J L"); the
    /// keys themselves are `loop.moveKeys`.
    public var keysHint = "<- ->"
    /// Opens a part's recording (refusing a file it must not replace).
    public var openSink: GameSession.OpenSink
    /// The Daily Ocean's day (UTC: the same day for every player; nil: `date`).
    public var dailyDate: CalendarDate?
    /// What a launch checks beyond the balance (each kind's sprite, name and impact),
    /// which a reloaded balance must pass too; the problem, or nil.
    public var reloadCheck: ((Balance) -> String?)?
    /// Apply an absence longer than `PlayApp.longAbsenceDays` (the player says the
    /// clock is right: `--accept-absence`).
    public var acceptAbsence = false
    /// Play the Daily Ocean at once, with no career screens (`ocean play --daily`).
    public var dailyOnly = false
    /// Sends a Daily Ocean official run to the server the player chose (the settings'
    /// `submit_to`), answering on any thread; nil when not opted in.
    public var submitDaily: ((_ replay: [UInt8], _ date: CalendarDate, _ name: String,
                              _ answer: @escaping @Sendable (SummaryNote) -> Void) -> Void)?

    public init(balance: Balance, rules: Rules, assets: FrontAssets, content: CareerContent?, profilePath: String,
                date: CalendarDate, minuteOfDay: Int, themes: [String], theme: String,
                loadTheme: @escaping (String) -> Result<FrontAssets, PauseHooks.Problem>,
                openSink: @escaping GameSession.OpenSink) {
        self.balance = balance
        self.rules = rules
        self.assets = assets
        self.content = content
        self.profilePath = profilePath
        self.date = date
        self.minuteOfDay = minuteOfDay
        self.themes = themes
        self.theme = theme
        self.loadTheme = loadTheme
        self.openSink = openSink
    }
}

/// What a play session ended with.
public struct PlayOutcome {
    public var stats = LoopStats()
    /// Why the career could not be saved, if a save failed (or the profile was unwritable).
    public var saveError: String?
    /// Where the last part was recorded.
    public var recordingPath: String
}

/// `ocean play`: the profile locked, the window opened, the sound started, a
/// `GameSession` recording and saving, and the `PlayScene` in the one window loop.
public enum PlayApp {
    public static func run(_ setup: PlaySetup) throws(AppError) -> PlayOutcome {
        // Assist mode's wider bin is a constant of the games played (and recorded).
        let balance = setup.assist.widening(setup.balance)
        let rules = setup.assist.isOn ? Rules(balance) : setup.rules
        // The profile stays locked while the window is open: a second game on it is refused.
        let store: ProfileStore
        do { store = try ProfileStore(path: setup.profilePath, rules: rules) } catch {
            throw AppError("\(error.description)\nThe profile is left as it is; name another with --profile PATH.")
        }
        let saved = store.saved?.state
        switch CareerClock.verdict(career: saved?.career, today: setup.date, acceptAbsence: setup.acceptAbsence,
                                   planned: store.saved?.plannedThrough != nil) {
        case .play: break
        case .playOn(let why): printError("ocean play: " + why)
        case .refuse(let why): throw AppError("ocean play: " + why)
        }

        let screen: DisplaySession
        do { screen = try DisplaySession(width: GameView.width, height: GameView.height, vsync: setup.loop.fps == nil) } catch {
            if case .noDisplay(let why) = error {
                throw AppError("ocean play: no display to open a window on (\(why)); headless, use `ocean sim` or `ocean replay render`")
            }
            throw AppError("ocean play: \(error.description)")
        }
        let sound = SoundSettings.read()
        let audio = setup.audio.flatMap { openAudio(design: $0, health: saved?.health ?? rules.healthStart, sound: sound) }
        defer { audio?.close() }

        var header = ReplayHeader()
        header.seed = setup.seed ?? (UInt64(time(nil)) &* 0x9E37_79B9_7F4A_7C15 ^ monotonicNanos())
        header.date = setup.date
        header.minuteOfDay = setup.minuteOfDay
        header.recordedBy = ReplayHeader.person
        if setup.content == nil { header.mode = setup.mode }
        if setup.assist.isOn { header.assist = setup.assist }
        // Written to a temporary beside the file and put in place when play ends, so a
        // crash never leaves a half replay where a whole one was.
        let recording = PlayRecording(record: setup.record, force: setup.force, profile: setup.profilePath)
        recording.makeFolder()
        // Ctrl-C, SIGTERM or SIGHUP ends play as Ctrl+Q does (the loop stops, the
        // recording is finished and kept); a second signal stops at once.
        Interruption.install(graceful: true)

        // A save that fails (a full disk, a read-only profile) is said at once on
        // standard error and across the top of the window; play goes on, the recording
        // is kept, and the command ends with status 2.
        var saveProblem: String?
        if let problem = unwritable(setup.profilePath) {
            saveProblem = "\(setup.profilePath): \(problem)"
            printError("ocean play: \(setup.profilePath): \(problem); this session will not be saved")
        }
        var kept = sound.settings
        var menu = PauseMenu(
            volumes: PauseMenu.Volumes(master: kept.masterPercent, music: kept.musicPercent, effects: kept.effectsPercent,
                                       mute: kept.mute == 1),
            themes: setup.themes, theme: setup.theme)
        if audio == nil { menu.soundNote = "No sound this session: the volumes are kept for the next" }
        var hooks = PauseHooks()
        // The volumes and the mute heard at once and kept in the settings file.
        hooks.volumesChanged = { v in
            kept.masterPercent = v.master
            kept.musicPercent = v.music
            kept.effectsPercent = v.effects
            kept.mute = v.mute ? 1 : 0
            audio?.link.setVolumes(music: kept.musicPerMille, effects: kept.effectsPerMille, mute: kept.mute == 1)
        }
        hooks.saveVolumes = { _ in
            guard let path = sound.path else { return "No settings folder ($XDG_CONFIG_HOME or $HOME): the volumes last this session" }
            if let problem = sound.problem { return "\(path) is unusable, not replaced: \(problem)" }
            do { try AudioSettingsFile.save(kept, path: path) } catch { return "The volumes could not be saved: \(String(describing: error))" }
            return nil
        }
        hooks.loadTheme = setup.loadTheme

        // The Daily Ocean: the file's constants (the day's hash is theirs, without
        // assist mode's wider bin), its tries beside the profile, the same sound.
        let dailyBalance = setup.balance
        let dailyDate = setup.dailyDate ?? setup.date
        let dailyRules = setup.assist.isOn || setup.hotReloadPath != nil ? Rules(dailyBalance) : rules
        func openDaily(name: @escaping () -> String, escapeWord: String = "back",
                       career: DailyScene.DailyCareer) throws(FileError) -> DailyScene {
            let tries = DailyTries(profile: setup.profilePath, date: dailyDate)
            var daily = DailyScene.Setup(tries: tries, balance: dailyBalance, assets: setup.assets) { () throws(FileError) in
                let s = try DailySession.open(tries, balance: dailyBalance, rules: dailyRules, profile: setup.profilePath,
                                              openSink: setup.openSink)
                if let audio {
                    audio.link.post(seaPitchPercent: 100, callsPercent: 100)
                    s.observers.append { state, events in audio.link.post(health: state.health, events: events, rules: dailyRules) }
                }
                return s
            }
            daily.keysHint = setup.keysHint
            daily.debugScreens = setup.debugScreens
            daily.escapeWord = escapeWord
            daily.career = career
            daily.pauseMenu = menu
            daily.pause = hooks
            if let submit = setup.submitDaily {
                daily.submit = { bytes, answer in submit(bytes, dailyDate, name(), answer) }
            }
            return try DailyScene(daily)
        }
        let session: GameSession
        do {
            session = try GameSession(balance: setup.balance, rules: rules, header: header, saved: saved, recording: recording,
                                      hotReloadPath: setup.hotReloadPath, reloadCheck: setup.reloadCheck, saveProblem: saveProblem,
                                      keeper: ProfileKeeper(store: store, date: setup.date, assist: setup.assist, say: { printError($0) }),
                                      player: store.player, openSink: setup.openSink)
        } catch {
            throw AppError(error.code == EEXIST ? "ocean: --record '\(recording.path)' exists; add --force to replace it once the new recording is finished"
                                                : "\(error.description) (nothing was played)")
        }
        session.queue(.beginSession(setup.date, minuteOfDay: setup.minuteOfDay))
        // The Daily Ocean alone: its official run still counts in the profile's career.
        if setup.dailyOnly {
            let scene: DailyScene
            do { scene = try openDaily(name: { store.player.name }, escapeWord: "quit", career: dailyCareer(session)) } catch {
                throw AppError("ocean play --daily: \(error.description) (nothing was played)")
            }
            DisplayLoss.install()
            DisplayLoss.onLoss = { scene.leave() }
            let stats = WindowLoop.run(scene, in: screen, options: setup.loop)
            DisplayLoss.onLoss = nil
            do { try session.finish() } catch { printError("ocean play --daily: the career's recording was not kept: \(error.description)") }
            if let failure = scene.failure { throw AppError("ocean play --daily: the try was not kept: \(failure.description)") }
            return PlayOutcome(stats: stats, saveError: session.saveError, recordingPath: scene.kept?.official == true
                               ? DailyTries(profile: setup.profilePath, date: dailyDate).officialPath : "")
        }

        let start: Command = .start(setup.mode)
        if setup.content == nil { session.queue(start) }
        if let audio {
            // Each sea's ambience tuning, in the balance's order (made once).
            let tunings = rules.seaKeys.map { setup.assets.seas.look($0) }.map { ($0.ambiencePitchPercent, $0.callsPercent) }
            session.observers.append { [unowned session] state, events in
                audio.link.post(health: state.health, events: events, rules: session.rules)
                let i = state.seas.count > 1 ? state.seaIndex : 0
                if i < tunings.count { audio.link.post(seaPitchPercent: tunings[i].0, callsPercent: tunings[i].1) }
            }
        }

        let p = store.player
        let scene = PlayScene(session: session, assets: setup.assets, content: setup.content, keysHint: setup.keysHint,
                              player: CareerPlayer(name: p.name, introSeen: p.introSeen, outroSeen: p.outroSeen),
                              seed: header.seed, pauseMenu: menu, pause: hooks, debugScreens: setup.debugScreens,
                              start: start)
        scene.openDaily = { [unowned scene] () throws(FileError) in
            try openDaily(name: { scene.player?.name ?? store.player.name }, career: dailyCareer(session))
        }
        // The X server gone mid-game: the recording is finished and kept, then the process ends (status 2).
        DisplayLoss.install()
        DisplayLoss.onLoss = { session.finishOnDisplayLoss(say: { printError($0) }) }
        let stats = WindowLoop.run(scene, in: screen, options: setup.loop)
        DisplayLoss.onLoss = nil
        if let failure = scene.failure {
            if let saveError = session.saveError { printError("ocean play: the career was not saved: \(saveError)") }
            throw AppError("\(failure.description) (the recording is lost; any old file is kept)")
        }
        return PlayOutcome(stats: stats, saveError: session.saveError, recordingPath: session.recording.path)
    }

    /// The career a Daily Ocean run counts in: the session's, its official run sent
    /// as one command on the career's next tick (recorded and saved like any).
    public static func dailyCareer(_ session: GameSession) -> DailyScene.DailyCareer {
        DailyScene.DailyCareer(state: { session.state }) { run throws(FileError) in
            let command = Command.creditDaily(run)
            session.queue(command)
            var news: [Event] = []
            // Commands queued before it (a session's start) go first, a tick each.
            while session.isQueued(command) {
                try session.tick(move: .none, pointer: nil)
                news += session.events
            }
            return (session.state, news)
        }
    }

    /// Why the profile at `path` cannot be replaced, if it cannot: a read-only file, a
    /// folder where the replacement cannot be created.
    public static func unwritable(_ path: String) -> String? {
        guard let file = try? PathName(path) else { return nil }
        var st = stat()
        if stat(path, &st) == 0 && st.st_mode & 0o222 == 0 {
            return "is read-only (mode \(String(st.st_mode & 0o777, radix: 8)))"
        }
        if access(file.folder, W_OK | X_OK) != 0 { return "its folder \(file.folder) is not writable: \(systemReason(errno))" }
        return nil
    }

    /// The sound (opened when the settings mute it too: M unmutes it live); no device
    /// (or unusable settings) is a one-line notice.
    static func openAudio(design: AudioDesign, health: Int, sound: SoundSettings) -> AudioDevice? {
        if let problem = sound.problem {
            printError("ocean play: sound settings unusable, playing in silence: \(problem)")
            return nil
        }
        switch AudioDevice.open(design: design, health: health, settings: sound.settings) {
        case .success(let device): return device
        case .failure(let notice):
            printError("ocean play: \(notice)")
            return nil
        }
    }
}

/// The sound settings file's path (nil without a settings folder) and what it says
/// (the defaults when it is missing or unusable, with why it is unusable).
struct SoundSettings {
    var path: String?
    var settings = AudioSettings()
    var problem: String?

    static func read() -> SoundSettings {
        guard let path = AudioSettingsFile.defaultPathIfKnown() else { return SoundSettings() }
        do { return SoundSettings(path: path, settings: try AudioSettingsFile.load(path: path)) } catch {
            return SoundSettings(path: path, problem: error.description)
        }
    }
}
