import Foundation
import Testing
import OceanKernel
import OceanReplay
import OceanSystem
import TestSupport

/// `bytes` handed out `size` bytes per read, as a file or a pipe might.
private func reads(of bytes: [UInt8], size: Int) -> (inout [UInt8]) -> Int {
    var at = 0
    return { buffer in
        let n = min(size, buffer.count, bytes.count - at)
        for i in 0..<n { buffer[i] = bytes[at + i] }
        at += n
        return n
    }
}

/// What a verification found, as text to compare.
private func summary(_ v: Verification) -> String {
    "passed \(v.passed) divergences \(v.divergences) truncated \(v.truncatedAt.map(String.init) ?? "-") "
        + "end \(v.endMismatch.map { "\($0.expected) \($0.got)" } ?? "-") "
        + "endHash \(v.endHashMismatch.map { "\($0.expected) \($0.got)" } ?? "-") "
        + "interrupted \(v.interruptedAt.map(String.init) ?? "-") ticks \(v.ticksSimulated) final \(v.final.map { hex16($0.hash) } ?? "-")"
}

/// The outcome of verifying bytes: the verification, or the reader's error.
private func streamed(_ bytes: [UInt8], size: Int, keepGoing: Bool = false) -> String {
    do { return summary(try ReplayVerifier.verify(reading: reads(of: bytes, size: size), file: "t.replay", keepGoing: keepGoing)) } catch {
        return "error \(error)"
    }
}

private func whole(_ bytes: [UInt8], keepGoing: Bool = false) -> String {
    do { return summary(ReplayVerifier.verify(try ReplayReader.read(bytes: bytes, file: "t.replay"), keepGoing: keepGoing)) } catch {
        return "error \(error)"
    }
}

/// Verifying a replay as it streams (checkpoints compared as they are read, then
/// dropped) gives what reading it whole and verifying gives, however the bytes arrive.
@Suite struct StreamedVerifyTests {
    static let sizes = [1, 7, 1 << 16]

    @Test func aReplayStreamedInAnyReadSizeVerifiesAlike() throws {
        let bytes = Array(try recorded("greedy", seed: 5, games: 2).utf8)
        let expected = whole(bytes)
        #expect(expected.hasPrefix("passed true"), "\(expected)")
        for size in Self.sizes { #expect(streamed(bytes, size: size) == expected, "reads of \(size) bytes") }
    }

    /// A difference, a cut file and a wrong checksum: the same result or the same error.
    @Test func divergencesTruncationAndBadFilesStreamAlike() throws {
        let text = try recorded("greedy", seed: 4)
        let diverging = fixChecksum(text.replacingFirst("balance scoring.points_per_catch 10", with: "balance scoring.points_per_catch 11"))
        let cut = String(text.prefix(text.utf8.count * 2 / 3))
        let forged = text.replacingFirst("balance scoring.points_per_catch 10", with: "balance scoring.points_per_catch 11")
        let badLine = fixChecksum(text.replacingFirst("\nc 60 ", with: "\nc 6O "))
        for (name, case_) in [("diverging", diverging), ("cut", cut), ("forged", forged), ("bad line", badLine)] {
            let bytes = Array(case_.utf8)
            for keepGoing in [false, true] {
                let expected = whole(bytes, keepGoing: keepGoing)
                for size in Self.sizes {
                    #expect(streamed(bytes, size: size, keepGoing: keepGoing) == expected, "\(name), reads of \(size), keep going \(keepGoing)")
                }
            }
        }
        #expect(whole(Array(diverging.utf8)).contains("divergences [OceanReplay.Divergence(firstTick: Optional("))
        #expect(whole(Array(cut.utf8)).contains("truncated "))
        #expect(whole(Array(forged.utf8)).hasPrefix("error ") && whole(Array(forged.utf8)).contains("checksum mismatch"))
        #expect(whole(Array(badLine.utf8)).hasPrefix("error "))
    }

    /// Every golden replay, of every format (replays/v2 to v11 and the current ones),
    /// verifies streamed from its file, as it does read whole.
    @Test func everyGoldenReplayOfEveryFormatVerifiesStreamed() throws {
        var files: [String] = []
        for folder in ["replays", "replays/v2", "replays/v3", "replays/v4", "replays/v5", "replays/v6", "replays/v7", "replays/v8", "replays/v9", "replays/v10", "replays/v11"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: repoRoot + "/" + folder).sorted() where name.hasSuffix(".replay") {
                files.append(repoRoot + "/" + folder + "/" + name)
            }
        }
        #expect(files.count > 50)
        for (i, file) in files.enumerated() {
            let v = try ReplayVerifier.verify(path: file)
            #expect(v.passed, "\(file)")
            // Some also in small reads, against the whole reading.
            if i % 10 == 0, let bytes = readFileBytes(file, limit: 64 << 20) {
                let expected = whole(bytes)
                #expect(streamed(bytes, size: 7) == expected, "\(file)")
            }
        }
    }
}
