import Foundation
import OceanApp
import OceanAssets
import OceanDaily
import OceanDrivers
@testable import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanSession
import OceanStore
import OceanSystem
import Synchronization
import TestSupport
import Testing

/// The Daily Ocean in the window, without one: tries played by held keys, filed as a
/// server would see them (the first finished one official, never replaced), the ghost
/// racing the day's best, the official run sent once when the player opted in.
@Suite struct DailySceneTests {
    static let day = CalendarDate(year: 2026, month: 12, day: 1)

    final class Sent: Sendable {
        let replays = Mutex<[[UInt8]]>([])
    }

    func setup(_ folder: String, sent: Sent? = nil) throws -> DailyScene.Setup {
        let balance = try shippedBalance
        let tries = DailyTries(profile: folder + "/profile", date: Self.day)
        var setup = DailyScene.Setup(tries: tries, balance: balance, assets: try FrontAssetsLoader.load(theme: nil)) { () throws(FileError) in
            let recording = PlayRecording(record: tries.tryPath, force: true, profile: folder + "/profile")
            return try GameSession(balance: balance, header: DailySession.header(date: Self.day, balance: balance), saved: nil,
                                   recording: recording, hotReloadPath: nil) { path, replaces throws(FileError) in
                try AtomicFileSink(path: path, overwrite: replaces)
            }
        }
        setup.say = { _ in }
        if let sent {
            setup.submit = { bytes, answer in
                sent.replays.withLock { $0.append(bytes) }
                answer(SummaryNote("Verified by the server: rank 1 today", good: true))
            }
        }
        return setup
    }

    /// Plays the try on screen to its end holding `move`; the ticks it took.
    @discardableResult
    func playOut(_ scene: DailyScene, holding move: Move) -> Int {
        var input = FrameInput()
        input.move = move
        var ticks = 0
        while !scene.ended && ticks < DailyRun.maxTicks {
            #expect(scene.handle(input))
            #expect(scene.tick())
            ticks += 1
        }
        #expect(scene.ended, "the try ends by itself (the misses run out)")
        return ticks
    }

    /// Plays the try on screen to its end as the oracle steers (it catches everything it can).
    func playOutCatching(_ scene: DailyScene) throws {
        let rules = Rules(try shippedBalance)
        var bot = OracleBot()
        var ticks = 0
        while !scene.ended && ticks < DailyRun.maxTicks {
            var input = FrameInput()
            input.move = bot.move(scene.play.session.state, rules: rules)
            #expect(scene.handle(input))
            #expect(scene.tick())
            ticks += 1
        }
        #expect(scene.ended)
    }

    func again(_ scene: DailyScene) {
        var space = FrameInput()
        space.requests.start = true
        #expect(scene.handle(space), "Space after a try plays another")
        #expect(!scene.ended)
    }

    @Test func theFirstFinishedTryIsOfficialAndLaterOnesAreNot() throws {
        let folder = freshFolder("daily-scene")
        let sent = Sent()
        let scene = try DailyScene(try setup(folder, sent: sent))
        let tries = DailyTries(profile: folder + "/profile", date: Self.day)
        #expect(!scene.racesGhost, "no best run yet: no ghost")
        playOut(scene, holding: .left)
        #expect(scene.kept?.official == true && scene.kept?.best == true)
        #expect(scene.play.view.summaryNote?.words == "Official run: sending it...")
        #expect(fileSize(tries.tryPath) == nil, "the try's file is filed away")
        let official = try #require(readFileBytes(tries.officialPath, limit: 1 << 24))
        // The official run is the day's game, as a server re-plays it.
        let verified = DailyRun.verify(try ReplayReader.read(path: tries.officialPath), date: Self.day, balance: try shippedBalance)
        guard case .success(let first) = verified else { Issue.record("\(verified)"); return }
        #expect(first.score == scene.kept?.score)
        // Sent once, its answer on the summary at the next frame.
        #expect(sent.replays.withLock { $0 } == [official])
        _ = scene.handle(FrameInput())
        #expect(scene.play.view.summaryNote?.words == "Verified by the server: rank 1 today")

        // A second try: practice, racing the first as a ghost that stays where it was steered (the left).
        again(scene)
        #expect(scene.racesGhost)
        var input = FrameInput()
        input.move = .right
        var ghostLeftOfBin = 0
        for _ in 0..<240 {
            _ = scene.handle(input)
            _ = scene.tick()
            if let g = scene.play.view.ghostX, g < scene.play.session.state.bin.x { ghostLeftOfBin += 1 }
        }
        #expect(ghostLeftOfBin > 200, "the ghost replays the recorded path (left) while the player goes right")
        playOut(scene, holding: .right)
        #expect(scene.kept?.official == false)
        #expect(readFileBytes(tries.officialPath, limit: 1 << 24) == official, "the official run is never replaced")
        #expect(sent.replays.withLock { $0.count } == 1, "practice is not sent")
        let best = try #require(tries.result(at: tries.bestPath, balance: try shippedBalance))
        #expect(best.score == max(first.score, scene.kept?.score ?? 0))
        #expect(scene.play.view.summaryNote?.short == (scene.kept?.best == true ? "New best today" : "Practice"))
    }

