import ArgumentParser
import OceanKernel
import OceanSim
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

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
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
        let report = runGames(rules: rules, seed: seed, schedule: BotSchedule(bot)!, games: games, skill: skill)
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
        if json {
            print("""
            {"typical": {"ticksPerSecond": \(Int(r.typicalTicksPerSecond)), "ticks": \(r.typicalTicks), \
            "seconds": \(r.typicalSeconds)}, "stress": {"items": \(r.stressItems), \
            "ticksPerSecond": \(Int(r.stressTicksPerSecond)), "nsPerItemUpdate": \(r.nanosPerItemUpdate), \
            "ticks": \(r.stressTicks), "seconds": \(r.stressSeconds), \
            "referenceCNsPerItemUpdate": \(r.referenceNanosPerItemUpdate), "versusC": \(r.stressVersusC)}, \
            "peakMemoryBytes": \(r.peakMemory), "allocations": \(allocations.json)}
            """)
        } else {
            print("typical game   \(Int(r.typicalTicksPerSecond)) ticks/s (\(r.typicalTicks) ticks in \(r.typicalSeconds) s)")
            print("stress         \(Int(r.stressTicksPerSecond)) ticks/s with \(r.stressItems) live items "
                + "(\(r.nanosPerItemUpdate) ns per item update)")
            print("C reference    \(r.referenceNanosPerItemUpdate) ns per item update: the kernel takes "
                + "\(r.stressVersusC)× as long (target ≤ 2×)")
            print("peak memory    \(r.peakMemory / 1024) KiB")
            print("allocations    \(allocations.text)")
        }
    }
}
