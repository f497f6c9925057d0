import ArgumentParser
import OceanCLI
import OceanKernel
import OceanReplay
import OceanDrivers
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Record runs, verify them headlessly, find where they diverge.",
        subcommands: [Record.self, Verify.self, Info.self, RunReplay.self, Update.self, Render.self, Watch.self, States.self,
                      Diff.self, Shrink.self])
}

/// The play budget, as --help says it.
let budgetHelp = "A replay is played no further than one checkpoint interval past its last checkpoint "
    + "(its end record sits on its last checkpoint), so the ticks played never exceed the per-tick "
    + "fingerprints the file holds plus at most \(ReplayFormat.maxCheckpointEvery); a file that asks for more is refused (exit 2)."

/// Reads a replay, or fails (exit 2) with `file:line: message`.
/// `checkpoints` false: every line read and checked, the checkpoints counted but not
/// kept (a command that only plays the inputs: its memory follows them, not the file).
func readOrExit(_ path: String, checkpoints: Bool = true) throws -> ReadReplay {
    do { return try ReplayReader.read(path: path, checkpoints: checkpoints) } catch { throw CommandFailure(error.description) }
}

extension ReplayCommand {
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play games with a bot and record them.",
            discussion: "On a terminal a progress line shows on standard error; Ctrl-C stops and keeps any old --out.")

        @Option(help: "The bot that plays: \(BotKind.names); or one per game, comma-separated (the last repeats).")
        var bot: String
        @Option(parsing: .unconditional, help: "The seed of the gameplay random stream (0 to 2^64-1).") var seed: UInt64
        @Option(parsing: .unconditional, help: "How many games (1 to 100000; default 1). Not with --days.") var games: Int?
        @Option(parsing: .unconditional, help: "The human bot's skill, 0 to 100 (default 70). Only with the human bot.") var skill: Int?
        @Option(help: "How the human bot plays: \(HumanBot.Input.names) (default keys). Only with the human bot and --games.")
        var input: HumanBot.Input?
        @OptionGroup var balanceOption: BalanceOption
        @Option(help: "Where to write the replay.") var out: String
        @Option(help: "The player's local date, YYYY-MM-DD (default: today).") var date: String?
        @Option(help: "The player's local time of day, HH:MM, when the first session opens (default: now).") var time: String?
        @Option(help: "A one-line note on what this replay covers (at most \(ReplayFormat.maxCommentBytes) bytes).")
        var comment: String = ""
        @Option(parsing: .unconditional, help: "Ticks between checkpoints (1 to 3600; default 600, ten seconds).") var checkpointEvery: Int = ReplayFormat.defaultCheckpointEvery
        @Option(parsing: .unconditional, help: ArgumentHelp(
            "Also record the whole state every this many ticks (a multiple of --checkpoint-every), so `replay verify` shows a divergence field by field.",
            valueName: "ticks")) var statesEvery: Int?
        @Option(parsing: .unconditional, help: "Record a career of this many days (sessions, scans, flashcards, games) instead of --games.")
        var days: Int?
        @Option(parsing: .unconditional, help: "With --days: games each day played (0 to 100; default 1).") var gamesPerDay: Int?
        @Option(parsing: .unconditional, help: "With --days: the chance, in %, of skipping a day (0 to 100; default 15).") var skipPercent: Int?
        @Option(help: "Start from the career saved in this profile (only read, never written).") var fromProfile: String?
        @Flag(help: forceHelp("an existing --out, once the new recording is finished")) var force = false
        @Option(help: "The game the bots play: classic or arcade (written in the header). Not with --days.")
        var mode: PlayMode = .classic

        func validate() throws {
            try checkBot(bot)
            try checkRange(games, "--games", 1...100_000)
            try checkSkill(skill, bot: bot)
            try checkInput(input, bot: bot, days: days)
            try checkRange(checkpointEvery, "--checkpoint-every", 1...ReplayFormat.maxCheckpointEvery)
            try checkRange(statesEvery, "--states-every", 1...ReplayFormat.maxTick)
            if let statesEvery, statesEvery % checkpointEvery != 0 {
                throw ValidationError("--states-every \(statesEvery): not a multiple of --checkpoint-every \(checkpointEvery) (a state is recorded beside a checkpoint)")
            }
            guard !comment.contains(where: \.isNewline) else { throw ValidationError("--comment: one line only") }
            guard comment.utf8.count <= ReplayFormat.maxCommentBytes else {
                throw ValidationError("--comment: \(comment.utf8.count) bytes; a replay line holds at most \(ReplayFormat.maxCommentBytes)")
            }
            guard recordedBy.utf8.count <= ReplayFormat.maxRecordedByBytes else {
                throw ValidationError("--bot: \(recordedBy.utf8.count) bytes as the header's recorded-by; a replay line holds "
                    + "at most \(ReplayFormat.maxRecordedByBytes): name fewer bots (the last one repeats)")
            }
            try checkRange(days, "--days", 1...10_000)
            try checkRange(gamesPerDay, "--games-per-day", 0...100)
            try checkRange(skipPercent, "--skip-percent", 0...100)
            try checkCareerFlags(days: days, games: games, gamesPerDay: gamesPerDay, skipPercent: skipPercent)
            if mode == .arcade && days != nil {
                throw ValidationError("--mode arcade goes with --games: a career's days play the classic game")
            }
            try checkPath(fromProfile, flag: "--from-profile")
            try checkPath(out, flag: "--out", stream: true)
            if let date { _ = try parseDate(date) }
            if let time { _ = try parseTime(time) }
            if let days, let date {
                let start = try parseDate(date)
                let last = CalendarDate(dayNumber: start.dayNumber + days - 1)
                guard last.isValid else {
                    throw ValidationError("--days \(days) from --date \(date) would end after 9999-12-31, the last date a replay can hold")
                }
            }
        }

        /// The header's `recorded-by`: the bots, the human's skill, a career's days.
        private var recordedBy: String {
            var text = bot.contains("human")
                ? "\(bot) (skill \(skill ?? 70)\(input == .pointer ? ", pointer" : ""))" : bot
            if let days { text += ", \(counted(days, "day"))" }
            return text
        }

        func run() throws {
            try refuseClashes(inputs: balanceOption.inputs + [("--from-profile", fromProfile)], outputs: [("--out", out)])
            try refuseExisting([("--out", out)], force: force)
            var header = ReplayHeader()
            header.balance = try balanceOption.load()
            header.seed = seed
            let rules = Rules(header.balance)
            if let fromProfile {
                let saved: GameState?
                do { saved = try Profile.load(path: fromProfile, rules: rules) } catch { throw CommandFailure(error.description) }
                guard let saved else { throw CommandFailure("\(fromProfile): no profile there") }
                header.startState = saved
            }
            header.comment = comment
            header.checkpointEvery = checkpointEvery
            header.statesEvery = statesEvery
            if days == nil { header.mode = mode }
            let skill = skill ?? 70
            header.recordedBy = recordedBy
            let now = localNow()
            header.date = try date.map { try parseDate($0) } ?? now.date
            header.minuteOfDay = try time.map { try parseTime($0) } ?? now.minute
            if let days {
                let last = CalendarDate(dayNumber: header.date.dayNumber + days - 1)
                if !last.isValid { throw CommandFailure("--days \(days) from \(header.date) would end after 9999-12-31, the last date a replay can hold") }
            }
            // The tick limit, before anything is written: a game takes at most about as
            // long as one where nothing is caught.
            // An arcade game lasts at most as long as the oracle's, which clears the round cap.
            let gameTicks = mode == .arcade
                ? runGames(rules: rules, seed: seed, schedule: BotSchedule("oracle")!, games: 1, mode: .arcade).ticks
                : runGames(rules: rules, seed: seed, bot: .idle, games: 1).ticks
            let games = days.map { $0 * (gamesPerDay ?? 1) } ?? (games ?? 1)
            let estimate = header.startTick + games * (gameTicks + gameTicks / 4) + (days ?? 0) * 64
            guard estimate <= ReplayFormat.maxTick else {
                throw CommandFailure("\(days != nil ? "--days \(days!) with --games-per-day \(gamesPerDay ?? 1)" : "--games \(games)"): "
                    + "about \(estimate) ticks, more than a replay holds (\(ReplayFormat.maxTick) ticks, "
                    + "\(duration(ticks: ReplayFormat.maxTick)) of play); record fewer")
            }
            let schedule = BotSchedule(bot)!
            // The file's size, before anything is written: one game recorded in memory
            // with these bots and checkpoints, times the games; a recording the reader
            // would refuse (over ReplayFormat.maxFileBytes) is refused now.
            try refuseOversizedRecording(header: header, schedule: schedule, skill: skill, input: input ?? .keys,
                                         games: games, days: days)
            // Written to a temporary beside --out, put in place when finished (see AtomicFileSink).
            Interruption.install()
            let sink: AtomicFileSink
            do { sink = try openReplaySink(out, force: force) } catch { throw CommandFailure(sinkProblem(error, out)) }
            let progress = Progress("replay record", total: days ?? games, unit: days != nil ? "days" : "games")
            let recorder: ReplayRecorder<AtomicFileSink>
            if let days {
                var options = CareerPlan.Options()
                options.days = days
                options.gamesPerDay = gamesPerDay ?? options.gamesPerDay
                options.skipPercent = skipPercent ?? options.skipPercent
                options.start = header.date
                if let problem = options.calendarProblem { throw CommandFailure("--days: \(problem)") }
                options.firstMinute = header.minuteOfDay
                options.rightAnswerPercent = CareerPlan.rightAnswerPercent(skill: skill)
                let plan = CareerPlan(options: options, bots: schedule.bots(seed: seed, skill: skill).map(AnyBot.init), seed: seed)
                recorder = recordCareer(header: header, plan: plan, sink: sink) { progress.update($0) }
            } else {
                recorder = recordGames(header: header, schedule: schedule, skill: skill, input: input ?? .keys, games: games,
                                       sink: sink) {
                    progress.update($0)
                }
            }
            progress.finish()
            if sink.bytes > ReplayFormat.maxFileBytes {
                sink.discard()
                throw CommandFailure("\(out): the recording grew to \(sink.bytes) bytes, more than a replay may hold "
                    + "(\(ReplayFormat.maxFileBytes) bytes, 256 MiB); not written (any old file is kept): record fewer games "
                    + "or checkpoint less often (--checkpoint-every)")
            }
            do { try sink.commit() } catch { throw CommandFailure("\(error.description) (the recording is lost; any old file is kept)") }
            let s = recorder.simulation.state
            CommandOutput.summary("recorded \(out): \(s.tick) ticks (\(duration(ticks: s.tick))), \(counted(s.totals.games, "game")), hash \(hex16(s.hash))", besides: out)
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-simulate replays and check them against the hashes they carry.",
            discussion: "Every checkpoint and the end record (summary and final hash) are checked. "
                + budgetHelp + " On a terminal a progress line shows on standard error (not with --json); "
                + "Ctrl-C stops and reports the files not verified to their end (exit 2).")

        @Argument(help: "Replay files.") var files: [String]
        @Option(parsing: .unconditional, help: "Files verified at once (1 to 64).") var jobs: Int = 1
        @Flag(help: "Report every divergent checkpoint, not just the first.") var keepGoing = false
        @Flag(help: "Print one JSON object.") var json = false
        @OptionGroup var ci: VerifyCIOptions

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one replay file") }
            try checkRange(jobs, "--jobs", 1...64)
            try ci.validate()
        }

        func run() throws {
            try ci.refuseBeforeVerifying(files)
            Interruption.install(graceful: true)
            let start = monotonicNanos()
            // Sized in bytes of replay: the files' sizes are known before any is read.
            let progress = Progress("replay verify", total: 1, unit: "bytes", quiet: json)
            let results = DailyClaim.checked(verifyAll(files, jobs: jobs, keepGoing: keepGoing, progress: progress, timeout: ci.timeout) { _ in
                Interruption.requested == nil
            })
            progress.finish()
            let report = VerifyReport(files: results, seconds: Double(monotonicNanos() - start) / 1e9)
            CommandOutput.print(json ? report.json : report.text)
            try ci.write(report, quiet: json)
            if report.exitStatus != 0 { throw CommandFailure(status: report.exitStatus) }
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a replay's header, length and summary.")
        @Argument(help: "A replay file.") var file: String

        func run() throws {
            let shipped = defaultBalancePath().flatMap { try? BalanceLoader.load(path: $0) }
            CommandOutput.print(ReplayInfo(file: file, read: try readOrExit(file, checkpoints: false), shipped: shipped).text)
        }
    }

    struct RunReplay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Re-simulate a replay's inputs and print the outcome; with --balance, a what-if.",
            discussion: budgetHelp + " A truncated file is played to its last record, reported, and exits 2. "
                + "On a terminal a progress line shows on standard error; Ctrl-C stops (exit 130).")
        @Argument(help: "A replay file.") var file: String
        @Option(help: "Play the same inputs under these constants instead, next to the recorded outcome.")
        var balance: String?
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let read = try readOrExit(file, checkpoints: false)
            let replay = read.replay
            // A what-if swaps the balance file's constants; the challenge table stays the recorded one.
            let rules = Rules(try balance.map {
                var b = try BalanceOption(balance: $0).load()
                if let why = KindsMatch.problem(recorded: replay.header.balance, other: b, flag: "--balance \($0)") {
                    throw CommandFailure(why)
                }
                b.challenges = replay.header.balance.challenges
                b.cardKeys = replay.header.balance.cardKeys
                return b
            } ?? replay.header.balance)
            Interruption.install(graceful: true)
            let end = replay.end?.tick ?? replay.lastTick
            let progress = Progress("replay run", total: end - replay.header.startTick, unit: "ticks", quiet: json)
            let state = replayInputs(replay, rules: rules) { tick in
                progress.update(tick - replay.header.startTick)
                return Interruption.requested == nil
            }
            progress.finish()
            let report = ReplayRunReport(file: file, balanceFile: balance, state: state,
                                         recorded: read.complete ? replay.end?.summary : nil)
            CommandOutput.print(json ? report.json : report.text)
            try exitIfInterrupted("played to tick \(state.tick) of \(end)")
            if !read.complete || replay.end == nil {
                throw CommandFailure("\(file): truncated at tick \(replay.lastTick) (no end record and checksum); its inputs were played to there")
            }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "After an intended rule change: rewrite replays' checkpoints and end records.",
            discussion: "Every file is tried; a file that cannot be updated is reported and the rest still are (exit 2 at the end).")
        @Argument(help: "Replay files.") var files: [String]
        @Flag(help: "Rewrite older-format replays in the current format (\(ReplayFormat.version)).") var upgrade = false
        @Option(parsing: .unconditional, help: "Checkpoint every this many ticks in the rewritten files (1 to 3600; default: each file's own).")
        var checkpointEvery: Int?

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one replay file") }
            if let checkpointEvery { try checkRange(checkpointEvery, "--checkpoint-every", 1...ReplayFormat.maxCheckpointEvery) }
        }

        func run() throws {
            Interruption.install()
            var failed: [String] = []
            for file in files {
                if let problem = update(file) {
                    CommandOutput.printError(problem)
                    failed.append(file)
                }
            }
            if !failed.isEmpty {
                throw CommandFailure("\(failed.count) of \(files.count) not updated: \(failed.joined(separator: ", "))")
            }
        }

        /// Updates one file; what went wrong, if anything.
        private func update(_ file: String) -> String? {
            let read: ReadReplay
            do { read = try ReplayReader.read(path: file) } catch { return error.description }
            guard read.complete else { return "\(file): truncated at tick \(read.replay.lastTick); only a complete replay can be updated" }
            let format = read.replay.header.formatVersion
            guard format == ReplayFormat.version || upgrade else {
                return "\(file): a format \(format) replay; it verifies as it is. To rewrite it in format \(ReplayFormat.version), add --upgrade"
            }
            if let every = checkpointEvery, let states = read.replay.header.statesEvery, states % every != 0 {
                return "\(file): records a state every \(states) ticks, not a multiple of --checkpoint-every \(every)"
            }
            let (text, changes) = ReplayUpdate.rewrite(read, checkpointEvery: checkpointEvery)
            let newInterval = checkpointEvery.map { $0 != read.replay.header.checkpointEvery } ?? false
            // An upgrade, or a new interval, is a change even when every record comes out the same.
            if changes.unchanged && format == ReplayFormat.version && !newInterval {
                CommandOutput.print("\(file): unchanged")
                return nil
            }
            do { try replaceFile(file, with: text) } catch { return "\(error.description); the old replay is kept" }
            let upgraded = (format == ReplayFormat.version ? "" : "upgraded from format \(format) to \(ReplayFormat.version); ")
                + (newInterval ? "a checkpoint every \(checkpointEvery!) ticks (was \(read.replay.header.checkpointEvery)); " : "")
            CommandOutput.print("\(file): \(upgraded)\(changes.changedCheckpoints) of \(changes.checkpoints) checkpoints changed"
                + (changes.firstChangedTick.map { ", the first at tick \($0)" } ?? ""))
            if changes.hashBefore != changes.hashAfter {
                CommandOutput.print("  final hash: \(changes.hashBefore.map(hex16) ?? "none") → \(hex16(changes.hashAfter))")
            }
            for line in changes.summaryLines { CommandOutput.print("  \(line)") }
            return nil
        }
    }
}
