import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// Runs a program found on PATH (not `ocean`) in the repository's root.
func runTool(_ args: [String], environment: [String: String] = [:], in folder: String = repoRoot) throws -> Run {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: folder)
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (k, v) in environment { env[k] = v }
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
               stderr: String(decoding: e, as: UTF8.self))
}

/// A copy of a golden replay whose header doubles the points per catch: it reads,
/// and diverges at the first catch.
func desyncedReplay(_ name: String) throws -> String {
    let text = try String(contentsOfFile: repoRoot + "/replays/greedy-bot.replay", encoding: .utf8)
    return try temporaryFile(name, fixedChecksum(text.replacingOccurrences(
        of: "balance scoring.points_per_catch 10", with: "balance scoring.points_per_catch 20")))
}

let junitSchema = repoRoot + "/Tests/Fixtures/junit.xsd"
/// The Jenkins xunit plugin's JUnit schema (from ../shared/schemas, kept here).
let jenkinsSchema = repoRoot + "/Tests/Fixtures/jenkins-xunit-junit-10.xsd"

@Suite struct ReplayJUnitTests {
    @Test func theJUnitReportIsValidAndNamesTheDivergenceAndItsFrames() throws {
        let desync = try desyncedReplay("junit-desync.replay")
        let report = try freshPath("report.xml")
        let frames = try freshPath("frames")
        let r = oceanInProcess(["replay", "verify", "replays/idle-bot.replay", desync, "replays/v2/all-miss.replay",
                                "--junit", report, "--frames", frames])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        for schema in [junitSchema, jenkinsSchema] {
            let lint = try runTool(["xmllint", "--noout", "--schema", schema, report])
            #expect(lint.status == 0, "\(schema): \(lint.stderr)")
        }
        let xml = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let cases = try xml.nodes(forXPath: "/testsuites/testsuite/testcase") as! [XMLElement]
        #expect(cases.map { $0.attribute(forName: "classname")!.stringValue! + "/" + $0.attribute(forName: "name")!.stringValue! }
                == ["replays/idle-bot.replay", desync, "replays/v2/all-miss.replay"])
        // Each case says its file, format and seed; the suite, the build that verified.
        let out = try xml.nodes(forXPath: "//testcase/system-out").map { $0.stringValue ?? "" }
        #expect(out.count == 3 && out[0].hasPrefix("file replays/idle-bot.replay\nformat ") && out[2].contains("format 2\nseed "), "\(out)")
        let properties = Dictionary(uniqueKeysWithValues: (try xml.nodes(forXPath: "//testsuite/properties/property") as! [XMLElement])
            .map { ($0.attribute(forName: "name")!.stringValue!, $0.attribute(forName: "value")!.stringValue!) })
        #expect(properties["engine"] != nil && properties["commit"] != nil && properties["replays"] == "3", "\(properties)")
        #expect(properties["replay-formats"]?.hasPrefix("2,") == true, "\(properties)")
        // The frames, attached to the diverging case.
        #expect(out[1].contains("[[ATTACHMENT|") && out[1].contains("diverged-tick-"), "\(out[1])")
        #expect(cases.allSatisfy { Double($0.attribute(forName: "time")!.stringValue!)! >= 0 })
        #expect(try xml.nodes(forXPath: "/testsuites/testsuite[@tests='3'][@failures='1'][@errors='0']").count == 1)
        let failures = try xml.nodes(forXPath: "//testcase/failure") as! [XMLElement]
        #expect(failures.count == 1)
        let message = failures.first?.attribute(forName: "message")?.stringValue ?? ""
        #expect(message.range(of: #"^diverged at tick \d+ \(checkpoint tick \d+, line \d+\); subsystems: scoring"#,
                              options: .regularExpression) != nil, "\(message)")
        #expect(message.range(of: #"score expected \d+ got \d+"#, options: .regularExpression) != nil, "\(message)")
        // The frames are named in the failure and exist as PNG files.
        let named = message.components(separatedBy: "frames: ").last!.components(separatedBy: ", ")
        #expect(named.count == 2)
        #expect(named.first?.contains("last-match-tick-") == true && named.last?.contains("diverged-tick-") == true)
        for path in named {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(path)")
        }
        #expect(r.stdout.contains("frame \(named[0])"))
    }

    @Test func theSchemaRefusesAReportMissingItsCounts() throws {
        let bad = try temporaryFile("bad-junit.xml", #"<testsuites><testsuite name="x" tests="two"/></testsuites>"#)
        let lint = try runTool(["xmllint", "--noout", "--schema", junitSchema, bad])
        #expect(lint.status != 0)
        #expect(lint.stderr.contains("failures"))
    }

    @Test func markupInAFileNameIsEscaped() throws {
        let odd = try temporaryFile("a&b<\"c\">.replay", try String(contentsOfFile: repoRoot + "/replays/idle-bot.replay",
                                                                        encoding: .utf8))
        let report = try freshPath("escaped.xml")
        let r = oceanInProcess(["replay", "verify", odd, "--junit", report, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try runTool(["xmllint", "--noout", "--schema", junitSchema, report]).status == 0)
        let xml = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let names = try xml.nodes(forXPath: "//testcase/@name").map { $0.stringValue! }
        #expect(names == ["a&b<\"c\">.replay"])
        // --json still prints one JSON object.
        #expect(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) is [String: Any])
    }

    @Test func aReplayPastItsTimeoutIsAnErrorNamedInTheReport() throws {
        let report = try freshPath("timeout.xml")
        let r = oceanInProcess(["replay", "verify", "replays/ten-minutes.replay", "--timeout", "0.000001", "--junit", report])
        #expect(r.status == 2)
        #expect(r.stdout.contains("STOPPED replays/ten-minutes.replay: timed out at tick"), "\(r.stdout)")
        #expect(try runTool(["xmllint", "--noout", "--schema", junitSchema, report]).status == 0)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"<error message="timed out at tick"#), "\(xml)")
        let bad = oceanInProcess(["replay", "verify", "replays/idle-bot.replay", "--timeout", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--timeout"))
        // A report that could not be written is refused before verifying.
        let nowhere = oceanInProcess(["replay", "verify", "replays/idle-bot.replay", "--junit", "/nonexistent/folder/r.xml"])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("--junit /nonexistent/folder/r.xml: no folder /nonexistent/folder"), "\(nowhere.stderr)")
        #expect(nowhere.stdout.isEmpty)
    }
}
