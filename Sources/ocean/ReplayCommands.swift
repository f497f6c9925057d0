import ArgumentParser
import Dispatch
import OceanKernel
import OceanBalance
import OceanReplay
import OceanBench
import OceanDrivers
import OceanStore
import OceanSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Record runs, verify them headlessly, find where they diverge.",
        subcommands: [Record.self, Verify.self, Info.self, RunReplay.self, Update.self, Render.self])
}

/// Reads a replay or exits 2 with `file:line: message`.
func readOrExit(_ path: String) -> ReadReplay {
    do { return try ReplayReader.read(path: path) } catch { fail(error.description) }
}

extension ReplayCommand {
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Play games with a bot and record them.")

        @Option(help: "The bot that plays: \(BotKind.names); or one per game, comma-separated (the last repeats).")
        var bot: String
        @Option(help: "The seed of the gameplay random stream.") var seed: UInt64
        @Option(help: "How many games (1 to 100000).") var games: Int = 1
        @Option(help: "The human bot's skill, 0 to 100.") var skill: Int = 70
        @OptionGroup var balanceOption: BalanceOption
        @Option(help: "Where to write the replay.") var out: String
        @Option(help: "The player's local date, YYYY-MM-DD (default: today).") var date: String?
        @Option(help: "The player's local time of day, HH:MM (default: now).") var time: String?
        @Option(help: "A one-line note on what this replay covers.") var comment: String = ""
        @Option(help: "Ticks between checkpoints (1 to 3600).") var checkpointEvery: Int = 60
        @Option(help: "Record a career of this many days (sessions, scans, flashcards, games) instead of --games.")
        var days: Int?
        @Option(help: "With --days: games each day played (0 to 100).") var gamesPerDay: Int = 1
        @Option(help: "With --days: the chance, in %, of skipping a day (0 to 100).") var skipPercent: Int = 15
        @Option(help: "Start from the career saved in this profile (only read, never written).") var fromProfile: String?

        func validate() throws {
            guard BotSchedule(bot) != nil else {
                throw ValidationError("--bot: unknown bot in '\(bot)'; allowed: \(BotKind.names), or several separated by commas")
            }
            guard (1...100_000).contains(games) else { throw ValidationError("--games: allowed 1 to 100000") }
            guard (0...100).contains(skill) else { throw ValidationError("--skill: allowed 0 to 100") }
            guard (1...ReplayFormat.maxCheckpointEvery).contains(checkpointEvery) else {
                throw ValidationError("--checkpoint-every: allowed 1 to \(ReplayFormat.maxCheckpointEvery)")
            }
            guard !comment.contains("\n") else { throw ValidationError("--comment: one line only") }
            if let days, !(1...10_000).contains(days) { throw ValidationError("--days: allowed 1 to 10000") }
            guard (0...100).contains(gamesPerDay) else { throw ValidationError("--games-per-day: allowed 0 to 100") }
            guard (0...100).contains(skipPercent) else { throw ValidationError("--skip-percent: allowed 0 to 100") }
            if let date, parseDate(date) == nil { throw ValidationError("--date: '\(date)' is not a date written YYYY-MM-DD") }
            if let time, parseTime(time) == nil { throw ValidationError("--time: '\(time)' is not a time written HH:MM") }
        }

        func run() throws {
            var header = ReplayHeader()
            header.balance = balanceOption.load()
            header.seed = seed
            if let fromProfile {
                do {
                    guard let saved = try Profile.load(path: fromProfile, rules: Rules(header.balance)) else {
                        fail("\(fromProfile): no profile there")
                    }
                    header.startState = saved
                } catch {
                    fail(error.description)
                }
            }
            header.comment = comment
            header.checkpointEvery = checkpointEvery
            header.recordedBy = bot.contains("human") ? "\(bot) (skill \(skill))" : bot
            let now = localNow()
            header.date = date.flatMap(parseDate) ?? now.date
            header.minuteOfDay = time.flatMap(parseTime) ?? now.minute
            guard let sink = FileSink(path: out) else { fail("\(out): cannot create the file") }
            let schedule = BotSchedule(bot)!
            let recorder: ReplayRecorder<FileSink>
            if let days {
                var options = CareerPlan.Options()
                options.days = days
                options.gamesPerDay = gamesPerDay
                options.skipPercent = skipPercent
                options.start = header.date
                header.recordedBy += ", \(days) days"
                let plan = CareerPlan(options: options, bots: schedule.bots(seed: seed, skill: skill), seed: seed)
                recorder = recordCareer(header: header, plan: plan, sink: sink)
            } else {
                recorder = recordGames(header: header, schedule: schedule, skill: skill, games: games, sink: sink)
            }
            guard sink.ok else { fail("\(out): writing failed (disk full?)") }
            let s = recorder.simulation.state
            print("recorded \(out): \(s.tick) ticks (\(clock(ticks: s.tick))), \(s.totals.games) games, hash \(hex16(s.hash))")
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-simulate replays and check them against the hashes they carry.")

        @Argument(help: "Replay files.") var files: [String]
        @Option(help: "Files verified at once (1 to 64).") var jobs: Int = 1
        @Flag(help: "Report every divergent checkpoint, not just the first.") var keepGoing = false
        @Flag(help: "Print one JSON object.") var json = false

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one replay file") }
            guard (1...64).contains(jobs) else { throw ValidationError("--jobs: allowed 1 to 64") }
        }

