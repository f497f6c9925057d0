import OceanKernel

/// What the session has to tell the person playing, beside the tick's events: the
/// scene shows it (a notice across the window), the command line may print it.
public enum SessionNews: Equatable {
    /// The balance file changed and validates: it applies at the next game.
    case balanceWaiting(path: String)
    /// The balance file is back to the constants in play: nothing waits.
    case balanceSameAsInPlay
    /// The balance file was not applied, and why; the last good constants stay.
    case balanceRefused(String)
    /// A new part began under new constants (said on standard error as `message`):
    /// the game about to start plays with `rules`.
    case rulesChanged(message: String)
    /// The career could not be saved (said once): `said` in full for standard error,
    /// `shown` in the player's words; play goes on.
    case saveFailed(said: String, shown: String)
    /// The game that just ended took `rank` in its mode's high scores (its replay kept).
    case highScore(rank: Int)
}
