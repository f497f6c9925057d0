import OceanAssets
import OceanBalance
import OceanDaily
import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanSession
import OceanSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The Daily Ocean in the window (GAME_RULES §7): the day's arcade game, the same seed
/// for every player. Each try is a session of its own, recorded as one daily game (the
/// replay a server re-plays); the day's first finished try is its official run, later
/// ones practice; a ghost bin races the day's best run. After a try, Space plays
/// another and Escape goes back; a try left from the pause menu goes back at once.
///
/// The try's game is a quick `PlayScene` (its screen, pause menu, steering); this
/// scene holds the policy around it: one game a recording, where the files go, the
/// ghost, the official run counted in the career (`DailyCareer`) and sent to a server
/// when the player chose one.
public final class DailyScene: Scene {
    public struct Setup {
        public var tries: DailyTries
        /// The day's constants (the file's, without assist mode: the day's hash is theirs).
        public var balance: Balance
        public var assets: FrontAssets
        public var keysHint = "<- ->"
        public var pauseMenu = PauseMenu()
        public var pause = PauseHooks()
        /// A new try's session, recording to `tries.tryPath` (the sound's observers added).
        public var makeSession: () throws(FileError) -> GameSession
        /// Sends the official run's bytes to the server the player chose, answering on
        /// any thread; nil when the player has not opted in (offline play needs none).
        public var submit: (([UInt8], @escaping @Sendable (SummaryNote) -> Void) -> Void)?
        public var say: (String) -> Void = { printError($0) }
        /// Each screen shown named on standard error (`OCEAN_DEBUG_SCREENS`), as `PlayScene` does.
        public var debugScreens = false
        /// What Escape on a try's summary does, as its hint says: "back" to the career's
        /// menu, or "quit" when the Daily Ocean was opened alone (`ocean play --daily`).
        public var escapeWord = "back"
        /// The career the run counts in (the menu's, or the profile's when opened alone).
        public var career: DailyCareer?

        public init(tries: DailyTries, balance: Balance, assets: FrontAssets,
                    makeSession: @escaping () throws(FileError) -> GameSession) {
            (self.tries, self.balance, self.assets, self.makeSession) = (tries, balance, assets, makeSession)
        }
    }

    /// The career a Daily Ocean run counts in (GAME_RULES §7: the daily is a game of
    /// the career). The run is played in a session of its own, the same game for every
    /// player; the day's official run is then counted in the career once
    /// (`Command.creditDaily`), and the summary shows the career.
    public struct DailyCareer {
        /// The career's state now: the summary's level, streak, goal and pet.
        public var state: () -> GameState
        /// Counts the official run in the career: its state and news after.
        public var credit: (DailyCredit) throws(FileError) -> (state: GameState, events: [Event])

        public init(state: @escaping () -> GameState,
                    credit: @escaping (DailyCredit) throws(FileError) -> (state: GameState, events: [Event])) {
            (self.state, self.credit) = (state, credit)
        }
    }

    let setup: Setup
    /// The try on screen.
    public private(set) var play: PlayScene
    private var ghost: DailyGhost?
    /// The try's game has begun / has ended (and its file is filed away).
    private var started = false
    public private(set) var ended = false
    /// The player asked to quit the program (not only to leave the Daily Ocean).
    public private(set) var quitAll = false
    /// Why a try's recording could not be kept, if so.
    public private(set) var failure: FileError?
    /// What the last finished try became.
    public private(set) var kept: DailyTries.Kept?
    /// The server's answer, handed over from the sending thread.
    private let answer = Answer()

    /// The server's answer between the sending thread and the window's.
    private final class Answer: Sendable {
        let note = Mutex<SummaryNote?>(nil)
    }

    public init(_ setup: Setup) throws(FileError) {
        self.setup = setup
        if let problem = setup.tries.makeFolder() { throw FileError(path: setup.tries.folder, message: problem) }
        play = try DailyScene.newTry(setup)
        ghost = DailyScene.ghost(setup)
        play.view.summaryHint = "Space: try again   Esc: \(setup.escapeWord)"
    }

    private static func newTry(_ setup: Setup) throws(FileError) -> PlayScene {
        let session = try setup.makeSession()
        session.queue(DailyGame.start)
        let play = PlayScene(session: session, assets: setup.assets, content: nil, keysHint: setup.keysHint,
                             player: CareerPlayer(), seed: DailyGame.seed(date: setup.tries.date, balance: setup.balance),
                             pauseMenu: setup.pauseMenu, pause: setup.pause, debugScreens: setup.debugScreens,
                             start: DailyGame.start, say: setup.say)
        play.view.careerShown = setup.career?.state()
        return play
    }

    /// The day's best run so far as a ghost (none before the first finished try).
    private static func ghost(_ setup: Setup) -> DailyGhost? {
        guard fileSize(setup.tries.bestPath) != nil, let read = try? ReplayReader.read(path: setup.tries.bestPath),
              DailyGame.problem(read.replay, date: setup.tries.date, balance: setup.balance) == nil else { return nil }
        return DailyGhost(read.replay)
    }

