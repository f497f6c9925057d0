import OceanKernel
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic wall time in nanoseconds (for measuring, never for simulating).
public func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The process's peak resident memory (VmHWM), in bytes; 0 if unknown.
public func peakMemoryBytes() -> Int {
    guard let status = readTextFile("/proc/self/status") else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        return (Int(digits) ?? 0) * 1024
    }
    return 0
}

/// What `ocean bench` measures.
public struct BenchReport: Sendable {
    public var typicalTicks = 0
    public var typicalSeconds = 0.0
    public var stressItems = 0
    public var stressTicks = 0
    public var stressSeconds = 0.0
    public var peakMemory = 0

    public var typicalTicksPerSecond: Double { Double(typicalTicks) / typicalSeconds }
    public var stressTicksPerSecond: Double { Double(stressTicks) / stressSeconds }
    public var nanosPerItemUpdate: Double { stressSeconds * 1e9 / Double(stressTicks * stressItems) }
}

public enum Bench {
    /// The balance the stress scenario runs: the given one, with `items` spawned in a
    /// hundred bursts and a water line so deep that none lands while it is measured.
    public static func stressBalance(_ base: Balance, items: Int) -> Balance {
        var b = base
        b.playfield.waterLinePx = 1_000_000
        b.bin.rimPx = 999_000
        b.items.maxLive = items
        b.items.spawnBurst = max(1, items / 100)
        b.rounds.perGame = 1
        b.rounds.firstRoundItems = items
        b.rounds.firstSpawnDelayMs = 0
        b.rounds.firstRoundGapMs = 17
        b.rounds.minGapMs = 17
        return b
    }

    /// Inputs of `games` greedy-bot games: a typical session, recorded once so the
    /// measurement times the kernel alone, not the bot.
    public static func typicalInputs(rules: Rules, seed: UInt64, games: Int) -> [TickInput] {
        var sim = Simulation(rules: rules, seed: seed)
        var plan = GamePlan(bot: BotKind.greedy.make(seed: seed), games: games)
        var inputs: [TickInput] = []
        while let input = plan.input(for: sim) {
            inputs.append(input)
            sim.step(input)
        }
        return inputs
    }

    /// Steps a fresh simulation through `inputs` again and again for at least `seconds`.
    public static func measureTypical(rules: Rules, inputs: [TickInput], seconds: Double) -> (ticks: Int, seconds: Double) {
        let start = monotonicNanos()
        var ticks = 0
        var sink: UInt64 = 0
        repeat {
            var sim = Simulation(rules: rules, seed: 1)
            for input in inputs { sim.step(input) }
            ticks += inputs.count
            sink &+= UInt64(sim.state.totals.score)
        } while Double(monotonicNanos() - start) / 1e9 < seconds
        if sink == 42 { print("") }  // keeps the work observable
        return (ticks, Double(monotonicNanos() - start) / 1e9)
    }

    /// A simulation in the middle of the stress scenario: every item spawned and falling.
    public static func stressSimulation(base: Balance, items: Int) -> Simulation {
        let rules = Rules(stressBalance(base, items: items))
        var sim = Simulation(rules: rules, seed: 7)
        sim.step(TickInput(command: .startGame))
        while sim.state.items.count < items { sim.step(.idle) }
        return sim
    }

    public static func measureStress(_ sim: inout Simulation, seconds: Double) -> (ticks: Int, seconds: Double) {
        let start = monotonicNanos()
        var ticks = 0
        repeat {
            for _ in 0..<256 { sim.step(.idle) }
            ticks += 256
        } while Double(monotonicNanos() - start) / 1e9 < seconds
        return (ticks, Double(monotonicNanos() - start) / 1e9)
    }

    public static func run(balance: Balance, seconds: Double, stressItems: Int) -> BenchReport {
        var report = BenchReport()
        let rules = Rules(balance)
        let inputs = typicalInputs(rules: rules, seed: 1, games: 20)
        _ = measureTypical(rules: rules, inputs: inputs, seconds: seconds / 10)  // warm-up
        (report.typicalTicks, report.typicalSeconds) = measureTypical(rules: rules, inputs: inputs, seconds: seconds)

        var sim = stressSimulation(base: balance, items: stressItems)
        _ = measureStress(&sim, seconds: seconds / 10)
        report.stressItems = sim.state.items.count
        (report.stressTicks, report.stressSeconds) = measureStress(&sim, seconds: seconds)
        report.stressItems = min(report.stressItems, sim.state.items.count)
        report.peakMemory = peakMemoryBytes()
        return report
    }
}