    /// A try left from the pause menu counts for nothing and goes back at once; Escape
    /// after a finished try goes back too, without quitting the program.
    @Test func aTryLeftEarlyCountsForNothing() throws {
        let folder = freshFolder("daily-left")
        let tries = DailyTries(profile: folder + "/profile", date: Self.day)
        let scene = try DailyScene(try setup(folder))
        for _ in 0..<300 { _ = scene.tick() }
        #expect(scene.play.session.inGame)
        scene.leave()
        #expect(fileSize(tries.tryPath) == nil && !tries.hasOfficial, "nothing kept of a try left early")

        let next = try DailyScene(try setup(folder))
        playOut(next, holding: .none)
        #expect(tries.hasOfficial)
        #expect(next.play.view.summaryNote == SummaryNote("Official run of 2026-12-01", short: "Official run", good: true),
                "offline: the run is kept, nothing sent")
        var escape = FrameInput()
        escape.requests.togglePause = true
        #expect(!next.handle(escape) && !next.quitAll, "Escape goes back to the menu")
        #expect(next.play.view.summaryHint == "Space: try again   Esc: back")
    }

    /// Opened alone (`ocean play --daily`) there is no menu to go back to: the summary
    /// says what Escape does there.
    @Test func theSummarySaysWhatEscapeDoes() throws {
        let folder = freshFolder("daily-alone")
        var alone = try setup(folder)
        alone.escapeWord = "quit"
        let scene = try DailyScene(alone)
        playOut(scene, holding: .none)
        #expect(scene.play.view.summaryHint == "Space: try again   Esc: quit")
        var space = FrameInput()
        space.requests.start = true
        #expect(scene.handle(space), "Space: another try")
        playOut(scene, holding: .none)
        #expect(scene.play.view.summaryHint == "Space: try again   Esc: quit", "every try's summary")
    }

    /// A career of a few days with a pet, as the menu opens the Daily Ocean from it:
    /// two days each with an oracle's classic game, the pet adopted, today begun.
    func careerSession(_ folder: String) throws -> GameSession {
        let balance = try shippedBalance
        let rules = Rules(balance)
        var sim = Simulation(rules: rules, seed: 9)
        var bot = OracleBot()
        for day in [29, 30] {
            sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 11, day: day), minuteOfDay: 600)))
            if !sim.state.career.pet.adopted { sim.step(TickInput(command: .adopt(.bird))) }
            sim.step(TickInput(command: .start(.classic)))
            while sim.state.mode != .idle { sim.step(TickInput(move: bot.move(sim.state, rules: rules))) }
        }
        var header = ReplayHeader()
        header.balance = balance
        header.seed = 9
        let recording = PlayRecording(record: folder + "/career.replay", force: true, profile: folder + "/profile")
        let session = try GameSession(balance: balance, header: header, saved: sim.state, recording: recording,
                                      hotReloadPath: nil) { path, replaces throws(FileError) in
            try AtomicFileSink(path: path, overwrite: replaces)
        }
        session.queue(.beginSession(Self.day, minuteOfDay: 600))
        try session.tick(move: .none, pointer: nil)
        return session
    }

    /// GAME_RULES §7: the daily is a game of the career. Its summary shows the career
    /// it was opened from (not a level-1 career of its own), and the official run counts
    /// in that career once: a game played, the day's streak, its plastic, the ocean.
    @Test func theDailyShowsAndCountsInTheCareerItWasOpenedFrom() throws {
        let folder = freshFolder("daily-career")
        let career = try careerSession(folder)
        let before = career.state
        #expect(before.career.level > 1 && before.career.streak == 2 && before.career.pet.adopted)
        var withCareer = try setup(folder)
        withCareer.career = PlayApp.dailyCareer(career)
        let scene = try DailyScene(withCareer)
        #expect(scene.play.view.careerShown?.career == before.career, "the career's level, streak and pet on the daily's panels")
        try playOutCatching(scene)
        #expect(scene.kept?.official == true)
        let after = career.state
        #expect(after.totals.games == before.totals.games + 1, "the run is a game of the career")
        #expect(after.career.streak == 3 && after.career.lastActiveDay == Self.day.dayNumber, "today counts for the streak")
        #expect(after.career.dailyCreditDay == Self.day.dayNumber)
        #expect(after.totals.grams > before.totals.grams && after.career.gramsToday > 0, "its plastic counts toward the goal")
        #expect(scene.play.view.careerShown?.career == after.career, "the summary shows the career as it is now")
        #expect(scene.play.view.moments.contains("Streak: 3 days"), "\(scene.play.view.moments)")
        #expect(!scene.play.view.moments.contains { $0.hasPrefix("Level 2") }, "no level-up of a career from zero")
        #expect(scene.play.view.summaryNote?.words == "Official run of 2026-12-01")

        // A practice try counts nothing more.
        again(scene)
        playOut(scene, holding: .right)
        #expect(scene.kept?.official == false)
        #expect(career.state.totals.games == after.totals.games && career.state.career.streak == 3)
        scene.leave()
        try career.finish()
        // The career's recording carries the run and verifies.
        let read = try ReplayReader.read(path: folder + "/career.replay")
        #expect(read.replay.inputs.contains { if case .creditDaily = $0.input.command { true } else { false } })
        #expect(ReplayVerifier.verify(read).passed)
    }

    /// A Daily Ocean two days from the career's today (a clock moved on while it was
    /// open) is kept but not counted, and says so.
    @Test func anotherDaysDailyIsKeptNotCounted() throws {
        let folder = freshFolder("daily-other-day")
        let career = try careerSession(folder)
        career.queue(.beginSession(CalendarDate(year: 2026, month: 12, day: 3), minuteOfDay: 600))
        try career.tick(move: .none, pointer: nil)
        let before = career.state
        var withCareer = try setup(folder)
        withCareer.career = PlayApp.dailyCareer(career)
        let scene = try DailyScene(withCareer)
        playOut(scene, holding: .none)
        #expect(scene.kept?.official == true)
        #expect(career.state.totals == before.totals)
        #expect(scene.play.view.summaryNote?.words == "Official run of 2026-12-01; not counted in your career: another day's Daily Ocean")
        scene.leave()
    }

    /// The ghost is the bin's sprite, see-through: the pixels under it are mixed, not replaced.
    @Test func theGhostBinIsDrawnSeeThrough() throws {
        let folder = freshFolder("daily-ghost")
        let scene = try DailyScene(try setup(folder))
        for _ in 0..<120 { _ = scene.tick() }
        let view = scene.play.view
        var plain = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(scene.play.session.state, fraction: 1, into: &plain)
        let x = try shippedRules.width / 5
        view.observeGhost(x: x)
        view.observeGhost(x: x)
        var ghosted = Framebuffer(width: GameView.width, height: GameView.height)
        view.render(scene.play.session.state, fraction: 1, into: &ghosted)
        let changed = zip(plain.pixels, ghosted.pixels).filter { $0 != $1 }.count
        let bin = view.art.bin.pixels.filter { $0 != 0 }.count
        #expect(changed > bin / 2 && changed <= bin, "\(changed) pixels changed for a bin of \(bin)")
        // Mixed: no pixel of the ghost is the sprite's own colour over a different sea.
        let sprite = Set(view.art.bin.pixels)
        let mixed = zip(plain.pixels, ghosted.pixels).filter { a, b in a != b && !sprite.contains(b) }.count
        #expect(mixed == changed)
        scene.leave()
    }
}

/// The settings that opt in to sending runs: a missing file is offline; a bad one is
/// named by file, line and key.
@Suite struct DailySettingsTests {
    @Test func theFileRoundTripsAndRefusesWhatAServerWouldNot() throws {
        let path = freshFolder("daily-settings") + "/daily.toml"
        #expect(try DailySettingsFile.load(path: path) == DailySettings())
        let chosen = DailySettings(submitTo: "http://127.0.0.1:8080", name: "Ada_1")
        try DailySettingsFile.save(chosen, path: path)
        #expect(try DailySettingsFile.load(path: path) == chosen)
        do {
            _ = try DailySettingsFile.parse("submit_to = \"ftp://x\"\nname = \"Ada Lovelace\"\ncolour = 1\n", file: "d.toml")
            Issue.record("a bad file was read")
        } catch {
            let text = error.description
            #expect(text.contains("d.toml:1") && text.contains("submit_to") && text.contains("http://"), "\(text)")
            #expect(text.contains("d.toml:2") && text.contains("name") && text.contains("1 to 32"), "\(text)")
            #expect(text.contains("colour") && text.contains("unknown key"), "\(text)")
        }
    }
}
