import OceanKernel
import OceanBalance
import OceanReplay

/// What `ocean replay info` prints: a replay's header, length and summary.
public struct ReplayInfo: Sendable {
    public var file: String
    public var read: ReadReplay
    /// The shipped constants, to say which of the replay's differ (nil: not found).
    public var shipped: Balance?

    public init(file: String, read: ReadReplay, shipped: Balance?) {
        (self.file, self.read, self.shipped) = (file, read, shipped)
    }

    public var text: String {
        let r = read.replay
        let h = r.header
        var lines = ["file          \(file)"]
        if !h.comment.isEmpty { lines.append("comment       \(h.comment)") }
        lines.append("format        \(ReplayFormat.magic) \(h.formatVersion), engine \(h.engine)")
        if let start = h.startState {
            let day = start.career.hasSession ? "\(CalendarDate(dayNumber: start.career.today))" : "none"
            lines.append("starts from   a saved career (day \(day), tick \(start.tick))")
        }
        lines.append("seed          \(h.seed)")
        lines.append("session       \(h.date) \(ReplayFormat.clock(h.minuteOfDay))")
        if !h.recordedBy.isEmpty { lines.append("recorded by   \(h.recordedBy)") }
        lines.append("checkpoints   \(read.checkpointCount), one every \(counted(h.checkpointEvery, "tick"))")
        if let every = h.statesEvery {
            lines.append("states        \(read.statesCount) recorded, one every \(counted(every, "tick"))")
        }
        lines.append("inputs        \(counted(r.inputs.count, "change"))")
        lines.append("balance       \(balanceNote)")
        // A replay from a saved career starts at that career's tick: its length is its own.
        let ticks = (r.end?.tick ?? r.lastTick) - (h.startState?.tick ?? 0)
        lines.append("length        \(ticks) ticks (\(duration(ticks: ticks)))")
        if let end = r.end, read.complete {
            if let start = h.startState {
                // A replay that continues a career (a high score's proof): its own games
                // first, then the career's lifetime figures at its end.
                lines.append("summary       \(ownText(start: ReplaySummary(start), end: end.summary)) (this replay)")
                lines.append("career        \(summaryText(end.summary)) (lifetime, at its end)")
            } else {
                lines.append("summary       \(summaryText(end.summary))")
            }
            lines.append("final hash    \(hex16(end.hash))")
        } else {
            lines.append("summary       none: truncated at tick \(r.lastTick)")
        }
        return lines.joined(separator: "\n")
    }

    /// What the replay itself played, from a saved career's figures at its start to its
    /// end: the counts' differences; the best combo when it beat the career's (else
    /// only that it did not); the ocean where it ends.
    func ownText(start: ReplaySummary, end: ReplaySummary) -> String {
        let best = end.bestCombo > start.bestCombo ? "best combo \(end.bestCombo) (a career best)"
            : "best combo at most \(start.bestCombo)"
        return "\(counted(end.games - start.games, "game")), \(end.catches - start.catches) caught, "
            + "\(end.misses - start.misses) missed, \(end.perfectGames - start.perfectGames) perfect, \(best), "
            + "score \(end.score - start.score), \(end.grams - start.grams) g, health \(percent(end.health)) % (\(end.phase.name))"
    }

    /// How the replay's constants compare with the shipped ones.
    var balanceNote: String {
        let b = read.replay.header.balance
        let n = BalanceSchema.fields(of: b).count
        guard let shipped else { return "\(n) constants" }
        // Compared key by key: a kind only one of them has differs by being there.
        let differing = ScoreProof.differences(b, from: shipped)
        if differing.isEmpty { return "\(n) constants, all as shipped" }
        return "\(n) constants, \(differing.count) differ from the shipped file: " + differing.joined(separator: ", ")
    }
}
