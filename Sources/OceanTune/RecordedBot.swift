import OceanDrivers
import OceanKernel
import OceanReplay

/// The bot a replay was recorded with, read back from its `recorded-by` header
/// (`human (skill 70)`, `human (skill 50, pointer)`, `greedy`, `idle,oracle`), so a
/// what-if can drive the same bot under other constants: a closed loop, where the
/// bot answers the changed game, rather than the recorded keys replayed blind. A
/// career's recording (`…, 30 days`) does not say its skip rate or games per day, and
/// a person's play has no bot: those are replayed open-loop.
public struct RecordedBot: Sendable, Equatable {
    public var schedule: String
    public var skill: Int
    public var input: HumanBot.Input
    /// Games the recording played (its end record's, less those of its start state).
    public var games: Int

    /// Nil when the header names no bot this build can drive, or the file has no end.
    public init?(_ r: Replay) {
        var text = Substring(r.header.recordedBy)
        var skill = 70, input = HumanBot.Input.keys
        if let open = text.firstIndex(of: "(") {
            guard text.hasSuffix(")"), text[..<open].hasSuffix(" ") else { return nil }
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
            text = text[..<text.index(before: open)]
            for part in inside.split(separator: ",").map({ $0.trimmingSpaces }) {
                if part.hasPrefix("skill "), let n = Int(part.dropFirst(6)), (0...100).contains(n) {
                    skill = n
                } else if part == "pointer" {
                    input = .pointer
                } else {
                    return nil
                }
            }
        }
        guard !text.isEmpty, !text.contains(" "), let schedule = BotSchedule(String(text)), let end = r.end else { return nil }
        let before = r.header.initialState(rules: Rules(r.header.balance)).totals.games
        guard end.summary.games > before else { return nil }
        (self.schedule, self.skill, self.input, games) = (schedule.description, skill, input, end.summary.games - before)
    }

    /// The recording's games played again by its bot under `rules`, from the replay's
    /// start (its session, its seed, its mode).
    public func play(_ r: Replay, rules: Rules) -> GameState {
        var sim = Simulation(rules: rules, state: r.header.initialState(rules: rules))
        var plan = BotSchedule(schedule)!.plan(seed: r.header.seed, skill: skill, input: input, games: games,
                                               session: .beginSession(r.header.date, minuteOfDay: r.header.minuteOfDay),
                                               mode: r.header.mode ?? .classic)
        while let input = plan.input(for: &sim) { sim.step(input) }
        return sim.state
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
