/// Where a challenge stands. Not started and in progress while its day or week is on;
/// completed once the target is reached (the reward is given then, once); failed when
/// its day or week ended first (found when the next day's session begins).
public enum ChallengeStatus: Int, StableKey {
    case notStarted, inProgress, completed, failed

    public var key: String {
        switch self {
        case .notStarted: "not_started"
        case .inProgress: "in_progress"
        case .completed: "completed"
        case .failed: "failed"
        }
    }
}

/// A daily or weekly challenge as issued: self-contained (its target and reward are
/// fixed when it is drawn), so a later change of the table changes no challenge
/// already running.
public struct Challenge: Equatable, Sendable {
    /// The index of its template in `Rules.challenges`, or -1 for none.
    public var template: Int
    public var period: ChallengePeriod
    /// The day number (daily) or week number (weekly, `ChallengeDraw.week(ofDay:)`) it runs in.
    public var number: Int
    public var metric: ChallengeMetric
    public var target: Int
    public var progress: Int
    public var status: ChallengeStatus
    public var rewardGrams: Int
    public var rewardHealth: Int

    public init(template: Int, period: ChallengePeriod, number: Int, metric: ChallengeMetric, target: Int,
                progress: Int = 0, status: ChallengeStatus = .notStarted, rewardGrams: Int = 0, rewardHealth: Int = 0) {
        (self.template, self.period, self.number, self.metric) = (template, period, number, metric)
        (self.target, self.progress, self.status) = (target, progress, status)
        (self.rewardGrams, self.rewardHealth) = (rewardGrams, rewardHealth)
    }

    /// The most templates a table may hold, and the largest reward in grams.
    public static let maxTemplates = 1_000
    public static let maxRewardGrams = 10_000

    /// No challenge: before the first session, or when no template fits.
    public static func none(_ period: ChallengePeriod) -> Challenge {
        Challenge(template: -1, period: period, number: CareerState.never, metric: .catches, target: 1)
    }

    public var exists: Bool { template >= 0 }
    /// Running: issued and neither completed nor failed.
    public var isOpen: Bool { exists && (status == .notStarted || status == .inProgress) }
}
