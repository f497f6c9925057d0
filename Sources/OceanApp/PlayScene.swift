import OceanAssets
import OceanFront
import OceanKernel
import OceanPlatform
import OceanSession
import OceanStore
import OceanSystem

/// The game as a person plays it: the career's screens (with a career) and the game
/// with its pause menu, over a `GameSession`. Keys go to the pause menu while paused,
/// to the career's screens off the game's page; the held keys or the pointer steer.
/// The session records, saves and reloads; this scene decides what a press means and
/// what is drawn.
public final class PlayScene: Scene {
    public let session: GameSession
    /// The game's screen; a new one when the constants change (a reloaded balance).
    public private(set) var view: GameView
    /// The career's screens around the game (`ocean play` without `--quick`).
    public private(set) var career: (flow: CareerFlow, view: CareerView)?
    /// The screens' assets: the theme changes with the pause menu's Theme.
    public private(set) var assets: FrontAssets
    let content: CareerContent?
    let seed: UInt64
    /// What the pause menu's Sound and Theme do beyond the scene.
    var pause: PauseHooks
    /// Writes each screen the flow moves to on standard error (`OCEAN_DEBUG_SCREENS=1`).
    let debugScreens: Bool
    /// Where the scene's messages go (standard error).
    let say: (String) -> Void
    /// What Space (a click, a pad's A) starts between games without a career: a
    /// classic game or an arcade one (`ocean play --quick --mode`).
    let start: Command

    /// Opens the Daily Ocean over the career (the menu's entry); nil offers none.
    public var openDaily: (() throws(FileError) -> DailyScene)?
    /// The Daily Ocean while it is open: it has the window until the player comes back.
    public private(set) var daily: DailyScene?

    /// Why the session could not go on (a part's recording not kept), if so.
    public private(set) var failure: FileError?
    /// Screen x (logical pixels) → playfield x: the theme's layout.
    private var playfieldX: (Float) -> Int
    private var move: Move = .none
    private var pointer: Int?
    private var lastLook: UInt64 = 0
    private var shown = ""

    /// - Parameters:
    ///   - player: the career's player (name, story flags), with `content`; nil plays
    ///     games only (`--quick`).
    ///   - pauseMenu: the pause menu's volumes and themes as play begins.
    public init(session: GameSession, assets: FrontAssets, content: CareerContent?, keysHint: String = "<- ->",
                player: CareerPlayer, seed: UInt64,
                pauseMenu: PauseMenu, pause: PauseHooks, debugScreens: Bool = false, start: Command = .start(.classic),
                say: @escaping (String) -> Void = { printError($0) }) {
        self.session = session
        self.start = start
        self.assets = assets
        self.content = content
        self.seed = seed
        self.pause = pause
        self.debugScreens = debugScreens
        self.say = say
        view = GameView(assets: assets, rules: session.rules, seed: seed)
        view.pauseMenu = pauseMenu
        if session.assist.isOn { view.assistNote = session.assist.words }
        view.controlsHint = GameView.controlsHint(keys: keysHint)
        playfieldX = PlayfieldLayout(rules: session.rules, theme: assets.theme).playfieldX
        if let content {
            let careerView = CareerView(game: view, content: content)
            career = (CareerFlow(player: player, state: session.state, content: content, layout: careerView.layout,
                                 rules: session.rules), careerView)
        }
        view.observe(session.state, events: [])
        if let problem = session.saveError {
            view.notice = Notice("\(problem)\nThis session will not be saved.", isProblem: true, until: .max,
                                 columns: view.noticeColumns)
        }
        // The tick's news, in the order the screens need it: the view, then the career's screens.
        session.observers.append { [unowned self] state, events in
            view.observe(state, events: events)
            career?.flow.observe(state, events: events)
        }
    }

    /// The player as the career's screens have it (saved with the career).
    public var player: CareerPlayer? { career?.flow.player }
    public var wantsText: Bool { career != nil }

    // MARK: - Scene

