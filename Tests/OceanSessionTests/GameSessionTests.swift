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

    /// A keeper that writes nothing and remembers what it was given.
    final class Kept: SessionKeeper {
        var careers: [GameState] = []
        var players: [(ProfileText.Player, Int)] = []
        var rules: [Rules] = []
        var games: [FinishedGame] = []
        var failing = false
        var rank: Int?
        func saveCareer(_ state: GameState) throws {
            careers.append(state)
            if failing { throw Failing() }
        }
        func savePlayer(_ player: ProfileText.Player, with state: GameState) throws { players.append((player, state.tick)) }
        func rulesChanged(_ rules: Rules) { self.rules.append(rules) }
        var keepsFinishedGames: Bool { true }
        func keep(_ game: FinishedGame, player: ProfileText.Player) -> Int? {
            games.append(game)
            return rank
        }
    }

    /// Everything the session had to say so far.
    func news(_ session: GameSession) -> [SessionNews] {
        var said: [SessionNews] = []
        session.takeNews { said.append($0) }
        return said
    }

    func session(folder: String, balancePath: String? = nil, saved: GameState? = nil, keeper: Kept = Kept()) throws -> GameSession {
        var header = ReplayHeader()
        header.seed = 3
        header.date = Self.day
        header.recordedBy = "person"
        let recording = PlayRecording(record: folder + "/run.replay", force: false, profile: folder + "/profile")
        let session = try GameSession(balance: try shippedBalance, header: header, saved: saved, recording: recording,
                                      hotReloadPath: balancePath, keeper: keeper) { path, replaces in
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
        let kept = Kept()
        let session = try session(folder: folder, keeper: kept)
        session.queue(.start(.classic))
        try run(session, ticks: 120)
        #expect(session.inGame)
        try session.finish()
        #expect(!session.inGame)
        let summary = try #require(session.events.compactMap { if case .gameOver(let s) = $0 { s } else { nil } }.first)
        #expect(summary.abandoned)
        #expect(kept.careers.last?.mode == .idle, "the career is saved with the game counted")
        let replay = try ReplayReader.read(path: folder + "/run.replay")
        #expect(replay.replay.inputs.last?.input.command == .abandon)
    }

    @Test func aFailedSaveIsSaidOnceAndPlayGoesOn() throws {
        let folder = freshFolder("session-save")
        let kept = Kept()
        kept.failing = true
        let session = try session(folder: folder, keeper: kept)
        // Two career changes (two adoptions), each tries to save.
        session.queue(.adopt(.cat))
        session.queue(.none)
        session.queue(.adopt(.dog))
        try run(session, ticks: 60)
        #expect(kept.careers.count >= 1)
        #expect(news(session) == [.saveFailed(said: "the disk is full", shown: "the disk is full")])
        #expect(session.saveError == "the disk is full")
        #expect(session.ticks == 60)
        try session.finish()
        #expect(FileManager.default.fileExists(atPath: folder + "/run.replay"))
    }

    @Test func aPlayerChangeWithCommandsIsSavedOnceTheKernelRanThem() throws {
        let folder = freshFolder("session-player")
        let kept = Kept()
        let session = try session(folder: folder, keeper: kept)
        try run(session, ticks: 2)
        session.queue(.adopt(.cat))
        session.playerChanged(ProfileText.Player(name: "Ada"), withQueuedCommands: true)
        #expect(kept.players.isEmpty, "not before the adoption is run")
        try run(session, ticks: 1)
        #expect(kept.players.map(\.1) == [3] && kept.players.first?.0.name == "Ada")
        session.playerChanged(ProfileText.Player(name: "Ada", introSeen: true), withQueuedCommands: false)
        #expect(kept.players.map(\.1) == [3, 3], "a change alone is saved at once")
        #expect(kept.players.last?.0.introSeen == true && session.player.introSeen)
    }

    @Test func aBalanceEditWaitsForTheNextGameThenRecordsAPartOfItsOwn() throws {
        let folder = freshFolder("session-reload")
        let (balancePath, shipped) = try balanceFile(in: folder)
        let kept = Kept()
        let session = try session(folder: folder, balancePath: balancePath, keeper: kept)
        var news: [SessionNews] = []
        var rulesSeenByObserver: [Int] = []
        session.observers.append { [unowned session] _, _ in rulesSeenByObserver.append(session.rules.binHalfWidth) }
        try run(session, ticks: 10)
        // The designer saves an edit while no game is on: said, not applied.
        let edited = shipped.replacingOccurrences(of: "\nwidth_px = 46 ", with: "\nwidth_px = 48 ")
        #expect(edited != shipped)
        try edited.write(toFile: balancePath, atomically: true, encoding: .utf8)
        session.lookBetweenGames()
        news += self.news(session)
        #expect(news == [.balanceWaiting(path: balancePath)])
        #expect(session.rules.binHalfWidth == Fixed.px(23))
        // The game's start applies it, in a part of its own.
        session.queue(.start(.classic))
        try run(session, ticks: 10)
        news += self.news(session)
        #expect(news.count == 2)
        if case .rulesChanged(let message)? = news.last { #expect(message.contains("run.2.replay")) } else {
            Issue.record("no rules change: \(news)")
        }
        #expect(session.rules.binHalfWidth == Fixed.px(24))
        #expect(kept.rules.last?.binHalfWidth == Fixed.px(24))
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
        try (shipped + "\nnot toml at all [[[\n").write(toFile: balancePath, atomically: true, encoding: .utf8)
        session.queue(.start(.classic))
        try run(session, ticks: 5)
        let news = news(session)
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
        let kept = Kept()
        kept.rank = 4
        let session = try session(folder: folder, keeper: kept)
        session.playerChanged(ProfileText.Player(name: "Bo"), withQueuedCommands: false)
        try run(session, ticks: 30)
        session.queue(.start(.arcade))
        // Idle: the arcade game ends when its misses run out.
        while kept.games.isEmpty && session.ticks < 20_000 { try session.tick(move: .none, pointer: nil) }
        let game = try #require(kept.games.first)
        // The keeper's rank is news for the summary.
        #expect(news(session) == [.highScore(rank: 4)])
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
        #expect(kept.games.count == 1)
    }
}
