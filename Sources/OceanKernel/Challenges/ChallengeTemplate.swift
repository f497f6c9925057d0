/// How long a challenge runs: a calendar day, a week from Monday, or the whole career
/// (a milestone, which never fails).
public enum ChallengePeriod: Int, StableKey {
    case daily, weekly, milestone

    public var key: String {
        switch self {
        case .daily: "daily"
        case .weekly: "weekly"
        case .milestone: "milestone"
        }
    }
}

/// What a challenge counts. Within a day or a week each counts what happens in it;
/// a milestone reads the career's lifetime figure (`ChallengeSystem.lifetime`).
public enum ChallengeMetric: Int, StableKey {
    /// Items caught in games.
    case catches
    /// Grams of plastic diverted by catches and scans (a reward's bonus grams are not plastic).
    case plasticGrams
    /// The longest combo reached (the highest, not a sum).
    case bestCombo
    /// Games played to their end.
    case games
    case perfectGames
    case scans
    /// Flashcard studies (a card counts once a day, as `CardSystem` does).
    case cardsStudied
    /// Days on which the daily goal was met.
    case goalDays
    /// Days with a game or a scan.
    case activeDays
    /// Points scored in games.
    case score

    public var key: String {
        switch self {
        case .catches: "catches"
        case .plasticGrams: "plastic_grams"
        case .bestCombo: "best_combo"
        case .games: "games"
        case .perfectGames: "perfect_games"
        case .scans: "scans"
        case .cardsStudied: "cards_studied"
        case .goalDays: "goal_days"
        case .activeDays: "active_days"
        case .score: "score"
        }
    }

    /// Counts a day has at most one of, so they make no daily challenge.
    public var isPerDay: Bool { self == .goalDays || self == .activeDays }
}

/// One row of the challenge table (`assets/challenges.toml`): what is counted, the
/// target's range by level, and the reward. Daily and weekly templates are drawn from
/// (`ChallengeDraw`); every milestone template is one milestone.
public struct ChallengeTemplate: Equatable, Sendable {
    /// The template's name in the file and in replays (`daily.catch_items`).
    public var key: String
    public var period: ChallengePeriod
    public var metric: ChallengeMetric
    /// The target at level 1 and at the top level (`career.max_level`), linear between;
    /// a milestone's target is `targetAtLevel1` (the two are equal).
    public var targetAtLevel1: Int
    public var targetAtTopLevel: Int
    /// Targets are whole multiples of this (40, not 37).
    public var step: Int
    /// The first level at which a daily or weekly template may be drawn.
    public var fromLevel: Int
    /// Grams added toward the level (not to the plastic diverted) on completion.
    public var rewardGrams: Int
    /// Ocean health (1/10000) added on completion, within the day's rise cap.
    public var rewardHealth: Int

    public init(key: String, period: ChallengePeriod, metric: ChallengeMetric, targetAtLevel1: Int,
                targetAtTopLevel: Int, step: Int = 1, fromLevel: Int = 1, rewardGrams: Int = 0, rewardHealth: Int = 0) {
        (self.key, self.period, self.metric) = (key, period, metric)
        (self.targetAtLevel1, self.targetAtTopLevel, self.step, self.fromLevel) = (targetAtLevel1, targetAtTopLevel, step, fromLevel)
        (self.rewardGrams, self.rewardHealth) = (rewardGrams, rewardHealth)
    }

    /// The target for a player at `level` of `maxLevel`: linear from level 1 to the
    /// top, rounded down to a multiple of `step`, never below `step`.
    public func target(atLevel level: Int, maxLevel: Int) -> Int {
        let span = max(1, maxLevel - 1)
        let l = min(max(level, 1), maxLevel) - 1
        let raw = targetAtLevel1 + (targetAtTopLevel - targetAtLevel1) * l / span
        return max(step, raw / step * step)
    }
}
