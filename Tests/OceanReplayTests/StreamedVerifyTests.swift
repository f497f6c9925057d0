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

    /// Every format streams as it reads whole: the smallest golden replay of each
    /// folder under replays/ (found, not listed), in 7-byte reads. The whole corpus is
    /// verified once, in release, by `make replay-check` (`replay verify` streams).
    @Test func theSmallestReplayOfEachFormatStreamsAlike() throws {
        let fm = FileManager.default
        let root = repoRoot + "/replays"
        let folders = [root] + (try fm.contentsOfDirectory(atPath: root)).sorted().map { root + "/" + $0 }.filter {
            var folder: ObjCBool = false
            return fm.fileExists(atPath: $0, isDirectory: &folder) && folder.boolValue
        }
        var formats = 0
        for folder in folders {
            let files = try fm.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".replay") }.map { folder + "/" + $0 }
            let sizes = files.map { (($0), (try? fm.attributesOfItem(atPath: $0)[.size] as? Int) ?? Int.max) }
            guard let smallest = sizes.min(by: { $0.1 < $1.1 })?.0, let bytes = readFileBytes(smallest, limit: 64 << 20) else { continue }
            let expected = whole(bytes)
            #expect(expected.hasPrefix("passed true"), "\(smallest): \(expected)")
            #expect(streamed(bytes, size: 7) == expected, "\(smallest)")
            formats += 1
        }
        #expect(formats >= 11, "replays/ and a folder per older format")
    }
}