        func run() throws {
            let start = monotonicNanos()
            let results = verifyAll(files, jobs: jobs, keepGoing: keepGoing)
            let seconds = Double(monotonicNanos() - start) / 1e9
            let ticks = results.reduce(0) { $0 + ($1.verification?.ticksSimulated ?? 0) }
            let passed = results.filter(\.passed).count
            let failed = results.count - passed
            let rate = seconds > 0 ? Int(Double(ticks) / seconds) : 0
            if json {
                print("{\"files\": [" + results.map(\.json).joined(separator: ", ")
                    + "], \"passed\": \(passed), \"failed\": \(failed), \"ticks\": \(ticks), \"ticksPerSecond\": \(rate)}")
            } else {
                for r in results { print(r.text) }
                print("\(passed) passed, \(failed) failed")
                print("throughput: \(rate) ticks/s (\(ticks) ticks in \(String(format2(seconds))) s)")
            }
            if results.contains(where: { $0.error != nil || $0.verification?.truncatedAt != nil }) { Glibc.exit(ExitStatus.badInput) }
            if failed > 0 { Glibc.exit(ExitStatus.divergence) }
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a replay's header, length and summary.")
        @Argument(help: "A replay file.") var file: String

        func run() throws {
            let read = readOrExit(file)
            let r = read.replay
            let h = r.header
            print("file          \(file)")
            if !h.comment.isEmpty { print("comment       \(h.comment)") }
            print("format        \(ReplayFormat.magic) \(h.formatVersion), engine \(h.engine)")
            if let start = h.startState { print("starts from   a saved career (day \(start.career.hasSession ? "\(CalendarDate(dayNumber: start.career.today))" : "none"), tick \(start.tick))") }
            print("seed          \(h.seed)")
            print("session       \(h.date) \(ReplayFormat.clock(h.minuteOfDay))")
            if !h.recordedBy.isEmpty { print("recorded by   \(h.recordedBy)") }
            print("checkpoints   \(r.checkpoints.count), one every \(h.checkpointEvery) ticks")
            print("inputs        \(r.inputs.count) changes")
            print("balance       \(balanceNote(h.balance))")
            let ticks = r.end?.tick ?? r.lastTick
            print("length        \(ticks) ticks (\(clock(ticks: ticks)))")
            if let end = r.end, read.complete {
                print("summary       \(summaryText(end.summary))")
                print("final hash    \(hex16(end.hash))")
            } else {
                print("summary       none: truncated at tick \(r.lastTick)")
            }
        }
    }

