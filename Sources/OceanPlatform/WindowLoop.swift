import CSDL2
import OceanAssets
import OceanKernel
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// How the window loop runs.
public struct LoopOptions: Sendable {
    /// Frames per second to pace at: nil follows the display (vsync, or its refresh
    /// rate where vsync does not block, as under Xvfb); 0 presents as fast as it can.
    public var fps: Int?
    /// Leave by itself after this much wall time (measuring, tests).
    public var quitAfterSeconds: Double?
    /// When the process started (`monotonicNanos`), for launch-to-first-frame.
    public var launchNanos: UInt64?
    /// The keys that move the bin.
    public var moveKeys = MoveKeys.standard

    public init() {}
}

/// What a run of the loop measured.
public struct LoopStats: Sendable {
    public var firstFrameMs: Double?
    public var presents = 0
    public var ticks = 0
    public var seconds = 0.0
    /// The whole process's CPU time and the wall time from the first present to the
    /// end (every thread: a GL driver's too), and the renderer that drew.
    public var cpuSecondsPlaying = 0.0, secondsPlaying = 0.0
    public var renderer = ""

    public init() {}
    public var presentsPerSecond: Double { seconds > 0 ? Double(presents) / seconds : 0 }
    /// The share of one core the process took while playing (0.1: a tenth).
    public var cpuShare: Double { secondsPlaying > 0 ? cpuSecondsPlaying / secondsPlaying : 0 }
}

/// The process's CPU time so far (all its threads), in seconds.
func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// The one window loop (DOOM's `D_DoomLoop`, raylib's four parts): each frame, SDL's
/// events become one `FrameInput`; the scene handles it; the fixed ticks owed since
/// the last frame run (the scene says how much game time a stretch of wall time is);
/// the scene draws with the interpolation fraction; the frame is presented; the loop
/// paces itself. Nothing is simulated while drawing. F11 toggles fullscreen here;
/// everything else is the scene's.
public enum WindowLoop {
    /// The longest wall time one frame may count (a stall is not caught up on).
    static let maxFrameNanos: UInt64 = 250_000_000

    /// Runs `scene` in `screen`'s window until it asks to leave, a signal that
    /// `Interruption` caught in graceful mode arrives, or the time limit passes.
    public static func run(_ scene: Scene, in screen: DisplaySession, options: LoopOptions = LoopOptions()) -> LoopStats {
        // Initialisation
        let window = screen.window
        var mapper = InputMapper()
        mapper.keys = options.moveKeys
        var input = FrameInput()
        var framebuffer = Framebuffer(width: window.width, height: window.height)
        // A fast-forwarding scene may owe up to 16× a frame's wall time.
        var clock = FrameClock(maxFrameNanos: maxFrameNanos * 16)
        var pacer = FramePacer(fps: options.fps ?? window.refreshRate ?? 60)
        var stats = LoopStats()
        stats.renderer = window.rendererChoice
        let start = monotonicNanos()
        var playing: (wall: UInt64, cpu: Double)?
        var last = start
        var textOn = false

        frames: while true {
            // Input
            if scene.wantsText != textOn {
                textOn = scene.wantsText
                if textOn { SDL_StartTextInput() } else { SDL_StopTextInput() }
            }
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 { mapper.handle(event, window: window) }
            mapper.take(into: &input)
            if input.requests.fullscreen { window.toggleFullscreen() }
            if Interruption.requested != nil || !scene.handle(input) { break }

            // Update: the ticks owed since the last frame.
            let now = monotonicNanos()
            let wall = min(now > last ? now - last : 0, maxFrameNanos)
            last = now
            let frame = clock.advance(by: scene.gameNanos(wall: wall))
            for _ in 0..<frame.ticks {
                stats.ticks += 1
                if !scene.tick() { break frames }
            }

            // Draw, then present.
            scene.draw(fraction: frame.fraction, into: &framebuffer)
            window.present(framebuffer)
            stats.presents += 1
            if playing == nil { playing = (monotonicNanos(), processCPUSeconds()) }
            if stats.firstFrameMs == nil, let launch = options.launchNanos {
                stats.firstFrameMs = Double(monotonicNanos() - launch) / 1e6
            }
            if let limit = options.quitAfterSeconds, Double(monotonicNanos() - start) / 1e9 >= limit { break }
            pacer.wait()
        }

        // De-initialisation: DisplaySession closes the window and SDL when released.
        if let playing {
            stats.cpuSecondsPlaying = processCPUSeconds() - playing.cpu
            stats.secondsPlaying = Double(monotonicNanos() - playing.wall) / 1e9
        }
        scene.leave()
        stats.seconds = Double(monotonicNanos() - start) / 1e9
        return stats
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