    /// Whether a ghost races this try.
    public var racesGhost: Bool { ghost != nil }

    // MARK: - Scene

    public var wantsText: Bool { false }

    public func handle(_ input: FrameInput) -> Bool {
        if let note = answer.note.withLock({ a -> SummaryNote? in defer { a = nil }; return a }) { play.view.summaryNote = note }
        if input.requests.quit { quitAll = true; return false }
        guard ended else {
            if !play.handle(input) { quitAll = true; return false }
            return true
        }
        // A try over: its summary up. Escape goes back, Space tries again.
        if input.requests.togglePause || input.presses.contains(where: { CareerKey($0) == .back }) { return false }
        if input.requests.start {
            do { try again() } catch {
                failure = error
                return false
            }
            return true
        }
        var rest = input
        rest.requests.start = false
        rest.requests.togglePause = false
        rest.requests.pause = false
        if !play.handle(rest) { quitAll = true; return false }
        return true
    }

    public func gameNanos(wall wallNanos: UInt64) -> UInt64 { play.gameNanos(wall: wallNanos) }

    public func tick() -> Bool {
        guard play.tick() else {
            failure = play.failure
            return false
        }
        let session = play.session
        if !started { started = session.inGame }
        guard started && !ended else { return true }
        ghost?.step()
        play.view.observeGhost(x: ghost?.binX)
        if !session.inGame { return finishTry() }
        return true
    }

    public func draw(fraction: Double, into framebuffer: inout Framebuffer) {
        play.draw(fraction: fraction, into: &framebuffer)
    }

    /// Leaving mid-try: the game ends as left early and counts for nothing.
    public func leave() {
        guard !ended else { return }
        play.leave()
        unlink(setup.tries.tryPath)
    }

    // MARK: - Tries

    /// The try's game is over: its recording is filed (official, best, or neither);
    /// false when it was left early (back to where the player came from) or its file
    /// could not be kept.
    private func finishTry() -> Bool {
        ended = true
        play.view.observeGhost(x: nil)
        let session = play.session
        var summary: GameSummary?
        for case .gameOver(let s) in session.events { summary = s }
        let abandoned = summary?.abandoned ?? false
        do { try session.finishRecording() } catch {
            failure = error
            return false
        }
        if abandoned {
            unlink(setup.tries.tryPath)
            return false
        }
        do { kept = try setup.tries.keep(balance: setup.balance) } catch {
            failure = error
            return false
        }
        guard let kept else {
            play.view.summaryNote = SummaryNote("Not kept: the recording does not re-play", short: "Not kept", good: false)
            return true
        }
        var note = kept.official ? SummaryNote("Official run of \(setup.tries.date)", short: "Official run", good: true)
                                 : SummaryNote("Practice: the official run stands", short: "Practice", good: false)
        if kept.best && !kept.official { note = SummaryNote("Practice: a new best today", short: "New best today", good: true) }
        if kept.official, let summary, let problem = countInCareer(summary) { note = problem }
        play.view.summaryNote = note
        if kept.official, let submit = setup.submit, let bytes = readFileBytes(setup.tries.officialPath, limit: 64 << 20) {
            play.view.summaryNote = SummaryNote("Official run: sending it...", short: "Sending...", good: true)
            submit(bytes) { [answer] note in answer.note.withLock { $0 = note } }
        }
        return true
    }

    /// The official run counted in the career (once: the kernel refuses a second);
    /// a note when it was not.
    private func countInCareer(_ game: GameSummary) -> SummaryNote? {
        guard let career = setup.career else { return nil }
        let run = DailyCredit(date: setup.tries.date, catches: game.catches, grams: game.grams, misses: game.misses,
                           seaLifeHits: game.seaLifeHits, finished: !game.abandoned)
        let after: (state: GameState, events: [Event])
        do throws(FileError) { after = try career.credit(run) } catch {
            setup.say("ocean play: the official run was kept but not counted in the career: \(error.description)")
            return SummaryNote("Official run kept; not counted in your career: \(error.message)", short: "Not counted", good: false)
        }
        play.view.observeCareer(after.state, events: after.events)
        guard after.events.contains(.inputIgnored(.dailyNotCredited)) else { return nil }
        let why = abs(Int(run.day) - after.state.career.today) > 1 ? "another day's Daily Ocean" : "this Daily Ocean counted already"
        return SummaryNote("Official run of \(setup.tries.date); not counted in your career: \(why)", short: "Official run", good: true)
    }

    /// Another try: a new session on the same day's seed, racing the best so far.
    private func again() throws(FileError) {
        play = try DailyScene.newTry(setup)
        play.view.summaryHint = "Space: try again   Esc: \(setup.escapeWord)"
        ghost = DailyScene.ghost(setup)
        (started, ended, kept) = (false, false, nil)
    }
}
