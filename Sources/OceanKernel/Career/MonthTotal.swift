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
}
