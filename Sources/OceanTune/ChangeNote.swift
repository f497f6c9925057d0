import OceanBalance
import OceanDrivers
import OceanKernel
import OceanReplay

/// What shipping an exported point would change, for the commit that ships it
/// (`ocean tune export --note`): the values, each bot's catch rate round by round
/// against the shipped balance's on the same games, the golden replays that play the
/// changed constants and how a re-recording would move them, and the pacing check's
/// days to each milestone.
public enum ChangeNote {
    public struct Options {
        public var bots: [String]
        public var games = 200
        public var seedBase: UInt64 = 1
        public var jobs = 1
        /// A spec whose careers are the pacing check (`assets/tune/pacing-check.toml`).
        public var pacing: (spec: TuneSpec, file: String)?
        public var replays: [(name: String, replay: Replay)] = []

        public init(bots: [String]) { self.bots = bots }
    }

    /// The note as Markdown. `values`: the point's keys and values.
    public static func markdown(title: String, shipped: Balance, new: Balance, values: [String: Int], options: Options) -> String {
        var out = ["# \(title)", ""]
        let keys = values.keys.sorted()
        let fields = Dictionary(BalanceSchema.fields(of: shipped).map { ($0.key, $0.path) }, uniquingKeysWith: { a, _ in a })
        out += ["## Values", "", "| key | shipped | new |", "|---|---|---|"]
        for k in keys {
            let was = fields[k].map { "\(shipped[keyPath: $0])" } ?? "?"
            out.append("| `\(k)` | \(was) | \(values[k]!) |")
        }
        out += [""] + rounds(shipped: shipped, new: new, options: options)
        out += [""] + replays(keys: keys, values: values, shipped: shipped, options: options)
        if let pacing = options.pacing { out += [""] + self.pacing(pacing.spec, file: pacing.file, shipped: shipped, new: new, jobs: options.jobs) }
        return out.joined(separator: "\n") + "\n"
    }

    /// Each bot's catch rate in each round, shipped → new, on the same seeds.
    static func rounds(shipped: Balance, new: Balance, options: Options) -> [String] {
        let players = options.bots.compactMap { TuneSpec.Player($0) }
        func play(_ b: Balance) -> [PlayerResult] {
            let rules = Rules(b)
            var runner = SweepRunner(jobs: options.jobs, career: TuneSpec.Career(), seedBase: options.seedBase)
            runner.series = true
            let cells = players.map { Cell(rules: rules, player: $0, games: options.games, careers: 0) }
            return zip(players, runner.run(cells)).map { p, r in
                PlayerResult(bot: p.description, games: r.games, careers: [], careerDays: 0, rounds: true)
            }
        }
        let before = play(shipped), after = play(new)
        let rounds = (before + after).map { $0.roundCatchRate?.count ?? 0 }.max() ?? 0
        var out = ["## Catch rate per round", "",
                   "\(options.games) games a bot, seeds from seed_base \(options.seedBase) (the same games under both): shipped → new (change in points).", "",
                   "| bot | all | " + (1...max(1, rounds)).map { "round \($0)" }.joined(separator: " | ") + " |",
                   "|---|---|" + String(repeating: "---|", count: max(1, rounds))]
        for (b, a) in zip(before, after) {
            var row = "| \(b.bot) | \(change(b.catchRate, a.catchRate)) |"
            for r in 0..<max(1, rounds) {
                let x = b.roundCatchRate.flatMap { r < $0.count ? $0[r] : nil }
                let y = a.roundCatchRate.flatMap { r < $0.count ? $0[r] : nil }
                row += " \(change(x, y)) |"
            }
            out.append(row)
        }
        return out
    }

    static func change(_ x: RateStat?, _ y: RateStat?) -> String {
        func p(_ s: RateStat?) -> String { s.map { $0.n > 0 ? decimal($0.rate * 100, places: 1) : "–" } ?? "–" }
        guard let x, let y, x.n > 0, y.n > 0 else { return "\(p(x)) → \(p(y))" }
        let d = (y.rate - x.rate) * 100
        return "\(p(x)) → \(p(y)) (\(d >= 0 ? "+" : "")\(decimal(d, places: 1)))"
    }

