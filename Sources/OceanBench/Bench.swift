import CReferenceLoop
import OceanDrivers
import OceanKernel
import OceanReplay
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The process's peak resident memory (VmHWM), in bytes; 0 if unknown.
public func peakMemoryBytes() -> Int {
    guard let status = readTextFile("/proc/self/status") else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        return (Int(digits) ?? 0) * 1024
    }
    return 0
}

/// What `ocean-bench` measures.
///
/// Each scenario has its wall seconds and its CPU seconds (this thread's): on a shared
/// machine the wall figure swings with the neighbours; the CPU figure is the one to
/// compare between builds.
public struct BenchReport: Sendable {
    public var typicalTicks = 0
    public var typicalSeconds = 0.0
    public var typicalCPUSeconds = 0.0
    /// The same games with a career session open (the app as played: challenges,
    /// progress and the calendar run every tick).
    public var sessionTicks = 0
    public var sessionSeconds = 0.0
    public var sessionCPUSeconds = 0.0
    public var stressItems = 0
    public var stressTicks = 0
    public var stressSeconds = 0.0
    public var stressCPUSeconds = 0.0
    /// `ocean replay verify`'s work on a replay of the typical games: read from its
    /// bytes, re-simulated and checked, timed in turns with the typical tick.
    public var verifyTicks = 0
    public var verifySeconds = 0.0
    public var verifyCPUSeconds = 0.0
    /// The drivers: idle-bot games as `ocean sim --bot idle` plays them (the bot and
    /// the plan each tick), and 200-day human careers as `ocean sim --bot human --days`.
    public var simIdleTicks = 0
    public var simIdleCPUSeconds = 0.0
    public var careerTicks = 0
    public var careerCPUSeconds = 0.0
    public var peakMemory = 0
    /// The plain C loop over the same items, for comparison.
    public var referenceTicks = 0
    public var referenceSeconds = 0.0
    public var referenceCPUSeconds = 0.0

    // Each ratio is 0 when what it divides by is 0 (a loop too short for the clock to
    // see, with --items 1): never inf or nan, which `Int(_:)` would trap on.
    public var typicalTicksPerSecond: Double { BenchReport.ratio(Double(typicalTicks), typicalSeconds) }
    public var typicalTicksPerCPUSecond: Double { BenchReport.ratio(Double(typicalTicks), typicalCPUSeconds) }
    public var sessionTicksPerSecond: Double { BenchReport.ratio(Double(sessionTicks), sessionSeconds) }
    public var sessionTicksPerCPUSecond: Double { BenchReport.ratio(Double(sessionTicks), sessionCPUSeconds) }
    public var stressTicksPerSecond: Double { BenchReport.ratio(Double(stressTicks), stressSeconds) }
    public var stressTicksPerCPUSecond: Double { BenchReport.ratio(Double(stressTicks), stressCPUSeconds) }
    /// Nanoseconds of CPU per item update (the stress loop).
    public var cpuNanosPerItemUpdate: Double {
        BenchReport.ratio(stressCPUSeconds * 1e9, Double(stressTicks) * Double(stressItems))
    }
    public var referenceCPUNanosPerItemUpdate: Double {
        BenchReport.ratio(referenceCPUSeconds * 1e9, Double(referenceTicks) * Double(stressItems))
    }
    public var nanosPerItemUpdate: Double { BenchReport.ratio(stressSeconds * 1e9, Double(stressTicks) * Double(stressItems)) }
    public var referenceNanosPerItemUpdate: Double {
        BenchReport.ratio(referenceSeconds * 1e9, Double(referenceTicks) * Double(stressItems))
    }
    public var verifyTicksPerCPUSecond: Double { BenchReport.ratio(Double(verifyTicks), verifyCPUSeconds) }
    public var simIdleTicksPerCPUSecond: Double { BenchReport.ratio(Double(simIdleTicks), simIdleCPUSeconds) }
    public var careerTicksPerCPUSecond: Double { BenchReport.ratio(Double(careerTicks), careerCPUSeconds) }
    /// A driver's CPU time per tick over the kernel's typical tick's (1: the bot and
    /// the plan cost nothing; targets ≤ 1.1 for idle, ≤ 2 for a human career).
    public var simIdleVersusKernel: Double { BenchReport.ratio(typicalTicksPerCPUSecond, simIdleTicksPerCPUSecond) }
    public var careerVersusKernel: Double { BenchReport.ratio(typicalTicksPerCPUSecond, careerTicksPerCPUSecond) }
    /// Replay verify's ticks per CPU second over the kernel's typical tick's (target ≥ 0.8).
    public var verifyVersusKernel: Double { BenchReport.ratio(verifyTicksPerCPUSecond, typicalTicksPerCPUSecond) }

