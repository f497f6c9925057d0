import ArgumentParser
import OceanCLI
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

/// `ocean play`: the game in a window. Parsing and wiring only; the session's policy
/// is OceanPlatform's `PlaySession`, its loop `PlayLoop`.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play in a window: the career's menu, or a game at once with --quick (←/→ or A/D, drag, pad; Esc opens the pause menu, F11 fullscreen, Ctrl+Q quits).",
        discussion: "Set OCEAN_DEBUG_SCREENS=1 to have each screen the window moves to written on standard error.")

    @Flag(help: "Start a game at once (no menu, no story).") var quick = false
    @Option(help: "Write the replay of what is played here (default: last-game.replay beside the profile).")
    var record: String?
    @Flag(help: forceHelp("an existing --record (and its later parts' files), once each recording is finished")) var force = false
    @Option(help: "The seed of a new career's gameplay random stream (default: from the clock).") var seed: UInt64?
    @OptionGroup var balanceOption: BalanceOption
    @OptionGroup var profileOption: ProfileOption
    @Option(help: "The look: a theme name or a theme file (.toml).") var theme: String?
    @Option(help: "The text's scale on the menus and the HUD, 1 to 3 (default: the theme's font.scale).") var scale: Int?
    @Option(help: "Frames per second to pace at (0: as fast as it can; default: the display's).") var fps: Int?
    @Option(help: "Quit by itself after this many seconds (measuring).") var quitAfter: Double?
    @Flag(help: "Print launch-to-first-frame ms, presents per second and ticks on exit.") var printTiming = false
    @Flag(help: "No sound (the settings file's volumes otherwise: `ocean audio settings`).") var mute = false
    @OptionGroup var audioDesign: AudioDesignOption

    func validate() throws {
        try checkPath(record, flag: "--record", stream: true)
        if let fps, !(0...1000).contains(fps) { throw ValidationError("--fps: allowed 0 to 1000") }
        if let scale, !(1...3).contains(scale) { throw ValidationError("--scale: allowed 1 to 3") }
        if let quitAfter, !(quitAfter > 0 && quitAfter <= 86_400) { throw ValidationError("--quit-after: allowed 0 to 86400 seconds") }
    }

    func run() throws {
        // From the process's start where the kernel says it, so loading counts too.
        let launch = processStartNanos() ?? monotonicNanos()
        let balance = try balanceOption.load()
        let rules = Rules(balance)
        var assets: FrontAssets
        // With the challenges' texts of the table in play (--challenges) and the impact factors.
        do { assets = try FrontAssetsLoader.load(theme: theme, challenges: balanceOption.challenges) } catch {
            throw CommandFailure(error.description)
        }
        if let scale {
            // Bigger text: the small text's scale, and the titles' at least as big.
            assets.theme.fontScale = scale
            assets.theme.bigFontScale = max(assets.theme.bigFontScale, scale)
        }
        // The career's words: the menu needs them, --quick does not read them.
        var content: CareerContent?
        if !quick { do { content = try CareerContentLoader.load() } catch { throw CommandFailure(error.description) } }
        try checkKindData(rules, assets: assets, content: content)
        let profilePath = try profileOption.path
        try refuseClashes(inputs: balanceOption.inputs + frontAssetInputs(theme: theme)
                          + [("--audio", audioDesign.path ?? findAsset("audio.toml"))],
                      outputs: [("--profile", profilePath), ("--record", record ?? lastGamePath(profile: profilePath))])
        try refuseExisting([("--record", record)], force: force)
        // The profile stays locked while the window is open: a second game on it is refused.
        let store: ProfileStore
        do { store = try ProfileStore(path: profilePath, rules: rules) } catch {
            throw CommandFailure("\(error.description)\nThe profile is left as it is; name another with --profile PATH.")
        }
        let saved = store.saved?.state

        let screen: DisplaySession
        do { screen = try DisplaySession(vsync: fps == nil) } catch {
            if case .noDisplay(let why) = error {
                throw CommandFailure("ocean play: no display to open a window on (\(why)); headless, use `ocean sim` or `ocean replay render`")
            }
            throw CommandFailure("ocean play: \(error.description)")
        }

        let sound = soundSettings()
        let audio = try openAudio(health: saved?.health ?? rules.healthStart, settings: sound.settings, problem: sound.problem)

        let now = localNow()
        var header = ReplayHeader()
        header.seed = seed ?? (UInt64(time(nil)) &* 0x9E37_79B9_7F4A_7C15 ^ monotonicNanos())
        header.date = now.date
        header.minuteOfDay = now.minute
        header.recordedBy = "person"
        // Written to a temporary beside the file and put in place when play ends, so a
        // crash never leaves a half replay where a whole one was.
        let recording = PlayRecording(record: record, force: force, profile: profilePath)
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
        var saveProblem: String?
        if let problem = PlayCommand.unwritable(profilePath) {
            saveProblem = "\(profilePath): \(problem)"
            printError("ocean play: \(profilePath): \(problem); this session will not be saved")
        }
        let play = PlaySession(balance: balance, assets: assets, content: content, header: header, recording: recording,
                               options: options, hotReloadPath: balanceOption.balance ?? defaultBalancePath(),
                               debugScreens: getenv("OCEAN_DEBUG_SCREENS").map { String(cString: $0) == "1" } ?? false,
                               saveProblem: saveProblem) { path, replaces throws(FileError) in
            try openReplaySink(path, force: replaces, flag: "--record")
        }
        play.saveCareer = { try store.save($0, plannedThrough: nil) }
        play.savePlayer = { player, state in
            store.player = ProfileText.Player(name: player.name, introSeen: player.introSeen, outroSeen: player.outroSeen)
            try store.save(state, plannedThrough: nil)
        }
        play.rulesChanged = { store.rules = $0 }
        // The pause menu: the volumes heard at once and kept in the settings file (the
        // file's mute stays as it is); the shipped themes (and the --theme file, if one).
        var kept = sound.settings
        play.pauseMenu = PauseMenu(
            volumes: PauseMenu.Volumes(master: kept.masterPercent, music: kept.musicPercent, effects: kept.effectsPercent),
            themes: (theme.map { FrontAssetsLoader.shippedThemes.contains($0) ? [] : [$0] } ?? []) + FrontAssetsLoader.shippedThemes,
            theme: theme ?? "default")
        if audio == nil { play.pauseMenu.soundNote = "No sound this session: the volumes are kept for the next" }
        play.pause.volumesChanged = { v in
            kept.masterPercent = v.master
            kept.musicPercent = v.music
            kept.effectsPercent = v.effects
            audio?.link.setVolumes(music: kept.musicPerMille, effects: kept.effectsPerMille, mute: kept.mute == 1)
        }
        play.pause.saveVolumes = { _ in
            guard let path = sound.path else { return "No settings folder ($XDG_CONFIG_HOME or $HOME): the volumes last this session" }
            if let problem = sound.problem { return "\(path) is unusable, not replaced: \(problem)" }
            do { try AudioSettingsFile.save(kept, path: path) } catch { return "The volumes could not be saved: \(String(describing: error))" }
            return nil
        }
        play.pause.loadTheme = { [scale, balanceOption] name in
            do {
                var new = try FrontAssetsLoader.load(theme: name, challenges: balanceOption.challenges)
                if let scale {
                    new.theme.fontScale = scale
                    new.theme.bigFontScale = max(new.theme.bigFontScale, scale)
                }
                return .success(new)
            } catch {
                return .failure(PauseHooks.Problem(String(describing: error)))
            }
        }
        play.afterStep = { state, events in audio?.link.post(health: state.health, events: events) }
        let hooks = play.pauseHooks
        let p = store.player
        let outcome: PlaySession.Outcome
        do {
            outcome = try play.run(saved: saved, player: CareerPlayer(name: p.name, introSeen: p.introSeen, outroSeen: p.outroSeen),
                                   session: .beginSession(now.date, minuteOfDay: now.minute)) {
                PlayLoop.run(in: screen, recorder: &$0, view: $1, theme: play.assets.theme, session: $2, options: $3, career: &$4,
                             betweenGames: $5, pause: hooks, afterStep: $6)
            }
        } catch {
            if let saveError = play.saveError { printError("ocean play: the career was not saved: \(saveError)") }
            throw CommandFailure("\(error.description) (the recording is lost; any old file is kept)")
        }
        let totals = outcome.totals
        audio?.close()
        if printTiming {
            print("first-frame-ms \(totals.firstFrameMs.map { decimal($0) } ?? "none")")
            print("presents-per-second \(decimal(totals.presentsPerSecond))")
            print("presents \(totals.presents) ticks \(totals.ticks) seconds \(decimal(totals.seconds))")
        }
        if let saveError = outcome.saveError {
            throw CommandFailure("ocean play: the career was not saved (\(saveError)); what was played is recorded in \(outcome.recordingPath)")
        }
        try exitIfInterrupted("the game's recording is finished in \(outcome.recordingPath)")
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

    /// The sound settings file's path (nil without a settings folder) and what it says
    /// (the defaults when it is missing or unusable, with why it is unusable).
    private func soundSettings() -> (path: String?, settings: AudioSettings, problem: String?) {
        guard let path = AudioSettingsFile.defaultPathIfKnown() else { return (nil, AudioSettings(), nil) }
        do { return (path, try AudioSettingsFile.load(path: path), nil) } catch { return (path, AudioSettings(), error.description) }
    }

    /// The sound, unless muted; no device (or unusable settings) is a one-line notice.
    private func openAudio(health: Int, settings: AudioSettings, problem: String?) throws -> AudioDevice? {
        guard !mute else { return nil }
        if let problem {
            printError("ocean play: sound settings unusable, playing in silence: \(problem)")
            return nil
        }
        guard settings.mute == 0 else { return nil }
        switch AudioDevice.open(design: try audioDesign.load(), health: health, settings: settings) {
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
