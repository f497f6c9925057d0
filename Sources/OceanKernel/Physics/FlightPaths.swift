/// Where falling items will meet the rim, read from flights worked out once and kept:
/// what a bot asks of every item it looks at, many times in each item's fall.
///
/// An item's motion (y and its speeds) does not depend on its x away from the side
/// walls, and every item of a kind spawned in a round with the same sway moves through
/// the same motions, tick by tick. So one flight, run once from the first motion seen
/// (far from any wall, as `SpawnForecasts` does), answers for every later item whose
/// motion lies on it: it lands the flight's remaining ticks later, at its x shifted by
/// the flight's remaining drift. Its place on the flight is found from its fall speed
/// (the speed grows by gravity each tick up to the terminal speed, then the height
/// grows by that speed) and checked against the motion kept there.
///
/// A flight that would carry the item into a side wall is followed the way the tick
/// moves it up to the wall; the wall mirrors its sway, which puts it on the other
/// sway's flight. An item still rising (a leaping fish) or bounced off the rim is
/// forecast the long way (`Rules.landing`). The same landings to the unit
/// (`FlightPathsTests` holds them to the forecast).
///
/// A cache of a pure function of the rules, owned by whoever asks (a bot); never part
/// of the game state.
public struct FlightPaths: Sendable {
    /// One tick of a flight: the motion before the move, its x from the flight's start,
    /// and the least and most x (from the start) of the moves still to come until it
    /// lands (what the side walls are tested against).
    private struct Step: Sendable {
        var y: Int
        var dx: Int
        var low: Int
        var high: Int
        var vx: Int32
        var vy: Int32
        var ax: Int32
    }

    private struct Flight: Sendable {
        var steps: [Step]
        /// The x from the start after each move (the next step's `dx`, and the
        /// landing move's), read where a wall may be met.
        var after: [Int]
        /// The moves from `steps[0]` until the bottom crosses the rim, and where the
        /// centre is then, from the start.
        var ticks: Int
        var land: Int
        /// The first step at the terminal speed (`steps.count` if none).
        var terminalFrom: Int

        /// The step whose motion is `item`'s, if the flight passes through it.
        func step(of item: Item, _ p: FallParams) -> Int? {
            guard let first = steps.first else { return nil }
            // (Divisions of 32-bit numbers: a 64-bit one takes several times as long.)
            let i: Int
            if item.vy < p.terminalSpeed {
                guard item.vy >= first.vy else { return nil }
                let gained = item.vy - first.vy
                guard gained % p.gravity == 0 else { return nil }
                i = Int(gained / p.gravity)
            } else {
                guard terminalFrom < steps.count else { return nil }
                let below = item.y - steps[terminalFrom].y
                guard below >= 0, below <= Int(Int32.max) else { return nil }
                let (n, r) = Int32(below).quotientAndRemainder(dividingBy: p.terminalSpeed)
                guard r == 0 else { return nil }
                i = terminalFrom + Int(n)
            }
            guard i < steps.count else { return nil }
            let s = steps[i]
            return s.y == item.y && s.vy == item.vy && s.vx == item.vx && s.ax == item.ax ? i : nil
        }
    }

    /// Flights per entry of `rules.fall` (tempo row and kind), newest last.
    private var flights: [[Flight]] = []
    private struct Answer: Sendable {
        var item = Item(x: 0, y: 0, vx: 0, vy: 0, ax: 0, kind: ItemKind(rawValue: 0))
        var row = -1
        var ticks = 0, x = 0
    }
    /// The last answers, by a hash of the item's position (`recentCount` of them).
    private var recent: [Answer] = []
    static let recentCount = 32
    /// The rules the flights are of, held (an identifier alone could be a freed
    /// object's, reused by new rules at the same address).
    private var rules: Rules?
    /// Answers forecast the long way (rising, bounced, or never landing): the tests
    /// hold it to a small share.
    private(set) var longWay = 0
    /// Flights kept per entry: one per sway direction is the usual need (a wall's
    /// reflection lands on the other direction's flight).
    static let keptPerFall = 4
    /// A flight longer than this (33 s) is not kept.
    static let longestTicks = 2_000

    public init() {}

    /// `rules.landing(item, row: row)`.
    public mutating func landing(_ item: Item, row: Int, rules: Rules) -> (ticks: Int, x: Int) {
        if self.rules !== rules {
            self.rules = rules
            flights = [[Flight]](repeating: [], count: rules.fall.count)
            recent = [Answer](repeating: Answer(), count: Self.recentCount)
        }
        // A bot asks about the same item several times in one look (which to chase,
        // whether another comes sooner, where one spot catches both): the last answers
        // are kept by the item's whole state, so a repeat reads no flight.
        let mixed = UInt64(bitPattern: Int64(item.x &* 0x9E37_79B9 &+ item.y)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> 59)  // 0..<32, `recentCount`
        if recent[slot].row == row && recent[slot].item == item { return (recent[slot].ticks, recent[slot].x) }
        let answer = read(item, row: row, rules: rules)
        recent[slot] = Answer(item: item, row: row, ticks: answer.ticks, x: answer.x)
        return answer
    }

