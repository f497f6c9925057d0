import Foundation
import Testing
import TestSupport

/// An error is never silent (issue 49): output that did not arrive, and a file past
/// the size limit, are each said, with a non-zero status and nothing half-written left.
@Suite struct SilentFailureTests {
    /// `command` in bash from the repository root, `$OCEAN` the built `ocean`.
    func shell(_ command: String) throws -> Run {
        try runCollecting("/bin/bash", ["-c", command], environment: ["OCEAN": "\(repoRoot)/.build/release/ocean"])
    }

    @Test(arguments: ["\"$OCEAN\" sim", "\"$OCEAN\" scores", "\"$OCEAN\" replay states replays/greedy-bot.replay"])
    func aFullStandardOutputIsSaid(command: String) throws {
        let r = try shell(command + " > /dev/full")
        #expect(r.status != 0, "\(command) ended 0 with its output lost")
        #expect(r.stderr.contains("standard output could not be written ("), "\(r.stderr)")
    }

    @Test func aFilePastTheSizeLimitIsAFailedWriteNotAKill() throws {
        let folder = freshFolder("file-size-limit")
        let r = try shell("ulimit -f 8; \"$OCEAN\" audio render --health 0.5 --seconds 2 --out \(folder)/a.wav")
        #expect(r.status != 0 && r.status < 128, "killed by a signal (\(r.status)), or silent: \(r.stderr)")
        #expect(r.stderr.lowercased().contains("too large"), "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
