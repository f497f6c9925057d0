import Foundation
import Testing

import TestSupport

/// Issue 35: `ocean --version` names the commit the binary was built from, or says it
/// does not know: a stamp older than the binary (a plain `swift build` after `make
/// build` relinked it) names nobody's commit.
@Suite struct VersionStampTests {
    @Test func aStampOlderThanTheBinaryIsNotBelieved() throws {
        let dir = freshFolder("version-stamp")
        let binary = dir + "/ocean"
        // A hard link: the program runs from this folder and finds its stamp here.
        try FileManager.default.linkItem(atPath: repoRoot + "/.build/debug/ocean", toPath: binary)
        func version() throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            p.arguments = ["--version"]
            p.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let built = try #require(try FileManager.default.attributesOfItem(atPath: binary)[.modificationDate] as? Date)
        try "0123abcd\n".write(toFile: dir + "/ocean.commit", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: built.addingTimeInterval(60)], ofItemAtPath: dir + "/ocean.commit")
        #expect(try version().contains("\ncommit: 0123abcd\n"))
        try FileManager.default.setAttributes([.modificationDate: built.addingTimeInterval(-60)], ofItemAtPath: dir + "/ocean.commit")
        let stale = try version()
        #expect(stale.contains("\ncommit: unknown (rebuilt after the stamp for 0123abcd"), "\(stale)")
    }
}
