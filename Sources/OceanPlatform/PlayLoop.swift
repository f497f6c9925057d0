import CSDL2
import OceanAssets
import OceanFront
import OceanKernel
import OceanReplay
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// How `ocean play` runs.
public struct PlayOptions: Sendable {
    /// Start a game at once instead of waiting for Space, Enter or a click.
    public var quick = false
    /// Frames per second to pace at: nil follows the display (vsync, or its refresh
    /// rate where vsync does not block, as under Xvfb); 0 presents as fast as it can.
    public var fps: Int?
    /// Quit by itself after this much wall time (measuring, tests).
    public var quitAfterSeconds: Double?
    /// When the process started (`monotonicNanos`), for launch-to-first-frame.
    public var launchNanos: UInt64?

    public init() {}
}

/// The career's screens around the game (`ocean play` without `--quick`): the flow
/// hears the keys, the view draws its screens, and the caller is told when the
/// player's name or story flags change (to save them; they are not gameplay).
public struct CareerPlay {
    public var flow: CareerFlow
    public let view: CareerView
    public let playerChanged: (CareerPlayer, GameState) -> Void
    /// Writes each screen the flow moves to on standard error (`OCEAN_DEBUG_SCREENS=1`).
    public var debug = false

    public init(flow: CareerFlow, view: CareerView, debug: Bool = false, playerChanged: @escaping (CareerPlayer, GameState) -> Void) {
        self.flow = flow
        self.view = view
        self.debug = debug
        self.playerChanged = playerChanged
    }
}

/// What a play session measured.
public struct PlayStats: Sendable {
    public var firstFrameMs: Double?
    public var presents = 0
    public var ticks = 0
    public var seconds = 0.0
    /// The loop ended at a game's start for `betweenGames` (new constants), the start
    /// not yet sent: run it again with `startGame` waiting.
    public var endedForNewConstants = false

    public init() {}
    public var presentsPerSecond: Double { seconds > 0 ? Double(presents) / seconds : 0 }
}

