import Dispatch
import OceanBalance
import OceanDrivers
import OceanKernel
import OceanReplay
import OceanSystem

/// What-if over recorded play: every replay re-run under each point of a spec (the
/// point's values applied to the replay's own constants), compared with the same run
/// under the replay's own constants. Closed loop where the replay names its bot
/// (`RecordedBot`): the bot plays again and answers the changed game; open loop
/// otherwise (a person's play, a career): the recorded inputs replayed as they were.
public enum WhatIf {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How one replay's outcome moved under one point.
    public struct Row: Codable, Sendable, Equatable {
        public var replay: String
        public var catches: Int, misses: Int, score: Int, grams: Int, health: Int
        public var phase: String
        public var recordedPhase: String
        /// "closed": the recording's bot re-driven; "open": its inputs replayed.
        public var loop: String
        public var dCatches: Int, dMisses: Int, dScore: Int, dGrams: Int, dHealth: Int
    }

    public struct PointRows: Codable, Sendable, Equatable {
        public var point: Int
        public var params: [String: Int]
        /// Why the point is not valid for some replay's constants, per replay.
        public var invalid: [String: String]?
        public var replays: [Row]
    }

    public struct Report: Sendable {
        public var keys: [String]
        public var points: [PointRows]
        /// How each replay was run, and anything the reader should know (standard error).
        public var notes: [String] = []

        public var jsonl: String { points.map { JSONLines.encode($0) }.joined(separator: "\n") + "\n" }

        public var table: String {
            var out = "point  values  replay  loop  catches (Δ)  misses (Δ)  score (Δ)  health % (Δ)  phase (as run with its own constants)\n"
            for p in points {
                let values = SweepReport.params(p.params, keys: keys)
                for r in p.replays {
                    out += "\(p.point)  \(values)  \(r.replay)  \(r.loop)  \(r.catches) (\(signed(r.dCatches)))  \(r.misses) (\(signed(r.dMisses)))  "
                    out += "\(r.score) (\(signed(r.dScore)))  \(percentText(r.health)) (\(signed(r.dHealth, percent: true)))  \(r.phase) (\(r.recordedPhase))\n"
                }
                for (replay, why) in (p.invalid ?? [:]).sorted(by: { $0.key < $1.key }) {
                    out += "\(p.point)  \(values)  \(replay)  not run: \(why)\n"
                }
            }
            return out
        }

        func signed(_ n: Int, percent: Bool = false) -> String {
            (n > 0 ? "+" : n < 0 ? "-" : "±") + (percent ? percentText(abs(n)) : String(abs(n)))
        }
        func percentText(_ h: Int) -> String { OceanDrivers.percent(h) }
    }

    /// Runs a replay's inputs from its start state to its last tick under `rules`.
    public static func replay(_ r: Replay, rules: Rules) -> GameState {
        var sim = Simulation(rules: rules, state: r.header.initialState(rules: rules))
        var feed = InputFeed(r.inputs)
        let end = r.end?.tick ?? r.lastTick
        while sim.state.tick < end { sim.step(feed.input(at: sim.state.tick)) }
        return sim.state
    }

    /// The recording played again under `rules`: by its bot (closed loop), or its inputs.
    static func rerun(_ r: Replay, bot: RecordedBot?, rules: Rules) -> GameState {
        bot.map { $0.play(r, rules: rules) } ?? replay(r, rules: rules)
    }

