import OceanBalance
import OceanKernel

/// One candidate of a sweep: values for the varied keys, and the balance they make
/// (or why that balance is not valid).
public struct TunePoint: Sendable {
    /// Its place in the sweep; shards and merges order by it.
    public var index: Int
    /// The varied keys' values, in the spec's key order.
    public var values: [(key: String, value: Int)]
    /// The full balance, or nil when it fails validation.
    public var balance: Balance?
    /// Why the balance is not valid (every problem), when it is not.
    public var invalidReason: String?
}

public enum PointSampler {
    /// The values of every point, in a fixed order that depends on the spec alone.
    public static func values(for spec: TuneSpec) -> [[Int]] {
        let axes = spec.axes
        switch spec.sampling {
        case .grid:
            var points: [[Int]] = [[]]
            for axis in axes { points = points.flatMap { p in axis.values.map { p + [$0] } } }
            return points
        case .list:
            let count = axes.map(\.values.count).min() ?? 0
            return (0..<count).map { i in axes.map { $0.values[i] } }
        case .random:
            var random = GameRandom(seed: spec.sampleSeed)
            return (0..<spec.samples).map { _ in axes.map { random.inRange($0.range!) } }
        case .latin:
            return latinHypercube(ranges: axes.map { $0.range! }, samples: spec.samples, seed: spec.sampleSeed)
        }
    }

    /// `samples` points; each range is cut into `samples` equal strata (as equal as
    /// whole numbers allow) and every stratum of every key is used by exactly one
    /// point. The strata are paired at random (a shuffle per key) and each value is
    /// drawn uniformly within its stratum.
    public static func latinHypercube(ranges: [ClosedRange<Int>], samples: Int, seed: UInt64) -> [[Int]] {
        var random = GameRandom(seed: seed)
        var points = Array(repeating: [Int](), count: samples)
        for range in ranges {
            var order = Array(0..<samples)
            for i in stride(from: samples - 1, to: 0, by: -1) { order.swapAt(i, random.inRange(0...i)) }
            for p in 0..<samples {
                let s = stratum(order[p], of: samples, in: range)
                points[p].append(random.inRange(s))
            }
        }
        return points
    }

    /// The values of stratum `i` of `n` over `range` (a stratum may be a single value
    /// when the range has fewer values than strata).
    public static func stratum(_ i: Int, of n: Int, in range: ClosedRange<Int>) -> ClosedRange<Int> {
        let width = range.upperBound - range.lowerBound + 1
        let low = range.lowerBound + width * i / n
        let high = range.lowerBound + width * (i + 1) / n - 1
        return low...max(low, min(high, range.upperBound))
    }

    /// The points of a spec, each applied to `base` and validated like a balance file.
    public static func points(for spec: TuneSpec, base: Balance, file: String) -> [TunePoint] {
        values(for: spec).enumerated().map { index, values in
            let pairs = zip(spec.axes, values).map { (key: $0.key, value: $1) }
            do {
                let balance = try apply(pairs, to: base, file: "\(file) point \(index)")
                return TunePoint(index: index, values: pairs, balance: balance, invalidReason: nil)
            } catch let error as DataError {
                let reason = error.issues.map { "\($0.key.map { "\($0): " } ?? "")\($0.message)" }.joined(separator: "; ")
                return TunePoint(index: index, values: pairs, balance: nil, invalidReason: reason)
            } catch {
                return TunePoint(index: index, values: pairs, balance: nil, invalidReason: "\(error)")
            }
        }
    }

    /// `base` with some keys changed, through the balance's own validator.
    /// A key `base` does not have (a kind or a sea it lacks) is refused by name: it
    /// would otherwise be dropped, and the point play as the base.
    public static func apply(_ pairs: [(key: String, value: Int)], to base: Balance, file: String) throws(DataError) -> Balance {
        let overrides = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        let fields = BalanceSchema.fields(of: base)
        let missing = pairs.map(\.key).filter { key in !fields.contains { $0.key == key } }
        if !missing.isEmpty {
            throw DataError(issues: missing.map { DataIssue(file: file, line: nil, key: $0, message: missingKeyReason($0, in: base)) })
        }
        let entries = fields.map { f in
            RawEntry(key: f.key, value: .whole(overrides[f.key] ?? base[keyPath: f.path]), line: nil)
        }
        var b = try BalanceSchema.validate(entries, file: file)
        b.challenges = base.challenges  // the table and the cards are not swept: every point plays the base's
        b.cardKeys = base.cardKeys
        return b
    }

    /// Why `key` is not one of `balance`'s: the kind or sea it names is not there.
    public static func missingKeyReason(_ key: String, in balance: Balance) -> String {
        if let kind = KindSections.kindKey(of: key) {
            return "the balance has no kind '\(kind)' (its kinds: \(balance.kinds.map(\.key).joined(separator: ", ")))"
        }
        if let sea = KindSections.kindKey(of: key, section: "sea") {
            return "the balance has no sea '\(sea)' (its seas: \(balance.seas.isEmpty ? "none" : balance.seas.map(\.key).joined(separator: ", ")))"
        }
        return "not a key of the balance"
    }

    /// A fingerprint of every balance value and the challenge table, so shards from
    /// different bases do not merge.
    public static func fingerprint(_ b: Balance) -> UInt64 {
        var bytes: [UInt8] = []
        for f in BalanceSchema.fields(of: b) {
            bytes += Array(f.key.utf8) + [61] + Array(String(b[keyPath: f.path]).utf8) + [10]
        }
        for t in b.challenges { bytes += Array(ChallengeSchema.line(of: t).utf8) + [10] }
        return fnv1a(bytes)
    }

    /// A balance as a TOML file the loader reads back (`BalanceSchema.toml`).
    public static func toml(_ b: Balance, comment: String) -> String { BalanceSchema.toml(b, comment: comment) }
}

extension PointLine {
    /// The point's full balance: `base` with its values (nil if not valid).
    public func balance(base: Balance) -> Balance? {
        try? PointSampler.apply(params.keys.sorted().map { (key: $0, value: params[$0]!) }, to: base, file: "point \(point)")
    }
}
