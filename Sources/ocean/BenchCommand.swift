import ArgumentParser
import OceanBench
import OceanDrivers
import OceanFront
import OceanKernel
import OceanStore

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure ticks per second (a typical game, a stress scenario), the audio DSP, the renderer and the first frame.")

    @Option(help: "Seconds to measure each scenario (0.1 to 600).")
    var seconds: Double = 3

    @Option(parsing: .unconditional, help: "Live items in the stress scenario (1 to 100000).")
    var items: Int = 10_000

    @OptionGroup var balanceOption: BalanceOption

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        guard seconds >= 0.1, seconds <= 600 else { throw ValidationError("--seconds: \(seconds) is out of range; allowed: 0.1 to 600") }
        try checkRange(items, "--items", 1...100_000)
    }

    func run() throws {
        let balance = balanceOption.load()
        let r = Bench.run(balance: balance, seconds: seconds, stressItems: items)
        var counter: ((() -> Void) -> Int)?
        if AllocationCounter.isActive { counter = { AllocationCounter.measure($0) } }
        let allocations = Bench.steadyStateAllocations(balance: balance, stressItems: min(items, 2_000),
                                                       counter: counter)
        var output = BenchOutput(report: r, allocations: allocations)
        let audio = AudioBenchResult.measure(AudioDesignOption(path: nil).load(), seconds: min(seconds, 2))
        output.sections.append(BenchSection(key: "audio", value: audio, text: audio.text))
        let assets: FrontAssets
        do { assets = try FrontAssetsLoader.load(theme: nil, challenges: balanceOption.challenges) } catch { fail(error.description) }
        let content: CareerContent
        do { content = try CareerContentLoader.load() } catch { fail(error.description) }
        let render = RenderBenchResult.measure(assets: assets, rules: Rules(balance), content: content,
                                               seconds: min(seconds, 2), counter: counter)
        output.sections.append(BenchSection(key: "render", value: render, text: render.text))
        let firstFrame = FirstFrameResult.measure()
        output.sections.append(BenchSection(key: "firstFrameMs", value: firstFrame, text: firstFrame.text))
        print(json ? output.json : output.text)
    }
}
