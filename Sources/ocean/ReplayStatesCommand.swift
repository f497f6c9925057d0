import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanCLI
import OceanDrivers
import OceanKernel
import OceanReplay

extension ReplayCommand {
    /// `ocean replay states`: what this build computes, tick by tick, for a replay's
    /// inputs: what `replay diff --against` compares between two builds.
    struct States: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a replay's state hash after every tick, or the whole state after one (--tick).",
            discussion: "One line a tick, `TICK HASH`, from the replay's start to its end, as this build re-plays it; "
                + "with --tick T, the state after tick T as `key value` lines (the flow, the random stream, the bin, "
                + "every item, the tally, the events of that step). `replay diff --against OTHER_OCEAN` runs both builds.")

        @Argument(help: "A replay file.") var file: String
        @Option(help: "The tick whose whole state to print.") var tick: Int?

        func run() throws {
            let replay = try readOrExit(file, checkpoints: false).replay
            let rules = Rules(replay.header.balance)
            let end = replay.end?.tick ?? replay.lastTick
            if let tick, !(replay.header.startTick...end).contains(tick) {
                throw CommandFailure("--tick \(tick): the replay runs from tick \(replay.header.startTick) to \(end)")
            }
            var sim = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
            var feed = InputFeed(replay.inputs)
            var out = ""
            if tick == nil { out.reserveCapacity((end - sim.state.tick) * 24) }
            while sim.state.tick < (tick ?? end) {
                sim.step(feed.input(at: sim.state.tick))
                if tick == nil { out += "\(sim.state.tick) \(hex16(sim.state.hash))\n" }
            }
            if tick != nil {
                out = StateDump.lines(sim.state, events: sim.events, rules: rules).joined(separator: "\n") + "\n"
            }
            CommandOutput.print(out, terminator: "")
        }
    }
}
