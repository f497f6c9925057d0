import Foundation
import Testing
import TestSupport

/// Issue 49, limits in proportion: a command that plays a replay's inputs keeps its
/// memory to the inputs, not the file. A checkpoint every tick is most of a long
/// replay's bytes: `replay info`, `render`, `run` and `states` read and check every
/// checkpoint but keep only the last (430 greedy games, 131 MB: 1.9 GB before, 33 to
/// 43 MB now; `replay verify` streams it in 31 MB). `replay diff` keeps both files'
/// inputs and compares their checkpoints as it reads them (`CheckpointCursor`).
@Suite(.serialized) struct ReplayMemoryCLITests {
    @Test func commandsThatPlayTheInputsKeepTheirMemoryToTheInputs() throws {
        let dir = freshFolder("replay-memory")
        let file = dir + "/long.replay"
        let record = try ocean(["replay", "record", "--bot", "greedy", "--seed", "1", "--games", "80", "--checkpoint-every", "1",
                                "--out", file])
        #expect(record.status == 0, "\(record.stderr)")
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(bytes > 20_000_000, "a checkpoint every tick for 80 games: \(bytes) bytes")
        for args in [["replay", "info", file], ["replay", "render", file, "--tick", "300000", "--out", dir + "/f.png"],
                     ["replay", "run", file], ["replay", "states", file, "--tick", "200000"], ["replay", "verify", file],
                     ["replay", "diff", file, file]] {
            let (kilobytes, run) = try oceanPeakMemory(args)
            #expect(run.status == 0, "\(args): \(run.stderr.suffix(300))")
            // Before: about 14 bytes of memory for each byte of the file (350 MB here).
            #expect(kilobytes < 80_000, "\(args[1]): peak RSS \(kilobytes) KiB for a \(bytes / 1_000_000) MB replay")
        }
    }
}
