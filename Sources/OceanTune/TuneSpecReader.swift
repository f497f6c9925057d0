import OceanBalance
import OceanDrivers
import OceanKernel
import OceanStore
import OceanSystem
import OceanTOML

/// Reads a tune spec (TOML) into a `TuneSpec`, reporting every problem at once with
/// file, line and key, the way the balance loader does: unknown keys (with a guess),
/// wrong types, bad ranges, unknown balance keys, bots and metrics.
public enum TuneSpecReader {
    /// The keys a spec may hold at its top level and in its tables, each with what it
    /// must be (for messages).
    static let topKeys: [String: String] = [
        "seed_base": "a whole number from 0 to 2^63-1", "games": "a whole number from 1 to 1000000",
        "mode": "one of \"classic\", \"arcade\", \"daily\" (the game of every bot written without a MODE: prefix)",
        "daily_start": "a date, 2027-01-01 (in daily mode, game i is the Daily Ocean of this date plus i days)",
        "sampling": "one of \"grid\", \"list\", \"random\", \"latin\"", "strategy": "one of \"sweep\", \"halving\"",
        "samples": "a whole number from 1 to 100000", "sample_seed": "a whole number from 0 to 2^63-1",
        "bots": "a list of bots such as [\"human@50\", \"greedy\"]", "balance": "a path to a balance file",
        "vary": "a table of balance keys", "career": "a table", "targets": "a table of tables per bot", "constraints": "a table of \"BOT.metric\" (or \"BOT.roundN.metric\", \"BOT.dayN.metric\", \"BOT.metric.p10\") = { min = N, max = N, vs_shipped_within = N }",
        "halving": "a table",
    ]
    static let careerKeys: [String: String] = [
        "careers": "a whole number from 0 to 100000", "days": "a whole number from 1 to 3650",
        "games_per_day": "a whole number from 0 to 100", "skip_percent": "a whole number from 0 to 100",
    ]
    static let halvingKeys: [String: String] = [
        "rungs": "a whole number from 1 to 20", "keep_percent": "a whole number from 1 to 99",
        "growth": "a whole number from 1 to 16",
    ]