    /// The golden replays that play the changed constants at their shipped values.
    static func replays(keys: [String], values: [String: Int], shipped: Balance, options: Options) -> [String] {
        var out = ["## Golden replays", "",
                   "Every replay carries its own constants, so shipping this changes no replay's result and `replay update` rewrites none. "
                   + "The ones below play every changed key at its shipped value: recorded again under the new balance "
                   + "(`replays/record-corpus.sh`), they would move as shown (their bot re-driven where its `recorded-by` names one, else their inputs)."]
        let shippedFields = Dictionary(BalanceSchema.fields(of: shipped).map { ($0.key, $0.path) }, uniquingKeysWith: { a, _ in a })
        var rows: [String] = [], others: [String] = []
        for (name, r) in options.replays {
            let fields = Dictionary(BalanceSchema.fields(of: r.header.balance).map { ($0.key, $0.path) }, uniquingKeysWith: { a, _ in a })
            let plays = keys.allSatisfy { k in
                guard let mine = fields[k], let theirs = shippedFields[k] else { return false }
                return r.header.balance[keyPath: mine] == shipped[keyPath: theirs]
            }
            guard plays else { others.append(name); continue }
            let changed: Balance
            do { changed = try PointSampler.apply(keys.map { (key: $0, value: values[$0]!) }, to: r.header.balance, file: name) } catch {
                others.append(name + " (the new values do not apply to its balance)")
                continue
            }
            let bot = RecordedBot(r)
            let a = ReplaySummary(WhatIf.rerun(r, bot: bot, rules: Rules(r.header.balance)))
            let b = ReplaySummary(WhatIf.rerun(r, bot: bot, rules: Rules(changed)))
            let d = { (x: Int, y: Int) in "\(x) → \(y)" }
            rows.append("| \(name) | \(bot == nil ? "its inputs (open loop)" : "its bot (closed loop)") | \(d(a.catches, b.catches)) | \(d(a.misses, b.misses)) | \(d(a.score, b.score)) | "
                + "\(percent(a.health)) → \(percent(b.health)) | \(a.phase.key) → \(b.phase.key) |")
        }
        if rows.isEmpty {
            out += ["", "None of the \(options.replays.count) given plays the changed keys at their shipped values."]
        } else {
            out += ["", "| replay | played by | catches | misses | score | health | phase |", "|---|---|---|---|---|---|---|"] + rows
        }
        if !others.isEmpty { out += ["", "Carrying other values, so unaffected: " + others.joined(separator: ", ") + "."] }
        return out
    }

    /// The pacing check's careers under both balances: mean days to each milestone.
    static func pacing(_ spec: TuneSpec, file: String, shipped: Balance, new: Balance, jobs: Int) -> [String] {
        func run(_ b: Balance) -> PointLine {
            var e = Evaluator(spec: spec, base: b, file: file)
            e.jobs = jobs
            return e.evaluate([], index: 0)
        }
        let before = run(shipped), after = run(new)
        var out = ["## Pacing (\(file))", "",
                   "\(spec.career.careers) careers of \(spec.career.days) days a bot: mean days to each milestone, shipped → new "
                   + "(careers that reached it, of all).", "",
                   "| bot | " + CareerOutcome.milestones.joined(separator: " | ") + " |",
                   "|---|" + String(repeating: "---|", count: CareerOutcome.milestones.count)]
        for (b, a) in zip(before.results, after.results) {
            var row = "| \(b.bot) |"
            for m in CareerOutcome.milestones {
                func cell(_ r: ReachStat?) -> String {
                    guard let r, r.reached.successes > 0 else { return "never" }
                    return decimal(r.days.mean, places: 1) + (r.reached.successes < r.reached.n ? " (\(r.reached.successes)/\(r.reached.n))" : "")
                }
                row += " \(cell(b.daysTo?[m])) → \(cell(a.daysTo?[m])) |"
            }
            out.append(row)
        }
        return out
    }
}