    struct RunReplay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Re-simulate a replay's inputs and print the outcome; with --balance, a what-if.")
        @Argument(help: "A replay file.") var file: String
        @Option(help: "Play the same inputs under these constants instead, next to the recorded outcome.")
        var balance: String?
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let read = readOrExit(file)
            let recorded = read.replay.end?.summary
            let rules = Rules(balance.map { BalanceOption(balance: $0).load() } ?? read.replay.header.balance)
            let state = replayInputs(read.replay, rules: rules)
            let got = ReplaySummary(state)
            if json {
                var o = "{\"ticks\": \(state.tick), \"outcome\": \(summaryJSON(got)), \"hash\": \"\(hex16(state.hash))\""
                if balance != nil { o += ", \"recorded\": " + (recorded.map(summaryJSON) ?? "null") }
                print(o + "}")
                return
            }
            if balance == nil {
                print("\(file): \(state.tick) ticks (\(clock(ticks: state.tick)))")
                print(summaryText(got))
                print("hash \(hex16(state.hash))")
            } else {
                print("\(file) under \(balance!): \(state.tick) ticks")
                print(pad("", 14) + pad("recorded", 12) + "what-if")
                let r = recorded
                let rows: [(String, String?, String)] = [
                    ("games", r.map { "\($0.games)" }, "\(got.games)"), ("catches", r.map { "\($0.catches)" }, "\(got.catches)"),
                    ("misses", r.map { "\($0.misses)" }, "\(got.misses)"),
                    ("perfect", r.map { "\($0.perfectGames)" }, "\(got.perfectGames)"),
                    ("best combo", r.map { "\($0.bestCombo)" }, "\(got.bestCombo)"), ("score", r.map { "\($0.score)" }, "\(got.score)"),
                    ("grams", r.map { "\($0.grams)" }, "\(got.grams)"), ("health", r.map { "\($0.health)" }, "\(got.health)"),
                    ("phase", r.map(\.phase.name), got.phase.name),
                ]
                for row in rows { print(pad(row.0, 14) + pad(row.1 ?? "-", 12) + row.2) }
            }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "After an intended rule change: rewrite replays' checkpoints and end records.")
        @Argument(help: "Replay files.") var files: [String]
        @Flag(help: "Rewrite older-format replays in the current format (\(ReplayFormat.version)).") var upgrade = false

        func run() throws {
            for file in files {
                let read = readOrExit(file)
                guard read.complete else { fail("\(file): truncated at tick \(read.replay.lastTick); only a complete replay can be updated") }
                let format = read.replay.header.formatVersion
                guard format == ReplayFormat.version || upgrade else {
                    fail("\(file): a format \(format) replay; it verifies as it is. To rewrite it in format \(ReplayFormat.version), add --upgrade")
                }
                let (text, changes) = ReplayUpdate.rewrite(read)
                if changes.unchanged {
                    print("\(file): unchanged")
                    continue
                }
                guard writeFileAtomically(file, text) else { fail("\(file): cannot write the updated replay (the old one is kept)") }
                print("\(file): \(changes.changedCheckpoints) of \(changes.checkpoints) checkpoints changed"
                    + (changes.firstChangedTick.map { ", the first at tick \($0)" } ?? ""))
                if changes.hashBefore != changes.hashAfter {
                    print("  final hash: \(changes.hashBefore.map(hex16) ?? "none") → \(hex16(changes.hashAfter))")
                }
                for line in changes.summaryLines { print("  \(line)") }
            }
        }
    }
}

// MARK: Verification of many files

struct FileResult: Sendable {
    var file: String
    var verification: Verification?
    var error: String?

    var passed: Bool { verification?.passed ?? false }

    var text: String {
        if let error { return "BAD  \(error)" }
        let v = verification!
        if v.passed { return "PASS \(file) (\(v.ticksSimulated) ticks)" }
        var lines: [String] = []
        if let d = v.divergences.first {
            let at = d.firstTick.map { "tick \($0)" } ?? "checkpoint \(d.checkpointTick)"
            lines.append("FAIL \(file): diverged at \(at) (first differing checkpoint: tick \(d.checkpointTick), line \(d.line))")
            if let t = d.firstTick {
                lines.append("     the step driven by tick \(t)'s input is the first whose result differs")
            }
            for (i, d) in v.divergences.enumerated() {
                if i > 0 { lines.append("     also checkpoint tick \(d.checkpointTick) (line \(d.line))") }
                lines.append("     subsystems: \(d.subsystems.isEmpty ? "(none by their short hashes)" : d.subsystems.map(\.name).joined(separator: ", "))")
                for (name, e, g) in [("score", d.expected.score, d.got.score), ("combo", d.expected.combo, d.got.combo),
                                     ("health", d.expected.health, d.got.health), ("items", d.expected.items, d.got.items)] {
                    lines.append("     \(pad(name, 7)) expected \(pad("\(e)", 8)) got \(g)\(e == g ? "" : "   ≠")")
                }
            }
        } else if let (e, g) = v.endMismatch {
            lines.append("FAIL \(file): the end summary differs: expected \(summaryText(e)); got \(summaryText(g))")
        }
        if let t = v.truncatedAt {
            lines.append((lines.isEmpty ? "TRUNCATED \(file): " : "     ") + "truncated at tick \(t)"
                + (v.divergences.isEmpty ? " (the checkpoints up to there match)" : ""))
        }
        return lines.joined(separator: "\n")
    }