/// The game as a person plays it, in raylib's four parts: open the window; then
/// each frame read SDL's events into input, run as many fixed ticks as are owed,
/// draw with the interpolation fraction, present; then close. Nothing is simulated
/// while drawing, and paused means no ticks at all.
public enum PlayLoop {
    /// Plays until the player quits (Ctrl+Q, closing the window, or a signal that
    /// `Interruption` caught in graceful mode: Ctrl-C in the terminal). Every tick goes
    /// through `recorder`; `afterStep` sees the state and events after each one
    /// (the caller saves the career when a game ends). The caller finishes the recording.
    ///
    /// With `career`, the career's screens come first (story, menu, charts…) and a game
    /// starts from the menu; what the player does there that changes the career reaches
    /// the kernel as commands through the recorder, so the replay holds it like game input.
    ///
    /// `betweenGames` is asked, with the state as it stands, about once a second while
    /// no game is on (false) and just before a game starts (true); answering true then ends the loop with the start
    /// still unsent (`endedForNewConstants`), so the caller can begin a recording under
    /// other constants and run the loop again with `startGame` waiting.
    public static func run<Sink: ReplaySink>(
        in screen: DisplaySession, recorder: inout ReplayRecorder<Sink>, view: GameView, theme: Theme, session: Command?,
        options: PlayOptions, career: inout CareerPlay?, betweenGames: ((_ atStart: Bool, _ state: GameState) -> Bool)? = nil,
        pause: PauseHooks = PauseHooks(), afterStep: (GameState, [Event]) -> Void
    ) -> PlayStats {
        // Initialisation
        let window = screen.window
        let rules = recorder.simulation.rules
        var input = InputMapper(playfieldX: PlayfieldLayout(rules: rules, theme: theme).playfieldX)
        var pending: [Command] = (session.map { [$0] } ?? []) + (options.quick ? [.startGame] : [])
        var framebuffer = Framebuffer(width: GameView.width, height: GameView.height)
        var clock = FrameClock()
        var stats = PlayStats()
        var pacer = FramePacer(fps: options.fps ?? window.refreshRate ?? 60)
        let start = monotonicNanos()
        view.observe(recorder.simulation.state, events: [])
        if career != nil { SDL_StartTextInput() }
        var shown = ""
        var quitAsked = false
        // A player change that came with commands (an adoption) is handed on once the
        // kernel has run them, so the save holds both, never the one without the other.
        var playerChangeAfterCommands = false
        var lastLook = start

        while true {
            // Input
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 { input.handle(event, window: window) }
            let asked = input.takeRequests()
            // The game's screen: the whole game without a career, its page with one.
            let inGame = career.map { $0.flow.page == .game } ?? true
            if inGame {
                // Paused, keys go to the pause menu; playing, Escape and Start pause.
                var choices: [PauseMenu.Choice] = []
                var sawBack = false
                input.takeKeys { key in
                    guard view.paused else { return }
                    if key == .back { sawBack = true }
                    var row: Int?
                    if case .click(let x, let y) = key { row = view.pauseRow(atX: x, y: y) }
                    choices.append(view.pauseMenu.handle(key, clickedRow: row))
                }
                if view.paused {
                    // A pad's Start (no key of its own) closes the menu as Escape does.
                    if asked.togglePause && !sawBack { choices.append(view.pauseMenu.back()) }
                } else if asked.togglePause || asked.pause {
                    view.paused = true
                    view.pauseMenu.open()
                } else if asked.start && career == nil && recorder.simulation.state.mode == .idle
                            && !pending.contains(.startGame) {
                    pending.append(.startGame)
                }
                for choice in choices {
                    switch choice {
                    case .none: break
                    case .resume: view.paused = false
                    case .backToMenu:
                        view.paused = false
                        if recorder.simulation.state.mode != .idle { pending.append(.abandon) }
                    case .quit: quitAsked = true
                    case .volumesChanged(let v): pause.volumesChanged(v)
                    case .saveVolumes(let v):
                        if let problem = pause.saveVolumes(v) {
                            view.notice = Notice(problem, isProblem: true, until: recorder.simulation.state.tick + 6 * Fixed.ticksPerSecond,
                                                 columns: view.noticeColumns)
                        }
                    case .theme(let name):
                        switch pause.loadTheme(name) {
                        case .success(let assets):
                            if let c = career {
                                c.view.restyle(assets)
                                career?.flow.layout = c.view.layout
                            } else {
                                view.restyle(assets)
                            }
                            input.playfieldX = PlayfieldLayout(rules: rules, theme: assets.theme).playfieldX
                        case .failure(let problem):
                            view.notice = Notice(problem.message, isProblem: true,
                                                 until: recorder.simulation.state.tick + 6 * Fixed.ticksPerSecond,
                                                 columns: view.noticeColumns)
                        }
                    }
                }
            } else if let c = career {
                view.paused = false
                // Off the game's screen, keys go to the career's screens.
                var flow = c.flow
                let state = recorder.simulation.state
                input.takeKeys { key in
                    let out = flow.handle(key, state: state)
                    pending.append(contentsOf: out.commands)
                    if out.playerChanged && !out.commands.isEmpty { playerChangeAfterCommands = true }
                    else if out.playerChanged { c.playerChanged(flow.player, state) }
                    if out.quit { quitAsked = true }
                }
                career?.flow = flow
            }
            if asked.quit || quitAsked || Interruption.requested != nil {
                endGameOnQuit(&recorder, input: input, view: view, career: &career, afterStep: afterStep)
                break
            }
            if asked.fullscreen { window.toggleFullscreen() }

            // Update: the ticks owed since the last frame, none while paused.
            let now = monotonicNanos()
            var fraction = 0.0
            if view.paused {
                clock.hold(at: now)
            } else {
                let frame = clock.advance(to: now)
                for _ in 0..<frame.ticks {
                    if let ask = betweenGames, case .startGame = pending.first ?? .none,
                       recorder.simulation.state.mode == .idle, ask(true, recorder.simulation.state) {
                        stats.endedForNewConstants = true
                        break
                    }
                    tick(&recorder, input: input, pending: &pending, view: view, afterStep: afterStep)
                    career?.flow.observe(recorder.simulation.state, events: recorder.simulation.events)
                    stats.ticks += 1
                }
                fraction = frame.fraction
                if stats.endedForNewConstants { break }
            }
            if playerChangeAfterCommands, pending.isEmpty, let c = career {
                playerChangeAfterCommands = false
                c.playerChanged(c.flow.player, recorder.simulation.state)
            }
            if let ask = betweenGames, recorder.simulation.state.mode == .idle, now - lastLook >= 1_000_000_000 {
                lastLook = now
                _ = ask(false, recorder.simulation.state)
            }
            if let c = career, c.debug, c.flow.page.key != shown {
                shown = c.flow.page.key
                printError("screen \(shown)" + (c.flow.page == .menu ? " greeting '\(c.flow.greeting)'" : ""))
            }

            // Draw, then present.
            if let c = career {
                c.view.render(recorder.simulation.state, flow: c.flow, fraction: fraction, into: &framebuffer)
            } else {
                view.render(recorder.simulation.state, fraction: fraction, into: &framebuffer)
            }
            window.present(framebuffer)
            stats.presents += 1
            if stats.firstFrameMs == nil, let launch = options.launchNanos {
                stats.firstFrameMs = Double(monotonicNanos() - launch) / 1e6
            }
            if let limit = options.quitAfterSeconds, Double(monotonicNanos() - start) / 1e9 >= limit {
                endGameOnQuit(&recorder, input: input, view: view, career: &career, afterStep: afterStep)
                break
            }
            pacer.wait()
        }

        // De-initialisation: DisplaySession closes the window and SDL when released.
        stats.seconds = Double(monotonicNanos() - start) / 1e9
        return stats
    }

