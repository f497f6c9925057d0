import OceanAssets
import OceanFront
import OceanKernel
import OceanPlatform
import OceanStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Screenshots for people to look at: with `OCEAN_FRONT_SHOTS=DIR`, writes each
/// scene as `DIR/NAME.png` through the one picture writer (SDL_image); skipped
/// without it.
@Test(.enabled(if: getenv("OCEAN_FRONT_SHOTS") != nil, "writes the scenes as PNG: OCEAN_FRONT_SHOTS=DIR"))
func screenshots() throws {
    let dir = try #require(getenv("OCEAN_FRONT_SHOTS").map { String(cString: $0) })
    func save(_ name: String, _ fb: Framebuffer) {
        #expect(fb.pixels.contains { $0 != fb.pixels[0] }, "\(name) is blank")
        do { try PNGFile.write(fb, to: dir + "/" + name + ".png") } catch { Issue.record("\(name): \(error.description)") }
    }
    for phase in [Phase.polluted, .stabilizing, .recovering, .flourishing, .thriving] {
        var played = try Played(phase: phase)
        played.play(ticks: 900)
        try played.settle(in: phase)
        save("phase-\(phase.rawValue)-\(phase.key)", played.render(fraction: 0.5))
    }
    var title = try Played(phase: .polluted, start: false)
    title.play(ticks: 30)
    save("title", title.render())
    var over = try Played(phase: .recovering)
    _ = over.playToGameOver()
    over.play(ticks: 20)
    save("summary", over.render())
    var paused = try Played(phase: .flourishing)
    paused.play(ticks: 600)
    paused.view.paused = true
    save("paused", paused.render())
    let contrast = try FrontAssetsLoader.load(theme: repoRoot + "/assets/themes/high-contrast.toml")
    for phase in [Phase.polluted, .thriving] {
        var played = try Played(phase: phase, assets: contrast)
        played.play(ticks: 900)
        try played.settle(in: phase)
        save("high-contrast-\(phase.key)", played.render(fraction: 0.5))
    }
    // Halfway through the crossfade from Stabilizing to Flourishing.
    var fade = try Played(phase: .stabilizing)
    fade.play(ticks: 300)
    try fade.settle(in: .flourishing)
    fade.view.observe(fade.sim.state, events: [.phaseChanged(from: .stabilizing, to: .flourishing)])
    for _ in try 0..<Int(Double(shippedAssets.theme.crossfadeMs) * 0.06 / 2) {
        fade.view.observe(fade.sim.state, events: [])
        fade.sim.state.tick += 1
    }
    save("crossfade-half", fade.render())
    let (state, events) = try BenchScenes.busyScene(rules: shippedRules)
    let view = try GameView(assets: shippedAssets, rules: shippedRules, seed: 42)
    view.observe(state, events: [])
    view.observe(state, events: events)
    var fb = Framebuffer(width: GameView.width, height: GameView.height)
    view.render(state, fraction: 0.3, into: &fb)
    save("bench-scene", fb)
}

/// The pause menu and what leaving a game shows, as PNG for docs/screenshots
/// (`scripts/screenshots.sh`): the menu, its Sound page, the summary of a game left
/// early, and the toast of a day whose healing is full. With `OCEAN_FRONT_SHOTS=DIR`.
@Test(.enabled(if: getenv("OCEAN_FRONT_SHOTS") != nil, "writes the scenes as PNG: OCEAN_FRONT_SHOTS=DIR"))
func pauseScreenshots() throws {
    let dir = try #require(getenv("OCEAN_FRONT_SHOTS").map { String(cString: $0) })
    func save(_ name: String, _ fb: Framebuffer) {
        do { try PNGFile.write(fb, to: dir + "/" + name + ".png") } catch { Issue.record("\(name): \(error.description)") }
    }
    var paused = try Played(phase: .flourishing)
    paused.play(ticks: 600)
    paused.view.paused = true
    paused.view.pauseMenu = PauseMenu(themes: FrontAssetsLoader.shippedThemes)
    save("pause-menu", paused.render())
    // The Sound page, Master a step down.
    for key in [CareerKey.down, .down, .confirm, .left] { _ = paused.view.pauseMenu.handle(key) }
    save("pause-sound", paused.render())
    paused.view.paused = false
    // Back to the menu: the game ends as abandoned, and its summary says so.
    _ = paused.step(TickInput(command: .abandon))
    paused.play(ticks: 40)
    save("summary-left-early", paused.render())
    // The day's rise reached: the toast says the ocean has healed all it can today.
    var healed = try Played(phase: .recovering)
    healed.play(ticks: 200)
    healed.view.observe(healed.sim.state, events: [.healedAllToday])
    healed.play(ticks: 30)
    save("healed-all-today", healed.render())
}
