import ArgumentParser
import FoundationEssentials
import OceanCLI
import OceanDrivers
import OceanKernel
import OceanSystem

/// `ocean regress GOOD BAD REPLAY`: from "this replay passed at GOOD and does not at
/// BAD" to a report a CI shows: the first commit that changed its result (the bisect
/// script, with its build cache), a smaller replay that still shows it (GOOD's build
/// shrinks it, keeping the candidates BAD's build fails), and a JUnit case naming the
/// commit, with BAD's verify report (the state diff, when the replay records states)
/// and the small replay attached.
struct RegressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regress",
        abstract: "Find the commit that changed a replay's result, shrink the replay, write a JUnit case.",
        discussion: "Runs scripts/bisect-replay.sh of the checkout it is run in (each commit's build is cached by "
            + "its tree: OCEAN_BISECT_CACHE, default .build/bisect-cache), then GOOD's build shrinks REPLAY to a "
            + "replay that the first bad commit's build still fails, and that build verifies it for the report. "
            + "The bisection's own commands are kept: OCEAN_BISECT_VERIFY (default `.build/release/ocean replay "
            + "verify`) judges the shrink and the report, with the builds at OCEAN_BISECT_ARTIFACT. "
            + "Exit 1 when a commit was found and written up, 0 when no commit between GOOD and BAD changes the "
            + "result (or the found build's verification passes: then no failure is written), 3 when the change "
            + "is among commits that do not build, 2 on bad input or a step that could not be run.")

    @Argument(help: "A commit where the replay gives its recorded result.") var good: String
    @Argument(help: "A later commit where it does not.") var bad: String
    @Argument(help: "The replay.") var replay: String
    @Option(help: "Where to write the shrunk replay.") var out: String = "regress.replay"
    @Option(help: "Where to write the JUnit report.") var junit: String = "regress.xml"
    @Option(help: "Seconds the shrink may take (1 to 86400; default 300).") var budget: Double = 300
    @Flag(help: forceHelp("an existing --out or --junit")) var force = false

    func validate() throws {
        guard budget >= 1 && budget <= 86_400 else {
            throw ValidationError("--budget: \(budget) is out of range; allowed: 1 to 86400 seconds")
        }
        try checkPath(out, flag: "--out")
        try checkPath(junit, flag: "--junit")
    }

    func run() throws {
        try refuseClashes(inputs: [("the replay", replay)], outputs: [("--out", out), ("--junit", junit)])
        try refuseExisting([("--out", out), ("--junit", junit)], force: force)
        try refuseUnwritable([("--out", out), ("--junit", junit)])
        guard FileManager.default.isReadableFile(atPath: replay) else { throw CommandFailure("\(replay): no such readable file") }
        if let cache = ProcessInfo.processInfo.environment["OCEAN_BISECT_CACHE"], cache.isEmpty {
            throw CommandFailure("OCEAN_BISECT_CACHE is empty: ocean regress runs the builds the bisection cached")
        }
        let top = try Program.run("/usr/bin/env", ["git", "rev-parse", "--show-toplevel"])
        guard top.status == 0 else { throw CommandFailure("ocean regress runs inside an Ocean Rescue checkout (git: \(top.error))") }
        let script = top.output.trimmed + "/scripts/bisect-replay.sh"
        guard FileManager.default.isExecutableFile(atPath: script) else {
            throw CommandFailure("\(script): not found; ocean regress runs inside an Ocean Rescue checkout")
        }
        let started = monotonicNanos()

        // 1. The commit.
        let bisect = try Program.run(script, [good, bad, replay], errorsPassThrough: true)
        CommandOutput.print(bisect.output.trimmed)
        switch bisect.status {
        case 0: break
        case 1:
            CommandOutput.print("ocean regress: no commit between \(good) and \(bad) changes the result of \(replay)")
            return
        case 3:
            throw CommandFailure("the change is among commits between \(good) and \(bad) that do not build, so none can be "
                + "named; nothing written", status: 3)
        default: throw CommandFailure("the bisection stopped (exit \(bisect.status)); nothing written")
        }
        let found = BisectOutput(bisect.output)
        guard let first = found.firstBad, let goodOcean = found.artifacts[found.goodCommit ?? ""], let badOcean = found.artifacts[first.commit] else {
            throw CommandFailure("the bisection named no commit with both builds in its cache; nothing written")
        }

        // 2. A smaller replay: recorded by GOOD's build, still failing under BAD's.
        guard let scratch = ScratchFolder(prefix: "ocean-regress") else { throw CommandFailure("cannot make a temporary folder") }
        defer { scratch.remove() }
        // The bisection's verify command, run as each step ran it: in a folder with the
        // build at its artifact path (the bad one here), the replay appended.
        let environment = ProcessInfo.processInfo.environment
        let verify = environment["OCEAN_BISECT_VERIFY"].flatMap { $0.isEmpty ? nil : $0 } ?? ".build/release/ocean replay verify"
        let artifact = environment["OCEAN_BISECT_ARTIFACT"].flatMap { $0.isEmpty ? nil : $0 } ?? ".build/release/ocean"
        let badTree = scratch.path + "/bad"
        do {
            let place = try PathName(badTree + "/" + artifact)
            try place.createFolder()
            try FileManager.default.createSymbolicLink(atPath: badTree + "/" + artifact, withDestinationPath: badOcean)
        } catch { throw CommandFailure("cannot place the bad build for its verify command: \(error)") }
        let test = scratch.path + "/still-fails.sh"
        // The paths and the command reach the test as data (the environment), never as code.
        try replaceFile(test, with: """
            #!/bin/sh
            replay=$(realpath -- "$1") || exit 2
            cd -- "$OCEAN_REGRESS_TREE" || exit 2
            sh -c "$OCEAN_REGRESS_VERIFY \\"\\$1\\"" - "$replay" >/dev/null 2>&1
            [ $? -eq 1 ]

            """)
        let shrink = try Program.run(goodOcean, ["replay", "shrink", replay, "--test", "sh " + shellQuoted(test),
                                                 "--out", out, "--budget", "\(Int(budget))", "--force"],
                                     environment: ["OCEAN_REGRESS_TREE": badTree, "OCEAN_REGRESS_VERIFY": verify])
        var shrunkNote = "shrunk by \(String(found.goodCommit!.prefix(12)))'s build"
        if shrink.status != 0 {
            // An old GOOD without `replay shrink`, or nothing smaller found: the replay itself.
            shrunkNote = "not shrunk (\(shrink.error.split(separator: "\n").first ?? "exit \(shrink.status)")): the replay as given"
            do { try replaceFile(out, with: try Data(contentsOf: URL(fileURLWithPath: replay)).map { $0 }) } catch {
                throw CommandFailure("\(out): \(error)")
            }
        }

        // 3. What the bad build says of it: the tick, the subsystems, the state diff.
        let outPath = out.hasPrefix("/") ? out : FileManager.default.currentDirectoryPath + "/" + out
        let verdict = try Program.run("/bin/sh", ["-c", "cd -- \"$OCEAN_REGRESS_TREE\" && sh -c \"$OCEAN_REGRESS_VERIFY \\\"\\$1\\\"\" - \"$1\"",
                                                  "-", outPath],
                                      environment: ["OCEAN_REGRESS_TREE": badTree, "OCEAN_REGRESS_VERIFY": verify])
        let report = (verdict.output + verdict.error).trimmed
        guard verdict.status != 0 else {
            // The first bad commit's build passes it under this verify command: no failure to write.
            CommandOutput.print("""
                ocean regress: \(first.commit.prefix(12)) \(first.subject)
                  but its build passes \(out) under `\(verify)` (exit 0): no failure written to \(junit)
                """)
            return
        }
        let seconds = Double(monotonicNanos() - started) / 1e9
        let xml = RegressJUnit(replay: replay, shrunk: out, good: found.goodCommit!, bad: bad, first: first, shrunkNote: shrunkNote,
                               verifyStatus: verdict.status, report: report, steps: found.steps, cachedSteps: found.cachedSteps,
                               seconds: seconds).xml
        do { try replaceFile(junit, with: xml) } catch { throw CommandFailure("\(error)") }
        CommandOutput.print("""
            ocean regress: \(first.commit.prefix(12)) \(first.subject)
              \(out): \(shrunkNote)
              its verification by that build (exit \(verdict.status)):
            \(report.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
              \(junit): the JUnit case, the replay attached
            """)
        throw CommandFailure(status: ExitStatus.divergence)
    }
}

