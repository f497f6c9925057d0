import OceanKernel

/// Something a replay's inputs can drive one tick at a time: a bare simulation, or a
/// recorder that writes what it plays.
public protocol TickStepper {
    var currentTick: Int { get }
    mutating func step(_ input: TickInput)
}

extension Simulation: TickStepper {
    public var currentTick: Int { state.tick }
}

extension ReplayRecorder: TickStepper {
    public var currentTick: Int { simulation.state.tick }
}

extension InputFeed {
    /// How often `play` asks whether to go on.
    public static let checkEvery = 4_096

    /// The one "feed inputs until the end" loop: steps `stepper` with this feed's
    /// inputs until its tick reaches `end`. Every `checkEvery` ticks it calls
    /// `goOn` with the tick reached; when that returns false it stops there.
    /// Returns true when `end` was reached.
    @discardableResult
    public mutating func play<S: TickStepper>(_ stepper: inout S, to end: Int,
                                              goOn: ((Int) -> Bool)? = nil) -> Bool {
        while stepper.currentTick < end {
            let tick = stepper.currentTick
            if let goOn, tick % InputFeed.checkEvery == 0, !goOn(tick) { return false }
            stepper.step(input(at: tick))
        }
        return true
    }

    /// The same loop for a bare simulation, keeping the last game's summary it saw
    /// end (`.gameOver`), so a verifier's one re-simulation also tells what the game
    /// scored: nothing needs playing twice.
    @discardableResult
    public mutating func play(_ sim: inout Simulation, to end: Int, goOn: ((Int) -> Bool)? = nil,
                              lastGame: inout GameSummary?) -> Bool {
        while sim.state.tick < end {
            let tick = sim.state.tick
            if let goOn, tick % InputFeed.checkEvery == 0, !goOn(tick) { return false }
            sim.step(input(at: tick))
            if !sim.events.isEmpty {
                for case .gameOver(let summary) in sim.events { lastGame = summary }
            }
        }
        return true
    }
}
