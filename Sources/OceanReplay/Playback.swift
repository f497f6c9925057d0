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

    /// The same loop for a bare simulation, keeping what `trail` asks for of what it
    /// saw (the last game's summary; with `keepsTicks`, when items appeared and were
    /// caught), so a verifier's one re-simulation also tells what the game scored and
    /// how it was played: nothing needs playing twice.
    @discardableResult
    public mutating func play(_ sim: inout Simulation, to end: Int, goOn: ((Int) -> Bool)? = nil,
                              trail: inout PlayTrail) -> Bool {
        while sim.state.tick < end {
            let tick = sim.state.tick
            if let goOn, tick % InputFeed.checkEvery == 0, !goOn(tick) { return false }
            sim.step(input(at: tick))
            if !sim.events.isEmpty { trail.saw(sim.events, atTick: tick + 1, itemsLive: sim.state.items.count, binX: sim.state.bin.x) }
        }
        return true
    }
}

/// What a play-through saw besides its states: the last game's summary, and when
/// `keepsTicks` is set, the tick each item appeared and each catch (what a daily run's
/// plausibility and copy checks read).
public struct PlayTrail: Sendable {
    /// The summary of the last game that ended (nil if none did).
    public var lastGame: GameSummary?
    public var keepsTicks: Bool
    /// Ticks on which an item appeared (one entry per item).
    public var spawns: [Int] = []
    /// Ticks on which an item appeared alone: no other item in the air, so what the
    /// player does next answers that item.
    public var loneSpawns: [Int] = []
    /// Ticks on which an item was caught (one entry per catch), and where the bin was
    /// then (fixed point): what the player did, where the items alone are the day's.
    public var catches: [Int] = []
    public var catchBins: [Int] = []

    public init(keepsTicks: Bool = false) { self.keepsTicks = keepsTicks }

    mutating func saw(_ events: [Event], atTick tick: Int, itemsLive: Int, binX: Int) {
        for event in events {
            switch event {
            case .gameOver(let summary): lastGame = summary
            case .itemSpawned where keepsTicks:
                spawns.append(tick)
                if itemsLive == 1 { loneSpawns.append(tick) }
            case .caught where keepsTicks:
                catches.append(tick)
                catchBins.append(binX)
            default: break
            }
        }
    }
}
