import OceanAssets
import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay

/// What a person watching a replay asks for, one request per key press or click.
enum WatchCommand: Equatable {
    case togglePause
    /// One tick forward (+1) or back (−1).
    case step(Int)
    case faster, slower
    case toStart, toEnd
    /// Seconds of game time forward or back.
    case jump(seconds: Int)
    /// To the next (+1) or previous (−1) checkpoint.
    case checkpoint(Int)
    /// The left button went down at, or was dragged to, a point of the logical screen.
    case press(x: Int, y: Int), drag(x: Int, y: Int)
    case release
    case quit

    /// The command of a press (`WatchOverlay.help` lists the keys). Keys that step or
    /// jump repeat while held; the others take one press.
    init?(_ press: FrameInput.Press) {
        switch press {
        case .key(let key, let repeated):
            switch key {
            case .space, .p: if repeated { return nil } else { self = .togglePause }
            case .left, .comma: self = .step(-1)
            case .right, .period: self = .step(1)
            case .minus: if repeated { return nil } else { self = .slower }
            case .plus: if repeated { return nil } else { self = .faster }
            case .home: self = .toStart
            case .end: self = .toEnd
            case .pageUp: self = .jump(seconds: -10)
            case .pageDown: self = .jump(seconds: 10)
            case .leftBracket: self = .checkpoint(-1)
            case .rightBracket: self = .checkpoint(1)
            case .escape: self = .quit
            default: return nil
            }
        case .press(let x, let y): self = .press(x: x, y: y)
        case .drag(let x, let y): self = .drag(x: x, y: y)
        case .release: self = .release
        case .text: return nil
        }
    }
}

/// `ocean replay watch`: a replay in the window like a video. A seek under way goes
/// on a bounded number of ticks a frame (the window stays responsive); otherwise the
/// ticks owed at the chosen speed are played; the game view and the watch overlay
/// are drawn. All seeking and stepping is `ReplayScrubber`'s; this maps and draws.
public final class WatchScene: Scene {
    /// Ticks a long seek may simulate per frame.
    public static let seekTicksPerFrame = 20_000

    public private(set) var scrubber: ReplayScrubber
    let picture: WatchPicture
    private(set) var paused = false
    private var dragging = false
    private(set) var speed = WatchSpeed()
    /// With `OCEAN_DEBUG_SCREENS=1`: each command's outcome, once its seek is done, as a
    /// line `screen watch paused|playing tick N` (what the window tests wait on).
    public var debugScreens: ((String) -> Void)?
    private var commandsToSay = true  // the first frame says where it starts

    public init(_ replay: Replay, assets: FrontAssets) {
        scrubber = ReplayScrubber(replay)
        picture = WatchPicture(scrubber, assets: assets)
    }

    public func handle(_ input: FrameInput) -> Bool {
        if input.requests.quit { return false }
        for press in input.presses {
            guard let command = WatchCommand(press) else { continue }
            if !apply(command) { return false }
            commandsToSay = true
        }
        // A seek under way goes on before any tick is played.
        if scrubber.target != nil {
            _ = scrubber.continueSeek(budget: Self.seekTicksPerFrame)
            picture.jumped(scrubber)
        }
        if commandsToSay, scrubber.target == nil, let say = debugScreens {
            commandsToSay = false
            say("screen watch \(paused ? "paused" : "playing") tick \(scrubber.tick)")
        }
        return true
    }

    /// Game time runs at the chosen speed; none while paused, seeking or at the end.
    public func gameNanos(wall wallNanos: UInt64) -> UInt64 {
        paused || scrubber.target != nil || scrubber.atEnd ? 0 : speed.gameNanos(wallNanos)
    }

    public func tick() -> Bool {
        guard !scrubber.atEnd else { return true }
        scrubber.stepForward()
        picture.stepped(scrubber)
        if scrubber.atEnd { paused = true }
        return true
    }

    public func draw(fraction: Double, into framebuffer: inout Framebuffer) {
        let still = scrubber.atEnd || paused || scrubber.target != nil
        picture.draw(scrubber, paused: paused, speed: speed, fraction: still ? 1 : fraction, into: &framebuffer)
    }

    /// Returns false to quit.
    func apply(_ command: WatchCommand) -> Bool {
        switch command {
        case .quit: return false
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
        return true
    }

    private func seek(_ tick: Int) {
        scrubber.begin(seekTo: tick)
        picture.jumped(scrubber)
    }
}
