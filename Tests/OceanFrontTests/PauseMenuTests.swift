import OceanAssets
import OceanFront
import OceanKernel
import Testing
import TestSupport

// Issue 20, the pause menu: what each key chooses, and what the menu draws.
@Suite struct PauseMenuTests {
    let themes = ["default", "high-contrast", "sage"]

    @Test func itOpensOnResumeAndEnterResumes() {
        var menu = PauseMenu(themes: themes)
        menu.open()
        #expect(menu.page == .main && menu.selection == 0)
        #expect(menu.handle(.confirm) == .resume)
        #expect(menu.handle(.back) == .resume)
    }

    @Test func downAndEnterGoBackToTheMenuOrQuit() {
        var menu = PauseMenu(themes: themes)
        #expect(menu.handle(.down) == .none)
        #expect(menu.handle(.confirm) == .backToMenu)
        #expect(menu.handle(.up) == .none)
        #expect(menu.handle(.up) == .none)  // round to the bottom
        #expect(menu.selection == PauseMenu.Item.quit.rawValue)
        #expect(menu.handle(.space) == .quit)
    }

    @Test func theSoundPageStepsVolumesWithinRangeAndSavesOnLeaving() {
        var menu = PauseMenu(volumes: .init(master: 100, music: 5, effects: 0), themes: themes)
        _ = menu.handle(.down)
        _ = menu.handle(.down)
        #expect(menu.handle(.confirm) == .none)
        #expect(menu.page == .sound && menu.selection == 0)
        #expect(menu.handle(.right) == .none, "master is at 100 already")
        #expect(menu.handle(.left) == .volumesChanged(.init(master: 90, music: 5, effects: 0)))
        _ = menu.handle(.down)
        #expect(menu.handle(.left) == .volumesChanged(.init(master: 90, music: 0, effects: 0)))
        #expect(menu.handle(.left) == .none, "music is at 0")
        _ = menu.handle(.down)
        #expect(menu.handle(.right) == .volumesChanged(.init(master: 90, music: 0, effects: 10)))
        // Escape leaves the page and keeps the volumes; once.
        #expect(menu.handle(.back) == .saveVolumes(.init(master: 90, music: 0, effects: 10)))
        #expect(menu.page == .main && menu.selection == PauseMenu.Item.sound.rawValue)
        #expect(menu.handle(.back) == .resume)
    }

    @Test func theSoundPageHasAMuteRowThatEnterAndTheArrowsFlip() {
        var menu = PauseMenu(volumes: .init(master: 70, music: 60, effects: 50), themes: themes)
        for key in [CareerKey.down, .down, .confirm, .down, .down, .down] { _ = menu.handle(key) }
        #expect(menu.selection == PauseMenu.SoundRow.mute.rawValue)
        #expect(menu.handle(.confirm) == .volumesChanged(.init(master: 70, music: 60, effects: 50, mute: true)))
        #expect(menu.handle(.left) == .volumesChanged(.init(master: 70, music: 60, effects: 50, mute: false)))
        #expect(menu.handle(.right) == .volumesChanged(.init(master: 70, music: 60, effects: 50, mute: true)))
        // Leaving keeps it, with the volumes untouched.
        #expect(menu.handle(.back) == .saveVolumes(.init(master: 70, music: 60, effects: 50, mute: true)))
        // M away from the Sound page: flipped and kept at once.
        #expect(menu.toggleMute() == .muteToggled(.init(master: 70, music: 60, effects: 50, mute: false)))
        #expect(menu.help.contains("M mutes"))
    }

    @Test func theSoundPageShowsMuteAndItsStateAndTheHintSaysM() throws {
        let state = try scene(.recovering).state
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        view.paused = true
        view.pauseMenu = PauseMenu(volumes: .init(mute: true))
        for key in [CareerKey.down, .down, .confirm] { _ = view.pauseMenu.handle(key) }
        let log = TextBoxLog()
        view.textLog = log
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        let words = log.boxes.map(\.text)
        #expect(words.contains("Mute") && words.contains("On") && words.joined(separator: " ").contains("M mutes"), "\(words)")
        // A click on the Mute row flips it.
        let mute = try #require(log.boxes.first { $0.text == "Mute" })
        let row = try #require(view.pauseRow(atX: mute.x + 1, y: mute.y + 1))
        #expect(view.pauseMenu.handle(.click(x: mute.x + 1, y: mute.y + 1), clickedRow: row) == .volumesChanged(.init()))
    }

