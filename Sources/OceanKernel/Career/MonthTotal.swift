/// What was diverted in one calendar month (`CalendarDate.monthNumber`): grams of
/// plastic, and items per kind (indexed by `ItemKind.rawValue`), for the month's impact.
public struct MonthTotal: Equatable, Sendable {
    public var month: Int
    public var grams: Int
    public var kindCounts: [Int]

    public init(month: Int, grams: Int, kindCounts: [Int]) {
        self.month = month
        self.grams = grams
        self.kindCounts = kindCounts
    }

    /// Items of every kind this month.
    public var items: Int { kindCounts.reduce(0, +) }

    /// Grams of kind `kind` (`ItemKind.rawValue`) diverted this month, whatever its
    /// material: its items times the kind's true mass (a kind has one mass, caught or
    /// scanned, since state encoding 7; under older rules a scan counted fixed grams).
    public func grams(ofKind kind: Int, rules: Rules) -> Int {
        kind < kindCounts.count && kind < rules.grams.count ? kindCounts[kind] * rules.grams[kind] : 0
    }

    /// Grams of every material diverted this month.
    public func divertedGrams(rules: Rules) -> Int {
        var sum = 0
        for k in kindCounts.indices { sum += grams(ofKind: k, rules: rules) }
        return sum
    }
}
