import CSDL2
import OceanFront
import OceanKernel
@testable import OceanPlatform
import OceanReplay
import OceanStore
import TestSupport
import Testing

/// The play loop's tick, without a window: what it holds across a step.
@Suite struct PlayTickTests {
    /// A copy of the state kept across the step would share the item array, and the
    /// step would copy it every tick: its storage would move.
    @Test func aTickNeverReplacesTheItemStorage() throws {
        var header = ReplayHeader()
        header.balance = try shippedBalance
        header.seed = 5
        var recorder = ReplayRecorder(header: header, sink: StringSink())
        let assets = try FrontAssetsLoader.load(theme: nil)
        let view = try GameView(assets: assets, rules: shippedRules, seed: 5)
        view.observe(recorder.simulation.state, events: [])
        var input = InputMapper(playfieldX: { Fixed.px(Int($0)) })
        var pending: [Command] = [.beginSession(CalendarDate(year: 2026, month: 6, day: 1), minuteOfDay: 600), .startGame]
        var healthSeen = 0
        func tick() {
            PlayLoop.tick(&recorder, input: input, pending: &pending, view: view) { state, _ in healthSeen = state.health }
        }
        while recorder.simulation.state.items.isEmpty { tick() }
        var right = SDL_Event()
        right.type = SDL_KEYDOWN.rawValue
        right.key.keysym.sym = Int32(SDLK_RIGHT.rawValue)
        input.handle(right, window: nil)
        let base = recorder.simulation.state.items.withUnsafeBufferPointer { $0.baseAddress }
        var moved = 0
        for _ in 0..<1_200 {
            tick()
            if recorder.simulation.state.items.withUnsafeBufferPointer({ $0.baseAddress }) != base { moved += 1 }
        }
        #expect(moved == 0, "the item storage moved on \(moved) of 1200 ticks")
        #expect(recorder.simulation.state.tick > 1_200 && healthSeen > 0)
    }
}
