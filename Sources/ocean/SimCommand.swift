import ArgumentParser
import OceanCLI
import OceanKernel
import OceanDrivers
import OceanReplay
import OceanStore
import OceanSystem

struct Sim: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play whole games headlessly with a bot and print how they went.",
        discussion: """
        With --days the report is the career's: level, plastic, streaks, pet, ocean; items \
        per kind and plastic per month with their impact (items kept out of the sea, CO2e \
        and water saved, from --impact); today's and this week's challenge, the challenges \
        completed and failed (in all and in this run), bonus grams, the milestones reached \
        (with the day, when this run reached them) and the next few. --challenge-log adds \
        every challenge of the run, one a line.

        On a terminal, long runs show a progress line on standard error (never in a pipe \
        or with --json); Ctrl-C stops after the current game (or day, saved), prints \
        what was played and exits 130.
        """)

    @Option(help: "The bot that plays: \(BotKind.names); or one per game, comma-separated (the last repeats).")
    var bot: String = "greedy"

    @Option(parsing: .unconditional, help: "The seed of the gameplay random stream (0 to 2^64-1).")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "How many games to play (1 to 1000000; default 1). Not with --days.")
    var games: Int?

    @Option(parsing: .unconditional, help: "The human bot's skill, 0 (clumsy) to 100 (sharp); default 70. Only with the human bot.")
    var skill: Int?

    @Option(help: "How the human bot plays: \(HumanBot.Input.names) (default keys). Only with the human bot and --games.")
    var input: HumanBot.Input?

    @OptionGroup var balanceOption: BalanceOption

    @Option(parsing: .unconditional,
            help: "Play a career of this many days (1 to 100000) instead of single games: sessions, scans, flashcards, games.")
    var days: Int?

    @Option(parsing: .unconditional, help: "With --days: games each day played (0 to 100; default 1).")
    var gamesPerDay: Int?

    @Option(parsing: .unconditional, help: "With --days: the chance, in %, of skipping a day (0 to 100; default 15).")
    var skipPercent: Int?

    @Option(help: "With --days: continue the career saved in this profile and save it after every day (without it nothing is saved).")
    var profile: String?

    @Option(help: "The player's local date of the first session, YYYY-MM-DD (default 2026-01-01; with --profile, the day after the saved one, and never before it).")
    var date: String?

    @Option(help: "The time of day of the first session, HH:MM (default: 12:00 for --games, drawn from the seed for --days).")
    var time: String?

    @Flag(help: """
        With --days: also list every daily and weekly challenge of the run, one a line: its date (a weekly's \
        Monday), text, final progress and outcome (completed on which day with its reward, failed, or still open).
        """)
    var challengeLog = false

    @OptionGroup var impactOption: ImpactOption

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(help: "The game the bots play: classic (a fixed number of rounds) or arcade (rounds until the misses run out). Not with --days.")
    var mode: PlayMode = .classic

    func validate() throws {
        try checkBot(bot)
        try checkRange(days, "--days", 1...100_000)
        try checkRange(games, "--games", 1...1_000_000)
        try checkRange(gamesPerDay, "--games-per-day", 0...100)
        try checkRange(skipPercent, "--skip-percent", 0...100)
        try checkSkill(skill, bot: bot)
        try checkInput(input, bot: bot, days: days)
        try checkCareerFlags(days: days, games: games, gamesPerDay: gamesPerDay, skipPercent: skipPercent)
        try checkPath(profile, flag: "--profile")
        if profile != nil && days == nil { throw ValidationError("--profile goes with --days") }
        if challengeLog && days == nil { throw ValidationError("--challenge-log goes with --days (a career's challenges)") }
        if impactOption.impact != nil && days == nil {
            throw ValidationError("--impact goes with --days (a career's impact); without --days it would change nothing")
        }
        if let date { _ = try parseDate(date) }
        if let time { _ = try parseTime(time) }
        if mode == .arcade && days != nil {
            throw ValidationError("--mode arcade goes with --games: a career's days play the classic game")
        }
    }

    func run() throws {
        try refuseClashes(inputs: balanceOption.inputs + [("--impact", impactOption.impact ?? defaultImpactPath())],
                      outputs: [("--profile", profile)])
        let (balance, table) = try balanceOption.loadWithTable()
        let rules = Rules(balance)
        Interruption.install(graceful: true)
        if let days {
            try runDays(days, rules: rules, texts: table.texts, factors: try impactOption.load(rules: rules))
            return
        }
        let games = games ?? 1
        let session = Command.beginSession(try date.map { try parseDate($0) } ?? DefaultSession.date,
                                           minuteOfDay: try time.map { try parseTime($0) } ?? DefaultSession.minuteOfDay)
        let progress = Progress("sim", total: games, unit: "games", quiet: json)
        let report = runGames(rules: rules, seed: seed, schedule: BotSchedule(bot)!, games: games, skill: skill ?? 70,
                              input: input ?? .keys, session: session, mode: mode) { done in
            progress.update(done)
            return Interruption.requested == nil
        }
        progress.finish()
        CommandOutput.print(json ? report.json : report.text)
        try exitIfInterrupted("\(counted(report.summary.games, "game")) of \(games) played")
    }

    private func runDays(_ days: Int, rules: Rules, texts: [String: String], factors: ImpactFactors) throws {
        var start = GameState(rules: rules, seed: seed)
        var options = CareerPlan.Options()
        options.days = days
        options.gamesPerDay = gamesPerDay ?? options.gamesPerDay
        options.skipPercent = skipPercent ?? options.skipPercent
        options.firstMinute = try time.map { try parseTime($0) }
        let chosenDate = try date.map { try parseDate($0) }
        if let chosenDate { options.start = chosenDate }
        // The profile stays locked for the whole run (a second run on it is refused).
        var store: ProfileStore?
        if let profile {
            do { store = try ProfileStore(path: profile, rules: rules) } catch {
                throw CommandFailure("\(error.description)\nThe profile is left as it is; name another with --profile PATH.")
            }
            if let saved = store?.saved { start = saved.state }
            if let next = store?.nextDay {
                guard next.isValid else {
                    throw CommandFailure("--profile \(profile): the career has reached \(CalendarDate(dayNumber: next.dayNumber - 1)), "
                        + "the calendar's last day: it cannot go on (start another with --profile NEW)")
                }
                if let chosenDate, chosenDate.dayNumber < next.dayNumber {
                    throw CommandFailure("--date \(chosenDate) is before the next day of the career in --profile \(profile) (\(next)); "
                        + "a career only moves forward: leave --date out to continue on \(next)")
                }
                if chosenDate == nil { options.start = next }
            }
        }
        if let problem = options.calendarProblem { throw CommandFailure("--days: \(problem)") }
        options.rightAnswerPercent = CareerPlan.rightAnswerPercent(skill: skill ?? 70)
        let plan = CareerPlan(options: options, bots: BotSchedule(bot)!.bots(seed: seed, skill: skill ?? 70).map(AnyBot.init),
                              seed: seed &+ UInt64(start.tick))
        let progress = Progress("career", total: days, unit: "days", quiet: json)
        var log = ChallengeLog(start: start, keepEntries: challengeLog)
        let final: GameState
        do {
            final = try runCareer(rules: rules, state: start, plan: plan,
                                  watch: { events, state in log.record(events, state) }) { (state: GameState, day: Int) throws(CareerStop) in
                if let store {
                    do throws(Profile.LoadError) { try store.save(state, plannedThrough: plan.date(ofDay: day)) } catch {
                        throw .save(error)
                    }
                }
                progress.update(day + 1)
                if let signal = Interruption.requested {
                    progress.finish()
                    throw .interrupted(signal, plan.date(ofDay: day), saved: store != nil)
                }
            }
        } catch let stop as CareerStop {
            throw CommandFailure(stop.description, status: stop.status)
        }
        progress.finish()
        log.finish(final)
        let report = CareerReport(final, rules: rules, texts: texts, factors: factors, log: log)
        CommandOutput.print(json ? report.json : report.text)
        if profile == nil && !json {
            CommandOutput.printError("(nothing was saved: add --profile PATH to keep this career, and `ocean profile show --profile PATH` shows it)")
        }
    }
}
