import Foundation
import OceanKernel
import OceanReplay
@testable import OceanSession
import OceanStore
import TestSupport
import Testing

/// The session's policy in-process, with no window: parts, reloads, saves, quitting
/// as abandoned, the observers, the rules built once per stretch of constants.
@Suite struct GameSessionTests {
    struct Failing: Error, CustomStringConvertible { var description: String { "the disk is full" } }

    static let day = CalendarDate(year: 2026, month: 6, day: 1)

    func session(folder: String, balancePath: String? = nil, saved: GameState? = nil) throws -> GameSession {
        var header = ReplayHeader()
        header.seed = 3
        header.date = Self.day
        header.recordedBy = "person"
        let recording = PlayRecording(record: folder + "/run.replay", force: false, profile: folder + "/profile")
        let session = try GameSession(balance: try shippedBalance, header: header, saved: saved, recording: recording,
                                  hotReloadPath: balancePath) { path, replaces in
            try! AtomicFileSink(path: path, overwrite: replaces)
        }
        session.queue(.beginSession(Self.day, minuteOfDay: 600))
        return session
    }

    /// A copy of the shipped balance file to edit, and its text.
    func balanceFile(in folder: String) throws -> (path: String, text: String) {
        let shipped = try String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)
        try shipped.write(toFile: folder + "/balance.toml", atomically: true, encoding: .utf8)
        return (folder + "/balance.toml", shipped)
    }

    func run(_ session: GameSession, ticks: Int) throws {
        for _ in 0..<ticks { try session.tick(move: .none, pointer: nil) }
    }

    /// The rules are built once per stretch of constants: the caller's, kept; a new
    /// instance only when a reloaded balance begins a part.
    @Test func theRulesAreBuiltOnce() throws {
        let rules = Rules(try shippedBalance)
        let session = try GameSession(balance: try shippedBalance, rules: rules, header: ReplayHeader(), saved: nil,
                                  recording: PlayRecording(record: freshFolder("session-rules") + "/r.replay", force: false,
                                                           profile: "p"),
                                  hotReloadPath: nil) { path, replaces in try! AtomicFileSink(path: path, overwrite: replaces) }
        try run(session, ticks: 5)
        #expect(session.rules === rules)
        try session.finish()
    }

    @Test func everyTickReachesEveryObserverInOrderAndTheCommandsGoOneATick() throws {
        let folder = freshFolder("session-observers")
        let session = try session(folder: folder)
        session.queue(.start(.classic))
        var heard: [(String, Int)] = []
        session.observers.append { state, _ in heard.append(("view", state.tick)) }
        session.observers.append { state, _ in heard.append(("sound", state.tick)) }
        try run(session, ticks: 3)
        #expect(heard.map(\.0) == ["view", "sound", "view", "sound", "view", "sound"])
        #expect(heard.map(\.1) == [1, 1, 2, 2, 3, 3])
        #expect(session.inGame, "the begin-session, then the start, each on a tick of its own")
        try session.finish()
        let replay = try ReplayReader.read(path: folder + "/run.replay").replay
        #expect(replay.inputs.filter { $0.input.command != .none }.count >= 3, "begin, start and the abandon on leaving")
    }

    @Test func leavingWithAGameOnEndsItAsAbandonedRecordedAndSaved() throws {
        let folder = freshFolder("session-abandon")
        let session = try session(folder: folder)
        session.queue(.start(.classic))
        var saved: [GameState] = []
        session.saveCareer = { saved.append($0) }
        try run(session, ticks: 120)
        #expect(session.inGame)
        try session.finish()
        #expect(!session.inGame)
        let summary = try #require(session.events.compactMap { if case .gameOver(let s) = $0 { s } else { nil } }.first)
        #expect(summary.abandoned)
        #expect(saved.last?.mode == .idle, "the career is saved with the game counted")
        let replay = try ReplayReader.read(path: folder + "/run.replay")
        #expect(replay.replay.inputs.last?.input.command == .abandon)
    }

    @Test func aFailedSaveIsSaidOnceAndPlayGoesOn() throws {
        let folder = freshFolder("session-save")
        let session = try session(folder: folder)
        var news: [SessionNews] = []
        session.onNews = { news.append($0) }
        var saves = 0
        session.saveCareer = { _ in saves += 1; throw Failing() }
        // Two career changes (two adoptions), each tries to save.
        session.queue(.adopt(.cat))
        session.queue(.none)
        session.queue(.adopt(.dog))
        try run(session, ticks: 60)
        #expect(saves >= 1)
        #expect(news == [.saveFailed(said: "the disk is full", shown: "the disk is full")])
        #expect(session.saveError == "the disk is full")
        #expect(session.ticks == 60)
        try session.finish()
        #expect(FileManager.default.fileExists(atPath: folder + "/run.replay"))
    }

    @Test func aPlayerChangeWithCommandsIsSavedOnceTheKernelRanThem() throws {
        let folder = freshFolder("session-player")
        let session = try session(folder: folder)
        var savedAt: [Int] = []
        session.savePlayer = { savedAt.append($0.tick) }
        try run(session, ticks: 2)
        session.queue(.adopt(.cat))
        session.playerChanged(withQueuedCommands: true)
        #expect(savedAt.isEmpty, "not before the adoption is run")
        try run(session, ticks: 1)
        #expect(savedAt == [3])
        session.playerChanged(withQueuedCommands: false)
        #expect(savedAt == [3, 3], "a change alone is saved at once")
    }

    @Test func aBalanceEditWaitsForTheNextGameThenRecordsAPartOfItsOwn() throws {
        let folder = freshFolder("session-reload")
        let (balancePath, shipped) = try balanceFile(in: folder)
        let session = try session(folder: folder, balancePath: balancePath)
        var news: [SessionNews] = []
        session.onNews = { news.append($0) }
        var storeRules: Rules?
        session.onRulesChanged = { storeRules = $0 }
        var rulesSeenByObserver: [Int] = []
        session.observers.append { [unowned session] _, _ in rulesSeenByObserver.append(session.rules.binHalfWidth) }
        try run(session, ticks: 10)
        // The designer saves an edit while no game is on: said, not applied.
        let edited = shipped.replacingOccurrences(of: "\nwidth_px = 46 ", with: "\nwidth_px = 48 ")
        #expect(edited != shipped)
        try edited.write(toFile: balancePath, atomically: true, encoding: .utf8)
        session.lookBetweenGames()
        #expect(news == [.balanceWaiting(path: balancePath)])
        #expect(session.rules.binHalfWidth == Fixed.px(23))
        // The game's start applies it, in a part of its own.
        session.queue(.start(.classic))
        try run(session, ticks: 10)
        #expect(news.count == 2)
        if case .rulesChanged(let message)? = news.last { #expect(message.contains("run.2.replay")) } else {
            Issue.record("no rules change: \(news)")
        }
        #expect(session.rules.binHalfWidth == Fixed.px(24))
        #expect(storeRules?.binHalfWidth == Fixed.px(24))
        #expect(rulesSeenByObserver.first == Fixed.px(23) && rulesSeenByObserver.last == Fixed.px(24))
        #expect(session.inGame)
        try session.finish()
        #expect(session.recording.path == folder + "/run.2.replay")
        // Each part holds the constants it was played with.
        let first = try ReplayReader.read(path: folder + "/run.replay").replay
        let second = try ReplayReader.read(path: folder + "/run.2.replay").replay
        #expect(first.header.balance.bin.widthPx == 46)
        #expect(second.header.balance.bin.widthPx == 48)
        #expect(second.header.startState?.tick == 10)
        #expect(second.inputs.first?.input.command == .start(.classic))
    }

    @Test func aBrokenBalanceEditIsRefusedAndTheConstantsStay() throws {
        let folder = freshFolder("session-refused")
        let (balancePath, shipped) = try balanceFile(in: folder)
        let session = try session(folder: folder, balancePath: balancePath)
        var news: [SessionNews] = []
        session.onNews = { news.append($0) }
        try (shipped + "\nnot toml at all [[[\n").write(toFile: balancePath, atomically: true, encoding: .utf8)
        session.queue(.start(.classic))
        try run(session, ticks: 5)
        #expect(news.count == 1)
        if case .balanceRefused? = news.first {} else { Issue.record("not refused: \(news)") }
        #expect(session.rules.binHalfWidth == Fixed.px(23))
        try session.finish()
        #expect(session.recording.path == folder + "/run.replay")
    }

    /// A finished game stands alone as a replay (a high score's proof): it starts from
    /// the state before its start, verifies, and ends where the game ended.
    @Test func aFinishedGameIsAReplayOfItsOwnThatVerifies() throws {
        let folder = freshFolder("session-finished")
        let session = try session(folder: folder)
        var finished: [FinishedGame] = []
        session.onGameFinished = { finished.append($0) }
        try run(session, ticks: 30)
        session.queue(.start(.arcade))
        // Idle: the arcade game ends when its misses run out.
        while finished.isEmpty && session.ticks < 20_000 { try session.tick(move: .none, pointer: nil) }
        let game = try #require(finished.first)
        #expect(game.summary.mode == .arcade && !game.summary.abandoned)
        #expect(game.header.startState?.tick == 30 && game.header.mode == .arcade)
        #expect(game.inputs.first?.input.command == .start(.arcade))
        let read = try ReplayReader.read(bytes: Array(game.replayText.utf8), file: "game")
        #expect(ReplayVerifier.verify(read).passed, "\(ReplayVerifier.verify(read))")
        #expect(read.replay.end?.summary.games == 1)
        // A game left early makes no entry.
        session.queue(.start(.classic))
        try run(session, ticks: 100)
        try session.finish()
        #expect(finished.count == 1)
    }
}
