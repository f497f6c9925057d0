import ArgumentParser
import OceanCLI
import OceanKernel
import OceanReplay
import OceanDrivers
import OceanSystem
import OceanDailyClient
import OceanStore
import OceanFront
import OceanDaily
#if canImport(Glibc)
import Glibc
#endif

/// The Daily Ocean (GAME_RULES §7): the day's arcade game, the same for everyone.
struct DailyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily",
        abstract: "The Daily Ocean: one arcade game a day, its seed from the date and the balance.",
        subcommands: [Record.self, Verify.self, Seed.self, Submit.self, Leaderboard.self, Replay.self, Settings.self])
}

extension DailyCommand {
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play the day's game with a bot and record it.",
            discussion: "The game's seed is the day's (from --date and the balance's hash), the mode arcade; "
                + "--seed is the bot's own randomness. Ctrl-C stops and keeps any old --out.")

        @Option(help: "The day, YYYY-MM-DD (UTC).") var date: String
        @Option(help: "The bot that plays: \(BotKind.names).") var bot: String
        @Option(parsing: .unconditional, help: "The bot's own random seed (0 to 2^64-1; default 1).") var seed: UInt64 = 1
        @Option(parsing: .unconditional, help: "The human bot's skill, 0 to 100 (default 70). Only with the human bot.") var skill: Int?
        @OptionGroup var balanceOption: BalanceOption
        @Option(help: "Where to write the replay.") var out: String
        @Flag(help: forceHelp("an existing --out, once the new recording is finished")) var force = false

        func validate() throws {
            try checkBot(bot)
            guard !bot.contains(",") else { throw ValidationError("--bot: the daily game is one game: name one bot") }
            try checkSkill(skill, bot: bot)
            _ = try parseDate(date)
            try checkPath(out, flag: "--out", stream: true)
        }

        func run() throws {
            try refuseClashes(inputs: balanceOption.inputs, outputs: [("--out", out)])
            try refuseExisting([("--out", out)], force: force)
            var header = ReplayHeader()
            header.balance = try balanceOption.load()
            header.date = try parseDate(date)
            header.minuteOfDay = DailyGame.minuteOfDay
            header.seed = DailyGame.seed(date: header.date, balance: header.balance)
            header.mode = DailyGame.mode
            header.comment = "The Daily Ocean of \(header.date)"
            let skill = skill ?? 70
            header.recordedBy = bot == "human" ? "human (skill \(skill))" : bot
            Interruption.install()
            let sink: AtomicFileSink
            do { sink = try openReplaySink(out, force: force) } catch { throw CommandFailure(sinkProblem(error, out)) }
            let recorder = recordGames(header: header, schedule: BotSchedule(bot)!, skill: skill, games: 1, botSeed: seed, sink: sink)
            do { try sink.commit() } catch { throw CommandFailure("\(error.description) (the recording is lost; any old file is kept)") }
            // Checked as a server would, and told in its numbers.
            switch DailyRun.verify(try readOrExit(out), date: header.date, balance: header.balance) {
            case .success(let r): CommandOutput.summary("recorded \(out): the Daily Ocean of \(header.date): " + DailyCommand.words(r), besides: out)
            case .failure(let why): throw CommandFailure("\(out): recorded, but \(why.message) (a bug: please report it)")
            }
            _ = recorder
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a Daily Ocean run as the server does, and print its score.",
            discussion: "The replay must be the day's game under the balance (its seed, the balance's hash, "
                + "arcade mode, one game played to its end) and re-simulate to every hash it records. Exit 2 if not.")

        @Argument(help: "The run's replay file.") var file: String
        @Option(help: "The day, YYYY-MM-DD (UTC).") var date: String
        @OptionGroup var balanceOption: BalanceOption
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let day = try parseDate(date)
            switch DailyRun.verify(try readOrExit(file), date: day, balance: try balanceOption.load()) {
            case .success(let r):
                CommandOutput.print(json
                    ? JSONOutput.text(VerifiedRun(r))
                    : "\(file): the Daily Ocean of \(day), verified: " + DailyCommand.words(r)
                        + (r.apart.map { "\nranked apart from people's runs: \($0)" } ?? ""))
            case .failure(let why): throw CommandFailure("\(file): \(why.message)")
            }
        }
    }

    /// `daily verify --json`: the result, and how plausible the inputs are as a person's.
    struct VerifiedRun: Encodable {
        struct Plausibility: Encodable {
            var answered: Int, quick: Int, quickShare: Double, plausible: Bool
        }
        var verified = true
        var score: Int, rounds: Int, catches: Int, misses: Int, bestCombo: Int, ticks: Int, hash: String
        var plausibility: Plausibility
        var apart: String?

        init(_ r: DailyResult) {
            (score, rounds, catches, misses, bestCombo, ticks, hash) = (r.score, r.rounds, r.catches, r.misses, r.bestCombo, r.ticks, hex16(r.hash))
            let p = r.plausibility
            func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
            plausibility = Plausibility(answered: p.answered, quick: p.quick, quickShare: rounded(p.quickShare),
                                        plausible: p.isPlausible)
            apart = r.apart
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: JSONKey.self)
            try c.encode(verified, forKey: JSONKey("verified"))
            for (k, v) in [("score", score), ("rounds", rounds), ("catches", catches), ("misses", misses),
                           ("bestCombo", bestCombo), ("ticks", ticks)] { try c.encode(v, forKey: JSONKey(k)) }
            try c.encode(hash, forKey: JSONKey("hash"))
            try c.encode(plausibility, forKey: JSONKey("plausibility"))
            try c.encode(apart, forKey: JSONKey("apart"))  // null, not absent, for people's runs
        }
    }

    static func words(_ r: DailyResult) -> String {
        "score \(r.score), \(counted(r.rounds, "round")), \(r.catches) caught, best combo \(r.bestCombo), hash \(hex16(r.hash))"
    }

    struct Seed: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the day's game seed and the balance's hash.")
        @Option(help: "The day, YYYY-MM-DD (UTC).") var date: String
        @OptionGroup var balanceOption: BalanceOption

        func run() throws {
            let day = try parseDate(date)
            let balance = try balanceOption.load()
            CommandOutput.print("date \(day) seed \(DailyGame.seed(date: day, balance: balance)) balance-hash \(hex16(DailyGame.balanceHash(balance)))")
        }
    }
}

