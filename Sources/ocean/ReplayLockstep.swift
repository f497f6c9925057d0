import OceanSystem
import OceanCLI
import OceanDrivers
import OceanKernel
import OceanReplay

/// `ocean replay diff --against OTHER_OCEAN FILE`: two builds re-play one replay in
/// lockstep (each prints its state hash after every tick: `replay states`); at the
/// first tick they disagree, both print the whole state after it and the events of that
/// step, and the fields that differ are shown: a spawn one pixel off shows as the
/// item's `x`, an extra spawn as an `event[…]` line.
struct Lockstep {
    let ocean: String
    let file: String
    /// Seconds the other build has for one answer (`--against-timeout`): a day's
    /// longest replay takes it well under a minute; a build that says nothing is not
    /// left to hang.
    var seconds = 300

    func run() throws {
        let theirs = try other(["replay", "states", file]).split(separator: "\n")
        let mine = try own([])
        let lines = mine.split(separator: "\n")
        guard let first = zip(lines, theirs).first(where: { $0 != $1 })?.0 ?? (lines.count != theirs.count ? lines.dropFirst(min(lines.count, theirs.count)).first : nil) else {
            CommandOutput.print("\(file): this build and \(ocean) agree on every tick (\(lines.count) ticks)")
            return
        }
        guard let tick = Int(first.split(separator: " ").first ?? "") else {
            throw CommandFailure("\(ocean) replay states: an answer that is not `TICK HASH` lines")
        }
        let a = try other(["replay", "states", file, "--tick", "\(tick)"]).split(separator: "\n").map(String.init)
        let b = try own(["--tick", "\(tick)"]).split(separator: "\n").map(String.init)
        let differences = StateDump.differences(a, b).filter { !$0.hasPrefix("state.hash ") }
        var out = ["\(file): the builds first disagree after tick \(tick) (A: \(ocean), B: this build)"]
        out += differences.isEmpty
            ? ["  every field and event agrees: only the state's hash differs (another state encoding: compare builds of one encoding)"]
            : differences.map { "  " + $0 }
        CommandOutput.print(out.joined(separator: "\n"))
        throw CommandFailure(status: ExitStatus.divergence)
    }

    /// This build's `replay states` answer, computed here.
    private func own(_ extra: [String]) throws -> String {
        let capture = CapturedOutput()
        let status = CommandOutput.$capture.withValue(capture) {
            runCommandLine(Ocean.self, arguments: ["replay", "states", file] + extra)
        }
        guard status == 0 else {
            throw CommandFailure(String(capture.standardError.drop { $0.isNewline }.reversed().drop { $0.isNewline }.reversed()))
        }
        return capture.standardOutput
    }

    /// The most of its answer read: `TICK HASH` lines of an hour's replay are about 5 MB.
    static let answerLimit = 64 << 20

    /// The other build's answer: both its outputs read together (a build that writes
    /// much to standard error cannot stall on it), bounded, within the deadline; a
    /// program that is not an ocean build is refused as such.
    private func other(_ args: [String]) throws -> String {
        guard let version = ChildProcess.run(ocean, ["--version"], seconds: 30, outputLimit: 4096, errorLimit: 4096) else {
            throw CommandFailure("--against \(ocean): cannot be run (is it an executable file?)", status: ExitStatus.badInput)
        }
        guard version.status == 0, version.outputText.hasPrefix("ocean ") else {
            throw CommandFailure("--against \(ocean): not an ocean build (its --version does not begin with 'ocean')",
                                 status: ExitStatus.badInput)
        }
        guard let r = ChildProcess.run(ocean, args, environment: ["SWIFT_BACKTRACE": "enable=no"], seconds: seconds,
                                       outputLimit: Self.answerLimit) else {
            throw CommandFailure("--against \(ocean): cannot be run", status: ExitStatus.badInput)
        }
        if r.outputCut {
            throw CommandFailure("--against \(ocean) \(args.joined(separator: " ")): an answer past \(Self.answerLimit) bytes; stopped")
        }
        guard let status = r.status else {
            throw CommandFailure("--against \(ocean) \(args.joined(separator: " ")): no answer within \(seconds) s; stopped")
        }
        guard status == 0 else {
            let said = oneLine(r.errorText.split(whereSeparator: \.isNewline).joined(separator: " "), limit: 400)
            throw CommandFailure("--against \(ocean) \(args.joined(separator: " ")): exit \(status)"
                + (said.isEmpty ? "" : ": \(said)") + " (a build from before `replay states` cannot be compared in lockstep)")
        }
        return r.outputText
    }
}
