import OceanKernel

/// Assist mode (issue 32, "Access for every player", after Celeste's): the game slowed
/// to 60–100 % of its speed and the bin widened to 100–150 %. The wider bin is a
/// balance constant (`bin.width_px`), so an assisted replay carries it and verifies;
/// the speed is how fast the window plays the ticks, which no replay needs. Both are
/// written in the header (`assist SPEED BIN`) so a summary, a high score and anyone
/// watching the replay can tell an assisted game.
public struct Assist: Equatable, Sendable {
    public static let speeds = 60...100
    public static let bins = 100...150
    public static let none = Assist(speedPercent: 100, binPercent: 100)

    public var speedPercent: Int
    public var binPercent: Int

    public init(speedPercent: Int, binPercent: Int) {
        (self.speedPercent, self.binPercent) = (speedPercent, binPercent)
    }

    public var isOn: Bool { self != .none }

    /// `balance` with the bin widened (the rest as it is).
    public func widening(_ balance: Balance) -> Balance {
        var b = balance
        b.bin.widthPx = balance.bin.widthPx * binPercent / 100
        return b
    }

    /// "Assist: 80% speed, 120% bin" (the parts that are on).
    public var words: String {
        var parts: [String] = []
        if speedPercent != 100 { parts.append("\(speedPercent)% speed") }
        if binPercent != 100 { parts.append("\(binPercent)% bin") }
        return "Assist: " + parts.joined(separator: ", ")
    }
}
