/// A line of its own on a game's summary, under the title: where the game went (the
/// Daily Ocean's "Official run" or "Practice", what the server answered), with a
/// shorter form for a narrow column (a bigger text scale).
public struct SummaryNote: Equatable, Sendable {
    public var words: String
    public var short: String
    /// Good news (in the theme's good colour) or a plain fact (dim).
    public var good: Bool

    public init(_ words: String, short: String? = nil, good: Bool) {
        (self.words, self.short, self.good) = (words, short ?? words, good)
    }
}
