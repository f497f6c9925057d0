import ArgumentParser
import OceanDrivers
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
    @Flag(help: "With --record: replace the file if it exists (once the new recording is finished).") var force = false
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
        if let fps, !(0...1000).contains(fps) { throw ValidationError("--fps: allowed 0 to 1000") }
        if let quitAfter, !(quitAfter > 0 && quitAfter <= 86_400) { throw ValidationError("--quit-after: allowed 0 to 86400 seconds") }
    }

    func run() throws {
        // From the process's start where the kernel says it, so loading counts too.
        let launch = processStartNanos() ?? monotonicNanos()
        let balance = balanceOption.load()
        let rules = Rules(balance)
        let assets: FrontAssets
        do { assets = try FrontAssetsLoader.load(theme: theme) } catch { fail(error.description) }
        // The career's words: the menu needs them, --quick does not read them.
        var content: CareerContent?
        if !quick { do { content = try CareerContentLoader.load() } catch { fail(error.description) } }
        let profilePath = profileOption.path
        // The profile stays locked while the window is open: a second game on it is refused.
        let store: ProfileStore
        do { store = try ProfileStore(path: profilePath, rules: rules) } catch {
            fail("\(error.description)\nThe profile is left as it is; name another with --profile PATH.")
        }
        let saved = store.saved?.state

        let screen: PlayScreen
        do { screen = try PlayScreen(vsync: fps == nil) } catch {
            if case .noDisplay(let why) = error {
                fail("ocean play: no display to open a window on (\(why)); headless, use `ocean sim` or `ocean replay render`")
            }
            fail("ocean play: \(error.description)")
        }

        let audio = openAudio(health: saved?.health ?? rules.healthStart)

        let now = localNow()
        var header = ReplayHeader()
        header.balance = balance
        header.seed = seed ?? (UInt64(time(nil)) &* 0x9E37_79B9_7F4A_7C15 ^ monotonicNanos())
        header.date = now.date
        header.minuteOfDay = now.minute
        header.recordedBy = "person"
        header.startState = saved
        // Written to a temporary beside the file and put in place when play ends, so a
        // crash never leaves a half replay where a whole one was.
        let path = record ?? lastGamePath(profile: profilePath)
        // Ctrl-C, SIGTERM or SIGHUP ends play as Ctrl+Q does (the loop stops, the
        // recording is finished and kept), then exits 128 + the signal; a second
        // signal stops at once.
        Interruption.install(graceful: true)
        let sink = openReplaySink(path, force: record == nil || force)
        var recorder = ReplayRecorder(header: header, sink: sink)
        let view = GameView(assets: assets, rules: rules, seed: header.seed)

        var options = PlayOptions()
        options.quick = quick
        options.fps = fps
        options.quitAfterSeconds = quitAfter
        options.launchNanos = launch
        var saveError: String?
        var career: CareerScreens?
        if let content {
            let p = store.player
            let start = recorder.simulation.state
            let shell = Shell(player: ShellPlayer(name: p.name, introSeen: p.introSeen, outroSeen: p.outroSeen), state: start,
                              content: content, layout: CareerView(game: view, content: content).layout, rules: rules)
            career = CareerScreens(shell: shell, view: CareerView(game: view, content: content),
                                   debug: getenv("OCEAN_DEBUG_SCREENS").map { String(cString: $0) == "1" } ?? false) { player, state in
                // A name typed or a story seen: saved at once with the career as it stands.
                store.player = ProfileText.Player(name: player.name, introSeen: player.introSeen, outroSeen: player.outroSeen)
                do { try store.save(state, plannedThrough: nil) } catch { saveError = String(describing: error) }
            }
        }
        let stats = PlayLoop.run(in: screen, recorder: &recorder, view: view, theme: assets.theme,
                                 session: .beginSession(now.date, minuteOfDay: now.minute), options: options,
                                 career: career) { state, events in
            audio?.link.post(health: state.health, events: events)
            // The career is saved after every game and every menu action that changed it.
            guard events.contains(where: PlayCommand.changesTheCareer) else { return }
            do { try store.save(state, plannedThrough: nil) } catch { saveError = String(describing: error) }
        }
        audio?.close()
        recorder.finish()
        if let saveError { printError("ocean play: \(saveError)") }
        do { try sink.commit() } catch { fail("\(error.description) (the recording is lost; any old file is kept)") }
        if printTiming {
            print("first-frame-ms \(stats.firstFrameMs.map { decimal($0) } ?? "none")")
            print("presents-per-second \(decimal(stats.presentsPerSecond))")
            print("presents \(stats.presents) ticks \(stats.ticks) seconds \(decimal(stats.seconds))")
        }
        exitIfInterrupted("the game's recording is finished in \(path)")
    }

    /// A game over, or what a menu action does: a card studied, a scan, a pet adopted.
    static func changesTheCareer(_ event: Event) -> Bool {
        switch event {
        case .gameOver, .cardStudied, .scanned, .petAdopted: true
        default: false
        }
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

    /// `last-game.replay` beside the profile, its folder made if need be.
    private func lastGamePath(profile: String) -> String {
        let folder = profile.lastIndex(of: "/").map { String(profile[..<$0]) } ?? "."
        var partial = ""
        for part in folder.split(separator: "/") {
            partial += "/" + part
            mkdir(partial, 0o755)
        }
        return folder + "/last-game.replay"
    }
}