    public func handle(_ input: FrameInput) -> Bool {
        if let daily {
            if daily.handle(input) { return true }
            if daily.quitAll { return false }
            closeDaily()
            return true
        }
        var quit = input.requests.quit
        if career.map({ $0.flow.page == .game }) ?? true {
            quit = handleGameScreen(input) || quit
        } else if career != nil {
            // Off the game's screen, keys go to the career's screens.
            view.paused = false
            for press in input.presses {
                guard let key = CareerKey(press), let out = career?.flow.handle(key, state: session.state) else { continue }
                for command in out.commands { session.queue(command) }
                if out.playerChanged, let p = career?.flow.player {
                    session.playerChanged(ProfileText.Player(name: p.name, introSeen: p.introSeen, outroSeen: p.outroSeen),
                                          withQueuedCommands: !out.commands.isEmpty)
                }
                if out.quit { quit = true }
                if out.daily { openDailyScene() }
            }
        }
        if quit { return false }
        // Steering for the ticks of this frame: keys win over the pointer, which
        // places the bin under itself (quantised to whole pixels: a still hand records once).
        move = input.move
        pointer = move == .none ? input.pointerX.map { Fixed.px(Fixed.wholePixels(playfieldX($0))) } : nil
        let now = monotonicNanos()
        if !session.inGame, now - lastLook >= 1_000_000_000 {
            lastLook = now
            session.lookBetweenGames()
            session.takeNews(hear)
        }
        return true
    }

    /// Game time: none while paused; during a game with assist mode, the wall's time
    /// slowed to its speed (the ticks stay the kernel's: only fewer come a second).
    public func gameNanos(wall wallNanos: UInt64) -> UInt64 {
        if let daily { return daily.gameNanos(wall: wallNanos) }
        if view.paused { return 0 }
        let speed = session.assist.speedPercent
        return speed == 100 || !session.inGame ? wallNanos : wallNanos * UInt64(speed) / 100
    }

    public func tick() -> Bool {
        // The career waits while the Daily Ocean is open: its one tick then is the
        // official run counted in it (`PlayApp.dailyCareer`).
        if let daily {
            if !daily.tick() { closeDaily() }
            return true
        }
        do { try session.tick(move: move, pointer: pointer) } catch {
            failure = error
            return false
        }
        session.takeNews(hear)
        return true
    }

    /// What the player sees, by name: the career's page (or, without a career, "game"
    /// during one and "ready" between), "pause" or "pause sound" over it. With
    /// `OCEAN_DEBUG_SCREENS=1` each change is a line `screen NAME` on standard error,
    /// written when the first frame that shows it is drawn: what the window tests wait on.
    var screenName: String {
        if view.paused { return view.pauseMenu.page == .sound ? "pause sound" : "pause" }
        return career?.flow.page.key ?? (session.inGame ? "game" : "ready")
    }

    public func draw(fraction: Double, into framebuffer: inout Framebuffer) {
        if let daily { return daily.draw(fraction: fraction, into: &framebuffer) }
        if debugScreens, screenName != shown {
            shown = screenName
            let greeting = career.map { $0.flow.page == .menu && !view.paused ? " greeting '\($0.flow.greeting)'" : "" } ?? ""
            say("screen \(shown)" + greeting)
        }
        let f = view.paused ? 0 : fraction
        if let (flow, careerView) = career {
            careerView.render(session.state, flow: flow, fraction: f, into: &framebuffer)
        } else {
            view.render(session.state, fraction: f, into: &framebuffer)
        }
    }

    /// Leaving: a game on ends as abandoned, the recording is finished and kept.
    public func leave() {
        daily?.leave()
        do { try session.finish() } catch { failure = failure ?? error }
    }

    // MARK: - The Daily Ocean

    private func openDailyScene() {
        guard let openDaily else { return }
        do { daily = try openDaily() } catch {
            say("ocean play: the Daily Ocean cannot be played: \(error.description)")
            notify("The Daily Ocean cannot be played: \(error.message)", isProblem: true, seconds: 8)
        }
    }

    /// Back from the Daily Ocean: a problem with its files is said on the menu.
    private func closeDaily() {
        guard let closing = daily else { return }
        daily = nil
        closing.leave()
        if let failure = closing.failure {
            say("ocean play: the Daily Ocean try was not kept: \(failure.description)")
            notify("The Daily Ocean try was not kept: \(failure.message)", isProblem: true, seconds: 8)
        }
    }

    // MARK: - The game's screen and its pause menu

