import OceanKernel

/// The challenges of one run of a career, as the kernel's events tell them: every
/// daily and weekly challenge issued (and any still running when the run began), its
/// final progress and outcome, and each milestone reached with its day. It only
/// listens: `record` is given each tick's events (`runCareer(…watch:…)`), `finish`
/// the last state.
public struct ChallengeLog: Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Neither completed nor failed when the run ended.
        case open
        /// Completed on this day number.
        case completed(day: Int)
        /// Its day or week ended unfinished (found at the next day's session).
        case failed
    }

    public struct Entry: Equatable, Sendable {
        /// As issued, with its progress when it closed (or when the run ended).
        public var challenge: Challenge
        public var outcome: Outcome
        /// Issued before the run began (a saved career's running challenge).
        public var carriedIn: Bool
    }

    /// A milestone reached during the run: its index in `Rules.challenges`, and the day.
    public struct Milestone: Equatable, Sendable {
        public var template: Int
        public var day: Int
    }

    /// Every challenge in the order issued; empty unless the log keeps them.
    public private(set) var entries: [Entry] = []
    public private(set) var milestones: [Milestone] = []
    /// Completed and failed during the run.
    public private(set) var completed = 0
    public private(set) var failed = 0
    /// Still open at the end of the run (after `finish`).
    public private(set) var open = 0
    /// Whether `entries` are kept (a long run may want only the counts).
    public let keepsEntries: Bool

    /// A log of the run that starts from `start`: a challenge running then is carried in.
    public init(start: GameState, keepEntries: Bool = true) {
        keepsEntries = keepEntries
        guard keepEntries else { return }
        for c in [start.career.daily, start.career.weekly] where c.isOpen {
            entries.append(Entry(challenge: c, outcome: .open, carriedIn: true))
        }
    }

    /// One tick's events, with the state after the tick.
    public mutating func record(_ events: [Event], _ s: GameState) {
        for e in events {
            switch e {
            case .challengeIssued(let c):
                if keepsEntries { entries.append(Entry(challenge: c, outcome: .open, carriedIn: false)) }
            case .challengeCompleted(let c):
                completed += 1
                close(c, .completed(day: s.career.today))
            case .challengeFailed(let c):
                failed += 1
                close(c, .failed)
            case .milestoneReached(let template):
                milestones.append(Milestone(template: template, day: s.career.today))
            default:
                break
            }
        }
    }

    /// The run ended in `s`: the progress of what is still open.
    public mutating func finish(_ s: GameState) {
        open = 0
        for c in [s.career.daily, s.career.weekly] where c.isOpen {
            open += 1
            if let i = index(of: c) { entries[i].challenge = c }
        }
    }

    private mutating func close(_ c: Challenge, _ outcome: Outcome) {
        guard keepsEntries else { return }
        if let i = index(of: c) {
            entries[i].challenge = c
            entries[i].outcome = outcome
        } else {
            entries.append(Entry(challenge: c, outcome: outcome, carriedIn: true))
        }
    }

    /// The entry of the same period and day or week, the latest first.
    private func index(of c: Challenge) -> Int? {
        entries.lastIndex { $0.challenge.period == c.period && $0.challenge.number == c.number }
    }
}
