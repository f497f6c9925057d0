import Testing
@testable import OceanKernel

/// The spawner's kept landings (`SpawnForecasts`) are the forecast's own, to the
/// unit: every fall row and kind of the shipped rules, trash swaying either way and
/// sea life leaping either way, from every x a spawn can have, the walls' edges
/// included (where the path bends off a wall and the long way is taken).
@Suite struct SpawnForecastTests {
    @Test func aKeptLandingIsTheForecastsFromAnyX() {
        let r = shippedRules
        var forecasts = SpawnForecasts()
        for fall in r.fall.indices {
            let k = fall % r.kindCount
            let p = r.fall[fall]
            for sign: Int32 in [1, -1] {
                var item = Item(x: 0, y: -p.halfSize, vx: 0, vy: 0, ax: sign * Int32(r.swayAccel[k]), kind: ItemKind(rawValue: k))
                if r.isSeaLife[k] {
                    item = Item(x: 0, y: r.waterLine - p.halfSize - 1, vx: sign * Int32(r.swaySpeed[k]), vy: -p.leapSpeed, ax: 0,
                                kind: ItemKind(rawValue: k))
                }
                let (low, high) = (p.halfSize, r.width - p.halfSize)
                var xs = Array(stride(from: low, through: high, by: max(1, (high - low) / 37)))
                for edge in [low, low + 1, low + Fixed.one, high - Fixed.one, high - 1, high] { xs.append(edge) }
                for x in xs {
                    item.x = x
                    let kept = forecasts.landing(item, fall: fall, rules: r)
                    let stepped = ItemSystem.forecast(item, p, rules: r)
                    #expect(kept == stepped, "fall \(fall), sway \(sign), x \(x)")
                }
            }
        }
    }
}
