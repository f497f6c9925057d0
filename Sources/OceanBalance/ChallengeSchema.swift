import OceanKernel

/// The challenge table (`assets/challenges.toml`, or a replay's `challenge` lines):
/// templates `PERIOD.NAME.FIELD = value`, checked all at once, each problem with its
/// file, line and key. The same check reads the TOML file and a replay's header, so a
/// replay can never carry a table the file would refuse.
public enum ChallengeSchema {
    /// One template field: its name, what it may hold, and the periods that use it.
    public struct Field: Sendable {
        public let name: String
        public let range: ClosedRange<Int>
        public let milestone: Bool
        public let drawn: Bool
        /// The value when the field is left out (nil: required).
        public let standard: Int?
        public let meaning: String
    }

    public static let fields: [Field] = [
        Field(name: "target_at_level_1", range: 1...1_000_000_000, milestone: false, drawn: true, standard: nil,
              meaning: "the target at level 1"),
        Field(name: "target_at_top_level", range: 1...1_000_000_000, milestone: false, drawn: true, standard: nil,
              meaning: "the target at career.max_level"),
        Field(name: "target", range: 1...1_000_000_000, milestone: true, drawn: false, standard: nil,
              meaning: "the lifetime figure that reaches the milestone"),
        Field(name: "step", range: 1...1_000_000, milestone: false, drawn: true, standard: 1,
              meaning: "targets are multiples of it"),
        Field(name: "from_level", range: 1...1_000, milestone: false, drawn: true, standard: 1,
              meaning: "the first level it is drawn at"),
        Field(name: "reward_grams", range: 0...Challenge.maxRewardGrams, milestone: true, drawn: true, standard: 0,
              meaning: "bonus grams toward the level"),
        Field(name: "reward_health", range: 0...Rules.fullHealth, milestone: true, drawn: true, standard: 0,
              meaning: "ocean health in 1/10000, within the day's rise cap"),
    ]
    /// The field naming what is counted (a word, not a number).
    public static let counts = "counts"
    /// The text the player reads (files only; replays leave it out).
    public static let text = "text"
    public static let maxTextCharacters = 48

