import Foundation
import Testing
import TestSupport

/// Issue 49, limits before work, in proportion: a TOML file's keys are located by
/// line with memory linear in the file. A dotted key 120 parts deep, each part 30 KB
/// (a 3.6 MB tune spec), held every prefix of itself again in the key locator: 329 MB
/// to refuse it. Now each part is kept once.
@Suite struct TOMLMemoryCLITests {
    @Test func aDeepDottedKeyIsRefusedInMemoryInProportionToTheFile() throws {
        let dir = freshFolder("toml-deep-key")
        let spec = dir + "/deep.toml"
        let part = String(repeating: "k", count: 30_000)
        try (Array(repeating: part, count: 120).joined(separator: ".") + " = 1\n").write(toFile: spec, atomically: true, encoding: .utf8)
        let (kilobytes, run) = try oceanPeakMemory(["tune", spec, "--out", dir + "/out"], build: "debug")
        let e = run.stderr
        #expect(run.status == 2, "\(e.suffix(300))")
        #expect(e.contains("deep.toml"), "the message names the file: \(e.suffix(300))")
        #expect(kilobytes < 100_000, "peak RSS \(kilobytes) KiB for a 3.6 MB file")
    }
}
