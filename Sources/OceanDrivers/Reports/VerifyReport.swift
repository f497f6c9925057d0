import OceanKernel
import OceanReplay

/// What `ocean replay verify` found for one file: a verification, or why the file
/// could not be read.
public struct FileResult: Sendable, Encodable {
    public var file: String
    public var verification: Verification?
    public var error: String?
    /// How long reading and verifying the file took (nil when not timed).
    public var seconds: Double?
    /// Set when the file was stopped at its per-replay time limit (`--timeout`).
    public var timedOut = false

    public init(file: String, verification: Verification? = nil, error: String? = nil) {
        (self.file, self.verification, self.error) = (file, verification, error)
    }

    public var passed: Bool { verification?.passed ?? false }

    /// Bad input rather than a divergence: unreadable, truncated or interrupted.
    public var isBadInput: Bool {
        error != nil || verification?.truncatedAt != nil || verification?.interruptedAt != nil
    }

    /// "passed", "diverged", "truncated", "interrupted", "timedOut" or "invalid".
    public var status: String {
        guard let v = verification else { return "invalid" }
        if v.passed { return "passed" }
        if !v.divergences.isEmpty || v.endMismatch != nil || v.endHashMismatch != nil { return "diverged" }
        return v.interruptedAt != nil ? (timedOut ? "timedOut" : "interrupted") : "truncated"
    }

    public var text: String {
        if let error { return "BAD  \(error)" }
        let v = verification!
        if v.passed { return "PASS \(file) (\(v.ticksSimulated) ticks)" }
        var lines: [String] = []
        if let d = v.divergences.first {
            let at = d.firstTick.map { "tick \($0)" } ?? "checkpoint \(d.checkpointTick)"
            lines.append("FAIL \(file): diverged at \(at) (first differing checkpoint: tick \(d.checkpointTick), line \(d.line))")
            if let t = d.firstTick {
                lines.append("     the step driven by tick \(t)'s input is the first whose result differs")
            }
            for (i, d) in v.divergences.enumerated() {
                if i > 0 { lines.append("     also checkpoint tick \(d.checkpointTick) (line \(d.line))") }
                lines.append("     subsystems: \(d.subsystems.isEmpty ? "(none by their short hashes)" : d.subsystems.map(\.name).joined(separator: ", "))")
                for (name, e, g) in [("score", d.expected.score, d.got.score), ("combo", d.expected.combo, d.got.combo),
                                     ("health", d.expected.health, d.got.health), ("items", d.expected.items, d.got.items)] {
                    lines.append("     \(pad(name, 7)) expected \(pad("\(e)", 8)) got \(g)\(e == g ? "" : "   ≠")")
                }
                lines += stateLines(d, kindKeys: v.kindKeys)
            }
        } else if let (e, g) = v.endMismatch {
            lines.append("FAIL \(file): the end summary differs: expected \(summaryText(e)); got \(summaryText(g))")
        } else if let (e, g) = v.endHashMismatch {
            lines.append("FAIL \(file): the end record's final hash differs: expected \(hex16(e)), got \(hex16(g))"
                + " (every checkpoint and the summary match)")
        }
        if let t = v.truncatedAt {
            lines.append((lines.isEmpty ? "TRUNCATED \(file): " : "     ") + "truncated at tick \(t)"
                + (v.divergences.isEmpty ? " (the checkpoints up to there match)" : ""))
        }
        if let t = v.interruptedAt {
            lines.append((lines.isEmpty ? "STOPPED \(file): " : "     ")
                + (timedOut ? "timed out at tick \(t), not verified to its end" : "interrupted at tick \(t), not verified to its end"))
        }
        return lines.joined(separator: "\n")
    }

    /// The state diff at a divergence (when the file records states) and the events of
    /// the first divergent step, or how to get a state diff.
    private func stateLines(_ d: Divergence, kindKeys: [String]) -> [String] {
        var lines: [String] = []
        if let e = d.expectedState, let g = d.gotState {
            let differences = StateDump.compare(recorded: e, resimulated: g, kindKeys: kindKeys)
            lines.append(d.onlyTheRecordedState
                ? "     the recorded state at tick \(d.checkpointTick) differs from the re-simulated one, though the hashes agree (its state lines were changed):"
                : "     the state at tick \(d.checkpointTick), recorded → re-simulated (\(differences.count == 1 ? "1 line of the dump differs" : "\(differences.count) lines of the dump differ")):")
            for x in differences.prefix(Self.shownDifferences) { lines.append("       " + Self.detail(x)) }
            if differences.count > Self.shownDifferences {
                lines.append("       … \(differences.count - Self.shownDifferences) more (--json lists them all)")
            }
        } else if d.firstTick != nil {
            lines.append("     no state recorded at this checkpoint: `ocean replay record --states-every \(Self.suggestedStatesEvery)` records them; "
                + "`ocean replay diff --against OTHER_OCEAN FILE` compares two builds tick by tick")
        }
        if let t = d.firstTick, d.firstTickState != nil {
            let events = d.firstTickEvents
            lines.append("     the step of tick \(t), re-simulated: \(events.isEmpty ? "no events" : counted(events.count, "event"))")
            for e in events.prefix(Self.shownDifferences) { lines.append("       " + StateDump.eventText(e, kindKeys: kindKeys)) }
        }
        return lines
    }

    static let shownDifferences = 12