    private mutating func read(_ item: Item, row: Int, rules: Rules) -> (ticks: Int, x: Int) {
        let f = row * rules.kindCount + item.kind.rawValue
        let p = rules.fall[f]
        let (rim, width) = (rules.rim, rules.width)
        var it = item
        var moved = 0
        while it.bounced == 0, it.vy >= 0, p.gravity > 0, p.terminalSpeed > 0, it.y + p.halfSize < rim,
              let (k, i) = find(it, f, p, rim: rim) {
            let flight = flights[f][k]
            let step = flight.steps[i]
            let start = it.x - step.dx
            // Clear of both walls all the way (as `advance` tests after each move).
            if start + step.low >= p.halfSize && start + step.high <= width - p.halfSize {
                return (moved + flight.ticks - i, start + flight.land)
            }
            // Into a wall on the way: along the flight to the move that meets it, and
            // that move as the tick makes it (the wall turns the sway).
            var j = i
            while j < flight.ticks {
                let x = start + flight.after[j]
                if x < p.halfSize || x > width - p.halfSize { break }
                j += 1
            }
            let s = flight.steps[j]
            it = Item(x: start + s.dx, y: s.y, vx: s.vx, vy: s.vy, ax: s.ax, kind: it.kind)
            let (x0, bottom0, bottom1) = ItemSystem.advance(&it, p, width: width)
            moved += j - i + 1
            if bottom1 >= rim { return (moved, x0 + (it.x - x0) * (rim - bottom0) / (bottom1 - bottom0)) }
        }
        longWay += 1
        let rest = rules.landing(it, row: row)
        return (moved + rest.ticks, rest.x)
    }

    /// The kept flight through `item`'s motion, worked out now if none is.
    /// Which kept flight (its index in `flights[f]`), and which step of it.
    private mutating func find(_ item: Item, _ f: Int, _ p: FallParams, rim: Int) -> (flight: Int, step: Int)? {
        var k = flights[f].count - 1
        while k >= 0 {
            if let i = flights[f][k].step(of: item, p) { return (k, i) }
            k -= 1
        }
        guard let flight = Self.flight(item, p, rim: rim) else { return nil }
        // A flight that passes through an older one's start answers for all of it.
        flights[f].removeAll { old in flight.step(of: Self.item(old.steps[0], kind: item.kind), p) != nil }
        if flights[f].count == Self.keptPerFall { flights[f].removeFirst() }
        flights[f].append(flight)
        return (flights[f].count - 1, 0)
    }

    private static func item(_ step: Step, kind: ItemKind) -> Item {
        Item(x: 0, y: step.y, vx: step.vx, vy: step.vy, ax: step.ax, kind: kind)
    }

    /// The flight from `item`'s motion, from an x so far from the walls that none is
    /// met; nil if it does not land in time.
    private static func flight(_ item: Item, _ p: FallParams, rim: Int) -> Flight? {
        let far = Int.max / 4
        var it = item
        it.x = far
        var steps = [Step(y: it.y, dx: 0, low: 0, high: 0, vx: it.vx, vy: it.vy, ax: it.ax)]
        var after: [Int] = []  // x from the start after each move
        var land = 0
        while true {
            guard after.count < longestTicks else { return nil }
            let (x0, bottom0, bottom1) = ItemSystem.advance(&it, p, width: Int.max / 2)
            after.append(it.x - far)
            if bottom1 >= rim {
                land = x0 - far + (it.x - x0) * (rim - bottom0) / (bottom1 - bottom0)
                break
            }
            steps.append(Step(y: it.y, dx: it.x - far, low: 0, high: 0, vx: it.vx, vy: it.vy, ax: it.ax))
        }
        // Each step's least and most x over the moves after it, to the landing's.
        var low = Int.max, high = Int.min
        for i in stride(from: steps.count - 1, through: 0, by: -1) {
            low = min(low, after[i])
            high = max(high, after[i])
            steps[i].low = low
            steps[i].high = high
        }
        let terminalFrom = steps.firstIndex { $0.vy >= p.terminalSpeed } ?? steps.count
        return Flight(steps: steps, after: after, ticks: after.count, land: land, terminalFrom: terminalFrom)
    }
}
