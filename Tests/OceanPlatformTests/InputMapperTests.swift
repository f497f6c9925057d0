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
    /// Screen x = playfield x in whole pixels, to keep the arithmetic readable.
    var mapper = InputMapper(playfieldX: { Fixed.px(Int($0)) })

    func key(_ sym: SDL_KeyCode, down: Bool, ctrl: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.keysym.sym = Int32(sym.rawValue)
        e.key.keysym.mod = ctrl ? UInt16(KMOD_LCTRL.rawValue) : 0
        return e
    }

    func mouse(_ type: SDL_EventType, x: Int32) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        if type == SDL_MOUSEMOTION { e.motion.x = x } else {
            e.button.x = x
            e.button.button = UInt8(SDL_BUTTON_LEFT)
        }
        return e
    }

    @Test mutating func heldKeysPushTheBinUntilReleased() {
        #expect(mapper.steering().move == .none)
        mapper.handle(key(SDLK_RIGHT, down: true), window: nil)
        #expect(mapper.steering().move == .right)
        mapper.handle(key(SDLK_RIGHT, down: false), window: nil)
        mapper.handle(key(SDLK_a, down: true), window: nil)
        #expect(mapper.steering().move == .left)
        // Both ways at once cancel out.
        mapper.handle(key(SDLK_d, down: true), window: nil)
        #expect(mapper.steering().move == .none)
    }

    @Test mutating func aHeldPointerPlacesTheBinUnderItself() {
        mapper.handle(mouse(SDL_MOUSEBUTTONDOWN, x: 300), window: nil)
        #expect(mapper.steering().pointer == Fixed.px(300))
        #expect(mapper.steering().move == .none)
        #expect(mapper.takeRequests().start, "a click also starts a game")
        mapper.handle(mouse(SDL_MOUSEMOTION, x: 100), window: nil)
        #expect(mapper.steering().pointer == Fixed.px(100))
        mapper.handle(mouse(SDL_MOUSEBUTTONUP, x: 300), window: nil)
        mapper.handle(mouse(SDL_MOUSEMOTION, x: 0), window: nil)
        #expect(mapper.steering().pointer == nil, "a hovering mouse does not steer")
        #expect(mapper.steering().move == .none)
    }

    @Test mutating func keysWinOverThePointer() {
        mapper.handle(mouse(SDL_MOUSEBUTTONDOWN, x: 0), window: nil)
        mapper.handle(key(SDLK_RIGHT, down: true), window: nil)
        #expect(mapper.steering().move == .right)
        #expect(mapper.steering().pointer == nil)
    }

    @Test mutating func theStickHasADeadZone() {
        var e = SDL_Event()
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
        e.caxis.value = 3000
        mapper.handle(e, window: nil)
        #expect(mapper.steering().move == .none)
        e.caxis.value = -20000
        mapper.handle(e, window: nil)
        #expect(mapper.steering().move == .left)
    }

    @Test mutating func requestsArriveOnceEach() {
        mapper.handle(key(SDLK_SPACE, down: true), window: nil)
        mapper.handle(key(SDLK_ESCAPE, down: true), window: nil)
        mapper.handle(key(SDLK_F11, down: true), window: nil)
        let r = mapper.takeRequests()
        #expect(r.start && r.togglePause && r.fullscreen && !r.quit)
        let again = mapper.takeRequests()
        #expect(!again.start && !again.togglePause && !again.fullscreen)
        mapper.handle(key(SDLK_q, down: true), window: nil)
        #expect(!mapper.takeRequests().quit, "Q alone does not quit")
        mapper.handle(key(SDLK_q, down: true, ctrl: true), window: nil)
        #expect(mapper.takeRequests().quit)
    }

    @Test mutating func losingFocusPausesAndForgetsHeldKeys() {
        mapper.handle(key(SDLK_LEFT, down: true), window: nil)
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        mapper.handle(e, window: nil)
        #expect(mapper.takeRequests().pause)
        #expect(mapper.steering().move == .none)
    }
}

@Suite struct PNGAndLayoutTests {
    @Test func upscalingRepeatsEachPixel() {
        var fb = Framebuffer(width: 2, height: 1)
        fb.pixels = [0xFF11_1111, 0xFF22_2222]
        #expect(PNGWriter.upscale(fb, 2) == [0xFF11_1111, 0xFF11_1111, 0xFF22_2222, 0xFF22_2222,
                                             0xFF11_1111, 0xFF11_1111, 0xFF22_2222, 0xFF22_2222])
    }
}
