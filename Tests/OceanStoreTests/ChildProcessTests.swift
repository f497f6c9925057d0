import Dispatch
import OceanSystem
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `ChildProcess` (OceanSystem, here among the other file and process tests): a
/// program written a moment ago runs, whoever still held it open for writing.
@Suite struct ChildProcessTests {
    /// A program still open for writing somewhere (a child another thread started while
    /// it was written holds the descriptor) cannot be run: "text file busy". It is tried
    /// again for up to a second, so one freed within that runs; one that stays busy is
    /// reported as not started.
    @Test func aProgramBusyForAMomentStillRuns() throws {
        let path = freshFolder("child-process") + "/hello"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(fd >= 0)
        let text = Array("#!/bin/sh\necho hello\n".utf8)
        #expect(text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == text.count)
        let stillBusy = ChildProcess.run(path, [], seconds: 10)
        #expect(stillBusy == nil, "a program open for writing cannot be started")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { close(fd) }
        let r = try #require(ChildProcess.run(path, [], seconds: 10))
        #expect(r.status == 0 && r.outputText == "hello\n", "\(r.status as Any) \(r.outputText)")
    }
}