    /// `openLoop`: replay every recording's inputs, even one whose bot is known.
    public static func run(spec: TuneSpec, specFile: String, replayFiles: [String], jobs: Int,
                           openLoop: Bool = false) -> Result<Report, Failure> {
        var replays: [(name: String, replay: Replay)] = []
        for f in replayFiles {
            do { replays.append((f, try ReplayReader.read(path: f).replay)) } catch {
                return .failure(Failure(description: error.description))
            }
        }
        // A varied key a replay's balance lacks (a kind it was not recorded with) would
        // leave that replay as recorded at every point: refused, naming both.
        for (name, r) in replays {
            let keys = Set(BalanceSchema.fields(of: r.header.balance).map(\.key))
            if let axis = spec.axes.first(where: { !keys.contains($0.key) }) {
                return .failure(Failure(description: "ocean tune replays: \(specFile) varies \(axis.key), which the replay \(name) cannot take: "
                    + PointSampler.missingKeyReason(axis.key, in: r.header.balance)
                    + "; vary only keys every replay has, or leave that replay out"))
            }
        }
        let values = PointSampler.values(for: spec)
        let bots = replays.map { openLoop ? nil : RecordedBot($0.replay) }
        var notes: [String] = []
        let baseline = replays.indices.map { ReplaySummary(rerun(replays[$0].replay, bot: bots[$0], rules: Rules(replays[$0].replay.header.balance))) }
        for (i, r) in replays.enumerated() {
            let by = r.replay.header.recordedBy
            if let bot = bots[i] {
                notes.append("\(r.name): closed loop: \(bot.schedule)\(bot.schedule.contains("human") ? " (skill \(bot.skill)\(bot.input == .pointer ? ", pointer" : ""))" : "") plays its \(bot.games) game\(bot.games == 1 ? "" : "s") again at every point")
                if let end = r.replay.end, end.summary != baseline[i] {
                    notes.append("\(r.name): warning: its bot under its own constants does not play as recorded (the bot has changed since); the changes are against that run, not the recording")
                }
            } else if openLoop {
                notes.append("\(r.name): open loop: its inputs replayed as recorded (--open-loop)")
            } else {
                notes.append("\(r.name): warning: open loop: \(by.isEmpty ? "no recorded-by" : "recorded by '\(by)'"), not a bot this build can play again (a person, or a career whose skips are not recorded): its inputs are replayed as recorded, and do not answer the changed game")
            }
        }
        struct Job { var point: Int; var replay: Int; var balance: Balance? ; var reason: String? }
        var work: [Job] = []
        for (p, v) in values.enumerated() {
            let pairs = zip(spec.axes, v).map { (key: $0.key, value: $1) }
            for (i, r) in replays.enumerated() {
                do {
                    work.append(Job(point: p, replay: i, balance: try PointSampler.apply(pairs, to: r.replay.header.balance, file: r.name)))
                } catch let e as DataError {
                    work.append(Job(point: p, replay: i, balance: nil, reason: e.issues.map { "\($0.key ?? ""): \($0.message)" }.joined(separator: "; ")))
                } catch {
                    work.append(Job(point: p, replay: i, balance: nil, reason: "\(error)"))
                }
            }
        }
        let results = Slots<ReplaySummary?>(count: work.count, fill: nil)
        let jobsList = work, replayList = replays, botList = bots
        let next = Counter()
        let worker = { @Sendable () -> Void in
            while true {
                let j = next.take()
                guard j < jobsList.count else { return }
                guard let b = jobsList[j].balance else { continue }
                let i = jobsList[j].replay
                results[j] = ReplaySummary(rerun(replayList[i].replay, bot: botList[i], rules: Rules(b)))
            }
        }
        if jobs <= 1 { worker() } else { DispatchQueue.concurrentPerform(iterations: jobs) { _ in worker() } }
        var points: [PointRows] = []
        for (p, v) in values.enumerated() {
            var rows = PointRows(point: p, params: Dictionary(zip(spec.axes.map(\.key), v).map { ($0, $1) }, uniquingKeysWith: { a, _ in a }),
                                 invalid: nil, replays: [])
            for (j, job) in work.enumerated() where job.point == p {
                let name = replays[job.replay].name
                guard let s = results[j] else {
                    rows.invalid = (rows.invalid ?? [:]).merging([name: job.reason ?? ""]) { a, _ in a }
                    continue
                }
                let b = baseline[job.replay]
                rows.replays.append(Row(replay: name, catches: s.catches, misses: s.misses, score: s.score, grams: s.grams,
                                        health: s.health, phase: s.phase.key, recordedPhase: b.phase.key, loop: bots[job.replay] == nil ? "open" : "closed",
                                        dCatches: s.catches - b.catches, dMisses: s.misses - b.misses, dScore: s.score - b.score,
                                        dGrams: s.grams - b.grams, dHealth: s.health - b.health))
            }
            points.append(rows)
        }
        return .success(Report(keys: spec.axes.map(\.key), points: points, notes: notes))
    }
}

/// Hands out 0, 1, 2, … to any number of threads.
final class Counter: @unchecked Sendable {
    private var next = 0
    private var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }
    func take() -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        next += 1
        return next - 1
    }
}

#if canImport(Glibc)
import Glibc
#endif
