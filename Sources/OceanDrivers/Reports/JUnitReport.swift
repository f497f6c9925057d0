import OceanKernel
import OceanReplay

/// `ocean replay verify --junit FILE`: the verification as JUnit XML, the report CI
/// systems (Jenkins, GitHub Actions' test reporters, GitLab's `artifacts:reports:junit`)
/// read. One `testsuite` of one `testcase` per replay, with its time; a divergence
/// is a `failure` whose message names the tick, the subsystems and the fields that
/// differ (expected and actual); a file that cannot be verified to its end
/// (unreadable, truncated, interrupted, timed out) is an `error`.
/// It validates against the Jenkins xunit plugin's JUnit schema (`Tests/Fixtures/
/// jenkins-xunit-junit-10.xsd`) and the common one (`Tests/Fixtures/junit.xsd`): the
/// file is the case's `classname` (its folder) and `name`, and its `system-out` says
/// it whole with its format and seed; the suite's `properties` say which build
/// verified (commit, engine, formats); a diverging replay's frames are attachments
/// (`[[ATTACHMENT|path]]` in `system-out`, as Jenkins' attachments plugin and GitLab
/// read them).
public struct JUnitReport: Sendable {
    public var report: VerifyReport
    /// Frames drawn for a diverging replay (`--frames`), by file: named in its failure.
    public var frames: [String: [String]]
    public var suiteName: String
    /// The suite's properties: the build that verified (commit, engine, formats).
    public var properties: [(name: String, value: String)]

    public init(_ report: VerifyReport, frames: [String: [String]] = [:], suiteName: String = "ocean replay verify",
                properties: [(name: String, value: String)] = []) {
        (self.report, self.frames, self.suiteName, self.properties) = (report, frames, suiteName, properties)
    }

    public var xml: String {
        let failures = report.files.filter { !$0.passed && !$0.isBadInput }.count
        let errors = report.files.filter(\.isBadInput).count
        let total = seconds(report.seconds)
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += "<testsuites " + attributes([("name", suiteName), ("tests", "\(report.files.count)"),
                                            ("failures", "\(failures)"), ("errors", "\(errors)"), ("time", total)]) + ">\n"
        out += "  <testsuite " + attributes([("name", suiteName), ("tests", "\(report.files.count)"),
                                             ("failures", "\(failures)"), ("errors", "\(errors)"), ("skipped", "0"),
                                             ("time", total)]) + ">\n"
        // The formats and seeds verified, beside the build's own properties.
        let formats = Set(report.files.compactMap { $0.verification?.format }).sorted().map(String.init).joined(separator: ",")
        let all = properties + [("replay-formats", formats.isEmpty ? "none" : formats), ("replays", "\(report.files.count)")]
        out += "    <properties>\n"
        for p in all { out += "      <property " + attributes([("name", p.name), ("value", p.value)]) + "/>\n" }
        out += "    </properties>\n"
        for file in report.files { out += testcase(file) }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    private func testcase(_ f: FileResult) -> String {
        let slash = f.file.lastIndex(of: "/")
        let folder = slash.map { String(f.file[..<$0]) } ?? "."
        let name = slash.map { String(f.file[f.file.index(after: $0)...]) } ?? f.file
        var out = "    <testcase " + attributes([("classname", folder), ("name", name), ("time", seconds(f.seconds ?? 0))]) + ">\n"
        if !f.passed {
            let kind = f.isBadInput ? "error" : "failure"
            var message = JUnitReport.message(f)
            if let paths = frames[f.file], !paths.isEmpty { message += "; frames: " + paths.joined(separator: ", ") }
            var body = f.text
            if let paths = frames[f.file], !paths.isEmpty { body += "\nframes:\n" + paths.map { "  " + $0 }.joined(separator: "\n") }
            out += "      <\(kind) " + attributes([("message", message), ("type", f.status)]) + ">"
            out += XMLText.escaped(body) + "</\(kind)>\n"
        }
        // The file whole, its format and seed; a divergence's frames as attachments.
        var said = "file \(f.file)"
        if let v = f.verification {
            if let format = v.format { said += "\nformat \(format)" }
            if let seed = v.seed { said += "\nseed \(seed)" }
        }
        for path in frames[f.file] ?? [] { said += "\n[[ATTACHMENT|\(path)]]" }
        out += "      <system-out>" + XMLText.escaped(said) + "</system-out>\n    </testcase>\n"
        return out
    }

    /// The failure's one-line message: where it diverged and what differs.
    public static func message(_ f: FileResult) -> String {
        if let error = f.error { return error }
        guard let v = f.verification else { return f.status }
        var parts: [String] = []
        if let d = v.divergences.first {
            let at = d.firstTick.map { "tick \($0)" } ?? "checkpoint \(d.checkpointTick)"
            parts.append("diverged at \(at) (checkpoint tick \(d.checkpointTick), line \(d.line))")
            parts.append("subsystems: " + (d.subsystems.isEmpty ? "none by their short hashes" : d.subsystems.map(\.name).joined(separator: ", ")))
            let fields = fieldDifferences(expected: d.expected, got: d.got)
            parts.append(fields.isEmpty ? "score, combo, health and items match" : fields.joined(separator: ", "))
            let state = FileResult.stateDifferences(d, kindKeys: v.kindKeys)
            if !state.isEmpty {
                parts.append("state: " + state.prefix(4).map { "\($0.key) \($0.a) → \($0.b)" }.joined(separator: ", ")
                    + (state.count > 4 ? " and \(state.count - 4) more" : ""))
            }
        } else if let (e, g) = v.endMismatch {
            parts.append("the end summary differs: expected \(summaryText(e)); got \(summaryText(g))")
        } else if let (e, g) = v.endHashMismatch {
            parts.append("the final hash differs: expected \(hex16(e)), got \(hex16(g))")
        }
        if let t = v.truncatedAt { parts.append("truncated at tick \(t)") }
        if let t = v.interruptedAt { parts.append((f.timedOut ? "timed out" : "interrupted") + " at tick \(t)") }
        return parts.joined(separator: "; ")
    }

    /// "score expected 120 got 240" for each readable field that differs.
    public static func fieldDifferences(expected e: ReadableFields, got g: ReadableFields) -> [String] {
        [("score", e.score, g.score), ("combo", e.combo, g.combo), ("health", e.health, g.health), ("items", e.items, g.items)]
            .filter { $0.1 != $0.2 }.map { "\($0.0) expected \($0.1) got \($0.2)" }
    }

    private func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\"\(XMLText.escaped($0.1, attribute: true))\"" }.joined(separator: " ")
    }

    /// Seconds with three decimals, as JUnit's `time` wants them.
    private func seconds(_ s: Double) -> String {
        let ms = s.isFinite ? max(0, Int((s * 1000).rounded())) : 0
        let frac = ms % 1000
        return "\(ms / 1000)." + (frac < 100 ? "0" : "") + (frac < 10 ? "0" : "") + "\(frac)"
    }
}

/// Text made safe for XML 1.0: the five markup characters as entities, and the
/// characters XML 1.0 cannot hold at all (control characters but tab, newline and
/// carriage return; lone surrogates cannot occur in a Swift string) as U+FFFD, since
/// no escape can express them. In attributes, newlines and tabs are kept as character
/// references so a parser does not fold them into spaces.
public enum XMLText {
    public static func escaped(_ s: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
