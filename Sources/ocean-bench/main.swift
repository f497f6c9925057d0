import ArgumentParser
import OceanAudio
import OceanBalance
import OceanBench
import OceanDrivers
import OceanAssets
import OceanFront
import OceanKernel
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The benchmark, a program of its own so the game links no malloc interposer:
/// `make bench` runs it with the interposer preloaded (`LD_PRELOAD`).
struct OceanBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocean-bench",
        abstract: "Measure ticks per second (a typical game, a stress scenario), allocations per tick, the audio DSP, "
            + "the renderer and the first frame.",
        discussion: "Allocations are counted when the malloc interposer is preloaded: "
            + "LD_PRELOAD=.build/release/libMallocInterposerSwift.so (what `make bench` does).",
        version: Engine.version,
        subcommands: [Everything.self, Kernel.self, Audio.self],
        defaultSubcommand: Everything.self)
}

extension OceanBenchCommand {
    struct Everything: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "all", abstract: "Every figure (the default).")

        @OptionGroup var options: KernelOptions

        func run() throws {
            let balance = try loadBalance(path: options.balance, challenges: options.challenges)
            let counter = AllocationCounter.counter
            let seconds = options.seconds
            var output = options.measure(balance)
            let audio = AudioBenchResult.measure(try loadDesign(path: nil), seconds: min(seconds, 2), counter: counter)
            output.sections.append(BenchSection(key: "audio", value: audio, text: audio.text))
            let assets: FrontAssets
            do { assets = try FrontAssetsLoader.load(theme: nil, challenges: options.challenges) } catch { throw BenchFailure(error.description) }
            let content: CareerContent
            do { content = try CareerContentLoader.load() } catch { throw BenchFailure(error.description) }
            let render = RenderBenchResult.measure(assets: assets, rules: Rules(balance), content: content,
                                                   seconds: min(seconds, 2), counter: counter)
            output.sections.append(BenchSection(key: "render", value: render, text: render.text))
            let firstFrame = FirstFrameResult.measure()
            output.sections.append(BenchSection(key: "firstFrameMs", value: firstFrame, text: firstFrame.text))
            let playing = PlayingCPUResult.measure(balance: balance)
            output.sections.append(BenchSection(key: "playing", value: playing, text: playing.text))
            print(options.json ? output.json : output.text)
        }
    }

    /// The kernel's figures alone (ticks, verify, the drivers, stress against C,
    /// allocations per tick): seconds, not the minute `all` takes with its windows.
    struct Kernel: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The kernel's figures alone: typical, session, verify, sim idle, career, stress and the C loop, "
                + "allocations per tick.")

        @OptionGroup var options: KernelOptions

        func run() throws {
            let output = options.measure(try loadBalance(path: options.balance, challenges: options.challenges))
            print(options.json ? output.json : output.text)
        }
    }

    struct Audio: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time the DSP alone: seconds of audio rendered per second of CPU, allocations per device buffer.")

        @Option(help: "Seconds to measure (0.1 to 600).") var seconds: Double = 2
        @Option(name: .customLong("audio"), help: "The sound design (TOML). Default: the shipped assets/audio.toml.")
        var design: String?
        @Flag(help: "Print one JSON object.") var json = false

        func validate() throws { try checkSeconds(seconds) }

        func run() throws {
            let a = AudioBenchResult.measure(try loadDesign(path: design), seconds: seconds, counter: AllocationCounter.counter)
            print(json ? JSONOutput.text(["audio": a]) : a.text)
        }
    }
}

/// What `all` and `kernel` share: how long, how many items, which data, which output.
struct KernelOptions: ParsableArguments {
    @Option(help: "Seconds to measure each scenario (0.1 to 600).")
    var seconds: Double = 3

    @Option(parsing: .unconditional, help: "Live items in the stress scenario (1 to 100000).")
    var items: Int = 10_000

    @Option(help: "Balance constants (TOML). Default: the shipped assets/balance.toml.")
    var balance: String?

    @Option(help: "The challenge table (TOML). Default: the shipped assets/challenges.toml.")
    var challenges: String?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        try checkSeconds(seconds)
        guard (1...100_000).contains(items) else {
            throw ValidationError("--items: \(items) is out of range; allowed: 1 to 100000")
        }
    }

    /// The kernel's figures and its allocations per tick.
    func measure(_ balance: Balance) -> BenchOutput {
        let r = Bench.run(balance: balance, seconds: seconds, stressItems: items)
        let allocations = Bench.steadyStateAllocations(balance: balance, stressItems: min(items, 2_000),
                                                       counter: AllocationCounter.counter)
        return BenchOutput(report: r, allocations: allocations)
    }
}

func checkSeconds(_ seconds: Double) throws {
    guard seconds >= 0.1, seconds <= 600 else {
        throw ValidationError("--seconds: \(seconds) is out of range; allowed: 0.1 to 600")
    }
}

/// Bad input: the message goes to stderr as it is, and the bench exits 2.
struct BenchFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The balance with its challenge table, validated, or a failure naming every problem.
func loadBalance(path: String?, challenges: String?) throws -> Balance {
    guard let path = path ?? defaultBalancePath() else {
        throw BenchFailure("ocean-bench: cannot find assets/balance.toml; name a balance file with --balance FILE")
    }
    guard let tablePath = challenges ?? defaultChallengesPath() else {
        throw BenchFailure("ocean-bench: cannot find assets/challenges.toml; name a challenge table with --challenges FILE")
    }
    do {
        var b = try BalanceLoader.load(path: path)
        b.challenges = try ChallengeLoader.load(path: tablePath).templates
        return b
    } catch {
        throw BenchFailure(error.description)
    }
}

/// The sound design, validated, or a failure naming every problem.
func loadDesign(path: String?) throws -> AudioDesign {
    guard let path = path ?? findAsset("audio.toml") else {
        throw BenchFailure("ocean-bench: cannot find assets/audio.toml; name a sound design with --audio FILE")
    }
    do { return try AudioLoader.load(path: path) } catch { throw BenchFailure(error.description) }
}

// Bad input and usage errors exit with status 2 (not ArgumentParser's 64).
do {
    var command = try OceanBenchCommand.parseAsRoot()
    try command.run()
} catch let failure as BenchFailure {
    printError(failure.message)
    exit(2)
} catch {
    let code = OceanBenchCommand.exitCode(for: error)
    let message = OceanBenchCommand.fullMessage(for: error)
    if code == .success {
        print(message)
        exit(0)
    }
    if !message.isEmpty { printError(message) }
    exit(2)
}
