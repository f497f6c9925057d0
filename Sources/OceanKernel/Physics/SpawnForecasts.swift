/// Where each new item will land, worked out once per fall and starting motion.
///
/// An item of a kind spawned in a round always starts with the same motion (trash
/// still at the top, swaying one way or the other; sea life leaping from the water);
/// only its x differs, and away from the side walls x only shifts its path. So the
/// spawner's forecast (`ItemSystem.forecast`, stepping the fall tick by tick) is run
/// once per fall row, kind and motion, far from any wall, and kept as offsets from
/// the start: the ticks to the rim, where it meets it, and how far either way it
/// sways on the way. An item whose path could touch a wall is forecast the long way.
/// The same landings to the unit (`SpawnForecastTests` holds them to the forecast).
///
/// Not part of the game state: a cache of a pure function of the rules, held by the
/// `Simulation` beside them, never hashed or saved.
struct SpawnForecasts: Sendable {
    private struct Path: Sendable {
        /// The starting motion this path is for (y as a spawn sets it).
        var y = 0, vx: Int32 = 0, vy: Int32 = 0, ax: Int32 = 0
        var known = false
        /// False: the fall never reaches the rim within the forecast's bound; always the long way.
        var lands = false
        var ticks = 0
        /// Where it meets the rim, and the least and most x on the way, from its start.
        var land = 0, low = 0, high = 0
    }

    /// Two per fall row and kind (`rules.fall`): swaying or drifting right, and left.
    /// Empty until the first forecast (a simulation that never spawns keeps none).
    private var paths: [Path] = []

    /// `ItemSystem.forecast(item, rules.fall[fall], rules:)`.
    mutating func landing(_ item: Item, fall: Int, rules: Rules) -> (ticks: Int, x: Int) {
        let p = rules.fall[fall]
        if paths.isEmpty { paths = [Path](repeating: Path(), count: 2 * rules.fall.count) }
        let slot = 2 * fall + (item.ax < 0 || item.vx < 0 ? 1 : 0)
        if !paths[slot].known || paths[slot].y != item.y || paths[slot].vx != item.vx
            || paths[slot].vy != item.vy || paths[slot].ax != item.ax {
            paths[slot] = Self.path(item, p, rules: rules)
        }
        let path = paths[slot]
        // Clear of both walls all the way (as `advance` tests after each move): the
        // path as it was worked out, shifted.
        if path.lands && item.x + path.low >= p.halfSize && item.x + path.high <= rules.width &- p.halfSize {
            return (path.ticks, item.x + path.land)
        }
        return ItemSystem.forecast(item, p, rules: rules)
    }

    /// The forecast's own flight, from an x so far from the walls that none is met.
    private static func path(_ item: Item, _ p: FallParams, rules: Rules) -> Path {
        let start = Int.max / 4
        var it = item
        it.x = start
        let f = ItemSystem.flight(it, p, width: Int.max / 2, rim: rules.rim)
        // The landing's interpolation works on x's differences, the same from any start.
        return Path(y: item.y, vx: item.vx, vy: item.vy, ax: item.ax, known: true, lands: f.lands, ticks: f.ticks,
                    land: f.x - start, low: f.low - start, high: f.high - start)
    }
}
