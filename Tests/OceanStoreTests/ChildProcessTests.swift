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
        // Freed on a thread of its own: under a loaded `make test`, a global queue's
        // worker came too late (past the second of tries) on a two-core machine.
        var closer = pthread_t()
        let box = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        box.pointee = fd
        #expect(pthread_create(&closer, nil, { raw in
            let p = raw!.assumingMemoryBound(to: Int32.self)
            usleep(200_000)
            close(p.pointee)
            return nil
        }, box) == 0)
        defer { pthread_join(closer, nil); box.deallocate() }
        let r = try #require(ChildProcess.run(path, [], seconds: 10))
        #expect(r.status == 0 && r.outputText == "hello\n", "\(r.status as Any) \(r.outputText)")
    }
}
