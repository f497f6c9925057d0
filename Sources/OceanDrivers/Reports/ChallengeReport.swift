import OceanBalance
import OceanKernel

/// A daily or weekly challenge as the reports show it: its text, its day (or its
/// week's Monday), progress, status and reward.
public struct ChallengeItem: Sendable, Equatable {
    /// Its template's key (`daily.catch_items`), if the table still has it.
    public var key: String?
    public var period: ChallengePeriod
    /// The day it runs, or the Monday of its week.
    public var date: CalendarDate
    public var text: String
    public var metric: ChallengeMetric
    public var target: Int
    public var progress: Int
    public var status: ChallengeStatus
    public var rewardGrams: Int
    /// Ocean health, 1/10000, given within the day's rise cap.
    public var rewardHealth: Int
    /// From a run's log: the day it was completed.
    public var completedOn: CalendarDate?
    /// From a run's log: issued before the run began.
    public var carriedIn = false

    public init(_ c: Challenge, rules: Rules, texts: [String: String]) {
        key = ChallengeWording.templateKey(c, rules: rules)
        period = c.period
        date = CalendarDate(dayNumber: c.period == .weekly ? ChallengeDraw.firstDay(ofWeek: c.number) : c.number)
        text = ChallengeWording.text(c, rules: rules, texts: texts)
        metric = c.metric
        (target, progress, status) = (c.target, c.progress, c.status)
        (rewardGrams, rewardHealth) = (c.rewardGrams, c.rewardHealth)
    }

    /// A run log's entry.
    public init(_ e: ChallengeLog.Entry, rules: Rules, texts: [String: String]) {
        self.init(e.challenge, rules: rules, texts: texts)
        if case .completed(let day) = e.outcome { completedOn = CalendarDate(dayNumber: day) }
        carriedIn = e.carriedIn
    }

    /// "2026-01-05 Catch 30 items today: 12/30, in progress (reward +2 g, +0.50 % health)"
    var standingText: String {
        "\(date) \(text): \(ImpactUnits.grouped(progress))/\(ImpactUnits.grouped(target)), \(statusWords(status)) (\(rewardText(rewardGrams, rewardHealth)))"
    }

    /// One line of a run's log: date, period, text, progress and outcome, in columns.
    var logLine: String {
        let outcome: String
        switch status {
        case .completed: outcome = "completed" + (completedOn.map { " \($0)" } ?? "") + ", " + rewardText(rewardGrams, rewardHealth)
        case .failed: outcome = "failed"
        case .notStarted, .inProgress: outcome = "open (\(statusWords(status)))"
        }
        return "\(date) " + pad(period.key, 7) + pad(text, 42)
            + pad("\(ImpactUnits.grouped(progress))/\(ImpactUnits.grouped(target))", 12) + outcome + (carriedIn ? " (issued before this run)" : "")
    }
}

/// A milestone as the reports show it: its text, how far the career is toward it,
/// and, when a run's log saw it reached, the day.
public struct MilestoneItem: Sendable, Equatable {
    public var key: String
    public var text: String
    public var metric: ChallengeMetric
    public var target: Int
    /// The career's lifetime figure, up to the target.
    public var progress: Int
    public var reached: Bool
    /// The day it was reached, when this run reached it.
    public var date: CalendarDate?
    public var rewardGrams: Int
    public var rewardHealth: Int

    /// Milestone `bit` of `rules.milestoneTemplates`, as it stands in `s`.
    init(bit: Int, _ s: GameState, rules: Rules, texts: [String: String], day: Int?) {
        let index = rules.milestoneTemplates[bit]
        let t = rules.challenges[index]
        key = t.key
        text = ChallengeWording.milestone(index, rules: rules, texts: texts)
        metric = t.metric
        target = t.targetAtLevel1
        progress = min(target, s.lifetime(t.metric))
        reached = s.career.milestones & (1 << bit) != 0
        date = day.map { CalendarDate(dayNumber: $0) }
        (rewardGrams, rewardHealth) = (t.rewardGrams, t.rewardHealth)
    }

