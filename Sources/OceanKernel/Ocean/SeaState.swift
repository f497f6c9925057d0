/// One opened sea's ocean (GAME_RULES §6). The sea being played keeps its live
/// figures in `GameState` (`health`, `phase`, the day's band); its entry here is
/// brought up to date when the player leaves it (`SeaSystem`), and read back when
/// they return.
public struct SeaState: Equatable, Sendable {
    public var health: Int
    public var phase: Phase
    /// The day's band when the player last left it (the day it was left on).
    public var dayStart: Int
    public var dayNet: Int
    /// The calendar day (`CalendarDate.dayNumber`) it opened on.
    public var openedDay: Int
    /// The last calendar day it was the sea being played: neglect is charged for
    /// the days after it.
    public var lastDay: Int

    public init(health: Int, phase: Phase, dayStart: Int, dayNet: Int, openedDay: Int, lastDay: Int) {
        (self.health, self.phase, self.dayStart, self.dayNet) = (health, phase, dayStart, dayNet)
        (self.openedDay, self.lastDay) = (openedDay, lastDay)
    }
}

extension GameState {
    /// Sea `i`'s health and phase now: the live figures for the sea being played.
    public func sea(_ i: Int) -> (health: Int, phase: Phase) {
        i == seaIndex || i >= seas.count ? (health, phase) : (seas[i].health, seas[i].phase)
    }
}