    public static func read(path: String) throws(DataError) -> TuneSpec {
        let text = try TOMLEntries.readText(path: path)
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> TuneSpec {
        // Read once: a syntax error names its line and column; each key keeps its line.
        let table = try TOMLEntries.document(text, file: file)
        var reader = Reader(file: file, locator: KeyLocator(document: table))
        var spec = reader.spec(table)
        guard reader.issues.isEmpty else { throw DataError(issues: reader.issues) }
        spec.fingerprint = fnv1a(Array(text.utf8))
        return spec
    }

    struct Reader {
        let file: String
        let locator: KeyLocator
        var issues: [DataIssue] = []
        /// The spec's mode: a bot written without one plays it.
        var mode = TuneSpec.Mode.classic

        mutating func problem(_ key: String, _ message: String) {
            issues.append(DataIssue(file: file, line: locator.nearestLine(of: key), key: key, message: message))
        }

        mutating func unknownKeys(_ table: TOMLTable, _ known: [String: String], prefix: String) {
            for key in table.keys where known[key] == nil {
                let full = prefix.isEmpty ? key : prefix + "." + key
                let guess = known.keys.sorted().min { editDistance(key, $0) < editDistance(key, $1) }
                var message = "unknown key"
                if let guess, editDistance(key, guess) <= max(3, key.count / 3) { message += "; did you mean '\(guess)'?" }
                message += "; allowed here: " + known.keys.sorted().joined(separator: ", ")
                problem(full, message)
            }
        }

        mutating func whole(_ table: TOMLTable, _ key: String, _ full: String, _ range: ClosedRange<Int>, _ what: String) -> Int? {
            guard let value = table[key] else { return nil }
            guard let n = value.int else { problem(full, "expected \(what), found \(describe(value))"); return nil }
            guard range.contains(n) else { problem(full, "\(n) is out of range; expected \(what)"); return nil }
            return n
        }

        mutating func word<E: RawRepresentable & CaseIterable>(_ table: TOMLTable, _ key: String, _ what: String,
                                                                 as: E.Type) -> E? where E.RawValue == String {
            guard let value = table[key] else { return nil }
            guard let s = value.string else { problem(key, "expected \(what), found \(describe(value))"); return nil }
            guard let e = E(rawValue: s) else { problem(key, "'\(s)' is not allowed; expected \(what)"); return nil }
            return e
        }

        mutating func spec(_ table: TOMLTable) -> TuneSpec {
            var spec = TuneSpec()
            unknownKeys(table, TuneSpecReader.topKeys, prefix: "")
            let k = TuneSpecReader.topKeys
            if let n = whole(table, "seed_base", "seed_base", 0...Int.max, k["seed_base"]!) { spec.seedBase = UInt64(n) }
            if let n = whole(table, "games", "games", 1...1_000_000, k["games"]!) { spec.games = n }
            if let n = whole(table, "samples", "samples", 1...100_000, k["samples"]!) { spec.samples = n }
            if let n = whole(table, "sample_seed", "sample_seed", 0...Int.max, k["sample_seed"]!) { spec.sampleSeed = UInt64(n) }
            if let s = word(table, "sampling", k["sampling"]!, as: TuneSpec.Sampling.self) { spec.sampling = s }
            if let s = word(table, "strategy", k["strategy"]!, as: TuneSpec.Strategy.self) { spec.strategy = s }
            if let m = word(table, "mode", k["mode"]!, as: TuneSpec.Mode.self) { spec.mode = m }
            mode = spec.mode
            if let v = table["daily_start"] {
                if let text = v.string, let date = ProfileText.parseDate(Substring(text)) {
                    spec.dailyStart = date
                } else {
                    problem("daily_start", "expected \(k["daily_start"]!), found \(describe(v))")
                }
            }
            if let b = table["balance"] {
                if let s = b.string { spec.balancePath = s } else { problem("balance", "expected a path (a string), found \(describe(b))") }
            }
            spec.players = players(table)
            if let vary = table["vary"] {
                if let t = vary.table { spec.axes = axes(t, sampling: spec.sampling) } else { problem("vary", "expected a table of balance keys") }
            } else {
                problem("vary", "missing; name at least one balance key to vary, e.g. [vary] \"bin.width_px\" = [64, 84]")
            }
            if let c = table["career"] {
                if let t = c.table { spec.career = career(t) } else { problem("career", "expected a table") }
            }
            if let h = table["halving"] {
                if let t = h.table {
                    unknownKeys(t, TuneSpecReader.halvingKeys, prefix: "halving")
                    let hk = TuneSpecReader.halvingKeys
                    if let n = whole(t, "rungs", "halving.rungs", 1...20, hk["rungs"]!) { spec.rungs = n }
                    if let n = whole(t, "keep_percent", "halving.keep_percent", 1...99, hk["keep_percent"]!) { spec.keepPercent = n }
                    if let n = whole(t, "growth", "halving.growth", 1...16, hk["growth"]!) { spec.growth = n }
                } else { problem("halving", "expected a table") }
            }
            if let t = table["targets"] {
                if let t = t.table { spec.targets = targets(t, players: spec.players, career: spec.career) } else {
                    problem("targets", "expected a table of tables, e.g. [targets.\"human@50\"] catch_rate = 0.75")
                }
            }
            if let c = table["constraints"] {
                if let t = c.table { spec.constraints = constraints(t, players: spec.players, career: spec.career) } else {
                    problem("constraints", "expected a table, e.g. [constraints] \"human@50.catch_rate\" = { min = 0.75 }")
                }
            }
            if spec.strategy == .halving && spec.targets.isEmpty {
                problem("strategy", "\"halving\" needs targets to rank the points by; add a [targets.\"BOT\"] table")
            }
            if (spec.sampling == .random || spec.sampling == .latin) && table["samples"] == nil {
                problem("samples", "missing; \"\(spec.sampling.rawValue)\" sampling needs the number of points to draw")
            }
            if spec.sampling == .grid && !spec.axes.isEmpty {
                // The grid's size, multiplied without overflow, against its limit.
                var points = 1
                for axis in spec.axes {
                    let (p, overflow) = points.multipliedReportingOverflow(by: axis.values.count)
                    points = overflow ? Int.max : p
                }
                if points > TuneSpec.maxPoints {
                    let sizes = spec.axes.map { "\($0.values.count)" }.joined(separator: " × ")
                    problem("vary", "the grid has \(points == Int.max ? "more than \(Int.max)" : "\(points)") points (\(sizes)); "
                        + "a sweep runs at most \(TuneSpec.maxPoints): vary fewer values, or use \"random\" or \"latin\" sampling")
                }
            }
            if spec.sampling == .list, let first = spec.axes.first,
               let odd = spec.axes.first(where: { $0.values.count != first.values.count }) {
                problem("vary." + odd.key, "has \(odd.values.count) values but vary.\(first.key) has \(first.values.count); \"list\" sampling pairs the i-th values, so every list must be as long")
            }
            return spec
        }

        mutating func players(_ table: TOMLTable) -> [TuneSpec.Player] {
            guard let value = table["bots"] else {
                problem("bots", "missing; expected \(TuneSpecReader.topKeys["bots"]!)")
                return []
            }
            guard let array = value.array, !array.isEmpty else {
                problem("bots", "expected \(TuneSpecReader.topKeys["bots"]!), found \(describe(value))")
                return []
            }
            var players: [TuneSpec.Player] = []
            for element in array {
                guard let s = element.string, let p = TuneSpec.Player(s, mode: mode) else {
                    problem("bots", "'\(element.string ?? describe(element))' is not a bot; allowed: \(BotKind.names), human with a skill 0–100 as human@50, on the pointer as human@50/pointer, in a mode other than the spec's as arcade:human@50 (classic, arcade, daily)")
                    continue
                }
                if players.contains(p) { problem("bots", "\(p) is listed twice") } else { players.append(p) }
            }
            return players
        }

        mutating func axes(_ table: TOMLTable, sampling: TuneSpec.Sampling) -> [TuneSpec.Axis] {
            var axes: [TuneSpec.Axis] = []
            if table.keys.isEmpty { problem("vary", "empty; name at least one balance key to vary") }
            for key in table.keys {
                let full = "vary." + key
                guard BalanceSchema.isKey(key) else {
                    var message = "unknown balance key"
                    if let guess = BalanceSchema.schema.closestKey(to: key) { message += "; did you mean '\(guess)'?" }
                    problem(full, message)
                    continue
                }
                let value = table[key]!
                if let array = value.array {
                    let numbers = array.compactMap(\.int)
                    guard numbers.count == array.count, !numbers.isEmpty else {
                        problem(full, "expected a list of whole numbers, e.g. [64, 84, 104]")
                        continue
                    }
                    guard sampling == .grid || sampling == .list else {
                        problem(full, "\"\(sampling.rawValue)\" sampling draws from a range; write { from = A, to = B }")
                        continue
                    }
                    axes.append(TuneSpec.Axis(key: key, values: numbers, range: nil))
                } else if let t = value.table {
                    let known = ["from": "a whole number", "to": "a whole number", "step": "a whole number above 0"]
                    unknownKeys(t, known, prefix: full)
                    let from = whole(t, "from", full + ".from", Int.min...Int.max, "a whole number")
                    let to = whole(t, "to", full + ".to", Int.min...Int.max, "a whole number")
                    let step = whole(t, "step", full + ".step", 1...Int.max, "a whole number above 0")
                    guard let from, let to else {
                        if t["from"] == nil || t["to"] == nil { problem(full, "a range needs both from and to") }
                        continue
                    }
                    guard from <= to else { problem(full, "bad range: from (\(from)) is above to (\(to))"); continue }
                    switch sampling {
                    case .grid, .list:
                        guard let step else {
                            if t["step"] == nil { problem(full, "a range in \"\(sampling.rawValue)\" sampling needs a step") }
                            continue
                        }
                        // The span in unsigned arithmetic: from Int.min to Int.max fits.
                        let steps = UInt(bitPattern: to &- from) / UInt(step)
                        guard steps < UInt(TuneSpec.maxAxisValues) else {
                            let values = steps == UInt.max ? "more than \(UInt.max)" : "\(steps + 1)"
                            problem(full, "bad range: \(values) values from \(from) to \(to) by \(step); at most "
                                + "\(TuneSpec.maxAxisValues) per key")
                            continue
                        }
                        axes.append(TuneSpec.Axis(key: key, values: Array(stride(from: from, through: to, by: step)), range: from...to))
                    case .random, .latin:
                        if t["step"] != nil { problem(full + ".step", "\"\(sampling.rawValue)\" sampling draws from the whole range; remove step") }
                        guard UInt(bitPattern: to &- from) <= UInt(TuneSpec.maxRangeSpan) else {
                            problem(full, "bad range: from \(from) to \(to) spans more than \(TuneSpec.maxRangeSpan) "
                                + "(2^40), the widest range \"\(sampling.rawValue)\" sampling draws from")
                            continue
                        }
                        axes.append(TuneSpec.Axis(key: key, values: [], range: from...to))
                    }
                } else {
                    problem(full, "expected a list of whole numbers or a range { from = A, to = B, step = C }, found \(describe(value))")
                }
            }
            return axes
        }

        mutating func career(_ t: TOMLTable) -> TuneSpec.Career {
            var c = TuneSpec.Career()
            unknownKeys(t, TuneSpecReader.careerKeys, prefix: "career")
            let ck = TuneSpecReader.careerKeys
            if let n = whole(t, "careers", "career.careers", 0...100_000, ck["careers"]!) { c.careers = n }
            if let n = whole(t, "days", "career.days", 1...3_650, ck["days"]!) { c.days = n }
            if let n = whole(t, "games_per_day", "career.games_per_day", 0...100, ck["games_per_day"]!) { c.gamesPerDay = n }
            if let n = whole(t, "skip_percent", "career.skip_percent", 0...100, ck["skip_percent"]!) { c.skipPercent = n }
            return c
        }

        mutating func targets(_ t: TOMLTable, players: [TuneSpec.Player], career: TuneSpec.Career) -> [TuneSpec.Target] {
            var targets: [TuneSpec.Target] = []
            for name in t.keys {
                let full = "targets." + name
                guard let player = TuneSpec.Player(name, mode: mode), players.contains(player) else {
                    problem(full, "'\(name)' is not one of the spec's bots (\(players.map(\.description).joined(separator: ", ")))")
                    continue
                }
                guard let table = t[name]!.table else { problem(full, "expected a table of metric = value"); continue }
                // round3.catch_rate = 0.8 is a dotted key (a table round3 holding
                // catch_rate); "round3.catch_rate" = 0.8 a quoted one: both name a round.
                var entries: [(String, TOMLValue)] = []
                for key in table.keys {
                    // day30.health likewise; but { vs_shipped = … } is a target's value, not a round's or day's table.
                    // rounds_reached.p10 = 2 is a dotted key too (a table rounds_reached holding p10).
                    if let inner = table[key]!.table, inner["vs_shipped"] == nil, inner["vs_shipped_within"] == nil,
                       key.hasPrefix("round") || key.hasPrefix("day")
                        || (Metric(rawValue: key) != nil && inner.keys.allSatisfy { $0 == "median" || $0.hasPrefix("p") }) {
                        for m in inner.keys { entries.append((key + "." + m, inner[m]!)) }
                    } else {
                        entries.append((key, table[key]!))
                    }
                }
                for (m, v) in entries {
                    guard let (metric, round, day, quantile) = Metric.parseGoal(m) else {
                        problem(full + "." + m, "unknown metric; allowed: \(Metric.allowed)")
                        continue
                    }
                    // A number, or { vs_shipped = N }: the base balance's own value plus N.
                    var value = 0.0, offset: Double?, within: Double?
                    if let x = v.double ?? v.int.map(Double.init) {
                        // A target no metric can reach ranks every point at the same capped
                        // distance: nan, inf and 1e308 are refused, not tuned toward.
                        guard Self.plausible(x) else {
                            problem(full + "." + m, "\(x) is not a value any metric takes; a target is a finite number from -1e9 to 1e9")
                            continue
                        }
                        value = x
                    } else if let relative = v.table, relative.keys.count == 1, let x = relative["vs_shipped"].flatMap({ $0.double ?? $0.int.map(Double.init) }), Self.plausible(x) {
                        offset = x
                    } else if let relative = v.table, relative.keys.count == 1,
                              let w = relative["vs_shipped_within"].flatMap({ $0.double ?? $0.int.map(Double.init) }), Self.plausible(w), w >= 0 {
                        (offset, within) = (0, w)
                        if quantile != nil || (round != nil && metric != .reached) {
                            problem(full + "." + m, "a quantile or a round's catch rate has no game-by-game difference; vs_shipped_within takes "
                                + "roundN.reached, whole-game and career metrics (or write { vs_shipped = 0 })")
                        }
                    } else {
                        problem(full + "." + m, "expected a number, or { vs_shipped = N } (the base balance's value plus N), or "
                            + "{ vs_shipped_within = W } (the base's value, paired game by game, within ±W), found \(describe(v))")
                        continue
                    }
                    if (metric.needsCareers || day != nil) && career.careers == 0 {
                        problem(full + "." + m, "needs careers; set [career] careers = N")
                    }
                    if let day, day > career.days {
                        problem(full + "." + m, "day \(day) is past the careers' \(career.days) days ([career] days)")
                    }
                    if let problem = modeProblem(metric, round: round, player: player) { self.problem(full + "." + m, problem) }
                    var target = TuneSpec.Target(player: player, metric: metric, value: value, round: round, day: day, quantile: quantile,
                                                 vsShipped: offset)
                    target.within = within
                    targets.append(target)
                }
            }
            return targets
        }

        mutating func constraints(_ t: TOMLTable, players: [TuneSpec.Player], career: TuneSpec.Career) -> [TuneSpec.Constraint] {
            var out: [TuneSpec.Constraint] = []
            for name in t.keys {
                let full = "constraints.\"\(name)\""
                // "BOT.metric", or a relation between bots: "BOT.metric - BOT.metric".
                let sides = name.components(separatedBy: " - ")
                guard sides.count <= 2 else {
                    problem(full, "a relation is two terms, \"BOT.metric - BOT.metric\"")
                    continue
                }
                guard let left = term(sides[0], full: full, players: players, career: career) else { continue }
                var minus: TuneSpec.Constraint.Term?
                if sides.count == 2 {
                    guard let right = term(sides[1], full: full, players: players, career: career) else { continue }
                    if right.metric != left.metric {
                        problem(full, "a relation compares one metric between bots: \(left.metric) and \(right.metric) differ")
                        continue
                    }
                    minus = right
                }
                guard let bounds = t[name]!.table else {
                    problem(full, "expected { min = N }, { max = N } or both (and on = \"mean\" to judge the mean, not the interval)")
                    continue
                }
                var c = TuneSpec.Constraint(player: left.player, metric: left.metric, round: left.round, day: left.day, quantile: left.quantile)
                c.minus = minus
                for key in bounds.keys {
                    let v = bounds[key]!
                    switch key {
                    case "min", "max", "vs_shipped_min", "vs_shipped_max", "vs_shipped_within":
                        guard let x = v.double ?? v.int.map(Double.init), Self.plausible(x) else {
                            problem(full + "." + key, "expected a finite number from -1e9 to 1e9, found \(describe(v))")
                            continue
                        }
                        switch key {
                        case "min": c.min = x
                        case "max": c.max = x
                        case "vs_shipped_min": c.shippedMin = x
                        case "vs_shipped_max": c.shippedMax = x
                        default:
                            guard x >= 0 else { problem(full + "." + key, "a band of \(x) is empty; vs_shipped_within is 0 or more"); continue }
                            (c.shippedMin, c.shippedMax) = (-x, x)
                        }
                    case "on":
                        guard let word = v.string, word == "mean" || word == "interval" else {
                            problem(full + ".on", "expected \"interval\" (the default: the 95 % interval's bound on the safe side) or \"mean\"")
                            continue
                        }
                        c.onMean = word == "mean"
                    default:
                        problem(full + "." + key, "unknown key; allowed: min, max, vs_shipped_min, vs_shipped_max, vs_shipped_within, on")
                    }
                }
                if c.min == nil && c.max == nil && !c.isPaired { problem(full, "give min, max or both (or vs_shipped_min, vs_shipped_max, vs_shipped_within)") }
                if let lo = c.min, let hi = c.max, lo > hi { problem(full, "min \(lo) is above max \(hi)") }
                if bounds["vs_shipped_within"] != nil && (bounds["vs_shipped_min"] != nil || bounds["vs_shipped_max"] != nil) {
                    problem(full, "vs_shipped_within is vs_shipped_min and vs_shipped_max at once; give one or the others")
                }
                if let lo = c.shippedMin, let hi = c.shippedMax, lo > hi { problem(full, "vs_shipped_min \(lo) is above vs_shipped_max \(hi)") }
                if c.isPaired {
                    // Paired differences are taken game by game (or career by career).
                    if c.minus != nil { problem(full, "a relation between bots has no shipped value to pair with; bound each bot against the base instead") }
                    if c.quantile != nil { problem(full, "a quantile has no game-by-game difference; bound it with min and max, or bound the mean against the base") }
                    if c.round != nil && c.metric != .reached { problem(full, "a round's catch rate is of items that differ game by game; vs_shipped bounds take roundN.reached, whole-game and career metrics") }
                }
                out.append(c)
            }
            return out
        }

        /// One "BOT.metric" or "BOT.roundN.metric" (or "BOT.dayN.metric") of a
        /// constraint's key: the bot's name may hold dots of its own, the metric none.
        mutating func term(_ text: String, full: String, players: [TuneSpec.Player],
                           career: TuneSpec.Career) -> TuneSpec.Constraint.Term? {
            guard var dot = text.lastIndex(of: ".") else {
                problem(full, "expected \"BOT.metric\", such as \"human@50.catch_rate\" or \"human@50.round3.catch_rate\", "
                    + "or a relation \"BOT.metric - BOT.metric\"")
                return nil
            }
            // A quantile's suffix (`.p10`, `.median`) is the metric's.
            let last = text[text.index(after: dot)...]
            if last == "median" || (last.hasPrefix("p") && last.count <= 4 && last.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }),
               let before = text[..<dot].lastIndex(of: ".") { dot = before }
            if let before = text[..<dot].lastIndex(of: "."),
               text[text.index(after: before)...].hasPrefix("round") || text[text.index(after: before)...].hasPrefix("day") { dot = before }
            let bot = String(text[..<dot]), m = String(text[text.index(after: dot)...])
            guard let player = TuneSpec.Player(bot, mode: mode), players.contains(player) else {
                problem(full, "'\(bot)' is not one of the spec's bots (\(players.map(\.description).joined(separator: ", ")))")
                return nil
            }
            guard let (metric, round, day, quantile) = Metric.parseGoal(m) else { problem(full, "unknown metric '\(m)'; allowed: \(Metric.allowed)"); return nil }
            if (metric.needsCareers || day != nil) && career.careers == 0 { problem(full, "needs careers; set [career] careers = N") }
            if let day, day > career.days { problem(full, "day \(day) is past the careers' \(career.days) days ([career] days)") }
            if let p = modeProblem(metric, round: round, player: player) { problem(full, p) }
            return TuneSpec.Constraint.Term(player: player, metric: metric, round: round, day: day, quantile: quantile)
        }

        /// Why a goal cannot be measured for a bot's mode: a classic game never runs out
        /// of misses, so its arcade-only figures are constants that no point can move.
        func modeProblem(_ metric: Metric, round: Int?, player: TuneSpec.Player) -> String? {
            guard player.mode == .classic, metric == .endedByMisses else { return nil }
            return "\(player) plays classic games, which end with their last round, never by misses; "
                + "set mode = \"arcade\" (or write arcade:\(player)) to measure \(metric.rawValue)"
        }

        func describe(_ value: TOMLValue) -> String { TOMLEntries.describe(value) }

        /// A bound or a target a metric can take: finite, and within ±1e9 (no metric of
        /// a game or a career comes near; larger is a typo or a probe).
        static func plausible(_ x: Double) -> Bool { x.isFinite && abs(x) <= 1e9 }
    }
}

/// FNV-1a, 64 bits (the kernel's `FNV1a64`, the one FNV-1a): a fingerprint of a
/// file's bytes or a balance's values.
public func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var h = FNV1a64()
    h.write(bytes: bytes)
    return h.value
}
