import Foundation
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
        guard status == 0 else { throw CommandFailure(capture.standardError.trimmingCharacters(in: .newlines)) }
        return capture.standardOutput
    }

    /// The other build's answer, its output read whole (a tick's line is ~24 bytes).
    private func other(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ocean)
        p.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { throw CommandFailure("--against \(ocean): cannot be run: \(error.localizedDescription)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            let said = String(decoding: problem, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure("--against \(ocean) \(args.joined(separator: " ")): exit \(p.terminationStatus)"
                + (said.isEmpty ? "" : ": \(said)") + " (a build from before `replay states` cannot be compared in lockstep)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