    /// How many times slower the kernel's stress tick is than the C loop (target: ≤ 2);
    /// 0 when the C loop was too quick to time.
    public var stressVersusC: Double { BenchReport.ratio(nanosPerItemUpdate, referenceNanosPerItemUpdate) }

    static func ratio(_ a: Double, _ b: Double) -> Double {
        let r = a / b
        return b > 0 && r.isFinite ? r : 0
    }
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
        // Trash only: sea life leaps from a water line this deep and never comes back
        // through the rim, and a power-up's tide would hold the items still.
        for i in b.kinds.indices where b.kinds[i].seaLife != 0 || b.kinds[i].powerUp != 0 { b.kinds[i].spawnWeight = 0 }
        return b
    }

    /// What a career session is opened with in the session scenario.
    public static let sessionCommand = Command.beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 1_080)

    /// Inputs of `games` greedy-bot games: a typical session, recorded once so the
    /// measurement times the kernel alone, not the bot. With `session`, the first
    /// input opens a career session.
    public static func typicalInputs(rules: Rules, seed: UInt64, games: Int, session: Command? = nil) -> [TickInput] {
        var sim = Simulation(rules: rules, seed: seed)
        var plan = GamePlanOf(bot: GreedyBot(), games: games, session: session)
        var inputs: [TickInput] = []
        while let input = plan.input(for: &sim) {
            inputs.append(input)
            sim.step(input)
        }
        return inputs
    }

    /// Steps a fresh simulation through `inputs` again and again for at least `seconds`
    /// (wall); returns the ticks, the wall seconds and the CPU seconds they took.
    public static func measureTypical(rules: Rules, inputs: [TickInput], seconds: Double)
        -> (ticks: Int, seconds: Double, cpuSeconds: Double) {
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var ticks = 0
        var sink: UInt64 = 0
        repeat {
            var sim = Simulation(rules: rules, seed: 1)
            for input in inputs { sim.step(input) }
            ticks += inputs.count
            sink &+= UInt64(sim.state.totals.score)
        } while Double(monotonicNanos() - start) / 1e9 < seconds
        if sink == 42 { print("") }  // keeps the work observable
        return (ticks, Double(monotonicNanos() - start) / 1e9, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    /// The typical games as a replay file's bytes (seed 1, checkpoints at the default interval, ten seconds).
    public static func typicalReplay(balance: Balance, inputs: [TickInput]) -> [UInt8] {
        var header = ReplayHeader()
        header.balance = balance
        header.seed = 1
        var recorder = ReplayRecorder(header: header, sink: StringSink())
        for input in inputs { recorder.step(input) }
        recorder.finish()
        return Array(recorder.sink.text.utf8)
    }

    /// Verifies `bytes` (streamed, as `ocean replay verify` reads a file) again and again
    /// for about `seconds`; the ticks re-simulated and the time.
    public static func measureVerify(_ bytes: [UInt8], seconds: Double) -> (ticks: Int, seconds: Double, cpuSeconds: Double) {
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var ticks = 0
        repeat {
            var at = 0
            let v = try? ReplayVerifier.verify(reading: { buffer in
                let n = min(buffer.count, bytes.count - at)
                buffer.withUnsafeMutableBufferPointer { b in
                    bytes.withUnsafeBufferPointer { src in
                        if n > 0 { b.baseAddress!.update(from: src.baseAddress! + at, count: n) }
                    }
                }
                at += n
                return n
            }, file: "typical.replay")
            precondition(v?.passed == true, "the typical games' replay must verify")
            ticks += v?.ticksSimulated ?? 0
        } while Double(monotonicNanos() - start) / 1e9 < seconds
        return (ticks, Double(monotonicNanos() - start) / 1e9, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    /// Idle-bot games through the driver `ocean sim --bot idle` runs, for about
    /// `seconds`: the ticks and the CPU time.
    public static func measureSimIdle(rules: Rules, seconds: Double) -> (ticks: Int, cpuSeconds: Double) {
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var ticks = 0, seed: UInt64 = 1
        repeat {
            ticks += runGames(rules: rules, seed: seed, bot: .idle, games: 50).ticks
            seed += 1
        } while Double(monotonicNanos() - start) / 1e9 < seconds
        return (ticks, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    /// One 200-day career of the human bot (skill 70, a game a day, some days skipped)
    /// through the driver `ocean sim --bot human --days 200` runs.
    public static func measureCareer(rules: Rules, seed: UInt64) -> (ticks: Int, cpuSeconds: Double) {
        var o = CareerPlan.Options()
        o.days = 200
        let cpuStart = threadCPUNanos()
        let start = GameState(rules: rules, seed: seed)
        let end = BotKind.human.runCareer(rules: rules, state: start, options: o, botSeed: seed, planSeed: seed, skill: 70) { _, _ in }
        return (end.tick - start.tick, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    /// A simulation in the middle of the stress scenario: every item spawned and falling.
    public static func stressSimulation(base: Balance, items: Int) -> Simulation {
        let rules = Rules(stressBalance(base, items: items))
        var sim = Simulation(rules: rules, seed: 7)
        sim.step(TickInput(command: .start(.classic)))
        while sim.state.items.count < items { sim.step(.idle) }
        return sim
    }

    public static func measureStress(_ sim: inout Simulation, seconds: Double)
        -> (ticks: Int, seconds: Double, cpuSeconds: Double) {
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var ticks = 0
        repeat {
            for _ in 0..<64 { sim.step(.idle) }
            ticks += 64
        } while Double(monotonicNanos() - start) / 1e9 < seconds
        return (ticks, Double(monotonicNanos() - start) / 1e9, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    /// Times the C reference loop over a copy of the same items and rules.
    public static func measureReference(_ sim: Simulation, seconds: Double)
        -> (ticks: Int, seconds: Double, cpuSeconds: Double) {
        var items = sim.state.items.map {
            ref_item(x: Int64($0.x), y: Int64($0.y), vx: $0.vx, vy: $0.vy, ax: $0.ax, kind: UInt8($0.kind.rawValue))
        }
        let base = (max(1, sim.state.round) - 1) * sim.rules.kindCount
        let fall = sim.rules.fall[base..<(base + sim.rules.kindCount)].map {
            ref_fall(half_size: Int64($0.halfSize), sway_speed: $0.swaySpeed, gravity: $0.gravity,
                     terminal_speed: $0.terminalSpeed)
        }
        var count = Int64(items.count)
        let start = monotonicNanos(), cpuStart = threadCPUNanos()
        var ticks = 0
        repeat {
            for _ in 0..<64 {
                count = ref_tick(&items, count, fall, Int64(sim.rules.width), Int64(sim.rules.rim),
                                 Int64(sim.rules.waterLine))
            }
            ticks += 64
        } while Double(monotonicNanos() - start) / 1e9 < seconds
        return (ticks, Double(monotonicNanos() - start) / 1e9, Double(threadCPUNanos() - cpuStart) / 1e9)
    }

    public static func run(balance: Balance, seconds: Double, stressItems: Int) -> BenchReport {
        var report = BenchReport()
        let rules = Rules(balance)
        let inputs = typicalInputs(rules: rules, seed: 1, games: 20)
        let sessionInputs = typicalInputs(rules: rules, seed: 1, games: 20, session: sessionCommand)
        _ = measureTypical(rules: rules, inputs: inputs, seconds: seconds / 10)  // warm-up
        let replay = typicalReplay(balance: balance, inputs: inputs)
        _ = measureVerify(replay, seconds: seconds / 10)
        // The three take turns in short windows, as the stress loop and the C loop do.
        let turns = 4
        for _ in 0..<turns {
            let t = measureTypical(rules: rules, inputs: inputs, seconds: seconds / Double(turns))
            report.typicalTicks += t.ticks
            report.typicalSeconds += t.seconds
            report.typicalCPUSeconds += t.cpuSeconds
            let v = measureVerify(replay, seconds: seconds / Double(turns))
            report.verifyTicks += v.ticks
            report.verifySeconds += v.seconds
            report.verifyCPUSeconds += v.cpuSeconds
            let s = measureTypical(rules: rules, inputs: sessionInputs, seconds: seconds / Double(turns))
            report.sessionTicks += s.ticks
            report.sessionSeconds += s.seconds
            report.sessionCPUSeconds += s.cpuSeconds
            let idle = measureSimIdle(rules: rules, seconds: seconds / Double(turns))
            report.simIdleTicks += idle.ticks
            report.simIdleCPUSeconds += idle.cpuSeconds
            let career = measureCareer(rules: rules, seed: UInt64(report.careerTicks % 1000 + 1))
            report.careerTicks += career.ticks
            report.careerCPUSeconds += career.cpuSeconds
        }

        // The stress loop and the C loop take turns in short windows; each keeps its
        // best window, so a noisy neighbour on the machine skews neither.
        var sim = stressSimulation(base: balance, items: stressItems)
        report.stressItems = sim.state.items.count
        let windows = 10
        var bestStress = Double.infinity, bestReference = Double.infinity
        for _ in 0..<windows {
            let s = measureStress(&sim, seconds: seconds / Double(windows))
            if s.seconds / Double(s.ticks) < bestStress {
                bestStress = s.seconds / Double(s.ticks)
                (report.stressTicks, report.stressSeconds, report.stressCPUSeconds) = s
            }
            let r = measureReference(sim, seconds: seconds / Double(windows))
            if r.seconds / Double(r.ticks) < bestReference {
                bestReference = r.seconds / Double(r.ticks)
                (report.referenceTicks, report.referenceSeconds, report.referenceCPUSeconds) = r
            }
        }
        report.stressItems = min(report.stressItems, sim.state.items.count)
        report.peakMemory = peakMemoryBytes()
        return report
    }
}

/// Heap allocations made by ticks in steady state, counted by whoever can count them.
public struct AllocationReport: Sendable {
    public var typicalTicks = 0
    /// nil when no counter was available.
    public var typicalAllocations: Int?
    public var stressTicks = 0
    /// nil when no counter was available.
    public var stressAllocations: Int?
    /// Typical ticks with a career session open.
    public var sessionTicks = 0
    /// nil when no counter was available.
    public var sessionAllocations: Int?

    public var text: String {
        guard let t = typicalAllocations, let s = stressAllocations, let c = sessionAllocations else {
            return "not counted (the malloc interposer is not in effect: run `make bench`, which preloads it)"
        }
        return "\(t) in \(typicalTicks) typical ticks, \(c) in \(sessionTicks) with a session, \(s) in \(stressTicks) stress ticks"
    }
}

extension Bench {
    /// Runs a typical session and the stress scenario past their warm-up (buffers at
    /// their working size), then counts allocation calls over many more ticks.
    public static func steadyStateAllocations(balance: Balance, stressItems: Int,
                                              counter: ((() -> Void) -> Int)?) -> AllocationReport {
        var report = AllocationReport()
        guard let counter else { return report }
        let rules = Rules(balance)
        let inputs = typicalInputs(rules: rules, seed: 3, games: 4)
        var sim = Simulation(rules: rules, seed: 3)
        for input in inputs.prefix(600) { sim.step(input) }   // past the first game's start
        let rest = inputs.dropFirst(600)
        report.typicalTicks = rest.count
        report.typicalAllocations = inputs.withUnsafeBufferPointer { all in
            counter { for i in 600..<all.count { sim.step(all[i]) } }
        }
        var stress = stressSimulation(base: balance, items: stressItems)
        for _ in 0..<10 { stress.step(.idle) }
        report.stressTicks = 2_000
        report.stressAllocations = counter { for _ in 0..<2_000 { stress.step(.idle) } }
        // With a session: the session's first tick (a new day, challenges drawn) and its
        // first catch (the month's tally opened) are warm-up.
        let sessionInputs = typicalInputs(rules: rules, seed: 3, games: 4, session: sessionCommand)
        var career = Simulation(rules: rules, seed: 3)
        var warm = 0
        while warm < sessionInputs.count && (warm < 600 || career.state.totals.catches == 0) {
            career.step(sessionInputs[warm])
            warm += 1
        }
        report.sessionTicks = sessionInputs.count - warm
        report.sessionAllocations = sessionInputs.withUnsafeBufferPointer { all in
            counter { for i in warm..<all.count { career.step(all[i]) } }
        }
        return report
    }
}
