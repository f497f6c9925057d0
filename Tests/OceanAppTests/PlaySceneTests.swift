import Foundation
import OceanApp
import OceanAssets
@testable import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanSession
import OceanStore
import TestSupport
import Testing

/// The play scene without a window: a frame's input in, what the session and the
/// view make of it out, as the window loop would drive it.
@Suite struct PlaySceneTests {
    static let day = CalendarDate(year: 2026, month: 6, day: 1)

    /// A quick game (no career) on a fresh session recording into `folder`.
    func scene(_ folder: String, pause: PauseHooks = PauseHooks(), assist: Assist? = nil) throws -> PlayScene {
        var header = ReplayHeader()
        header.seed = 5
        header.date = Self.day
        header.assist = assist
        let recording = PlayRecording(record: folder + "/run.replay", force: false, profile: folder + "/profile")
        let session = try GameSession(balance: try shippedBalance, header: header, saved: nil, recording: recording,
                                  hotReloadPath: nil) { path, replaces in try! AtomicFileSink(path: path, overwrite: replaces) }
        session.queue(.beginSession(Self.day, minuteOfDay: 600))
        session.queue(.start(.classic))
        return PlayScene(session: session, assets: try FrontAssetsLoader.load(theme: nil), content: nil,
                         player: CareerPlayer(), seed: 5, pauseMenu: PauseMenu(), pause: pause, say: { _ in })
    }

    func press(_ keys: FrameInput.Key..., escape: Bool = false, repeated: Bool = false) -> FrameInput {
        var input = FrameInput()
        input.presses = keys.map { .key($0, repeated: repeated) }
        input.requests.togglePause = escape
        return input
    }

