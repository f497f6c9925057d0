import OceanKernel
import OceanReplay

/// Whether a run's inputs could be a person's (GAME_RULES §8, the human model). A
/// person reacts to a newly visible item no sooner than display and input latency
/// plus a simple visual reaction allow: about 150 ms at the very fastest, 250–350 ms
/// for a median adult. The check looks at items that appear alone (nothing else in
/// the air, so the player's next change of input answers that item) and at the
/// player's first change after each, if it comes before the next item: a change
/// within `fastTicks` came before any person could have seen the item.
///
/// Measured on the Daily Ocean of 2026-12-01 (docs/server.md): the `human` bot at
/// skills 0 to 100 answers none of its lone items that fast; `greedy` answers 52 of
/// 60, `oracle` 57 of 60. The check reads only the inputs and what the server's own
/// re-simulation saw (when items appeared), so no header a forger edits changes it; a
/// program that waits a person's reaction time before it moves passes it (and plays
/// like one).
public struct RunPlausibility: Equatable, Sendable {
    /// 8 ticks (133 ms): faster than any person's reaction to a new item, latency included.
    public static let fastTicks = 8
    /// Fewer answered lone items than this and the run is too short to judge (it passes).
    public static let leastAnswered = 10
    /// The share of answered lone items answered within `fastTicks` above which a run
    /// is implausible (people, and the human bot: none; programs: most).
    public static let mostQuickShare = 0.5

    /// Items that appeared alone and were answered by a change of input before the next appeared.
    public var answered: Int
    /// Of those, answered within `fastTicks`.
    public var quick: Int

    public var quickShare: Double { answered > 0 ? Double(quick) / Double(answered) : 0 }

    public var isPlausible: Bool { answered < Self.leastAnswered || quickShare <= Self.mostQuickShare }

    /// Why the run is not ranked with people's, or nil.
    public var reason: String? {
        guard !isPlausible else { return nil }
        return "it answers \(quick) of \(answered) items that appeared alone within \(Self.fastTicks * 1000 / Fixed.ticksPerSecond) ms, "
            + "faster than a person can see and react (GAME_RULES §8)"
    }

    public init(answered: Int, quick: Int) { (self.answered, self.quick) = (answered, quick) }

    /// The check of `inputs` (a replay's records) against `loneSpawns` (the ticks
    /// items appeared alone, from the re-simulation), over ticks `start..<end`.
    public init(inputs: [InputRecord], loneSpawns: [Int], start: Int, end: Int) {
        // The ticks the move or the pointer changed.
        var changes: [Int] = []
        var move = Move.none, pointer: Int? = nil
        for r in inputs where r.tick >= start && r.tick < end {
            if r.input.move != move || r.input.pointer != pointer { changes.append(r.tick) }
            (move, pointer) = (r.input.move, r.input.pointer)
        }
        var quick = 0, answered = 0, next = 0
        for (i, s) in loneSpawns.enumerated() where s >= start && s < end {
            let until = i + 1 < loneSpawns.count ? loneSpawns[i + 1] : end
            while next < changes.count && changes[next] < s { next += 1 }
            guard next < changes.count && changes[next] < until else { continue }
            answered += 1
            if changes[next] - s <= Self.fastTicks { quick += 1 }
        }
        (self.answered, self.quick) = (answered, quick)
    }
}
