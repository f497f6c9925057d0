import CSDL2

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
    case fullscreen, quit
}

/// Turns SDL's events into watch commands. Keys repeat while held (stepping,
/// jumping); the rest take one press.
struct WatchInput {
    private var buttonDown = false

    mutating func handle(_ event: SDL_Event, into commands: inout [WatchCommand]) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            commands.append(.quit)
        case SDL_WINDOWEVENT where SDL_WindowEventID(UInt32(event.window.event)) == SDL_WINDOWEVENT_CLOSE:
            commands.append(.quit)
        case SDL_KEYDOWN:
            if let c = Self.command(event.key) { commands.append(c) }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            // Mouse positions already arrive in logical coordinates (SDL_RenderSetLogicalSize).
            buttonDown = true
            commands.append(.press(x: Int(event.button.x), y: Int(event.button.y)))
        case SDL_MOUSEMOTION where buttonDown:
            commands.append(.drag(x: Int(event.motion.x), y: Int(event.motion.y)))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            buttonDown = false
            commands.append(.release)
        default:
            break
        }
    }

    /// The command of a key press (`WatchOverlay.help` lists them).
    static func command(_ e: SDL_KeyboardEvent) -> WatchCommand? {
        let sym = Int(e.keysym.sym)
        let ctrl = Int(e.keysym.mod) & Int(KMOD_CTRL.rawValue) != 0
        let first = e.repeat == 0
        switch sym {
        case Int(SDLK_SPACE.rawValue), Int(SDLK_p.rawValue): return first ? .togglePause : nil
        case Int(SDLK_LEFT.rawValue), Int(SDLK_COMMA.rawValue): return .step(-1)
        case Int(SDLK_RIGHT.rawValue), Int(SDLK_PERIOD.rawValue): return .step(1)
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): return first ? .slower : nil
        case Int(SDLK_EQUALS.rawValue), Int(SDLK_PLUS.rawValue), Int(SDLK_KP_PLUS.rawValue): return first ? .faster : nil
        case Int(SDLK_HOME.rawValue): return .toStart
        case Int(SDLK_END.rawValue): return .toEnd
        case Int(SDLK_PAGEUP.rawValue): return .jump(seconds: -10)
        case Int(SDLK_PAGEDOWN.rawValue): return .jump(seconds: 10)
        case Int(SDLK_LEFTBRACKET.rawValue): return .checkpoint(-1)
        case Int(SDLK_RIGHTBRACKET.rawValue): return .checkpoint(1)
        case Int(SDLK_F11.rawValue): return first ? .fullscreen : nil
        case Int(SDLK_ESCAPE.rawValue): return .quit
        case Int(SDLK_q.rawValue) where ctrl: return .quit
        default: return nil
        }
    }
}
