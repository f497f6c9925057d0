import ArgumentParser
import OceanCLI
import OceanKernel
import OceanReplay
import OceanDrivers
import OceanSystem

/// The Daily Ocean (GAME_RULES §7): the day's arcade game, the same for everyone.
struct DailyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily",
        abstract: "The Daily Ocean: one arcade game a day, its seed from the date and the balance.",
        subcommands: [Record.self, Verify.self, Seed.self])
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
            case .success(let r): CommandOutput.print("recorded \(out): the Daily Ocean of \(header.date): " + DailyCommand.words(r))
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
                    ? "{\"verified\":true,\"score\":\(r.score),\"rounds\":\(r.rounds),\"catches\":\(r.catches),"
                        + "\"misses\":\(r.misses),\"bestCombo\":\(r.bestCombo),\"ticks\":\(r.ticks),\"hash\":\"\(hex16(r.hash))\"}"
                    : "\(file): the Daily Ocean of \(day), verified: " + DailyCommand.words(r))
            case .failure(let why): throw CommandFailure("\(file): \(why.message)")
            }
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
