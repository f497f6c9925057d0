/// Plastic diverted in one calendar month (`CalendarDate.monthNumber`).
public struct MonthTotal: Equatable, Sendable {
    public var month: Int
    public var grams: Int

    public init(month: Int, grams: Int) {
        self.month = month
        self.grams = grams
    }
}