    var json: String {
        func esc(_ s: String) -> String {
            var out = ""
            for c in s.unicodeScalars {
                switch c {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                default: out += c.value < 0x20 ? "?" : String(c)
                }
            }
            return out
        }
        if let error { return "{\"file\": \"\(esc(file))\", \"status\": \"invalid\", \"error\": \"\(esc(error))\"}" }
        let v = verification!
        let status = v.passed ? "passed" : (v.divergences.isEmpty && v.endMismatch == nil ? "truncated" : "diverged")
        var o = "{\"file\": \"\(esc(file))\", \"status\": \"\(status)\", \"ticks\": \(v.ticksSimulated)"
        if let t = v.truncatedAt { o += ", \"truncatedAt\": \(t)" }
        if !v.divergences.isEmpty {
            o += ", \"divergences\": [" + v.divergences.map { d in
                "{\"firstTick\": \(d.firstTick.map(String.init) ?? "null"), \"checkpointTick\": \(d.checkpointTick), "
                    + "\"line\": \(d.line), \"subsystems\": [\(d.subsystems.map { "\"\($0.name)\"" }.joined(separator: ", "))], "
                    + "\"expected\": \(fieldsJSON(d.expected)), \"got\": \(fieldsJSON(d.got))}"
            }.joined(separator: ", ") + "]"
        }
        if let (e, g) = v.endMismatch { o += ", \"expectedSummary\": \(summaryJSON(e)), \"gotSummary\": \(summaryJSON(g))" }
        return o + "}"
    }
}

/// Verifies files on `jobs` threads; results come back in the order given.
func verifyAll(_ files: [String], jobs: Int, keepGoing: Bool) -> [FileResult] {
    let results = Mutex([FileResult?](repeating: nil, count: files.count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < files.count else { return }
            let r: FileResult
            switch Result(catching: { () throws(ReplayError) -> ReadReplay in try ReplayReader.read(path: files[i]) }) {
            case .success(let read):
                r = FileResult(file: files[i], verification: ReplayVerifier.verify(read, keepGoing: keepGoing))
            case .failure(let error):
                r = FileResult(file: files[i], error: error.description)
            }
            results.withLock { $0[i] = r }
        }
    }
    return results.withLock { $0.map { $0! } }
}

// MARK: Formatting helpers

func clock(ticks: Int) -> String {
    let seconds = ticks / Fixed.ticksPerSecond
    let s = seconds % 60
    return "\(seconds / 60):\(s < 10 ? "0" : "")\(s)"
}

func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(1, width - s.count)) }

func format2(_ x: Double) -> String {
    let hundredths = Int((x * 100).rounded())
    let frac = hundredths % 100
    return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
}

func summaryText(_ m: ReplaySummary) -> String {
    "\(m.games) games, \(m.catches) caught, \(m.misses) missed, \(m.perfectGames) perfect, best combo \(m.bestCombo), "
        + "score \(m.score), \(m.grams) g, health \(m.health) (\(m.phase.name))"
}

func summaryJSON(_ m: ReplaySummary) -> String { m.json }

func fieldsJSON(_ f: ReadableFields) -> String {
    "{\"score\": \(f.score), \"combo\": \(f.combo), \"health\": \(f.health), \"items\": \(f.items)}"
}

/// How a replay's constants compare with the shipped balance, if it can be found.
func balanceNote(_ b: Balance) -> String {
    guard let path = defaultBalancePath(), let shipped = try? BalanceLoader.load(path: path) else {
        return "\(BalanceSchema.fields.count) constants"
    }
    let differing = BalanceSchema.fields.filter { b[keyPath: $0.path] != shipped[keyPath: $0.path] }
    if differing.isEmpty { return "\(BalanceSchema.fields.count) constants, all as shipped" }
    return "\(BalanceSchema.fields.count) constants, \(differing.count) differ from the shipped file: "
        + differing.map { "\($0.key)=\(b[keyPath: $0.path])" }.joined(separator: ", ")
}

func parseDate(_ s: String) -> CalendarDate? { ReplayFormat.date(Substring(s)) }

func parseTime(_ s: String) -> Int? { ReplayFormat.minute(Substring(s)) }

/// The machine's local date and minute of the day: metadata for a new recording.
func localNow() -> (date: LocalDate, minute: Int) {
    var t = time(nil)
    var parts = tm()
    localtime_r(&t, &parts)
    return (LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
            Int(parts.tm_hour) * 60 + Int(parts.tm_min))
}
