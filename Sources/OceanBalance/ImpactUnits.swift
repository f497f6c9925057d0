import OceanKernel

/// How impact reads: the kernel counts grams of CO₂e and millilitres of water; people
/// read "1.2 kg CO₂e" and "35 L of water". One spelling for the screen and the CLI.
public enum ImpactUnits {
    /// Grams of CO₂e: "850 g", "1.2 kg", "12 kg", "1.3 t".
    public static func co2e(_ grams: Int) -> String {
        scaled(grams, units: [(1, "g"), (1_000, "kg"), (1_000_000, "t")])
    }

    /// Grams of material diverted: "850 g", "1.2 kg", "12 kg", "1.3 t".
    public static func mass(_ grams: Int) -> String {
        scaled(grams, units: [(1, "g"), (1_000, "kg"), (1_000_000, "t")])
    }

    /// Millilitres of water: "250 ml", "1.5 L", "35 L", "1.2 m³".
    public static func water(_ ml: Int) -> String {
        scaled(ml, units: [(1, "ml"), (1_000, "L"), (1_000_000, "m³")])
    }

    /// The largest unit the value reaches, with one decimal below 10 of it (rounded
    /// half up, in integers: no floating point in what is shown).
    private static func scaled(_ value: Int, units: [(Int, String)]) -> String {
        let v = max(0, value)
        var chosen = units[0]
        for u in units where v >= u.0 { chosen = u }
        let (size, name) = chosen
        if size == 1 { return "\(v) \(name)" }
        // Split into whole units and the rest, so no value up to Int.max overflows.
        let (whole, rest) = v.quotientAndRemainder(dividingBy: size)
        if whole < 10 {
            let tenths = whole * 10 + (rest * 10 + size / 2) / size
            if tenths < 100 { return "\(tenths / 10).\(tenths % 10) \(name)" }
        }
        return "\(grouped(whole + (rest >= size - size / 2 ? 1 : 0))) \(name)"
    }

    /// 12345 as "12,345".
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
