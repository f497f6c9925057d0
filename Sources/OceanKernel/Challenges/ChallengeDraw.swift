/// Which challenge a day or a week brings: drawn from the templates of its period that
/// the player's level allows, by a hash of the career's seed, the period and the day
/// or week number (so the same career gets the same challenges on any machine, and
/// the draw never touches the gameplay random stream). The target follows the level
/// at the draw; a template is not drawn twice in a row while another is allowed.
public enum ChallengeDraw {
    /// The week (from Monday) a day number falls in; week 0 began on Monday 1969-12-29.
    public static func week(ofDay day: Int) -> Int {
        let shifted = day + 3
        return shifted >= 0 ? shifted / 7 : -((-shifted + 6) / 7)
    }

    /// The day number of a week's Monday.
    public static func firstDay(ofWeek week: Int) -> Int { week * 7 - 3 }

    /// The challenge of `period` (daily or weekly) for day or week `number`, or
    /// `Challenge.none` when no template of the period allows `level`.
    public static func draw(_ period: ChallengePeriod, number: Int, level: Int, seed: UInt64,
                            previousTemplate: Int, rules: Rules) -> Challenge {
        let pool = period == .daily ? rules.dailyTemplates : rules.weeklyTemplates
        var allowed = 0
        for i in pool where rules.challenges[i].fromLevel <= level { allowed += 1 }
        guard allowed > 0 else { return .none(period) }
        var pick = Int(hash(seed: seed, period: period, number: number) % UInt64(allowed))
        if allowed > 1, nth(pick, of: pool, level: level, rules: rules) == previousTemplate { pick = (pick + 1) % allowed }
        let index = nth(pick, of: pool, level: level, rules: rules)
        let t = rules.challenges[index]
        return Challenge(template: index, period: period, number: number, metric: t.metric,
                         target: t.target(atLevel: level, maxLevel: rules.career.maxLevel),
                         rewardGrams: t.rewardGrams, rewardHealth: t.rewardHealth)
    }

    /// The template index of the `n`th allowed template of `pool`.
    private static func nth(_ n: Int, of pool: [Int], level: Int, rules: Rules) -> Int {
        var seen = 0
        for i in pool where rules.challenges[i].fromLevel <= level {
            if seen == n { return i }
            seen += 1
        }
        return -1
    }

    /// SplitMix64's finaliser over the seed, the period and the number.
    static func hash(seed: UInt64, period: ChallengePeriod, number: Int) -> UInt64 {
        var z = seed ^ (UInt64(bitPattern: Int64(number)) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(period.rawValue + 1) << 56)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A career's own seed, from the seed its state began with: the challenges' stream,
    /// apart from the gameplay one.
    public static func careerSeed(from seed: UInt64) -> UInt64 {
        hash(seed: seed ^ 0x0CEA_4C4A_11E4_6E5D, period: .milestone, number: 0)
    }
}