    /// One differing dump line: where both sides hold the same words but some values,
    /// only those values, labelled by an unchanged kind ("items[1] plastic_bottle: x
    /// 16939203 → 17004739 (+1.00 px)"); else both whole lines. Positions and speeds are
    /// fixed point (`Fixed.one` a pixel).
    static func detail(_ d: StateDump.Difference) -> String {
        let a = d.a.split(separator: " "), b = d.b.split(separator: " ")
        guard a.count == b.count, a.count > 1 else { return "\(d.key)  \(d.a)  →  \(d.b)" }
        var label: [Substring] = [], changes: [String] = []
        for i in a.indices {
            if a[i] == b[i] {
                if i > 0 && a[i - 1] == "kind" { label.append(a[i]) }
                continue
            }
            let name = i > 0 ? String(a[i - 1]) : ""
            var change = "\(name.isEmpty ? "" : name + " ")\(a[i]) → \(b[i])"
            if ["x", "y"].contains(name), let p = Int(a[i]), let q = Int(b[i]) {
                change += " (\(q - p > 0 ? "+" : "")\(decimal(Double(q - p) / Double(Fixed.one))) px)"
            }
            changes.append(change)
        }
        return "\(d.key)\(label.isEmpty ? "" : " " + label.joined(separator: " ")): " + changes.joined(separator: ", ")
    }
    static let suggestedStatesEvery = 60

    /// Every field that differs at the divergence's checkpoint.
    static func stateDifferences(_ d: Divergence, kindKeys: [String]) -> [StateDump.Difference] {
        guard let e = d.expectedState, let g = d.gotState else { return [] }
        return StateDump.compare(recorded: e, resimulated: g, kindKeys: kindKeys)
    }

    public var json: String { JSONOutput.text(self) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(file, forKey: JSONKey("file"))
        try c.encode(status, forKey: JSONKey("status"))
        if let error {
            try c.encode(error, forKey: JSONKey("error"))
            return
        }
        let v = verification!
        try c.encode(v.ticksSimulated, forKey: JSONKey("ticks"))
        if let t = v.truncatedAt { try c.encode(t, forKey: JSONKey("truncatedAt")) }
        if let t = v.interruptedAt { try c.encode(t, forKey: JSONKey("interruptedAt")) }
        if !v.divergences.isEmpty {
            let kindKeys = v.kindKeys
            var list = c.nestedUnkeyedContainer(forKey: JSONKey("divergences"))
            for d in v.divergences {
                var o = list.nestedContainer(keyedBy: JSONKey.self)
                if let t = d.firstTick { try o.encode(t, forKey: JSONKey("firstTick")) } else { try o.encodeNil(forKey: JSONKey("firstTick")) }
                try o.encode(d.checkpointTick, forKey: JSONKey("checkpointTick"))
                try o.encode(d.line, forKey: JSONKey("line"))
                try o.encode(d.subsystems.map(\.name), forKey: JSONKey("subsystems"))
                try o.encode(FieldsJSON(d.expected), forKey: JSONKey("expected"))
                try o.encode(FieldsJSON(d.got), forKey: JSONKey("got"))
                if d.expectedState != nil {
                    try o.encode(Self.stateDifferences(d, kindKeys: v.kindKeys).map { ["key": $0.key, "recorded": $0.a, "resimulated": $0.b] },
                                 forKey: JSONKey("stateDifferences"))
                    if d.onlyTheRecordedState { try o.encode(true, forKey: JSONKey("onlyTheRecordedState")) }
                }
                if d.firstTickState != nil {
                    try o.encode(d.firstTickEvents.map { StateDump.eventText($0, kindKeys: kindKeys) }, forKey: JSONKey("firstTickEvents"))
                }
            }
        }
        if let (e, g) = v.endMismatch {
            try c.encode(SummaryJSON(e), forKey: JSONKey("expectedSummary"))
            try c.encode(SummaryJSON(g), forKey: JSONKey("gotSummary"))
        }
        if let (e, g) = v.endHashMismatch {
            try c.encode(hex16(e), forKey: JSONKey("expectedHash"))
            try c.encode(hex16(g), forKey: JSONKey("gotHash"))
        }
    }
}

/// A checkpoint's readable fields as JSON: score, combo, health, items.
struct FieldsJSON: Encodable {
    var score: Int, combo: Int, health: Int, items: Int
    init(_ f: ReadableFields) { (score, combo, health, items) = (f.score, f.combo, f.health, f.items) }
}

/// `ocean replay verify`'s whole report: every file, the tally and the throughput.
public struct VerifyReport: Sendable, Encodable {
    public var files: [FileResult]
    public var seconds: Double

    public init(files: [FileResult], seconds: Double) { (self.files, self.seconds) = (files, seconds) }

    public var passed: Int { files.filter(\.passed).count }
    public var failed: Int { files.count - passed }
    public var ticks: Int { files.reduce(0) { $0 + ($1.verification?.ticksSimulated ?? 0) } }
    public var ticksPerSecond: Int { seconds > 0 ? Int(Double(ticks) / seconds) : 0 }

    /// 0 all passed, 1 a divergence, 2 bad, truncated or interrupted input.
    public var exitStatus: Int32 {
        if files.contains(where: \.isBadInput) { return 2 }
        return failed > 0 ? 1 : 0
    }

    public var text: String {
        (files.map(\.text) + ["\(passed) passed, \(failed) failed",
                              "throughput: \(ticksPerSecond) ticks/s (\(ticks) ticks in \(decimal(seconds)) s)"])
            .joined(separator: "\n")
    }

    public var json: String { JSONOutput.text(self) }

    enum CodingKeys: String, CodingKey { case files, passed, failed, ticks, ticksPerSecond }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(files, forKey: .files)
        try c.encode(passed, forKey: .passed)
        try c.encode(failed, forKey: .failed)
        try c.encode(ticks, forKey: .ticks)
        try c.encode(ticksPerSecond, forKey: .ticksPerSecond)
    }
}