    @Test func leavingTheSoundPageUnchangedSavesNothing() {
        var menu = PauseMenu(themes: themes)
        _ = menu.handle(.down)
        _ = menu.handle(.down)
        _ = menu.handle(.confirm)
        _ = menu.handle(.up)  // to Back
        #expect(menu.selection == PauseMenu.SoundRow.back.rawValue)
        #expect(menu.handle(.confirm) == .none)
        #expect(menu.page == .main)
    }

    @Test func theThemeRowCyclesEveryThemeBothWays() {
        var menu = PauseMenu(themes: themes, theme: "sage")
        for _ in 0..<3 { _ = menu.handle(.down) }
        #expect(menu.handle(.right) == .theme("default"))
        #expect(menu.handle(.confirm) == .theme("high-contrast"))
        #expect(menu.handle(.left) == .theme("default"))
        #expect(menu.handle(.left) == .theme("sage"))
        // Only the theme row has a value to change.
        _ = menu.handle(.up)
        #expect(menu.handle(.right) == .none)
    }

    @Test func aClickChoosesTheRowUnderIt() throws {
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        let state = try scene(.recovering).state
        view.observe(state, events: [])
        view.paused = true
        let log = TextBoxLog()
        view.textLog = log
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &fb)
        let quit = try #require(log.boxes.first { $0.text == "Quit" })
        let row = try #require(view.pauseRow(atX: quit.x + 1, y: quit.y + 1))
        #expect(row == PauseMenu.Item.quit.rawValue)
        #expect(view.pauseMenu.handle(.click(x: quit.x + 1, y: quit.y + 1), clickedRow: row) == .quit)
        #expect(view.pauseRow(atX: 2, y: 2) == nil)
        #expect(view.pauseMenu.handle(.click(x: 2, y: 2), clickedRow: nil) == .none)
    }

    @Test func thePausedGameShowsEveryRowAndTheChosenOneStandsOut() throws {
        let state = try scene(.recovering).state
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        view.paused = true
        view.pauseMenu = PauseMenu(themes: themes, theme: "high-contrast")
        let log = TextBoxLog()
        view.textLog = log
        var first = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &first)
        let words = log.boxes.map(\.text)
        for item in PauseMenu.Item.allCases { #expect(words.contains(item.label), "\(words)") }
        #expect(words.contains("PAUSED") && words.contains("high-contrast"), "\(words)")
        // Another row chosen: the picture changes where the two rows are.
        _ = view.pauseMenu.handle(.down)
        log.clear()
        var second = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(state, fraction: 1, into: &second)
        #expect(differing(first, second) > 500)
        // The sound page, with the volumes.
        _ = view.pauseMenu.handle(.down)
        _ = view.pauseMenu.handle(.confirm)
        log.clear()
        view.render(state, fraction: 1, into: &second)
        let sound = log.boxes.map(\.text)
        #expect(sound.contains("SOUND") && sound.contains("Master") && sound.contains("100"), "\(sound)")
    }

    @Test func anAbandonedGamesSummarySaysSo() throws {
        var sim = try scene(.recovering)
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(sim.state, events: [])
        sim.step(TickInput(command: .abandon))
        view.observe(sim.state, events: sim.events)
        #expect(sim.state.mode == .idle)
        let log = TextBoxLog()
        view.textLog = log
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(sim.state, fraction: 1, into: &fb)
        let words = log.boxes.map(\.text)
        #expect(words.contains("GAME LEFT") && !words.contains("GAME OVER"), "\(words)")
        #expect(words.contains { $0.hasPrefix("Left early") }, "\(words)")
    }

    @Test func aRestyledViewDrawsAsAFreshViewOfThatTheme() throws {
        let state = try scene(.thriving).state
        let restyled = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        restyled.observe(state, events: [])
        let contrast = try assets("high-contrast")
        restyled.restyle(contrast)
        var a = Framebuffer(width: GameView.width, height: GameView.height)
        restyled.render(state, fraction: 1, into: &a)
        let b = try render(state, assets: contrast)
        #expect(differing(a, b) == 0)
        #expect(try differing(a, render(state)) > 1_000, "the theme shows")
    }
}
