import OceanKernel

/// The day's shared sea (GAME_RULES §7): one ocean healed by everyone's verified
/// official runs. Every constant is the balance's: the sea starts at `health.start`,
/// and each run heals it as a day's catches heal a player's own ocean, by
/// `catches × health.per_catch` up to `health.daily_rise_cap`; health stops at 10000
/// (a healthy ocean) and its phase is the balance's phase floors' (no hysteresis: the
/// sea is new each day).
struct SharedSea: Encodable, Equatable {
    /// In 1/10000, like the game's ocean health.
    var health: Int
    /// The phase's key (`polluted` … `thriving`).
    var phase: String
    var runs: Int
    var catches: Int

    init(catchesPerRun: [Int], balance: Balance) {
        let h = balance.health
        let healed = catchesPerRun.reduce(0) { $0 + min(max(0, $1) * h.perCatch, h.dailyRiseCap) }
        health = min(10_000, h.start + healed)
        phase = Rules(balance).phase(forHealth: health).key
        runs = catchesPerRun.count
        catches = catchesPerRun.reduce(0, +)
    }

    var phaseName: String { Phase.allCases.first { $0.key == phase }?.name ?? phase }
}
