import ArgumentParser
import OceanCLI
import OceanApp
import OceanDrivers
import OceanAssets
import OceanFront
import OceanBalance
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanSession
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// `ocean play`: the game in a window. Parsing and one call: the session's policy is
/// OceanSession's `GameSession`, the scene OceanApp's `PlayScene`, the loop the
/// platform's `WindowLoop` (all wired by `PlayApp`).
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play in a window: the career's menu, or a game at once with --quick (←/→ or A/D, drag, pad; Esc opens the pause menu, F11 fullscreen, Ctrl+Q quits).",
        discussion: "Set OCEAN_DEBUG_SCREENS=1 to have each screen the window moves to written on standard error.")

    @Flag(help: "Start a game at once (no menu, no story).") var quick = false
    @Flag(help: "Play today's Daily Ocean at once (UTC date; the first finished try is the official run, kept in daily/ beside the profile).")
    var daily = false
    @Option(help: "With --quick: the game to play, classic or arcade (the menu offers both).") var mode: PlayMode = .classic
    @Option(help: "Write the replay of what is played here (default: last-game.replay beside the profile; NAME.last-game.replay for a profile named NAME).")
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
    @Flag(help: "Reduced motion: no rising screens, squash, particles, floating words or sliding toasts (default: as the desktop's enable-animations setting says).")
    var reducedMotion = false
    @Option(help: "Assist mode: play the game at this percent of its speed, 60 to 100 (default 100). Marked on the summary, the high scores and the replay.")
    var assistSpeed: Int = 100
    @Option(help: "Assist mode: a bin this percent of its width, 100 to 150 (default 100). Marked likewise.")
    var assistBin: Int = 100
    @Flag(help: "The clock is right: apply an absence of more than \(CareerClock.longAbsenceDays) days since the career's last day (without it, play refuses one).")
    var acceptAbsence = false
    @OptionGroup var audioDesign: AudioDesignOption

    func validate() throws {
        try checkPath(record, flag: "--record", stream: true)
        if let fps, !(0...1000).contains(fps) { throw ValidationError("--fps: allowed 0 to 1000") }
        if let scale, !(1...3).contains(scale) { throw ValidationError("--scale: allowed 1 to 3") }
        try checkRange(assistSpeed, "--assist-speed", Assist.speeds)
        try checkRange(assistBin, "--assist-bin", Assist.bins)
        if let quitAfter, !(quitAfter > 0 && quitAfter <= 86_400) { throw ValidationError("--quit-after: allowed 0 to 86400 seconds") }
        if daily && (quick || mode != .classic) { throw ValidationError("--daily is a game of its own: not with --quick or --mode") }
        if daily && (assistSpeed != 100 || assistBin != 100) {
            throw ValidationError("--daily is played as everyone plays it: assist mode is for the career and quick games")
        }
        if mode == .arcade && !quick { throw ValidationError("--mode arcade goes with --quick; the menu offers Arcade itself") }
    }

    func run() throws {
        // From the process's start where the kernel says it, so loading counts too.
        let launch = processStartNanos() ?? monotonicNanos()
        let balance = try balanceOption.load()
        let assets = try loadAssets(theme: theme)
        // The career's words: the menu needs them, --quick does not read them.
        var content: CareerContent?
        if !quick && !daily { do { content = try CareerContentLoader.load() } catch { throw CommandFailure(error.description) } }
        let rules = Rules(balance)
        try checkKindData(rules, assets: assets, content: content)
        let profilePath = try profileOption.path
        try refuseClashes(inputs: balanceOption.inputs + frontAssetInputs(theme: theme)
                          + [("--audio", audioDesign.path ?? findAsset("audio.toml"))],
                      outputs: [("--profile", profilePath), ("--record", record ?? lastGamePath(profile: profilePath))])
        try refuseExisting([("--record", record)], force: force)

        let now = localNow()
        // The shipped themes, and the --theme file first if it is one of its own.
        let themes = (theme.map { FrontAssetsLoader.shippedThemes.contains($0) ? [] : [$0] } ?? []) + FrontAssetsLoader.shippedThemes
        var setup = PlaySetup(balance: balance, rules: rules, assets: assets, content: content, profilePath: profilePath, date: now.date,
                              minuteOfDay: now.minute, themes: themes, theme: theme ?? "default",
                              loadTheme: { name in
                                  do { return .success(try loadAssetsOrThrow(theme: name)) } catch {
                                      return .failure(PauseHooks.Problem(String(describing: error)))
                                  }
                              }) { path, replaces throws(FileError) in try openReplaySink(path, force: replaces, flag: "--record") }
        setup.hotReloadPath = balanceOption.balance ?? defaultBalancePath()
        setup.reloadCheck = { [assets, content] new in
            do { try checkKindData(Rules(new), assets: assets, content: content) } catch { return "\(error)" }
            return nil
        }
        setup.record = record
        setup.force = force
        setup.seed = seed
        setup.audio = mute ? nil : try audioDesign.load()
        setup.loop.fps = fps
        setup.loop.quitAfterSeconds = quitAfter
        setup.loop.launchNanos = launch
        setup.debugScreens = getenv("OCEAN_DEBUG_SCREENS").map { String(cString: $0) == "1" } ?? false
        setup.mode = mode
        setup.acceptAbsence = acceptAbsence
        setup.assist = Assist(speedPercent: assistSpeed, binPercent: assistBin)
        // The player's keys for the bin (`ocean keys`), checked before the window opens.
        let keys = try loadMoveKeys()
        setup.loop.moveKeys = keys
        setup.keysHint = keys.hint
        // The Daily Ocean: today's by the UTC calendar (the same day for every player);
        // official runs sent only when the player chose a server.
        setup.dailyOnly = daily
        setup.dailyDate = try parseDate(DailyCommand.todayUTC())
        if let path = DailySettingsFile.defaultPathIfKnown() {
            let chosen: DailySettings
            do { chosen = try DailySettingsFile.load(path: path) } catch { throw CommandFailure(error.description) }
            if let server = chosen.submitTo { setup.submitDaily = DailyCommand.sendFromPlay(server: server, name: chosen.name ?? "") }
        }

        let outcome: PlayOutcome
        do { outcome = try PlayApp.run(setup) } catch { throw CommandFailure(error.description) }

        let stats = outcome.stats
        if printTiming {
            print("first-frame-ms \(stats.firstFrameMs.map { decimal($0) } ?? "none")")
            print("presents-per-second \(decimal(stats.presentsPerSecond))")
            print("presents \(stats.presents) ticks \(stats.ticks) seconds \(decimal(stats.seconds))")
            print("cpu-share-percent \(decimal(stats.cpuShare * 100)) over \(decimal(stats.secondsPlaying)) s from the first present")
            print("renderer \(stats.renderer)")
        }
        if let saveError = outcome.saveError {
            throw CommandFailure("ocean play: the career was not saved (\(saveError)); what was played is recorded in \(outcome.recordingPath)")
        }
        try exitIfInterrupted("the game's recording is finished in \(outcome.recordingPath)")
    }

    /// The screens' assets with `theme` (with the challenges' texts of the table in
    /// play and the impact factors), at `--scale`: bigger text on the menus and the
    /// HUD, the titles at least as big.
    private func loadAssetsOrThrow(theme: String?) throws -> FrontAssets {
        var assets = try FrontAssetsLoader.load(theme: theme, challenges: balanceOption.challenges)
        if let scale {
            assets.theme.fontScale = scale
            assets.theme.bigFontScale = max(assets.theme.bigFontScale, scale)
        }
        if reducedMotion || DesktopMotion.prefersReduced() { assets.theme = assets.theme.reducingMotion() }
        return assets
    }

    private func loadAssets(theme: String?) throws -> FrontAssets {
        do { return try loadAssetsOrThrow(theme: theme) } catch { throw CommandFailure(String(describing: error)) }
    }

    /// The keys the settings bind to the bin (`keys.toml`; the arrows and A / D without one).
    private func loadMoveKeys() throws -> MoveKeys {
        guard let path = KeyBindingsFile.defaultPathIfKnown() else { return .standard }
        let bindings: KeyBindings
        do { bindings = try KeyBindingsFile.load(path: path) } catch { throw CommandFailure(error.description) }
        do { return try MoveKeys(left: bindings.left, right: bindings.right) } catch {
            throw CommandFailure("\(path): \(error.description); change it with `ocean keys --left NAME --right NAME`")
        }
    }

    /// The career's `last-game.replay` beside the profile (`PlayRecording.lastGamePath`).
    private func lastGamePath(profile: String) -> String {
        PlayRecording.lastGamePath(profile: profile)
    }
}
