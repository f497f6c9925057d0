// The kernel's typical tick timed in CPU seconds, built into a copy of any commit by
// scripts/compare-kernel.sh (not part of the package): the same greedy-bot games as
// `ocean-bench`'s typical scenario, replayed through a fresh simulation again and
// again, without and with a career session open, and with the state hashed every tick. Compiles against the kernel of
// commit 5a92273 (the bench then lived in OceanSim) and against today's.
#if canImport(OceanSim)
import OceanSim
#else
import OceanDrivers
import OceanStore
#endif
import OceanKernel
#if canImport(Glibc)
import Glibc
#endif

func cpuNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let arguments = CommandLine.arguments
let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 1 : 1
let root = arguments.count > 2 ? arguments[2] : "."

var balance = try BalanceLoader.load(path: root + "/assets/balance.toml")
#if !canImport(OceanSim)
balance.challenges = try ChallengeLoader.load(path: root + "/assets/challenges.toml").templates
#endif
let rules = Rules(balance)

func inputs(session: Command?) -> [TickInput] {
    var sim = Simulation(rules: rules, seed: 1)
    var plan = GamePlan(bot: AnyBot(BotKind.greedy.make(seed: 1)), games: 20, session: session)
    var all: [TickInput] = []
    while let input = plan.input(for: sim) {
        all.append(input)
        sim.step(input)
    }
    return all
}

/// Ticks per CPU second stepping `inputs` for at least `seconds` of CPU (and, with
/// `hashed`, taking the state's hashes after every tick, as replay verification does).
func rate(_ inputs: [TickInput], hashed: Bool = false) -> Double {
    let start = cpuNanos()
    var ticks = 0
    var sink: UInt64 = 0
    repeat {
        var sim = Simulation(rules: rules, seed: 1)
        if hashed {
            for input in inputs {
                sim.step(input)
                sink &+= StateHashes(sim.state).full
            }
        } else {
            for input in inputs { sim.step(input) }
        }
        ticks += inputs.count
        sink &+= UInt64(sim.state.totals.score)
    } while Double(cpuNanos() - start) / 1e9 < seconds
    if sink == 42 { print("") }
    return Double(ticks) / (Double(cpuNanos() - start) / 1e9)
}

let typical = inputs(session: nil)
let session = inputs(session: .beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 1_080))
_ = rate(typical)  // warm-up
print("typical \(Int(rate(typical))) session \(Int(rate(session))) hashed \(Int(rate(session, hashed: true)))")