/// What scripts/bisect-replay.sh printed that `ocean regress` reads: GOOD's commit,
/// the first bad commit and its subject, each side's cached build, the steps.
struct BisectOutput {
    var goodCommit: String?
    var firstBad: (commit: String, subject: String)?
    var artifacts: [String: String] = [:]
    var steps = 0, cachedSteps = 0

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("bisect-replay: the result at "), let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") {
                goodCommit = String(line[line.index(after: open)..<close])
            } else if line.hasPrefix("bisect-replay: the first commit that changes the result"), i + 1 < lines.count {
                let words = lines[i + 1].trimmed.split(separator: " ", maxSplits: 1)
                if let c = words.first { firstBad = (String(c), words.count > 1 ? String(words[1]) : "") }
            } else if line.hasPrefix("artifact ") {
                let words = line.split(separator: " ", maxSplits: 2)
                if words.count == 3 { artifacts[String(words[1])] = String(words[2]) }
            } else if line.hasPrefix("bisect-replay: "), line.contains(" steps ("), let n = Int(line.dropFirst(15).prefix { $0.isNumber }) {
                steps = n
                cachedSteps = Int(line.split(separator: "(").last?.prefix { $0.isNumber } ?? "") ?? 0
            }
        }
    }
}

/// The JUnit report of one regression: one failing case for the replay, its message
/// the commit and the bad build's first lines, its body that build's whole verify
/// report, the shrunk replay attached (`[[ATTACHMENT|path]]`), the commits as the
/// suite's properties. Valid against the Jenkins xunit and the common JUnit schemas.
struct RegressJUnit {
    var replay: String, shrunk: String, good: String, bad: String
    var first: (commit: String, subject: String)
    var shrunkNote: String
    var verifyStatus: Int32
    var report: String
    var steps: Int, cachedSteps: Int
    var seconds: Double

