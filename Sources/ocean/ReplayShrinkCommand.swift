import ArgumentParser
import OceanCLI
import OceanDrivers
import OceanKernel
import OceanReplay
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

extension ReplayCommand {
    /// `ocean replay shrink`: a shorter replay that the test still finds interesting
    /// (see `ReplayShrinker`).
    struct Shrink: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find a short replay that a test still finds interesting (delta debugging).",
            discussion: "CMD is run by /bin/sh with a candidate replay's path as its argument and exits 0 when the "
                + "candidate still shows the problem (C-Reduce's convention). Candidates drop days, games, menu "
                + "actions and runs of held input; each is recorded again by this build, so OUT verifies. "
                + "Stops when nothing more can be dropped or the budget is spent, whichever comes first.")

        @Argument(help: "The replay to shrink.") var file: String
        @Option(help: "The test: a shell command given the candidate's path; exit 0 means still interesting.") var test: String
        @Option(help: "Where to write the smallest interesting replay found.") var out: String
        @Option(help: "Stop after this many seconds (1 to 86400; default 300).") var budget: Double = 300
        @Flag(help: forceHelp()) var force = false

        func validate() throws {
            guard budget >= 1 && budget <= 86_400 else {
                throw ValidationError("--budget: \(budget) is out of range; allowed: 1 to 86400 seconds")
            }
            guard test.contains(where: { !$0.isWhitespace }) else { throw ValidationError("--test: an empty command") }
            try checkPath(out, flag: "--out")
        }

        func run() throws {
            let started = monotonicNanos()
            let deadline = started + UInt64(budget * 1e9)
            try refuseClashes(inputs: [("the replay", file)], outputs: [("--out", out)])
            try refuseExisting([("--out", out)], force: force)
            try refuseUnwritable([("--out", out)])
            let read = try readOrExit(file)
            guard read.complete, read.replay.end != nil else {
                throw CommandFailure("\(file): truncated at tick \(read.replay.lastTick); only a complete replay can be shrunk")
            }
            guard let scratch = ScratchFolder(prefix: "ocean-shrink") else { throw CommandFailure("cannot make a temporary folder") }
            // Removed on every way out: a success, a failure (exit 2), a stop by a signal
            // (graceful: the first SIGINT or SIGTERM only asks, and the test is killed).
            defer { scratch.remove() }
            Interruption.install(graceful: true)
            let candidatePath = scratch.path + "/candidate.replay"
            var lastFailure = ""
            // A candidate that could not be tried stops the shrink, which then fails with why.
            var stopped: CommandFailure?
            var budgetSpent = false
            func interesting(_ c: ReplayShrinker.Candidate) -> Bool {
                if monotonicNanos() >= deadline { budgetSpent = true }
                guard stopped == nil, !budgetSpent else { return false }
                do { try replaceFile(candidatePath, with: c.text) } catch {
                    stopped = CommandFailure(error.description)
                    return false
                }
                // Only the end of its output is kept (for the message when the test
                // rejects the original); it ends when the test's own process does.
                guard let r = BoundedSubprocess.run(["/bin/sh", "-c", test + " \"$1\"", "sh", candidatePath], deadline: deadline,
                                                    tailBytes: 2048, stop: { Interruption.requested != nil }) else {
                    stopped = CommandFailure("--test: could not start /bin/sh")
                    return false
                }
                switch r.ending {
                case .timedOut:
                    budgetSpent = true
                    return false
                case .stopped:
                    let signal = Interruption.requested ?? SIGINT
                    stopped = CommandFailure("stopped by \(Interruption.name(signal)); nothing was written", status: 128 + signal)
                    return false
                case .exited(let status):
                    var output = Substring(r.tail)
                    while output.last?.isNewline == true { output.removeLast() }
                    lastFailure = "exit status \(status)" + (output.isEmpty ? "" : ":\n" + (r.cut ? "…" : "") + output)
                    return status == 0
                }
            }
            // The shrunk replay says what it was shrunk from and with which test (the
            // original's comment and who recorded it no longer describe it).
            var header = read.replay.header
            let originalTicks = (read.replay.end?.tick ?? read.replay.lastTick) - header.startTick
            let name = file.split(separator: "/").last.map(String.init) ?? file
            header.comment = oneLine("shrunk from \(name) (\(originalTicks) ticks) by ocean replay shrink with --test \(test)")
            header.recordedBy = oneLine("ocean replay shrink" + (header.recordedBy.isEmpty ? "" : ", from a recording by \(header.recordedBy)"))
            var shrinker = ReplayShrinker(header: header, timeLeft: { stopped == nil && !budgetSpent && monotonicNanos() < deadline },
                                          interesting: interesting)
            let runs = ReplayShrinker.runs(of: read.replay)
            let original = shrinker.candidate(runs)
            guard interesting(original) else {
                if let stopped { throw stopped }
                if budgetSpent {
                    throw CommandFailure("--budget: the \(decimal(budget, places: budget == budget.rounded() ? 0 : 2)) s ran out while the test ran on \(file) itself, "
                        + "before any candidate; nothing to write: give a larger --budget (up to 86400 s) or a quicker --test")
                }
                throw CommandFailure("--test does not hold for \(file) as this build records it (\(lastFailure)); nothing to shrink")
            }
            let best = shrinker.shrink(runs) ?? original
            if let stopped { throw stopped }
            do { try replaceFile(out, with: best.text) } catch { throw CommandFailure(error.description) }
            let bytesIn = fileSize(file) ?? 0
            let seconds = Double(monotonicNanos() - started) / 1e9
            CommandOutput.print("\(file): \(original.ticks) ticks, \(bytesIn) bytes")
            CommandOutput.print("\(out): \(best.ticks) ticks, \(best.text.utf8.count) bytes "
                + "(\(shrinker.tried) candidates tried, \(shrinker.kept) kept, \(decimal(seconds)) s"
                + (shrinker.finished ? ", nothing more to drop)" : ", the budget ran out first)"))
        }
    }
}

/// `text` as one header line: control characters (a newline in a test command) as
/// spaces, at most 300 characters.
private func oneLine(_ text: String) -> String {
    String(String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) }).prefix(300))
}