extension DailyCommand {
    struct Submit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a Daily Ocean run to a server, signed with your key, and print its answer.",
            discussion: "The server re-plays the run with its own rules and answers JSON: {\"id\", \"rank\", \"score\", "
                + "\"verified\": true, …} (rank null for a practice run: the day's first run under a name is the official one). "
                + "The key (made on first use, in the data folder as daily-key) binds the name to you on its first run. "
                + "Exit 2 with the server's reason when it refuses the run (4xx), 1 when it cannot be reached or fails.")

        @Argument(help: "The run's replay file (`ocean daily record`).") var file: String
        @Option(help: "The server, such as http://127.0.0.1:8080.") var server: String
        @Option(help: "Your name on the leaderboard (1 to 32 of letters, digits, '_', '-', '.'; default $USER).") var name: String?
        @Option(help: "The day to post to, YYYY-MM-DD (default: the replay's own).") var date: String?
        @Option(help: "Your key file (default: daily-key in the data folder).") var key: String?

        func validate() throws {
            if let date { _ = try parseDate(date) }
            if let why = RunSignature.nameProblem(playerName) { throw ValidationError("--name: " + why) }
            try DailyCommand.checkServer(server)
        }

        var playerName: String { name ?? getenv("USER").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "player" }

        func run() throws {
            let bytes: [UInt8]
            do { bytes = try readFileBytesOrWhy(file, limit: 64 << 20) } catch { throw CommandFailure(error.description) }
            // The day its header names; whether the rest holds is the server's to say.
            guard let day = date ?? DailyCommand.headerDate(bytes) else {
                throw CommandFailure("\(file): no 'date YYYY-MM-DD' line in its header; name the day with --date")
            }
            guard let keyPath = key ?? PlayerKey.defaultPath() else {
                throw CommandFailure("ocean: \(DataFolder.problem() ?? "no data folder") so there is no key; name one with --key FILE")
            }
            let signingKey: Curve25519SigningKey
            do { signingKey = try PlayerKey.loadOrCreate(path: keyPath) } catch { throw CommandFailure("\(error)") }
            let answer: ServerAnswer
            do { answer = try DailyClient(server: server).submit(replay: bytes, date: day, name: playerName, key: signingKey) } catch {
                throw CommandFailure("ocean: \(error)", status: 1)
            }
            try DailyCommand.report(answer, what: "\(file)")
        }
    }

    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch a Daily Ocean run's replay from a server, signed with your key.",
            discussion: "While its day is open the server gives a run's replay to its own player only (the request is signed "
                + "with the key it was posted under); once the day closes, to anyone. Exit 2 with the server's reason when it "
                + "refuses (4xx), 1 when it cannot be reached or fails.")

        @Argument(help: "The run's id (the 'id' its post answered, or the board's).") var id: Int
        @Option(help: "The server, such as http://127.0.0.1:8080.") var server: String
        @Option(help: "Where to write the replay.") var out: String
        @Flag(help: "Replace an existing --out (once the whole replay has arrived).") var force = false
        @Option(help: "Your key file (default: daily-key in the data folder).") var key: String?

        func validate() throws {
            guard id > 0 else { throw ValidationError("<id>: \(id) is not a run id (a whole number from 1)") }
            try DailyCommand.checkServer(server)
            try checkPath(out, flag: "--out")
            if !force && fileSize(out) != nil { throw ValidationError("--out: \(out) exists; add --force to replace it") }
        }

        func run() throws {
            guard let keyPath = key ?? PlayerKey.defaultPath() else {
                throw CommandFailure("ocean: \(DataFolder.problem() ?? "no data folder") so there is no key; name one with --key FILE")
            }
            let signingKey: Curve25519SigningKey
            do { signingKey = try PlayerKey.loadOrCreate(path: keyPath) } catch { throw CommandFailure("\(error)") }
            let answer: ServerAnswer
            do { answer = try DailyClient(server: server).replay(id: id, key: signingKey) } catch { throw CommandFailure("ocean: \(error)", status: 1) }
            switch answer.status {
            case 200..<300:
                do { try replaceFile(out, with: answer.body) } catch { throw CommandFailure("\(error)") }
                CommandOutput.print("wrote \(out): run \(id)'s replay, \(answer.body.count) bytes")
            case 400..<500: throw CommandFailure("the server refused run \(id)'s replay (\(answer.status)): \(answer.errorText)")
            default: throw CommandFailure("the server failed on run \(id)'s replay (\(answer.status)): \(answer.errorText)", status: 1)
            }
        }
    }

    struct Leaderboard: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a day's Daily Ocean leaderboard from a server: a table, or its JSON.",
            discussion: "--json: [{\"rank\", \"name\", \"score\", \"rounds\", \"catches\", \"bestCombo\", \"id\"}], best first, as the server sent it.")

        @Option(help: "The server, such as http://127.0.0.1:8080.") var server: String
        @Option(help: "The day, YYYY-MM-DD (default: today, UTC).") var date: String?
        @Flag(help: "Print the server's JSON as it came, for scripts.") var json = false

        func validate() throws {
            if let date { _ = try parseDate(date) }
            try DailyCommand.checkServer(server)
        }

        func run() throws {
            let day = date ?? DailyCommand.todayUTC()
            let answer: ServerAnswer
            do { answer = try DailyClient(server: server).leaderboard(date: day) } catch { throw CommandFailure("ocean: \(error)", status: 1) }
            guard !json, (200..<300).contains(answer.status) else { return try DailyCommand.report(answer, what: "the leaderboard of \(day)") }
            guard case .array(let rows)? = answer.json else {
                throw CommandFailure("the server's leaderboard of \(day) is not a list of runs: \(oneLine(answer.text, limit: 200))", status: 1)
            }
            CommandOutput.print(Self.table(rows, day: day))
        }

        /// The board as a person reads it: one run a line, the numbers aligned; a name
        /// escaped (the server's text never forges a line of ours).
        static func table(_ rows: [AnswerJSON], day: String) -> String {
            guard !rows.isEmpty else { return "The Daily Ocean of \(day): no run ranked yet." }
            let header = ["rank", "name", "score", "rounds", "catches", "best combo"]
            func number(_ r: AnswerJSON, _ key: String) -> String { r[key]?.int.map(String.init) ?? "-" }
            let cells: [[String]] = rows.map { r in
                let score = r["score"]?.int.map(Self.grouped) ?? "-"
                let name = oneLine(r["name"]?.string ?? "?", limit: 32)
                return [number(r, "rank"), name, score, number(r, "rounds"), number(r, "catches"), number(r, "bestCombo")]
            }
            let widths = header.indices.map { i in max(header[i].count, cells.map { $0[i].count }.max() ?? 0) }
            func line(_ c: [String]) -> String {
                let pads = c.indices.map { String(repeating: " ", count: widths[$0] - c[$0].count) }
                return c.indices.map { i in i == 1 ? c[i] + pads[i] : pads[i] + c[i] }.joined(separator: "  ")
            }
            return (["The Daily Ocean of \(day): \(rows.count) \(rows.count == 1 ? "run" : "runs") ranked", line(header)]
                + cells.map(line)).joined(separator: "\n")
        }

        static func grouped(_ n: Int) -> String {
            let digits = String(abs(n))
            var out = ""
            for (i, c) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
                out.append(c)
            }
            return (n < 0 ? "-" : "") + out
        }
    }

    /// Sends a Daily Ocean run from `ocean play` (its official run, when the player
    /// opted in): the same request as `ocean daily submit`, on a thread of its own, the
    /// answer in words for the game's summary.
    static func sendFromPlay(server: String, name: String) -> ([UInt8], CalendarDate, String, @escaping @Sendable (SummaryNote) -> Void) -> Void {
        { bytes, date, playerName, answer in
            let chosen = name.isEmpty ? playerName : name
            let started = BackgroundThread.start {
                answer(DailyCommand.playNote(server: server, name: chosen, date: date, bytes: bytes))
            }
            if !started { answer(SummaryNote("Not sent: no thread could be started", short: "Not sent", good: false)) }
        }
    }

    private static func playNote(server: String, name: String, date: CalendarDate, bytes: [UInt8]) -> SummaryNote {
        if RunSignature.nameProblem(name) != nil {
            return SummaryNote("Not sent: name yourself with ocean daily settings --name", short: "Not sent: no name", good: false)
        }
        guard let keyPath = PlayerKey.defaultPath(), let key = try? PlayerKey.loadOrCreate(path: keyPath) else {
            return SummaryNote("Not sent: no key in the data folder", short: "Not sent", good: false)
        }
        let answer: ServerAnswer
        do { answer = try DailyClient(server: server).submit(replay: bytes, date: date.description, name: name, key: key) } catch {
            printError("ocean play: the Daily Ocean run was not sent: \(error)")
            return SummaryNote("Not sent: the server cannot be reached", short: "Not sent", good: false)
        }
        guard (200..<300).contains(answer.status) else {
            printError("ocean play: the server refused the Daily Ocean run (\(answer.status)): \(answer.errorText)")
            return SummaryNote("Refused by the server (\(answer.status))", short: "Refused", good: false)
        }
        if let rank = answer.json?["rank"]?.int {
            return SummaryNote("Verified by the server: rank \(rank) today", short: "Rank \(rank) today", good: true)
        }
        if answer.json?["apart"]?.string != nil {
            // Off the main board: what the server said, in the one line the summary has.
            return SummaryNote("Verified, ranked apart: faster than a person", short: "Ranked apart", good: false)
        }
        return SummaryNote("Verified by the server (practice: not ranked)", short: "Verified", good: true)
    }

    /// A --server that is not an address a client may use (the text is not echoed: it
    /// may carry a password).
    static func checkServer(_ server: String) throws {
        if case .failure(let why) = ServerAddress.parse(server) { throw ValidationError("--server: the address \(why)") }
    }

    /// The server's JSON on standard output when it agreed; its reason otherwise
    /// (exit 2 for a refusal, 1 for a failure of its own).
    static func report(_ answer: ServerAnswer, what: String) throws {
        switch answer.status {
        case 200..<300: CommandOutput.print(answer.text)
        case 400..<500: throw CommandFailure("the server refused \(what) (\(answer.status)): \(answer.errorText)")
        default: throw CommandFailure("the server failed on \(what) (\(answer.status)): \(answer.errorText)", status: 1)
        }
    }

    /// The `date` line of a replay's header (the lines before its first input), unchecked.
    static func headerDate(_ bytes: [UInt8]) -> String? {
        for line in bytes.split(separator: 10).prefix(4096) {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("i ") { break }
            if text.hasPrefix("date "), let d = ReplayFormat.dateShape(Substring(text.dropFirst(5))), d.isValid { return d.description }
        }
        return nil
    }

    /// Today's date in UTC, YYYY-MM-DD.
    static func todayUTC() -> String {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)).description
    }
}

