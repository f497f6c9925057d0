import Foundation
import OceanDrivers
import OceanFront
import OceanKernel
@testable import OceanPlatform
import OceanReplay
import OceanStore
import TestSupport
import Testing

/// The play session's policy with a loop of the test's own (no window): parts,
/// reloads, saves and totals as `ocean play` runs them.
@Suite struct PlaySessionTests {
    struct Failing: Error, CustomStringConvertible { var description: String { "the disk is full" } }

    func session(folder: String, balancePath: String?, options: PlayOptions = PlayOptions()) throws -> PlaySession {
        var header = ReplayHeader()
        header.seed = 3
        header.date = CalendarDate(year: 2026, month: 6, day: 1)
        header.recordedBy = "person"
        let recording = PlayRecording(record: folder + "/run.replay", force: false, profile: folder + "/profile")
        let play = PlaySession(balance: try shippedBalance, assets: try FrontAssetsLoader.load(theme: nil), content: nil,
                               header: header, recording: recording, options: options, hotReloadPath: balancePath) { path, replaces in
            try! AtomicFileSink(path: path, overwrite: replaces)
        }
        play.say = { _ in }
        return play
    }

    /// Steps `ticks` ticks through the recorder as the window loop would.
    static func play(_ recorder: inout ReplayRecorder<AtomicFileSink>, _ view: GameView, commands: [Command], ticks: Int,
                     afterStep: (GameState, [Event]) -> Void) -> PlayStats {
        var pending = commands
        var stats = PlayStats()
        for _ in 0..<ticks {
            recorder.step(TickInput(command: pending.isEmpty ? .none : pending.removeFirst()))
            view.observe(recorder.simulation.state, events: recorder.simulation.events)
            afterStep(recorder.simulation.state, recorder.simulation.events)
            stats.ticks += 1
        }
        stats.presents = ticks
        stats.seconds = 2
        return stats
    }

    @Test func aFailedSaveIsSaidOnceAndPlayGoesOn() throws {
        let folder = freshFolder("session-save")
        let play = try session(folder: folder, balancePath: nil)
        var said: [String] = []
        play.say = { said.append($0) }
        var saves = 0
        play.saveCareer = { _ in saves += 1; throw Failing() }
        var notice: String?
        let outcome = try play.run(saved: nil, player: CareerPlayer(), session: .beginSession(CalendarDate(year: 2026, month: 6, day: 1), minuteOfDay: 600)) {
            recorder, view, session, _, _, _, afterStep in
            // Two career changes (an adoption, then a card studied would be another): each tries to save.
            let stats = Self.play(&recorder, view, commands: [session!, .adopt(.cat), .none, .adopt(.dog)], ticks: 60, afterStep: afterStep)
            notice = view.notice?.lines.joined(separator: " ")
            return stats
        }
        #expect(saves >= 1)
        #expect(said.filter { $0.contains("could not be saved") }.count == 1, "\(said)")
        #expect(notice?.contains("could not be saved") == true)
        #expect(outcome.saveError == "the disk is full")
        #expect(outcome.totals.ticks == 60)
        #expect(FileManager.default.fileExists(atPath: folder + "/run.replay"))
    }

    @Test func aBalanceEditWaitsForTheNextGameThenRecordsAPartOfItsOwn() throws {
        let folder = freshFolder("session-reload")
        let balancePath = folder + "/balance.toml"
        let shipped = try String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)
        try shipped.write(toFile: balancePath, atomically: true, encoding: .utf8)
        var options = PlayOptions()
        options.quitAfterSeconds = 10
        let play = try session(folder: folder, balancePath: balancePath, options: options)
        var newRules: Rules?
        play.rulesChanged = { newRules = $0 }
        var calls: [(quick: Bool, quitAfter: Double?, notice: String?, session: Command?)] = []
        let outcome = try play.run(saved: nil, player: CareerPlayer(), session: .beginSession(CalendarDate(year: 2026, month: 6, day: 1), minuteOfDay: 600)) {
            recorder, view, session, options, _, betweenGames, afterStep in
            calls.append((options.quick, options.quitAfterSeconds, view.notice?.lines.joined(separator: " "), session))
            var stats = Self.play(&recorder, view, commands: session.map { [$0] } ?? [], ticks: 10, afterStep: afterStep)
            if calls.count == 1 {
                // The designer saves an edit while no game is on; a game's start then asks.
                let edited = shipped.replacingOccurrences(of: "\nwidth_px = 46 ", with: "\nwidth_px = 48 ")
                #expect(edited != shipped)
                try! edited.write(toFile: balancePath, atomically: true, encoding: .utf8)
                #expect(betweenGames?(false, recorder.simulation.state) == false)
                #expect(view.notice?.lines.joined(separator: " ").contains("applies at the next game") == true)
                stats.endedForNewConstants = betweenGames?(true, recorder.simulation.state) == true
            }
            return stats
        }
        try #require(calls.count == 2)
        #expect(calls[0].quick == false && calls[1].quick == true)
        #expect(calls[1].session == nil)
        #expect(calls[1].quitAfter == 8)
        #expect(calls[1].notice?.contains("Balance reloaded") == true)
        #expect(newRules?.binHalfWidth == Fixed.px(24))
        #expect(play.rules.binHalfWidth == Fixed.px(24))
        #expect(outcome.recordingPath == folder + "/run.2.replay")
        #expect(outcome.totals.ticks == 20 && outcome.totals.presents == 20)
        // Each part holds the constants it was played with.
        let first = try ReplayReader.read(path: folder + "/run.replay").replay
        let second = try ReplayReader.read(path: folder + "/run.2.replay").replay
        #expect(first.header.balance.bin.widthPx == 46)
        #expect(second.header.balance.bin.widthPx == 48)
        #expect(second.header.startState?.tick == 10)
    }

    @Test func aBrokenBalanceEditIsRefusedAndTheConstantsStay() throws {
        let folder = freshFolder("session-refused")
        let balancePath = folder + "/balance.toml"
        let shipped = try String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)
        try shipped.write(toFile: balancePath, atomically: true, encoding: .utf8)
        let play = try session(folder: folder, balancePath: balancePath)
        var said: [String] = []
        play.say = { said.append($0) }
        var calls = 0
        let outcome = try play.run(saved: nil, player: CareerPlayer(), session: nil) { recorder, view, _, _, _, betweenGames, afterStep in
            calls += 1
            try! (shipped + "\nnot toml at all [[[\n").write(toFile: balancePath, atomically: true, encoding: .utf8)
            #expect(betweenGames?(true, recorder.simulation.state) == false)
            #expect(view.notice?.isProblem == true)
            return Self.play(&recorder, view, commands: [], ticks: 5, afterStep: afterStep)
        }
        #expect(calls == 1)
        #expect(said.contains { $0.contains("not applied, still playing with the last good constants") })
        #expect(outcome.recordingPath == folder + "/run.replay")
    }
}