    /// The table, in the order of its templates' lines, and each template's text by
    /// its key (`daily.catch_items`). `needText`: every template must say what the
    /// player reads (a file must; a replay has no texts).
    public static func validate(_ entries: [RawEntry], file: String, needText: Bool,
                                lineOfMissing: (String) -> Int? = { _ in nil })
        throws(DataError) -> (templates: [ChallengeTemplate], texts: [String: String]) {
        var issues: [DataIssue] = []
        func problem(_ key: String, _ line: Int?, _ message: String) {
            issues.append(DataIssue(file: file, line: line, key: key, message: message))
        }
        // Entries grouped by template.
        var order: [String] = []
        var groups: [String: [RawEntry]] = [:]  // looked up by key only, never iterated
        for e in entries {
            let parts = e.key.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3 else {
                problem(e.key, e.line, "unknown key; a template is a table [daily.NAME], [weekly.NAME] or [milestone.NAME] "
                    + "of keys \(fieldNames(milestone: false))")
                continue
            }
            let key = String(parts[0] + "." + parts[1])
            if groups[key] == nil {
                guard order.count < Challenge.maxTemplates else {
                    problem(key, e.line, "too many templates; allowed: at most \(Challenge.maxTemplates)")
                    break
                }
                order.append(key)
                groups[key] = []
            }
            groups[key]!.append(e)
        }
        // The file's order is its lines' (the TOML parser hands tables back sorted by
        // name): a milestone's place among them is its bit in a saved career.
        let firstLine = order.map { key in groups[key]!.compactMap(\.line).min() ?? Int.max }
        order = order.indices.sorted { (firstLine[$0], $0) < (firstLine[$1], $1) }.map { order[$0] }
        var templates: [ChallengeTemplate] = []
        var texts: [String: String] = [:]
        var milestones = 0
        for key in order {
            let group = groups[key]!
            let parts = key.split(separator: ".")
            let line = group.first?.line
            guard let period = ChallengePeriod(key: parts[0]) else {
                problem(key, line, "unknown period '\(parts[0].prefix(40))'; allowed: \(ChallengePeriod.keys.joined(separator: ", "))")
                continue
            }
            let name = parts[1]
            guard (1...40).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) else {
                problem(key, line, "a template's name is 1 to 40 lowercase letters, digits or _")
                continue
            }
            if period == .milestone {
                milestones += 1
                if milestones == Rules.maxMilestones + 1 {
                    problem(key, line, "too many milestones; allowed: at most \(Rules.maxMilestones)")
                }
            }
            if let t = template(key, period, group, needText: needText, problem: problem, lineOfMissing: lineOfMissing) {
                templates.append(t.template)
                if let text = t.text { texts[key] = text }
            }
        }
        guard issues.isEmpty else { throw DataError(issues: issues) }
        return (templates, texts)
    }

    private static func template(_ key: String, _ period: ChallengePeriod, _ group: [RawEntry], needText: Bool,
                                 problem: (String, Int?, String) -> Void, lineOfMissing: (String) -> Int?)
        -> (template: ChallengeTemplate, text: String?)? {
        let milestone = period == .milestone
        var values: [String: Int] = [:]  // looked up by field name only
        var metric: ChallengeMetric?
        var text: String?
        var seen: [String: Int?] = [:]
        var ok = true
        for e in group {
            let field = String(e.key.split(separator: ".").last!)
            if let first = seen[field] {
                problem(e.key, e.line, "given twice" + (first.map { " (first on line \($0))" } ?? ""))
                ok = false
                continue
            }
            seen[field] = e.line
            if field == counts {
                guard case .text(let word) = e.value, let m = ChallengeMetric(key: word) else {
                    problem(e.key, e.line, "expected one of \(ChallengeMetric.keys.joined(separator: ", "))")
                    ok = false
                    continue
                }
                if period == .daily && m.isPerDay {
                    problem(e.key, e.line, "\(m.key) counts at most one a day, so it makes no daily challenge; allowed in weekly and milestone")
                    ok = false
                }
                metric = m
            } else if field == ChallengeSchema.text {
                guard case .text(let t) = e.value, !t.isEmpty, t.count <= maxTextCharacters,
                      t.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                    problem(e.key, e.line, "expected the text the player reads: 1 to \(maxTextCharacters) characters on one line")
                    ok = false
                    continue
                }
                text = t
            } else if let f = fields.first(where: { $0.name == field && (milestone ? $0.milestone : $0.drawn) }) {
                switch e.value {
                case .whole(let n) where f.range.contains(n): values[field] = n
                case .whole(let n):
                    problem(e.key, e.line, "\(n) is out of range; allowed: a whole number from \(f.range.lowerBound) to \(f.range.upperBound) (\(f.meaning))")
                    ok = false
                case .text(let t):
                    problem(e.key, e.line, "expected a whole number, found a string (\"\(t.prefix(40))\"); allowed: \(f.range.lowerBound) to \(f.range.upperBound)")
                    ok = false
                case .other(let what):
                    problem(e.key, e.line, "expected a whole number, found \(what); allowed: \(f.range.lowerBound) to \(f.range.upperBound)")
                    ok = false
                }
            } else {
                problem(e.key, e.line, "unknown key; a \(period.key) template has \(fieldNames(milestone: milestone))")
                ok = false
            }
        }
        if metric == nil && seen[counts] == nil {
            problem("\(key).\(counts)", lineOfMissing("\(key).\(counts)"), "missing; what is counted: \(ChallengeMetric.keys.joined(separator: ", "))")
            ok = false
        }
        for f in fields where (milestone ? f.milestone : f.drawn) && f.standard == nil && seen[f.name] == nil {
            problem("\(key).\(f.name)", lineOfMissing("\(key).\(f.name)"), "missing; \(f.meaning), a whole number from \(f.range.lowerBound) to \(f.range.upperBound)")
            ok = false
        }
        if needText && seen[ChallengeSchema.text] == nil {
            problem("\(key).\(ChallengeSchema.text)", lineOfMissing("\(key).\(ChallengeSchema.text)"), "missing; the text the player reads ({target} stands for the target)")
            ok = false
        }
        guard ok, let metric else { return nil }
        func v(_ name: String) -> Int { values[name] ?? fields.first { $0.name == name }!.standard! }
        let low = milestone ? v("target") : v("target_at_level_1")
        let top = milestone ? low : v("target_at_top_level")
        let step = milestone ? 1 : v("step")
        if step > min(low, top) {
            problem("\(key).step", seen["step"] ?? nil, "\(step) is more than the smaller target (\(min(low, top))); a target is a multiple of step")
            return nil
        }
        return (ChallengeTemplate(key: key, period: period, metric: metric, targetAtLevel1: low, targetAtTopLevel: top,
                                  step: step, fromLevel: milestone ? 1 : v("from_level"),
                                  rewardGrams: v("reward_grams"), rewardHealth: v("reward_health")), text)
    }

    private static func fieldNames(milestone: Bool) -> String {
        ([counts] + fields.filter { milestone ? $0.milestone : $0.drawn }.map(\.name) + [text]).joined(separator: ", ")
    }

    /// A template as a replay writes it: its key, then `FIELD=VALUE` for `counts` and
    /// every field that differs from its default, in a fixed order (no text).
    public static func line(of t: ChallengeTemplate) -> String {
        var words = [t.key, "\(counts)=\(t.metric.key)"]
        func add(_ name: String, _ value: Int) {
            if fields.first(where: { $0.name == name })?.standard != value { words.append("\(name)=\(value)") }
        }
        if t.period == .milestone {
            add("target", t.targetAtLevel1)
        } else {
            add("target_at_level_1", t.targetAtLevel1)
            add("target_at_top_level", t.targetAtTopLevel)
            add("step", t.step)
            add("from_level", t.fromLevel)
        }
        add("reward_grams", t.rewardGrams)
        add("reward_health", t.rewardHealth)
        return words.joined(separator: " ")
    }
}