    /// Leaving with a game on (Ctrl+Q, the window closed, Quit in the pause menu, a
    /// signal): one more tick ends it as abandoned, so it is recorded, its catches
    /// counted and the career saved (`afterStep`), never silently dropped.
    static func endGameOnQuit<Sink: ReplaySink>(_ recorder: inout ReplayRecorder<Sink>, input: InputMapper, view: GameView,
                                                career: inout CareerPlay?, afterStep: (GameState, [Event]) -> Void) {
        guard recorder.simulation.state.mode != .idle else { return }
        var abandon: [Command] = [.abandon]
        tick(&recorder, input: input, pending: &abandon, view: view, afterStep: afterStep)
        career?.flow.observe(recorder.simulation.state, events: recorder.simulation.events)
    }

    /// One fixed tick: the player's move and the next waiting command go through the
    /// recorder, then the view and `afterStep` see the new state and its events.
    static func tick<Sink: ReplaySink>(_ recorder: inout ReplayRecorder<Sink>, input: InputMapper, pending: inout [Command],
                                       view: GameView, afterStep: (GameState, [Event]) -> Void) {
        // No copy of the state is held across the step: it would share its item
        // array, which the step would then copy (an allocation every tick). The view
        // and `afterStep` borrow the state, keep none of it.
        let command = pending.isEmpty ? Command.none : pending.removeFirst()
        let steering = input.steering()
        recorder.step(TickInput(move: steering.move, pointer: steering.pointer, command: command))
        view.observe(recorder.simulation.state, events: recorder.simulation.events)
        afterStep(recorder.simulation.state, recorder.simulation.events)
    }
}

/// Paces frames at a steady rate when vsync does not (Xvfb, some drivers), so the
/// loop does not spin a core presenting frames nobody sees.
struct FramePacer {
    let period: UInt64
    var next: UInt64 = 0

    init(fps: Int) { period = fps > 0 ? 1_000_000_000 / UInt64(fps) : 0 }

    mutating func wait() {
        guard period > 0 else { return }
        let now = monotonicNanos()
        if next == 0 || now > next + period { next = now }  // first frame, or fell behind: no burst
        next += period
        if next > now {
            let ns = next - now
            var ts = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
            nanosleep(&ts, nil)
        }
    }
}
