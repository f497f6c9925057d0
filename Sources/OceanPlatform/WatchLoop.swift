import CSDL2
import OceanAssets
import OceanFront
import OceanKernel
import OceanReplay
import OceanSystem

/// `ocean replay watch`: a replay in the window like a video. Each frame: SDL's
/// events become scrubber commands; a seek under way goes on (a bounded number of
/// ticks a frame, so the window stays responsive); otherwise the ticks owed at the
/// chosen speed are played; then the game view and the watch overlay are drawn.
/// All seeking and stepping is `ReplayScrubber`'s; this only maps and draws.
public enum WatchLoop {
    /// Ticks a long seek may simulate per frame.
    public static let seekTicksPerFrame = 20_000
    /// The longest wall time one frame may count, before the speed multiplies it.
    static let maxFrameNanos: UInt64 = 250_000_000

    /// Watches until the person quits (Esc, Ctrl+Q, closing the window, a signal
    /// `Interruption` caught in graceful mode). `fps` nil paces by the display.
    public static func run(in screen: DisplaySession, scrubber: inout ReplayScrubber, picture: WatchPicture,
                           fps: Int? = nil) {
        // Initialisation
        let window = screen.window
        var input = WatchInput()
        var commands: [WatchCommand] = []
        commands.reserveCapacity(64)
        var framebuffer = Framebuffer(width: GameView.width, height: GameView.height)
        var clock = FrameClock(maxFrameNanos: maxFrameNanos * 16)
        var pacer = FramePacer(fps: fps ?? window.refreshRate ?? 60)
        var paused = false, dragging = false
        var speed = WatchSpeed()
        var last = monotonicNanos()

        func seek(_ tick: Int) {
            scrubber.begin(seekTo: tick)
            picture.jumped(scrubber)
        }

        while true {
            // Input → scrubber commands.
            commands.removeAll(keepingCapacity: true)
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 { input.handle(event, into: &commands) }
            if Interruption.requested != nil { break }
            var quit = false
            for command in commands {
                switch command {
                case .quit: quit = true
                case .fullscreen: window.toggleFullscreen()
                case .togglePause:
                    if paused && scrubber.atEnd { seek(scrubber.firstTick) }  // again from the start
                    paused.toggle()
                case .step(let by):
                    paused = true
                    if by > 0 && scrubber.target == nil {
                        scrubber.stepForward()
                        picture.stepped(scrubber)
                    } else if by < 0 {
                        seek((scrubber.target ?? scrubber.tick) - 1)
                    }
                case .faster: speed.faster()
                case .slower: speed.slower()
                case .toStart: seek(scrubber.firstTick)
                case .toEnd: seek(scrubber.lastTick)
                case .jump(let seconds): seek((scrubber.target ?? scrubber.tick) + seconds * Fixed.ticksPerSecond)
                case .checkpoint(let by):
                    let from = scrubber.target ?? scrubber.tick
                    seek(by > 0 ? scrubber.checkpoint(after: from) : scrubber.checkpoint(before: from))
                case .press(let x, let y):
                    if let t = picture.tick(atX: x, y: y, along: false) {
                        dragging = true
                        seek(t)
                    }
                case .drag(let x, let y):
                    if dragging, let t = picture.tick(atX: x, y: y, along: true) { seek(t) }
                case .release: dragging = false
                }
            }
            if quit { break }

            // Update: a seek first; else the ticks owed at this speed, none while paused.
            let now = monotonicNanos()
            let elapsed = min(now > last ? now - last : 0, maxFrameNanos)
            last = now
            var fraction = 1.0
            if scrubber.target != nil {
                _ = scrubber.continueSeek(budget: seekTicksPerFrame)
                picture.jumped(scrubber)
            } else if !paused {
                let frame = clock.advance(by: speed.gameNanos(elapsed))
                for _ in 0..<frame.ticks where !scrubber.atEnd {
                    scrubber.stepForward()
                    picture.stepped(scrubber)
                }
                fraction = frame.fraction
                if scrubber.atEnd { paused = true }
            }

            // Draw, then present.
            picture.draw(scrubber, paused: paused, speed: speed, fraction: scrubber.atEnd || paused ? 1 : fraction,
                         into: &framebuffer)
            window.present(framebuffer)
            pacer.wait()
        }
    }
}
