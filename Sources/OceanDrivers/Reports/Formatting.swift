import OceanKernel
import OceanReplay

/// A whole count of `10^-places` units written as a decimal with `places` places:
/// (1505, 2) → "15.05", (-7, 2) → "-0.07", (42, 0) → "42". The one decimal formatter
/// (health percentages, seconds, ratios, the tuning tables, the audio figures).
public func decimal(units: Int, places: Int) -> String {
    let sign = units < 0 ? "-" : ""
    let m = units.magnitude
    guard places > 0 else { return sign + String(m) }
    var scale: UInt = 1
    for _ in 0..<places { scale *= 10 }
    var fraction = String(m % scale)
    while fraction.count < places { fraction = "0" + fraction }
    return sign + String(m / scale) + "." + fraction
}

/// A count in hundredths as a decimal with two places: 1505 → "15.05", -7 → "-0.07".
public func decimal(hundredths: Int) -> String { decimal(units: hundredths, places: 2) }

/// A number rounded to `places` decimal places (half away from zero):
/// 3.2696907877604167 → "3.27"; (0.05, 1) → "0.1". Not finite: Swift's own spelling.
public func decimal(_ x: Double, places: Int = 2) -> String {
    guard x.isFinite else { return "\(x)" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return decimal(units: Int((x * scale).rounded()), places: places)
}

/// A number rounded to two decimal places, as a number (for JSON).
public func rounded2(_ x: Double) -> Double { x.isFinite ? (x * 100).rounded() / 100 : 0 }

/// Health (in 1/10000) as a percentage with two decimals: 1505 → "15.05".
public func percent(_ health: Int) -> String { decimal(hundredths: health) }

/// A length of play as m:ss, or h:mm:ss from an hour on: 3725 s → "1:02:05".
/// The one duration formatter.
public func duration(ticks: Int) -> String { duration(seconds: max(0, ticks) / Fixed.ticksPerSecond) }

/// Whole seconds as m:ss, or h:mm:ss from an hour on.
public func duration(seconds: Int) -> String {
    let seconds = max(0, seconds)
    let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
    func two(_ n: Int) -> String { (n < 10 ? "0" : "") + "\(n)" }
    return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
}

/// `n` and a noun, singular for exactly one: "1 day", "3 days".
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
}

/// `s` padded with spaces to `width` (at least one space after it).
public func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(1, width - s.count)) }

/// A run's outcome on one line.
public func summaryText(_ m: ReplaySummary) -> String {
    "\(counted(m.games, "game")), \(m.catches) caught, \(m.misses) missed, \(m.perfectGames) perfect, best combo \(m.bestCombo), "
        + "score \(m.score), \(m.grams) g, health \(percent(m.health)) % (\(m.phase.name))"
}
