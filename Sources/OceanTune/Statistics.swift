#if canImport(Glibc)
import Glibc
#endif

/// The two-sided 95 % normal quantile.
let z95 = 1.959963984540054

/// Six decimals: enough for any metric here, and short, stable JSON.
func rounded(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }

/// A proportion (catches of items, perfect games of games) with a Wilson score
/// interval, which stays inside [0, 1] and is honest at 0 and 1.
public struct RateStat: Codable, Sendable, Equatable {
    public var n: Int
    public var successes: Int
    public var rate: Double
    /// sqrt(p(1−p)): the standard deviation of one trial.
    public var sd: Double
    public var ciLow: Double
    public var ciHigh: Double
    public var method = "wilson95"

    public init(successes: Int, n: Int) {
        self.n = n
        self.successes = successes
        guard n > 0 else { (rate, sd, ciLow, ciHigh) = (0, 0, 0, 1); return }
        let p = Double(successes) / Double(n), nn = Double(n), z2 = z95 * z95
        let centre = (p + z2 / (2 * nn)) / (1 + z2 / nn)
        let half = z95 / (1 + z2 / nn) * (p * (1 - p) / nn + z2 / (4 * nn * nn)).squareRoot()
        rate = rounded(p)
        sd = rounded((p * (1 - p)).squareRoot())
        // Exact at the ends: p = 1 has its interval's top at 1, p = 0 its bottom at 0.
        ciLow = successes == 0 ? 0 : rounded(max(0, centre - half))
        ciHigh = successes == n ? 1 : rounded(min(1, centre + half))
    }
}

/// A quantity measured once per game or career: mean, standard deviation (n−1), a
/// normal-approximation 95 % interval for the mean (mean ± 1.96·sd/√n), median, p95.
public struct MeanStat: Codable, Sendable, Equatable {
    public var n: Int
    public var mean: Double
    public var sd: Double
    public var ciLow: Double
    public var ciHigh: Double
    public var median: Double
    public var p95: Double
    public var method = "normal95"

    public init(_ values: [Int]) { self.init(values.map(Double.init)) }

    public init(_ values: [Double]) {
        n = values.count
        guard n > 0 else { (mean, sd, ciLow, ciHigh, median, p95) = (0, 0, 0, 0, 0, 0); return }
        let sum = values.reduce(0.0) { $0 + $1 }
        let m = sum / Double(n)
        let ss = values.reduce(0.0) { $0 + ($1 - m) * ($1 - m) }
        let s = n > 1 ? (ss / Double(n - 1)).squareRoot() : 0
        let half = z95 * s / Double(n).squareRoot()
        let sorted = values.sorted()
        mean = rounded(m)
        sd = rounded(s)
        ciLow = rounded(m - half)
        ciHigh = rounded(m + half)
        median = rounded(MeanStat.quantile(sorted, 0.5))
        p95 = rounded(MeanStat.quantile(sorted, 0.95))
    }

    /// The nearest-rank quantile of sorted values (a value that occurred).
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }
}

/// A quantile of a quantity measured once per game (`rounds_reached.p10`): the
/// nearest-rank value and a distribution-free 95 % interval from the order statistics
/// (the ranks n·q ∓ 1.96·√(n·q·(1−q)), the binomial's normal approximation, clamped to
/// the games' range): honest for rounds and scores, which no normal curve fits.
public struct QuantileStat: Codable, Sendable, Equatable {
    public var n: Int
    public var percent: Int
    public var value: Double
    public var ciLow: Double
    public var ciHigh: Double
    public var method = "order95"

    public init(_ values: [Double], percent: Int) {
        n = values.count
        self.percent = percent
        guard n > 0 else { (value, ciLow, ciHigh) = (0, 0, 0); return }
        let sorted = values.sorted(), q = Double(percent) / 100, nn = Double(n)
        let half = z95 * (nn * q * (1 - q)).squareRoot()
        let low = Int((nn * q - half).rounded(.down)), high = Int((nn * q + half).rounded(.up)) + 1
        value = rounded(MeanStat.quantile(sorted, q))
        ciLow = rounded(sorted[max(1, min(n, low)) - 1])
        ciHigh = rounded(sorted[max(1, min(n, high)) - 1])
    }
}

/// A point's figure minus the base balance's on the same seeds, from the pairs of
/// games (or careers): the difference and a 95 % interval from the pairs' spread,
/// which common seeds make narrow (the same game played under both balances). A catch
/// rate (catches over items, pooled) is linearised per game (the ratio's delta method).
/// `censored`: careers of which one side reached a milestone and the other did not, so
/// their difference is unknown (no bound can be proved then).
public struct PairedStat: Codable, Sendable, Equatable {
    public var n: Int
    public var mean: Double
    public var sd: Double
    public var ciLow: Double
    public var ciHigh: Double
    public var censored: Int?
    public var method = "paired95"

    /// The mean of per-pair differences `d`, plus `shift` (the difference of two pooled
    /// rates, whose linearised terms have mean 0).
    init(_ d: [Double], difference: Double? = nil, censored: Int = 0) {
        n = d.count
        self.censored = censored > 0 ? censored : nil
        guard n > 0 else { (mean, sd, ciLow, ciHigh) = (0, 0, 0, 0); return }
        let m = d.reduce(0, +) / Double(n)
        let ss = d.reduce(0.0) { $0 + ($1 - m) * ($1 - m) }
        let s = n > 1 ? (ss / Double(n - 1)).squareRoot() : 0
        let centre = difference ?? m, half = z95 * s / Double(n).squareRoot()
        (mean, sd, ciLow, ciHigh) = (rounded(centre), rounded(s), rounded(centre - half), rounded(centre + half))
    }
}

/// How long careers took to reach something (a phase, level 10, the Adult pet):
/// how many reached it within the plan (Wilson), and the days for those that did.
/// Careers that never reach it are counted in `reached.n`, not in `days`.
public struct ReachStat: Codable, Sendable, Equatable {
    public var reached: RateStat
    public var days: MeanStat

    public init(days: [Int?]) {
        let got = days.compactMap { $0 }
        reached = RateStat(successes: got.count, n: days.count)
        self.days = MeanStat(got)
    }
}