    /// Returns true when the player chose Quit.
    private func handleGameScreen(_ input: FrameInput) -> Bool {
        var choices: [PauseMenu.Choice] = []
        var sawBack = false
        if view.paused {
            for press in input.presses {
                if press == .key(.m, repeated: false) { choices.append(view.pauseMenu.toggleMute()); continue }
                guard let key = CareerKey(press) else { continue }
                if key == .back { sawBack = true }
                var row: Int?
                if case .click(let x, let y) = key { row = view.pauseRow(atX: x, y: y) }
                choices.append(view.pauseMenu.handle(key, clickedRow: row))
            }
            // A pad's Start (no key of its own) closes the menu as Escape does.
            if input.requests.togglePause && !sawBack { choices.append(view.pauseMenu.back()) }
        } else {
            // M in play: mute or unmute, kept at once (the pause menu's Sound page shows it).
            if input.presses.contains(.key(.m, repeated: false)) { choices.append(view.pauseMenu.toggleMute()) }
            if input.requests.togglePause || input.requests.pause {
                view.paused = true
                view.pauseMenu.open()
            } else if input.requests.start && career == nil && !session.inGame && !session.isQueued(start) {
                session.queue(start)
            }
        }
        var quit = false
        for choice in choices {
            switch choice {
            case .none: break
            case .resume: view.paused = false
            case .backToMenu:
                view.paused = false
                if session.inGame { session.queue(.abandon) }
            case .quit: quit = true
            case .volumesChanged(let v): pause.volumesChanged(v)
            case .saveVolumes(let v):
                if let problem = pause.saveVolumes(v) { notify(problem, isProblem: true, seconds: 6) }
            case .muteToggled(let v):
                pause.volumesChanged(v)
                if let problem = pause.saveVolumes(v) { notify(problem, isProblem: true, seconds: 6) }
            case .theme(let name):
                switch pause.loadTheme(name) {
                case .success(let new): restyle(new)
                case .failure(let problem): notify(problem.message, isProblem: true, seconds: 6)
                }
            }
        }
        return quit
    }

    /// Another theme: the screens restyle on the spot, the pointer's mapping follows.
    private func restyle(_ new: FrontAssets) {
        assets = new
        if let (flow, careerView) = career {
            careerView.restyle(new)
            career = (flow, careerView)
            career?.flow.layout = careerView.layout
        } else {
            view.restyle(new)
        }
        playfieldX = PlayfieldLayout(rules: session.rules, theme: new.theme).playfieldX
    }

    // MARK: - The session's news

    private func hear(_ news: SessionNews) {
        switch news {
        case .balanceWaiting(let path):
            notify("\(path) changed: it applies at the next game", isProblem: false, seconds: 6)
        case .balanceSameAsInPlay:
            view.notice = nil
        case .balanceRefused(let why):
            say("ocean play: not applied, still playing with the last good constants:\n\(why)")
            view.notice = Notice("\(why)\nNot applied: still playing with the last good constants.", isProblem: true,
                                 until: .max, columns: view.noticeColumns)
            if debugScreens { say("notice \(view.notice!.lines.joined(separator: " | "))") }
        case .rulesChanged(let message):
            say("ocean play: " + message)
            // The next game plays under the new constants, on a view made for them.
            let menu = view.pauseMenu
            view = GameView(assets: assets, rules: session.rules, seed: seed)
            view.pauseMenu = menu
            view.observe(session.state, events: [])
            notify("Balance reloaded: this game plays with the new constants", isProblem: false, seconds: 4)
            if let content, var flow = career?.flow {
                flow.rules = session.rules
                career = (flow, CareerView(game: view, content: content))
            }
            playfieldX = PlayfieldLayout(rules: session.rules, theme: assets.theme).playfieldX
        case .saveFailed(let said, let shown):
            say("ocean play: the career could not be saved: \(said)")
            view.notice = Notice("The career could not be saved: \(shown)", isProblem: true, until: .max,
                                 columns: view.noticeColumns)
        case .highScore(let rank):
            // The game that just ended entered its mode's high scores: its summary says so.
            view.highScoreRank = rank
        }
    }


    /// A notice across the top of the game's screen for `seconds` of game time.
    private func notify(_ text: String, isProblem: Bool, seconds: Int) {
        view.notice = Notice(text, isProblem: isProblem, until: session.state.tick + seconds * Fixed.ticksPerSecond,
                             columns: view.noticeColumns)
        if debugScreens { say("notice \(view.notice!.lines.joined(separator: " | "))") }
    }
}