    /// "2026-01-04 Divert 100 g of plastic (reward +5 g)"; the date when this run reached it.
    var reachedText: String {
        (date.map { "\($0) " } ?? "") + "\(text) (\(rewardText(rewardGrams, rewardHealth)))"
    }

    /// "Divert 500 g of plastic: 312/500".
    var nextText: String { "\(text): \(ImpactUnits.grouped(progress))/\(ImpactUnits.grouped(target))" }
}

/// Where a career stands with its challenges: today's and this week's, the counts,
/// the bonus grams, the milestones reached and the next few; and, for a run that
/// kept a `ChallengeLog`, what the run did.
public struct ChallengeStanding: Sendable, Equatable {
    /// The challenges of one run (`ocean sim --days`).
    public struct Run: Sendable, Equatable {
        public var completed: Int
        public var failed: Int
        /// Open when the run ended.
        public var open: Int
        /// Reached during the run, in order, with their days.
        public var milestones: [MilestoneItem]
        /// Every challenge of the run in the order issued, when the log kept them.
        public var list: [ChallengeItem]?
    }

    public var daily: ChallengeItem?
    public var weekly: ChallengeItem?
    /// Lifetime counts.
    public var completed: Int
    public var failed: Int
    /// Grams the rewards added toward the level (never plastic).
    public var bonusGrams: Int
    /// Milestones in the table.
    public var milestoneCount: Int
    /// In table order, except that those a run's log saw come last, by their day.
    public var reached: [MilestoneItem]
    /// Up to `nextCount` milestones not reached yet, the nearest (by share of the target) first.
    public var next: [MilestoneItem]
    public var run: Run?

    public static let nextCount = 3

    public init(_ s: GameState, rules: Rules, texts: [String: String], log: ChallengeLog? = nil) {
        let c = s.career
        daily = c.daily.exists ? ChallengeItem(c.daily, rules: rules, texts: texts) : nil
        weekly = c.weekly.exists ? ChallengeItem(c.weekly, rules: rules, texts: texts) : nil
        (completed, failed, bonusGrams) = (c.challengesCompleted, c.challengesFailed, c.bonusGrams)
        milestoneCount = rules.milestoneTemplates.count
        let all = rules.milestoneTemplates.indices.map { bit in
            MilestoneItem(bit: bit, s, rules: rules, texts: texts,
                          day: log?.milestones.first { $0.template == rules.milestoneTemplates[bit] }?.day)
        }
        // Those reached before the run (no day known) first, then by the day reached.
        reached = all.filter(\.reached).enumerated().sorted { a, b in
            let l = a.element.date?.dayNumber ?? Int.min, r = b.element.date?.dayNumber ?? Int.min
            return l != r ? l < r : a.offset < b.offset
        }.map(\.element)
        // Nearest first: the larger share of its target (compared without division), then table order.
        next = Array(all.filter { !$0.reached }.enumerated().sorted { a, b in
            let l = a.element.progress * b.element.target, r = b.element.progress * a.element.target
            return l != r ? l > r : a.offset < b.offset
        }.map(\.element).prefix(ChallengeStanding.nextCount))
        if let log {
            run = Run(completed: log.completed, failed: log.failed, open: log.open,
                      milestones: log.milestones.compactMap { m in all.first { $0.key == rules.challenges[m.template].key } },
                      list: log.keepsEntries ? log.entries.map { ChallengeItem($0, rules: rules, texts: texts) } : nil)
        }
    }

    /// The report's lines (labels in a 14-character column).
    var text: String {
        var lines = ["challenges    \(completed) completed, \(failed) failed; \(bonusGrams) g of bonus toward the level (not plastic)"]
        if let run {
            lines.append("              this run: \(run.completed) completed, \(run.failed) failed, \(run.open) still open")
        }
        lines.append("daily         " + (daily?.standingText ?? "none yet"))
        lines.append("weekly        " + (weekly?.standingText ?? "none yet"))
        lines.append("milestones    \(reached.count) of \(milestoneCount) reached")
        lines += reached.map { "              " + $0.reachedText }
        if !next.isEmpty { lines.append("next          " + next.map(\.nextText).joined(separator: "\n              ")) }
        if let list = run?.list {
            lines.append("challenge log " + (list.isEmpty ? "none issued" : list.map(\.logLine).joined(separator: "\n              ")))
        }
        return lines.joined(separator: "\n")
    }
}

