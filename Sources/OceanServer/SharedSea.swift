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

    /// The sea of a day's running total (`SeaTotal`).
    init(_ total: SeaTotal, balance: Balance) {
        health = min(10_000, balance.health.start + total.healed)
        phase = Rules(balance).phase(forHealth: health).key
        runs = total.runs
        catches = total.catches
    }

    /// What one run of `catches` heals the sea by.
    static func healing(catches: Int, balance: Balance) -> Int { SeaHealing(balance).of(catches: catches) }

    var phaseName: String { Phase.allCases.first { $0.key == phase }?.name ?? phase }
}

/// How a run heals the shared sea: as a day's catches heal a player's own ocean,
/// `perCatch` each, up to the day's `cap` (the balance's numbers).
struct SeaHealing: Sendable {
    var perCatch: Int
    var cap: Int

    init(_ balance: Balance) {
        perCatch = balance.health.perCatch
        cap = balance.health.dailyRiseCap
    }

    func of(catches: Int) -> Int { min(max(0, catches) * perCatch, cap) }
}
