import CSDL2
import OceanKernel

/// Turns SDL's events into the frame's `FrameInput`: which way the bin is pushed,
/// the presses in order, and the one-off requests. It remembers only what is held.
struct InputMapper {
    private(set) var input = FrameInput()
    /// The keys that move the bin (the player's, `MoveKeys`).
    var keys = MoveKeys.standard
    private var leftHeld = false, rightHeld = false
    private var padLeft = false, padRight = false
    /// The stick's x, −32768…32767.
    private var stickX: Int16 = 0
    private var buttonDown = false
    /// Keeps the stick from drifting.
    static let stickDeadZone: Int16 = 8000
    /// A flood of events (a stuck key repeating) cannot grow a frame's list without bound.
    static let maxPresses = 64

    /// Fills `frame` with the frame's input, then forgets the presses and requests
    /// (what is held stays). Both lists keep their buffers: no allocation a frame.
    mutating func take(into frame: inout FrameInput) {
        frame.presses.removeAll(keepingCapacity: true)
        frame.presses.append(contentsOf: input.presses)
        frame.requests = input.requests
        frame.move = move()
        frame.pointerX = input.pointerX
        input.presses.removeAll(keepingCapacity: true)
        input.requests = FrameInput.Requests()
    }

    /// The same, into a new value (tests).
    mutating func take() -> FrameInput {
        var frame = FrameInput()
        take(into: &frame)
        return frame
    }

    private mutating func add(_ press: FrameInput.Press) {
        if input.presses.count < Self.maxPresses { input.presses.append(press) }
    }

    /// Keys win over the pad, the pad over the stick.
    private func move() -> Move {
        if leftHeld != rightHeld { return leftHeld ? .left : .right }
        if padLeft != padRight { return padLeft ? .left : .right }
        if stickX <= -Self.stickDeadZone { return .left }
        if stickX >= Self.stickDeadZone { return .right }
        return .none
    }

    /// Takes one SDL event. `window` converts touch positions to the logical screen
    /// (without one, as in tests, touches are ignored).
    mutating func handle(_ event: SDL_Event, window: Window?) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            input.requests.quit = true
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST:
                input.requests.pause = true
                releaseAll()
            case SDL_WINDOWEVENT_CLOSE:
                input.requests.quit = true
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
            pointerDown(x: Float(event.button.x), y: Float(event.button.y))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            pointerUp()
        case SDL_MOUSEMOTION where buttonDown:
            input.pointerX = Float(event.motion.x)
            add(.drag(x: Int(event.motion.x), y: Int(event.motion.y)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION:
            guard let window else { break }
            // Fingers arrive normalised to the window; the letterbox is undone here.
            let size = window.size
            let at = window.logical(windowX: event.tfinger.x * Float(size.width), windowY: event.tfinger.y * Float(size.height))
            if event.type == SDL_FINGERDOWN.rawValue {
                pointerDown(x: at.x, y: at.y)
            } else {
                input.pointerX = at.x
                add(.drag(x: Int(at.x), y: Int(at.y)))
            }
        case SDL_FINGERUP:
            pointerUp()
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

    private mutating func pointerDown(x: Float, y: Float) {
        buttonDown = true
        input.pointerX = x
        input.requests.start = true
        add(.press(x: Int(x), y: Int(y)))
    }

    private mutating func pointerUp() {
        buttonDown = false
        input.pointerX = nil
        add(.release)
    }

    private mutating func key(_ e: SDL_KeyboardEvent, down: Bool) {
        let sym = Int(e.keysym.sym)
        let ctrl = Int(e.keysym.mod) & Int(KMOD_CTRL.rawValue) != 0
        let first = e.repeat == 0
        if down && !ctrl { add(.key(Self.key(sym), repeated: !first)) }
        // The bin's keys, as the player bound them.
        if keys.left.contains(Int32(sym)) { leftHeld = down }
        if keys.right.contains(Int32(sym)) { rightHeld = down }
        switch sym {
        case Int(SDLK_q.rawValue) where ctrl && down: input.requests.quit = true
        case Int(SDLK_SPACE.rawValue), Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue):
            if down && first { input.requests.start = true }
        case Int(SDLK_ESCAPE.rawValue): if down && first { input.requests.togglePause = true }
        case Int(SDLK_F11.rawValue): if down && first { input.requests.fullscreen = true }
        default: break
        }
    }

    /// A key symbol as the scenes tell keys apart.
    static func key(_ sym: Int) -> FrameInput.Key {
        switch sym {
        case Int(SDLK_UP.rawValue): .up
        case Int(SDLK_DOWN.rawValue): .down
        case Int(SDLK_LEFT.rawValue): .left
        case Int(SDLK_RIGHT.rawValue): .right
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): .enter
        case Int(SDLK_SPACE.rawValue): .space
        case Int(SDLK_ESCAPE.rawValue): .escape
        case Int(SDLK_BACKSPACE.rawValue): .backspace
        case Int(SDLK_HOME.rawValue): .home
        case Int(SDLK_END.rawValue): .end
        case Int(SDLK_PAGEUP.rawValue): .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): .pageDown
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): .minus
        case Int(SDLK_EQUALS.rawValue), Int(SDLK_PLUS.rawValue), Int(SDLK_KP_PLUS.rawValue): .plus
        case Int(SDLK_COMMA.rawValue): .comma
        case Int(SDLK_PERIOD.rawValue): .period
        case Int(SDLK_LEFTBRACKET.rawValue): .leftBracket
        case Int(SDLK_RIGHTBRACKET.rawValue): .rightBracket
        case Int(SDLK_p.rawValue): .p
        case Int(SDLK_m.rawValue): .m
        default: .other
        }
    }

    private mutating func button(_ e: SDL_ControllerButtonEvent, down: Bool) {
        let which = SDL_GameControllerButton(Int32(e.button))
        if down {
            switch which {
            case SDL_CONTROLLER_BUTTON_DPAD_UP: add(.key(.up, repeated: false))
            case SDL_CONTROLLER_BUTTON_DPAD_DOWN: add(.key(.down, repeated: false))
            case SDL_CONTROLLER_BUTTON_DPAD_LEFT: add(.key(.left, repeated: false))
            case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: add(.key(.right, repeated: false))
            case SDL_CONTROLLER_BUTTON_A: add(.key(.enter, repeated: false))
            case SDL_CONTROLLER_BUTTON_B: add(.key(.escape, repeated: false))
            default: add(.key(.other, repeated: false))
            }
        }
        switch which {
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: padLeft = down
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: padRight = down
        case SDL_CONTROLLER_BUTTON_A: if down { input.requests.start = true }
        case SDL_CONTROLLER_BUTTON_START: if down { input.requests.togglePause = true }
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
        buttonDown = false
        input.pointerX = nil
    }
}
