import OceanKernel

/// What the watch overlay shows about a replay being watched: where it is, how it
/// plays, and what the run has found so far. Plain arrays (the scrubber's own, shared
/// not copied), so filling one each frame allocates nothing.
public struct WatchStatus {
    public var tick = 0
    public var firstTick = 0
    public var lastTick = 0
    /// The furthest tick simulated: games and actions are known up to here.
    public var explored = 0
    public var paused = false
    /// A long seek is still being simulated.
    public var seeking = false
    public var speed = WatchSpeed()
    public var checkpointTicks: [Int] = []
    /// `start` commands in the inputs: where games may begin beyond `explored`.
    public var startCommandTicks: [Int] = []
    /// Games found: game i from `gameStarts[i]` to `gameEnds[i]` (while i < count).
    public var gameStarts: [Int] = []
    public var gameEnds: [Int] = []
    /// Menu-type actions found (sessions, scans, studies, adoptions) and their ticks.
    public var actionTicks: [Int] = []
    public var actions: [Event] = []

    public init() {}
}