    var xml: String {
        func e(_ s: String) -> String { XMLText.escaped(s, attribute: true) }
        let millis = Int((max(0, seconds) * 1000).rounded())
        let time = "\(millis / 1000)." + String(String(1000 + millis % 1000).dropFirst())
        let slash = replay.lastIndex(of: "/")
        let folder = slash.map { String(replay[..<$0]) } ?? "."
        let name = slash.map { String(replay[replay.index(after: $0)...]) } ?? replay
        let headline = report.split(separator: "\n").first.map(String.init) ?? "verify exit \(verifyStatus)"
        let message = "first bad commit \(first.commit.prefix(12)) \(first.subject): \(headline)"
        let properties: [(String, String)] = [
            ("good", good), ("bad", bad), ("first-bad-commit", first.commit), ("first-bad-subject", first.subject),
            ("replay", replay), ("shrunk-replay", shrunk), ("shrunk", shrunkNote), ("bisect-steps", "\(steps)"),
            ("bisect-steps-cached", "\(cachedSteps)"), ("engine", Engine.version),
        ]
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += "<testsuites name=\"ocean regress\" tests=\"1\" failures=\"1\" errors=\"0\" time=\"\(time)\">\n"
        out += "  <testsuite name=\"ocean regress\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        out += "    <properties>\n"
        for (k, v) in properties { out += "      <property name=\"\(e(k))\" value=\"\(e(v))\"/>\n" }
        out += "    </properties>\n"
        out += "    <testcase classname=\"\(e(folder))\" name=\"\(e(name))\" time=\"\(time)\">\n"
        out += "      <failure message=\"\(e(message))\" type=\"regression\">" + XMLText.escaped(report) + "</failure>\n"
        let said = "first bad commit \(first.commit) \(first.subject)\n\(shrunk): \(shrunkNote)\n[[ATTACHMENT|\(shrunk)]]"
        out += "      <system-out>" + XMLText.escaped(said) + "</system-out>\n"
        out += "    </testcase>\n  </testsuite>\n</testsuites>\n"
        return out
    }
}

/// Runs a program to its end, both outputs read as they come (`ChildProcess`).
enum Program {
    struct Result { var status: Int32; var output: String; var error: String }

    /// `errorsPassThrough`: its standard error goes to ours as it comes (progress).
    /// A bisection builds commit after commit: it has a day.
    static func run(_ path: String, _ args: [String], environment extra: [String: String] = [:],
                    errorsPassThrough: Bool = false, seconds: Int = 24 * 3600) throws -> Result {
        var environment = extra
        environment["SWIFT_BACKTRACE"] = "enable=no"
        guard let r = ChildProcess.run(path, args, environment: environment, seconds: seconds,
                                       errorLimit: 4 << 20, errorsPassThrough: errorsPassThrough) else {
            throw CommandFailure("\(path): cannot be run")
        }
        guard let status = r.status else { throw CommandFailure("\(path) \(args.joined(separator: " ")): still running after \(seconds) s; stopped") }
        return Result(status: status, output: r.outputText, error: r.errorText)
    }
}
