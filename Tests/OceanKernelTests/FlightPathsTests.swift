import Testing
@testable import OceanKernel

/// The kept flights' landings (`FlightPaths`) are the forecast's own, to the unit.
@Suite struct FlightPathsTests {
    /// Every fall row and kind of the shipped rules, trash swaying either way and sea
    /// life leaping either way, asked at every tick of its fall from x's across the
    /// field and at the walls' edges (where a flight bends off a wall and the long way
    /// is taken), in a shuffled order, so flights start mid-fall and are later met
    /// from before their start.
    @Test func everyMotionOfEveryFallLandsWhereTheForecastSays() {
        let r = shippedRules
        var paths = FlightPaths()
        var random = GameRandom(seed: 11)
        var asked = 0
        for fall in r.fall.indices {
            let k = fall % r.kindCount, row = fall / r.kindCount
            let p = r.fall[fall]
            for sign: Int32 in [1, -1] {
                var item = Item(x: r.width / 2, y: -p.halfSize, vx: 0, vy: 0, ax: sign * Int32(r.swayAccel[k]), kind: ItemKind(rawValue: k))
                if r.isSeaLife[k] {
                    item = Item(x: r.width / 2, y: r.waterLine - p.halfSize - 1, vx: sign * Int32(r.swaySpeed[k]), vy: -p.leapSpeed,
                                ax: 0, kind: ItemKind(rawValue: k))
                }
                var fallen: [Item] = []
                while item.y + p.halfSize < r.rim || item.vy < 0, fallen.count < 3_000 {
                    fallen.append(item)
                    item = r.advanced(item, row: row, ticks: 1)
                }
                let (low, high) = (p.halfSize, r.width - p.halfSize)
                let xs = [low, low + 1, low + Fixed.one, r.width / 3, r.width / 2, high - Fixed.one, high - 1, high]
                for _ in 0..<(2 * fallen.count) {
                    var it = fallen[random.below(fallen.count)]
                    it.x = xs[random.below(xs.count)]
                    guard it.y + p.halfSize < r.rim else { continue }
                    #expect(paths.landing(it, row: row, rules: r) == r.landing(it, row: row), "fall \(fall), sway \(sign), \(it)")
                    asked += 1
                }
            }
        }
        #expect(asked > 10_000)
    }

    /// Every item above the rim at every tick of a classic and an arcade game played
    /// by a catcher (items bounce off the rim, sway into the walls), asked twice as a
    /// bot does (the second time from the last answers kept): the forecast's landing
    /// every time, and nearly every answer read from a kept flight.
    @Test func everyItemInPlayLandsWhereTheForecastSays() {
        let r = shippedRules
        for mode in [PlayMode.classic, .arcade] {
            var sim = Simulation(rules: r, seed: 5)
            var paths = FlightPaths()
            var asked = 0
            sim.step(TickInput(command: .start(mode)))
            while sim.state.mode != .idle && sim.state.tick < 40_000 {
                sim.step(TickInput(move: Player.catcher.move(sim.state, rules: r)))
                for item in sim.state.items where item.y + r.halfSize[item.kind.rawValue] < r.rim {
                    let row = r.row(sim.state)
                    let forecast = r.landing(item, row: row)
                    #expect(paths.landing(item, row: row, rules: r) == forecast, "\(mode) tick \(sim.state.tick)")
                    asked += 1
                }
                for item in sim.state.items.reversed() where item.y + r.halfSize[item.kind.rawValue] < r.rim {
                    let row = r.row(sim.state)
                    #expect(paths.landing(item, row: row, rules: r) == r.landing(item, row: row), "\(mode) tick \(sim.state.tick), again")
                }
            }
            #expect(asked > 5_000, "\(mode)")
            #expect(paths.longWay * 10 < asked, "\(mode): \(paths.longWay) of \(asked) the long way")
        }
    }
}
