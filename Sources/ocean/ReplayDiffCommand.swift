import ArgumentParser
import OceanCLI
import OceanDrivers
import OceanReplay
#if canImport(Glibc)
import Glibc
#endif

extension ReplayCommand {
    /// `ocean replay diff`: how two replays differ (see `ReplayDiff`).
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two replays: header (constants, tables), first differing input, first differing state, and what each file recorded.",
            discussion: "Each replay is played by this build under its own header, and the two files' own checkpoints are compared "
                + "(what the builds that recorded them saw). With --balance FILE instead of B, "
                + "B is A's inputs under that file's constants (a what-if; the challenge table stays A's). "
                + "Exit 0 when they are the same, 1 when they differ, 2 on bad input.")

        @Argument(help: "The first replay (A).") var a: String
        @Argument(help: "The second replay (B); or give --balance.") var b: String?
        @Option(help: "Compare A with its own inputs under these constants instead of a second replay.") var balance: String?
        @Flag(help: "List only the balance constants that differ.") var balanceDiff = false
        @Option(help: "Another build's ocean: both builds re-play A in lockstep; at the first tick they disagree, the two states and that step's events, field by field.")
        var against: String?
        @Option(help: "Seconds the --against build has for each answer (1 to 86400; default 300): one that says nothing is stopped.")
        var againstTimeout = 300

        func validate() throws {
            guard (1...86_400).contains(againstTimeout) else {
                throw ValidationError("--against-timeout: \(againstTimeout) is not allowed (1 to 86400 seconds)")
            }
            guard [b != nil, balance != nil, against != nil].filter({ $0 }).count == 1 else {
                throw ValidationError("name a second replay B, or --balance FILE for A's what-if, or --against OCEAN for another build: one of them")
            }
            try checkPath(balance, flag: "--balance")
            try checkPath(against, flag: "--against")
        }

        func run() throws {
            if let against { return try Lockstep(ocean: against, file: a, seconds: againstTimeout).run() }
            // Inputs only: the files' checkpoints are compared as they are read (`CheckpointCursor`).
            let left = try readOrExit(a, checkpoints: false).replay
            let right: Replay
            let nameB: String
            if let balance {
                var whatIf = try BalanceOption(balance: balance).load()
                if let why = KindsMatch.problem(recorded: left.header.balance, other: whatIf, flag: "--balance \(balance)") {
                    throw CommandFailure(why)
                }
                whatIf.challenges = left.header.balance.challenges
                whatIf.cardKeys = left.header.balance.cardKeys
                right = { var r = left; r.header.balance = whatIf; return r }()
                nameB = "\(a) under \(balance)"
            } else {
                right = try readOrExit(b!, checkpoints: false).replay
                nameB = b!
            }
            var diff = ReplayDiff(left, right, compareRecorded: false)
            if let b {
                do throws(ReplayError) {
                    var ca = try CheckpointCursor(path: a), cb = try CheckpointCursor(path: b)
                    diff.recorded = try ReplayDiff.firstRecordedDifference(left.header, left.end, right.header, right.end,
                                                                           nextA: { () throws(ReplayError) in try ca.next() },
                                                                           nextB: { () throws(ReplayError) in try cb.next() })
                } catch {
                    throw CommandFailure(error.description, status: ExitStatus.badInput)
                }
            }
            CommandOutput.print(diff.text(a: a, b: nameB, constantsOnly: balanceDiff))
            let differs = balanceDiff ? !diff.constants.isEmpty : !diff.identical
            if differs { throw CommandFailure(status: ExitStatus.divergence) }
        }
    }
}