extension DailyCommand {
    struct Settings: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Choose whether `ocean play` sends your official Daily Ocean runs to a server, and under which name.",
            discussion: "Opt-in: nothing is sent until --submit-to names a server. The settings live in daily.toml in the "
                + "settings folder ($XDG_CONFIG_HOME/ocean-rescue or ~/.config/ocean-rescue). With no option, prints them.")

        @Option(help: "The server to send official runs to, such as http://127.0.0.1:8080.") var submitTo: String?
        @Flag(help: "Stop sending runs (offline play).") var off = false
        @Option(help: "The name to post under (1 to 32 of letters, digits, '_', '-', '.'; default: the career's player name).")
        var name: String?

        func validate() throws {
            if off && submitTo != nil { throw ValidationError("--off and --submit-to: choose one") }
            if let submitTo, let why = DailySettings.addressProblem(submitTo) { throw ValidationError("--submit-to: " + why) }
            if let name, let why = DailySettings.nameProblem(name) { throw ValidationError("--name: " + why) }
        }

        func run() throws {
            guard let path = DailySettingsFile.defaultPathIfKnown() else {
                throw CommandFailure("ocean daily settings: \(ConfigFolder.problem() ?? "no settings folder")")
            }
            var settings: DailySettings
            do { settings = try DailySettingsFile.load(path: path) } catch { throw CommandFailure(error.description) }
            if submitTo == nil && !off && name == nil {
                CommandOutput.print(settings.submitTo.map { "submit to \($0) as \(settings.name ?? "the career's player name")" }
                                    ?? "offline: official runs are not sent (ocean daily settings --submit-to URL)")
                return
            }
            if off { settings.submitTo = nil }
            if let submitTo { settings.submitTo = submitTo }
            if let name { settings.name = name }
            do { try DailySettingsFile.save(settings, path: path) } catch { throw CommandFailure(error.description) }
            CommandOutput.print("\(path): " + (settings.submitTo.map { "official runs go to \($0)" } ?? "offline"))
        }
    }
}
