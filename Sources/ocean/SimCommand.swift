import ArgumentParser
import OceanKernel
import OceanBench
import OceanDrivers
import OceanStore
import OceanSystem
import OceanBalance
#if canImport(Glibc)
import Glibc
#endif

/// Prints a message to stderr and exits with `status`.
func fail(_ message: String, status: Int32 = ExitStatus.badInput) -> Never {
    printError(message)
    exit(status)
}

/// `--balance FILE`, shared by every command that runs the kernel.
struct BalanceOption: ParsableArguments {
    @Option(name: .long, help: "Balance constants (TOML). Default: assets/balance.toml of this checkout.")
    var balance: String?

    init() {}
    init(balance: String) { self.balance = balance }

    /// The loaded, validated constants, or an exit with every problem listed.
    func load() -> Balance {
        guard let path = balance ?? defaultBalancePath() else {
            fail("ocean: cannot find assets/balance.toml; name a balance file with --balance FILE")
        }
        do {
            return try BalanceLoader.load(path: path)
        } catch {
            fail(error.description)
        }
    }
}

struct Sim: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play whole games headlessly with a bot and print how they went.")

    @Option(help: "The bot that plays: \(BotKind.names); or one per game, comma-separated (the last repeats).")
    var bot: String = "greedy"

    @Option(help: "The seed of the gameplay random stream (0 to 2^64-1).")
    var seed: UInt64 = 1

    @Option(help: "How many games to play (1 to 1000000).")
    var games: Int = 1

    @Option(help: "The human bot's skill, 0 (clumsy) to 100 (sharp).")
    var skill: Int = 70

    @OptionGroup var balanceOption: BalanceOption

    @Option(help: "Play a career of this many days (1 to 100000) instead of single games: sessions, scans, flashcards, games.")
    var days: Int?

    @Option(help: "With --days: games each day played (0 to 100).")
    var gamesPerDay: Int = 1

    @Option(help: "With --days: the chance, in %, of skipping a day (0 to 100).")
    var skipPercent: Int = 15

    @Option(help: "With --days: continue the career saved in this profile and save it after every day.")
    var profile: String?

    @Option(help: "The player's local date of the first session, YYYY-MM-DD (default 2026-01-01; with --profile, the day after the saved one).")
    var date: String?

    @Option(help: "The time of day of a --games run's session, HH:MM (default 12:00).")
    var time: String?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        if let days, !(1...100_000).contains(days) { throw ValidationError("--days: \(days) is out of range; allowed: 1 to 100000") }
        guard (0...100).contains(gamesPerDay) else { throw ValidationError("--games-per-day: allowed 0 to 100") }
        guard (0...100).contains(skipPercent) else { throw ValidationError("--skip-percent: allowed 0 to 100") }
        if profile != nil && days == nil { throw ValidationError("--profile goes with --days") }
        if let date, parseDate(date) == nil { throw ValidationError("--date: '\(date)' is not a date written YYYY-MM-DD") }
        if let time, parseTime(time) == nil { throw ValidationError("--time: '\(time)' is not a time written HH:MM") }
        guard BotSchedule(bot) != nil else {
            throw ValidationError("--bot: unknown bot in '\(bot)'; allowed: \(BotKind.names), or several separated by commas")
        }
        guard (1...1_000_000).contains(games) else {
            throw ValidationError("--games: \(games) is out of range; allowed: 1 to 1000000")
        }
        guard (0...100).contains(skill) else {
            throw ValidationError("--skill: \(skill) is out of range; allowed: 0 to 100")
        }
    }

    func run() throws {
        let rules = Rules(balanceOption.load())
        if let days {
            runDays(days, rules: rules)
            return
        }
        let session = Command.beginSession(date.flatMap(parseDate) ?? CalendarDate(year: 2026, month: 1, day: 1),
                                           minuteOfDay: time.flatMap(parseTime) ?? 12 * 60)
        let report = runGames(rules: rules, seed: seed, schedule: BotSchedule(bot)!, games: games, skill: skill,
                              session: session)
        print(json ? report.json : report.text)
    }

    private func runDays(_ days: Int, rules: Rules) {
        var start = GameState(rules: rules, seed: seed)
        var options = CareerPlan.Options()
        options.days = days
        options.gamesPerDay = gamesPerDay
        options.skipPercent = skipPercent
        if let date = date.flatMap(parseDate) { options.start = date }
        if let profile {
            do {
                if let saved = try Profile.load(path: profile, rules: rules) {
                    start = saved
                    if date == nil && saved.career.hasSession { options.start = CalendarDate(dayNumber: saved.career.today + 1) }
                }
            } catch {
                fail("\(error.description)\nThe profile is left as it is; name another with --profile PATH.")
            }
        }
        let plan = CareerPlan(options: options, bots: BotSchedule(bot)!.bots(seed: seed, skill: skill),
                              seed: seed &+ UInt64(start.tick))
        let final: GameState
        do {
            final = try runCareer(rules: rules, state: start, plan: plan) { (state: GameState) throws(Profile.LoadError) in
                if let profile { try Profile.save(state, path: profile) }
            }
        } catch {
            fail(error.description)
        }
        let report = CareerReport(final, rules: rules)
        print(json ? report.json : report.text)
    }
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure ticks per second for a typical game and a stress scenario.")

    @Option(help: "Seconds to measure each scenario (0.1 to 600).")
    var seconds: Double = 3

    @Option(help: "Live items in the stress scenario (1 to 100000).")
    var items: Int = 10_000

    @OptionGroup var balanceOption: BalanceOption

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        guard seconds >= 0.1, seconds <= 600 else { throw ValidationError("--seconds: allowed 0.1 to 600") }
        guard (1...100_000).contains(items) else { throw ValidationError("--items: allowed 1 to 100000") }
    }

    func run() throws {
        let balance = balanceOption.load()
        let r = Bench.run(balance: balance, seconds: seconds, stressItems: items)
        var counter: ((() -> Void) -> Int)?
        if AllocationCounter.isActive { counter = { AllocationCounter.measure($0) } }
        let allocations = Bench.steadyStateAllocations(balance: balance, stressItems: min(items, 2_000),
                                                       counter: counter)
        let audio = AudioBenchResult.measure(AudioDesignOption(path: nil).load(), seconds: min(seconds, 2))
        if json {
            print("""
            {"typical": {"ticksPerSecond": \(Int(r.typicalTicksPerSecond)), "ticks": \(r.typicalTicks), \
            "seconds": \(r.typicalSeconds)}, "stress": {"items": \(r.stressItems), \
            "ticksPerSecond": \(Int(r.stressTicksPerSecond)), "nsPerItemUpdate": \(r.nanosPerItemUpdate), \
            "ticks": \(r.stressTicks), "seconds": \(r.stressSeconds), \
            "referenceCNsPerItemUpdate": \(r.referenceNanosPerItemUpdate), "versusC": \(r.stressVersusC)}, \
            "peakMemoryBytes": \(r.peakMemory), "allocations": \(allocations.json), "audio": \(audio.json)}
            """)
        } else {
            print("typical game   \(Int(r.typicalTicksPerSecond)) ticks/s (\(r.typicalTicks) ticks in \(r.typicalSeconds) s)")
            print("stress         \(Int(r.stressTicksPerSecond)) ticks/s with \(r.stressItems) live items "
                + "(\(r.nanosPerItemUpdate) ns per item update)")
            print("C reference    \(r.referenceNanosPerItemUpdate) ns per item update: the kernel takes "
                + "\(r.stressVersusC)× as long (target ≤ 2×)")
            print("peak memory    \(r.peakMemory / 1024) KiB")
            print("allocations    \(allocations.text)")
            print(audio.text)
        }
    }
}
