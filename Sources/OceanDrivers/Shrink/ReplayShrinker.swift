import OceanKernel
import OceanReplay

/// `ocean replay shrink`: delta debugging (Zeller's ddmin) over a replay's inputs,
/// as property-based testing shrinks a failing case. A replay's inputs are a list of
/// runs of held input (an input record and the ticks until the next); a candidate
/// drops some of them, and their ticks with them, so later inputs move earlier.
/// Units are tried from coarse to fine: days (from a `session` command to the
/// next), games (from a `start`), menu actions (a run that carries a command) and
/// every run of held input. Each candidate is recorded again by this build from the
/// original header, so every candidate, and the result, is a replay that verifies.
public struct ReplayShrinker {
    /// One run of held input: the input of its first tick, held for `length` ticks
    /// (a command happens on the first tick only).
    public struct Run: Equatable, Sendable {
        public var input: TickInput
        public var length: Int
    }

    /// A candidate as the test sees it: its replay text, ticks played and runs.
    public struct Candidate: Sendable {
        public var text: String
        public var ticks: Int
        public var runs: [Run]
    }

    public enum Level: String, CaseIterable, Sendable {
        case days, games, menuActions = "menu actions", heldInput = "runs of held input"
    }

    public let header: ReplayHeader
    /// Asked before each candidate whether there is time left.
    public var timeLeft: () -> Bool
    /// Whether a candidate is still interesting (the user's test exits 0).
    public var interesting: (Candidate) -> Bool
    public private(set) var tried = 0
    public private(set) var kept = 0
    /// False when the budget ran out before no unit could be dropped any more.
    public private(set) var finished = false

    public init(header: ReplayHeader, timeLeft: @escaping () -> Bool, interesting: @escaping (Candidate) -> Bool) {
        self.header = header
        self.timeLeft = timeLeft
        self.interesting = interesting
    }

    /// A replay's inputs as runs, from its start to its end tick.
    public static func runs(of replay: Replay) -> [Run] {
        let start = replay.header.startTick, end = replay.end?.tick ?? replay.lastTick
        var runs: [Run] = []
        var tick = start
        var current = TickInput(move: .none, command: .none)
        for record in replay.inputs where record.tick >= start && record.tick < end {
            if record.tick > tick { runs.append(Run(input: current, length: record.tick - tick)) }
            tick = record.tick
            current = record.input
        }
        if end > tick { runs.append(Run(input: current, length: end - tick)) }
        return runs
    }

    /// The candidate these runs make: recorded from the header, by this build.
    public func candidate(_ runs: [Run]) -> Candidate {
        var inputs: [InputRecord] = []
        var tick = header.startTick
        for run in runs {
            inputs.append(InputRecord(tick: tick, input: run.input))
            tick += run.length
        }
        return Candidate(text: ReplayRecorder.text(header: header, inputs: inputs, endTick: tick),
                         ticks: tick - header.startTick, runs: runs)
    }

    /// The units of `level` over `runs`: ranges of run indices, each dropped whole.
    static func units(_ runs: [Run], _ level: Level) -> [Range<Int>] {
        func starts(_ isStart: (Command) -> Bool) -> [Range<Int>] {
            var bounds = [0]
            for (i, run) in runs.enumerated() where i > 0 && isStart(run.input.command) { bounds.append(i) }
            bounds.append(runs.count)
            return zip(bounds, bounds.dropFirst()).compactMap { $0 < $1 ? $0..<$1 : nil }
        }
        switch level {
        case .days:
            return starts { if case .beginSession = $0 { true } else { false } }
        case .games:
            return starts {
                switch $0 {
                case .beginSession, .start: true
                default: false
                }
            }
        case .menuActions:
            return runs.indices.filter {
                switch runs[$0].input.command {
                case .scan, .study, .answer, .adopt: true
                default: false
                }
            }.map { $0..<($0 + 1) }
        case .heldInput:
            return runs.indices.map { $0..<($0 + 1) }
        }
    }

    /// Shrinks `runs` (which must already be interesting) as far as the time allows;
    /// returns the smallest interesting candidate found (nil when none was smaller).
    public mutating func shrink(_ runs: [Run]) -> Candidate? {
        var current = runs
        var best: Candidate?
        var changed = true
        while changed {
            changed = false
            for level in Level.allCases {
                guard let smaller = ddmin(current, level) else { continue }
                current = smaller.runs
                best = smaller
                changed = true
            }
            if !timeLeft() { return best }
        }
        finished = true
        return best
    }

    /// ddmin over one level's units: drop chunks of them, halving the chunk size
    /// when none can go, keeping every drop the test still finds interesting.
    private mutating func ddmin(_ runs: [Run], _ level: Level) -> Candidate? {
        var current = runs
        var best: Candidate?
        var chunks = 2
        while true {
            let units = ReplayShrinker.units(current, level)
            guard !units.isEmpty else { return best }
            chunks = min(chunks, units.count)
            var dropped = false
            // The later chunks first: a run's end usually matters least.
            for c in (0..<chunks).reversed() {
                guard timeLeft() else { return best }
                let lo = units.count * c / chunks, hi = units.count * (c + 1) / chunks
                guard lo < hi else { continue }
                let drop = Set(units[lo..<hi].flatMap { Array($0) })
                let next = current.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
                guard !next.isEmpty else { continue }
                tried += 1
                let candidate = candidate(next)
                if interesting(candidate) {
                    kept += 1
                    current = next
                    best = candidate
                    chunks = max(chunks - 1, 2)
                    dropped = true
                    break
                }
            }
            if !dropped {
                if chunks >= units.count { return best }
                chunks = min(units.count, chunks * 2)
            }
        }
    }
}
