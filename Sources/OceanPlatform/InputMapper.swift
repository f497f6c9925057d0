import CSDL2
import OceanFront
import OceanKernel

/// Turns SDL's events into what the player means: which way to push the bin, and
/// the one-off requests (start, pause, fullscreen, quit). It only remembers what is
/// held; the play loop asks it for the move once per tick.
struct InputMapper {
    /// One-off requests gathered since the loop last took them.
    struct Requests {
        var start = false
        var togglePause = false
        var pause = false
        var fullscreen = false
        var quit = false
    }

    var requests = Requests()
    /// What the career's screens hear (`CareerFlow`): keys, clicks, pad buttons and typed
    /// text since the loop last took them. Kept (with its capacity) between frames.
    var keys: [CareerKey] = []
    private var leftHeld = false, rightHeld = false
    private var padLeft = false, padRight = false
    /// The stick's x, −32768…32767.
    private var stickX: Int16 = 0
    /// While the mouse button or a finger is down: the pointer's x on the logical screen.
    private(set) var pointerX: Float?
    /// Keeps the stick from drifting.
    static let stickDeadZone: Int16 = 8000

    /// Screen x (logical pixels) → playfield x (fixed point): the front's layout (a
    /// new theme may move the playfield).
    var playfieldX: (Float) -> Int

    init(playfieldX: @escaping (Float) -> Int) {
        self.playfieldX = playfieldX
        keys.reserveCapacity(32)
    }

    /// Hands the keys gathered since last time to `body`, then forgets them.
    mutating func takeKeys(_ body: (CareerKey) -> Void) {
        for key in keys { body(key) }
        keys.removeAll(keepingCapacity: true)
    }

    mutating func add(_ key: CareerKey) {
        // A flood of events (a stuck key repeating) cannot grow the list without bound.
        if keys.count < 64 { keys.append(key) }
    }

    mutating func takeRequests() -> Requests {
        defer { requests = Requests() }
        return requests
    }

    /// The steering for the next tick. Keys win over the pad, the pad over the
    /// pointer; a held pointer places the bin under itself (the kernel's
    /// `TickInput.pointer`), quantised to whole pixels so a still hand records once.
    func steering() -> (move: Move, pointer: Int?) {
        if leftHeld != rightHeld { return (leftHeld ? .left : .right, nil) }
        if padLeft != padRight { return (padLeft ? .left : .right, nil) }
        if stickX <= -Self.stickDeadZone { return (.left, nil) }
        if stickX >= Self.stickDeadZone { return (.right, nil) }
        guard let pointerX else { return (.none, nil) }
        return (.none, Fixed.px(Fixed.wholePixels(playfieldX(pointerX))))
    }

    /// Takes one SDL event. `window` converts touch positions to the logical screen
    /// (without one, as in tests, touches are ignored).
    mutating func handle(_ event: SDL_Event, window: Window?) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            requests.quit = true
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST:
                requests.pause = true
                releaseAll()
            case SDL_WINDOWEVENT_CLOSE:
                requests.quit = true
            default: break
            }
        case SDL_KEYDOWN, SDL_KEYUP:
            key(event.key, down: event.type == SDL_KEYDOWN.rawValue)
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !text.isEmpty { add(.text(text)) }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            // Mouse positions already arrive in logical coordinates (SDL_RenderSetLogicalSize).
            pointerX = Float(event.button.x)
            requests.start = true
            add(.click(x: Int(event.button.x), y: Int(event.button.y)))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            pointerX = nil
        case SDL_MOUSEMOTION where pointerX != nil:
            pointerX = Float(event.motion.x)
        case SDL_FINGERDOWN, SDL_FINGERMOTION:
            guard let window else { break }
            // Fingers arrive normalised to the window; the letterbox is undone here.
            let size = window.size
            pointerX = window.logical(windowX: event.tfinger.x * Float(size.width),
                                      windowY: event.tfinger.y * Float(size.height)).x
            if event.type == SDL_FINGERDOWN.rawValue {
                requests.start = true
                let at = window.logical(windowX: event.tfinger.x * Float(size.width), windowY: event.tfinger.y * Float(size.height))
                add(.click(x: Int(at.x), y: Int(at.y)))
            }
        case SDL_FINGERUP:
            pointerX = nil
        case SDL_CONTROLLERDEVICEADDED:
            // Opened for its events; SDL closes it on quit.
            _ = SDL_GameControllerOpen(event.cdevice.which)
        case SDL_CONTROLLERAXISMOTION where event.caxis.axis == UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue):
            stickX = event.caxis.value
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            button(event.cbutton, down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue)
        default:
            break
        }
    }

    private mutating func key(_ e: SDL_KeyboardEvent, down: Bool) {
        let sym = Int(e.keysym.sym)
        let ctrl = Int(e.keysym.mod) & Int(KMOD_CTRL.rawValue) != 0
        if down && !ctrl, let key = shellKey(sym, repeated: e.repeat != 0) { add(key) }
        switch sym {
        case Int(SDLK_LEFT.rawValue), Int(SDLK_a.rawValue): leftHeld = down
        case Int(SDLK_RIGHT.rawValue), Int(SDLK_d.rawValue): rightHeld = down
        case Int(SDLK_q.rawValue) where ctrl && down: requests.quit = true
        case Int(SDLK_SPACE.rawValue), Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): if down && e.repeat == 0 { requests.start = true }
        case Int(SDLK_ESCAPE.rawValue): if down && e.repeat == 0 { requests.togglePause = true }
        case Int(SDLK_F11.rawValue): if down && e.repeat == 0 { requests.fullscreen = true }
        default: break
        }
    }

    /// A key press as the career's screens read it. Held arrows repeat; other keys do not.
    private func shellKey(_ sym: Int, repeated: Bool) -> CareerKey? {
        switch sym {
        case Int(SDLK_UP.rawValue): .up
        case Int(SDLK_DOWN.rawValue): .down
        case Int(SDLK_LEFT.rawValue): .left
        case Int(SDLK_RIGHT.rawValue): .right
        case _ where repeated: nil
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): .confirm
        case Int(SDLK_SPACE.rawValue): .space
        case Int(SDLK_ESCAPE.rawValue): .back
        case Int(SDLK_BACKSPACE.rawValue): .backspace
        default: .other
        }
    }

    private mutating func button(_ e: SDL_ControllerButtonEvent, down: Bool) {
        if down {
            switch SDL_GameControllerButton(Int32(e.button)) {
            case SDL_CONTROLLER_BUTTON_DPAD_UP: add(.up)
            case SDL_CONTROLLER_BUTTON_DPAD_DOWN: add(.down)
            case SDL_CONTROLLER_BUTTON_DPAD_LEFT: add(.left)
            case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: add(.right)
            case SDL_CONTROLLER_BUTTON_A: add(.confirm)
            case SDL_CONTROLLER_BUTTON_B: add(.back)
            default: add(.other)
            }
        }
        switch SDL_GameControllerButton(Int32(e.button)) {
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: padLeft = down
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: padRight = down
        case SDL_CONTROLLER_BUTTON_A: if down { requests.start = true }
        case SDL_CONTROLLER_BUTTON_START: if down { requests.togglePause = true }
        default: break
        }
    }

    /// Focus went elsewhere: keys released there never reach us, so forget them.
    private mutating func releaseAll() {
        leftHeld = false
        rightHeld = false
        padLeft = false
        padRight = false
        stickX = 0
        pointerX = nil
    }
}
