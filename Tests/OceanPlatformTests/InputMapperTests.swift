import CSDL2
import OceanAssets
import OceanFront
import OceanKernel
@testable import OceanPlatform
import OceanStore
import TestSupport
import Testing

/// SDL events in, the player's intent out: built by hand, no window or SDL_Init.
@Suite struct InputMapperTests {
    var mapper = InputMapper()

    func key(_ sym: SDL_KeyCode, down: Bool, ctrl: Bool = false, repeated: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.keysym.sym = Int32(sym.rawValue)
        e.key.keysym.mod = ctrl ? UInt16(KMOD_LCTRL.rawValue) : 0
        e.key.repeat = repeated ? 1 : 0
        return e
    }

    func mouse(_ type: SDL_EventType, x: Int32, y: Int32 = 50) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        if type == SDL_MOUSEMOTION { e.motion.x = x; e.motion.y = y } else {
            e.button.x = x
            e.button.y = y
            e.button.button = UInt8(SDL_BUTTON_LEFT)
        }
        return e
    }

    @Test mutating func heldKeysPushTheBinUntilReleased() {
        #expect(mapper.take().move == .none)
        mapper.handle(key(SDLK_RIGHT, down: true), window: nil)
        #expect(mapper.take().move == .right)
        #expect(mapper.take().move == .right, "held across frames")
        mapper.handle(key(SDLK_RIGHT, down: false), window: nil)
        mapper.handle(key(SDLK_a, down: true), window: nil)
        #expect(mapper.take().move == .left)
        // Both ways at once cancel out.
        mapper.handle(key(SDLK_d, down: true), window: nil)
        #expect(mapper.take().move == .none)
    }

    @Test mutating func aHeldPointerIsWhereTheButtonIsAndItsPressesComeInOrder() {
        mapper.handle(mouse(SDL_MOUSEBUTTONDOWN, x: 300, y: 40), window: nil)
        var frame = mapper.take()
        #expect(frame.pointerX == 300)
        #expect(frame.move == .none)
        #expect(frame.requests.start, "a click also starts a game")
        #expect(frame.presses == [.press(x: 300, y: 40)])
        mapper.handle(mouse(SDL_MOUSEMOTION, x: 100, y: 41), window: nil)
        frame = mapper.take()
        #expect(frame.pointerX == 100)
        #expect(frame.presses == [.drag(x: 100, y: 41)])
        #expect(!frame.requests.start)
        mapper.handle(mouse(SDL_MOUSEBUTTONUP, x: 300), window: nil)
        mapper.handle(mouse(SDL_MOUSEMOTION, x: 0), window: nil)
        frame = mapper.take()
        #expect(frame.pointerX == nil, "a hovering mouse does not steer")
        #expect(frame.presses == [.release])
    }

    @Test mutating func keysComeWithWhetherTheyRepeat() {
        mapper.handle(key(SDLK_UP, down: true), window: nil)
        mapper.handle(key(SDLK_UP, down: true, repeated: true), window: nil)
        mapper.handle(key(SDLK_RETURN, down: true), window: nil)
        mapper.handle(key(SDLK_PAGEDOWN, down: true), window: nil)
        mapper.handle(key(SDLK_x, down: true), window: nil)
        mapper.handle(key(SDLK_x, down: true, ctrl: true), window: nil)
        let frame = mapper.take()
        #expect(frame.presses == [.key(.up, repeated: false), .key(.up, repeated: true), .key(.enter, repeated: false),
                                  .key(.pageDown, repeated: false), .key(.other, repeated: false)],
                "with Ctrl held a key is no press")
        #expect(mapper.take().presses.isEmpty, "taken once")
    }

    @Test mutating func aFloodOfPressesIsBounded() {
        for _ in 0..<500 { mapper.handle(key(SDLK_DOWN, down: true, repeated: true), window: nil) }
        #expect(mapper.take().presses.count == InputMapper.maxPresses)
    }

    @Test mutating func theStickHasADeadZone() {
        var e = SDL_Event()
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
        e.caxis.value = 3000
        mapper.handle(e, window: nil)
        #expect(mapper.take().move == .none)
        e.caxis.value = -20000
        mapper.handle(e, window: nil)
        #expect(mapper.take().move == .left)
    }

    @Test mutating func requestsArriveOnceEach() {
        mapper.handle(key(SDLK_SPACE, down: true), window: nil)
        mapper.handle(key(SDLK_ESCAPE, down: true), window: nil)
        mapper.handle(key(SDLK_F11, down: true), window: nil)
        let r = mapper.take().requests
        #expect(r.start && r.togglePause && r.fullscreen && !r.quit)
        let again = mapper.take().requests
        #expect(!again.start && !again.togglePause && !again.fullscreen)
        mapper.handle(key(SDLK_SPACE, down: true, repeated: true), window: nil)
        #expect(!mapper.take().requests.start, "a held Space starts nothing more")
        mapper.handle(key(SDLK_q, down: true), window: nil)
        #expect(!mapper.take().requests.quit, "Q alone does not quit")
        mapper.handle(key(SDLK_q, down: true, ctrl: true), window: nil)
        #expect(mapper.take().requests.quit)
    }

    @Test mutating func aPadsButtonsArriveAsKeysAndStartPauses() {
        func button(_ b: SDL_GameControllerButton) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_CONTROLLERBUTTONDOWN.rawValue
            e.cbutton.button = UInt8(b.rawValue)
            return e
        }
        mapper.handle(button(SDL_CONTROLLER_BUTTON_DPAD_UP), window: nil)
        mapper.handle(button(SDL_CONTROLLER_BUTTON_A), window: nil)
        mapper.handle(button(SDL_CONTROLLER_BUTTON_B), window: nil)
        mapper.handle(button(SDL_CONTROLLER_BUTTON_START), window: nil)
        let frame = mapper.take()
        #expect(frame.presses == [.key(.up, repeated: false), .key(.enter, repeated: false), .key(.escape, repeated: false),
                                  .key(.other, repeated: false)])
        #expect(frame.requests.start && frame.requests.togglePause)
    }

    @Test mutating func losingFocusPausesAndForgetsHeldKeys() {
        mapper.handle(key(SDLK_LEFT, down: true), window: nil)
        mapper.handle(mouse(SDL_MOUSEBUTTONDOWN, x: 10), window: nil)
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        mapper.handle(e, window: nil)
        let frame = mapper.take()
        #expect(frame.requests.pause)
        #expect(frame.move == .none)
        #expect(frame.pointerX == nil)
    }
}