    /// A copy of the state kept across the step would share the item array, and the
    /// step would copy it every tick: its storage would move.
    @Test func aTickNeverReplacesTheItemStorage() throws {
        let scene = try scene(freshFolder("scene-storage"))
        var right = FrameInput()
        right.move = .right
        #expect(scene.handle(right))
        while scene.session.state.items.isEmpty { #expect(scene.tick()) }
        let base = scene.session.state.items.withUnsafeBufferPointer { $0.baseAddress }
        var moved = 0
        for _ in 0..<1_200 {
            #expect(scene.tick())
            if scene.session.state.items.withUnsafeBufferPointer({ $0.baseAddress }) != base { moved += 1 }
        }
        #expect(moved == 0, "the item storage moved on \(moved) of 1200 ticks")
        #expect(scene.session.state.bin.x > (try shippedRules).width / 2, "the held key pushed the bin right")
        scene.leave()
    }

    /// Assist mode (issue 32): the game's time runs at its speed during a game (the
    /// menus at full), the bin is wider in the rules played and the recording, and
    /// the replay says so and verifies.
    @Test func assistModeSlowsTheGameAndWidensTheBin() throws {
        let folder = freshFolder("scene-assist")
        let assist = Assist(speedPercent: 70, binPercent: 130)
        let scene = try scene(folder, assist: assist)
        let shipped = try shippedBalance.bin.widthPx
        #expect(scene.session.rules.balance.bin.widthPx == shipped * 130 / 100)
        #expect(scene.gameNanos(wall: 1_000_000_000) == 1_000_000_000, "not in a game yet: full speed")
        while !scene.session.inGame { #expect(scene.tick()) }
        #expect(scene.gameNanos(wall: 1_000_000_000) == 700_000_000)
        #expect(scene.view.assistNote == "Assist: 70% speed, 130% bin")
        for _ in 0..<120 { #expect(scene.tick()) }
        scene.leave()
        let text = try String(contentsOfFile: folder + "/run.replay", encoding: .utf8)
        #expect(text.contains("\nassist 70 130\n") && text.contains("\nbalance bin.width_px \(shipped * 130 / 100)\n"))
        let read = try ReplayReader.read(path: folder + "/run.replay")
        #expect(read.replay.header.assist == assist)
        #expect(ReplayVerifier.verify(read).passed)
        // Without assist: full speed in a game, the shipped bin, no note.
        let plain = try self.scene(freshFolder("scene-no-assist"))
        while !plain.session.inGame { #expect(plain.tick()) }
        #expect(plain.gameNanos(wall: 1_000) == 1_000 && plain.view.assistNote == nil)
        #expect(plain.session.rules.balance.bin.widthPx == shipped)
        plain.leave()
    }

    /// The controls' hint names the keys the player bound.
    @Test func theHintNamesTheBoundKeys() throws {
        let recording = PlayRecording(record: freshFolder("scene-hint") + "/run.replay", force: false, profile: "/tmp/unused-profile")
        var header = ReplayHeader()
        header.date = Self.day
        let session = try GameSession(balance: try shippedBalance, header: header, saved: nil, recording: recording,
                                      hotReloadPath: nil) { path, replaces in try! AtomicFileSink(path: path, overwrite: replaces) }
        let scene = PlayScene(session: session, assets: try FrontAssetsLoader.load(theme: nil), content: nil, keysHint: "J L",
                              player: CareerPlayer(), seed: 5, pauseMenu: PauseMenu(), pause: PauseHooks(), say: { _ in })
        #expect(scene.view.controlsHint == "J L or drag to move the bin")
        let keys = try MoveKeys(left: ["J"], right: ["L"])
        #expect(keys.hint == "J L" && MoveKeys.standard.hint == "<- ->")
        #expect(throws: KeyNameError.self) { try MoveKeys(left: ["Banana"], right: ["L"]) }
        scene.leave()
    }

    /// One keypress through the rooms: Escape pauses (no game time passes, the pause
    /// menu is open), Escape again resumes.
    @Test func escapeOpensThePauseMenuAndStopsTheClock() throws {
        let scene = try scene(freshFolder("scene-pause"))
        for _ in 0..<10 { _ = scene.tick() }
        #expect(scene.handle(press(escape: true)))
        #expect(scene.view.paused)
        #expect(scene.gameNanos(wall: 16_000_000) == 0)
        #expect(scene.handle(press(.escape, escape: true)))
        #expect(!scene.view.paused)
        #expect(scene.gameNanos(wall: 16_000_000) == 16_000_000)
        scene.leave()
    }

    /// M mutes and unmutes in play and in the pause menu: the hooks hear it at once and
    /// it is kept (saved) at once, except on the Sound page, where leaving keeps it.
    @Test func mMutesInPlayAndInThePauseMenu() throws {
        final class Heard { var heard: [Bool] = [], saved: [Bool] = [] }
        let h = Heard()
        var hooks = PauseHooks()
        hooks.volumesChanged = { h.heard.append($0.mute) }
        hooks.saveVolumes = { h.saved.append($0.mute); return nil }
        let scene = try scene(freshFolder("scene-mute"), pause: hooks)
        var heard: [Bool] { h.heard }
        var saved: [Bool] { h.saved }
        for _ in 0..<10 { _ = scene.tick() }
        #expect(scene.handle(press(.m)))
        #expect(heard == [true] && saved == [true] && !scene.view.paused, "in play: muted, kept, still playing")
        #expect(scene.handle(press(.m, repeated: true)) && heard == [true], "a held M does not flip it back")
        #expect(scene.handle(press(escape: true)) && scene.view.paused)
        #expect(scene.handle(press(.m)))
        #expect(heard == [true, false] && saved == [true, false], "on the pause menu's main page: unmuted, kept")
        // The Sound page: Resume, Back to the menu, Sound.
        #expect(scene.handle(press(.down, .down, .enter)) && scene.view.pauseMenu.page == .sound)
        #expect(scene.handle(press(.m)) && heard == [true, false, true] && saved == [true, false], "heard now, kept on leaving")
        #expect(scene.handle(press(.escape, escape: true)) && saved == [true, false, true])
        #expect(scene.view.pauseMenu.volumes.mute)
        scene.leave()
    }

    /// The pause menu's Quit leaves the loop; leaving ends the game as abandoned and
    /// keeps the recording.
    @Test func quitFromThePauseMenuEndsTheGameAsAbandoned() throws {
        let folder = freshFolder("scene-quit")
        let scene = try scene(folder)
        for _ in 0..<30 { _ = scene.tick() }
        #expect(scene.session.inGame)
        #expect(scene.handle(press(escape: true)))
        // Resume, Back to the menu, Sound, Theme, Quit: four down, then Enter.
        #expect(scene.handle(press(.down, .down, .down, .down)))
        #expect(!scene.handle(press(.enter)), "Quit leaves the loop")
        scene.leave()
        #expect(!scene.session.inGame)
        let replay = try ReplayReader.read(path: folder + "/run.replay").replay
        #expect(replay.inputs.last?.input.command == .abandon)
    }

    /// The pointer places the bin under itself, in playfield pixels; a held key wins.
    @Test func thePointerSteersUnlessAKeyIsHeld() throws {
        let scene = try scene(freshFolder("scene-pointer"))
        var input = FrameInput()
        input.pointerX = 100
        #expect(scene.handle(input))
        for _ in 0..<240 { _ = scene.tick() }
        let towardPointer = scene.session.state.bin.x
        #expect(towardPointer < (try shippedRules).width / 2, "the bin went left, under the pointer")
        input.move = .right
        #expect(scene.handle(input))
        for _ in 0..<60 { _ = scene.tick() }
        #expect(scene.session.state.bin.x > towardPointer)
        scene.leave()
    }

    /// One catch through the rooms: the kernel's event carries the x it judged the
    /// catch at, and the view places its pop-up there.
    @Test func aCatchIsDrawnWhereTheKernelJudgedIt() throws {
        let scene = try scene(freshFolder("scene-catch"))
        var caught: (x: Int, multiplier: Int)?
        scene.session.observers.append { state, events in
            for case .caught(_, _, _, _, let multiplier, let x) in events where caught == nil {
                caught = (x, multiplier)
                #expect(abs(x - state.bin.x) <= (try! shippedRules).binHalfWidth + Fixed.px(2), "caught within the mouth")
            }
        }
        var input = FrameInput()
        // The greedy idea with the pointer: follow the lowest item.
        for _ in 0..<(60 * 60) where caught == nil {
            if let lowest = scene.session.state.items.max(by: { $0.y < $1.y }) {
                input.pointerX = Float(PlayfieldLayout(rules: scene.session.rules, theme: scene.assets.theme)
                    .screenX(playfield: lowest.x))
            }
            _ = scene.handle(input)
            _ = scene.tick()
        }
        let catchAt = try #require(caught, "nothing was caught in a minute of following the lowest item")
        #expect(catchAt.multiplier == 1)
        #expect(scene.view.popups.effects.filter(\.alive).map(\.x).contains(PlayfieldLayout(rules: scene.session.rules, theme: scene.assets.theme)
            .screenX(playfield: catchAt.x)))
        scene.leave()
    }
}