/// "not started", "in progress", "completed", "failed".
func statusWords(_ s: ChallengeStatus) -> String { s.key.replacingUnderscores() }

/// "reward +2 g, +0.50 % health", "reward +5 g", "no reward".
func rewardText(_ grams: Int, _ health: Int) -> String {
    var parts: [String] = []
    if grams > 0 { parts.append("+\(grams) g") }
    if health > 0 { parts.append("+\(percent(health)) % health") }
    return parts.isEmpty ? "no reward" : "reward " + parts.joined(separator: ", ")
}

/// 12345 as "12,345" (`ImpactUnits.grouped`).

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}

// MARK: JSON

extension ChallengeItem: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try encodeFields(into: &c)
    }

    func encodeFields(into c: inout KeyedEncodingContainer<JSONKey>) throws {
        if let key { try c.encode(key, forKey: JSONKey("key")) } else { try c.encodeNil(forKey: JSONKey("key")) }
        try c.encode(period.key, forKey: JSONKey("period"))
        try c.encode("\(date)", forKey: JSONKey("date"))
        try c.encode(text, forKey: JSONKey("text"))
        try c.encode(metric.key, forKey: JSONKey("counts"))
        try c.encode(target, forKey: JSONKey("target"))
        try c.encode(progress, forKey: JSONKey("progress"))
        try c.encode(status.key, forKey: JSONKey("status"))
        try c.encode(rewardGrams, forKey: JSONKey("rewardGrams"))
        try c.encode(rewardHealth, forKey: JSONKey("rewardHealth"))
    }

    /// A run log's entry: the fields above, the day it was completed (or null) and
    /// whether it was running before the run began.
    struct LogEntry: Encodable {
        let item: ChallengeItem
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: JSONKey.self)
            try item.encodeFields(into: &c)
            if let d = item.completedOn { try c.encode("\(d)", forKey: JSONKey("completedOn")) } else {
                try c.encodeNil(forKey: JSONKey("completedOn"))
            }
            try c.encode(item.carriedIn, forKey: JSONKey("carriedIn"))
        }
    }
}

extension MilestoneItem: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(key, forKey: JSONKey("key"))
        try c.encode(text, forKey: JSONKey("text"))
        try c.encode(metric.key, forKey: JSONKey("counts"))
        try c.encode(target, forKey: JSONKey("target"))
        try c.encode(progress, forKey: JSONKey("progress"))
        try c.encode(reached, forKey: JSONKey("reached"))
        if let date { try c.encode("\(date)", forKey: JSONKey("date")) } else { try c.encodeNil(forKey: JSONKey("date")) }
        try c.encode(rewardGrams, forKey: JSONKey("rewardGrams"))
        try c.encode(rewardHealth, forKey: JSONKey("rewardHealth"))
    }
}

extension ChallengeStanding: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        func put<T: Encodable>(_ v: T?, _ key: String) throws {
            if let v { try c.encode(v, forKey: JSONKey(key)) } else { try c.encodeNil(forKey: JSONKey(key)) }
        }
        try put(daily, "daily")
        try put(weekly, "weekly")
        try put(completed, "completed")
        try put(failed, "failed")
        try put(bonusGrams, "bonusGrams")
        var m = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("milestones"))
        try m.encode(milestoneCount, forKey: JSONKey("count"))
        try m.encode(reached, forKey: JSONKey("reached"))
        try m.encode(next, forKey: JSONKey("next"))
        if let run {
            var r = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("run"))
            try r.encode(run.completed, forKey: JSONKey("completed"))
            try r.encode(run.failed, forKey: JSONKey("failed"))
            try r.encode(run.open, forKey: JSONKey("open"))
            try r.encode(run.milestones, forKey: JSONKey("milestones"))
            if let list = run.list { try r.encode(list.map(ChallengeItem.LogEntry.init), forKey: JSONKey("list")) }
        }
    }
}
