import OceanKernel

/// Something that plays in place of a person: looks at the state, pushes the bin.
/// Bots are deterministic: any randomness comes from their own stream, seeded from
/// the run's seed, never from the kernel's gameplay stream.
public protocol Bot {
    mutating func move(_ state: GameState, rules: Rules) -> Move
    /// What the bot's hand does this tick: keys held, or a pointer held at an x. The
    /// drivers build each tick's `TickInput` from it (`TickInput(_:command:)`), so a
    /// pointer goes through the same recording as keys. By default, the keys of `move`.
    mutating func control(_ state: GameState, rules: Rules) -> BotControl
    /// `control` of the simulation's state and rules. `sim` is only read; it is inout
    /// so a plan can lend the state where it lies through the bot's existential box
    /// (passed by value, it was copied whole for every tick's call). By default,
    /// `control(sim.state, rules: sim.rules)`.
    mutating func control(in sim: inout Simulation) -> BotControl
}

extension Bot {
    public mutating func control(in sim: inout Simulation) -> BotControl {
        control(sim.state, rules: sim.rules)
    }

    public mutating func control(_ state: GameState, rules: Rules) -> BotControl {
        BotControl(move: move(state, rules: rules))
    }
}

/// A bot's hand for one tick: the keys it holds, or, while `pointer` is set, where it
/// holds the pointer (playfield x, fixed point; the kernel then ignores `move`).
public struct BotControl: Equatable, Sendable {
    public var move: Move
    public var pointer: Int?

    public init(move: Move = .none, pointer: Int? = nil) {
        self.move = move
        self.pointer = pointer
    }

    public static let none = BotControl()
}

extension TickInput {
    /// The tick's input from a bot's hand, with an optional command.
    public init(_ control: BotControl, command: Command = .none) {
        self.init(move: control.move, pointer: control.pointer, command: command)
    }
}

/// The bots the CLI knows by name.
public enum BotKind: String, CaseIterable, Sendable {
    case idle, greedy, human, dodge, oracle

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The one place a kind becomes its bot: `body` is called with the bot as its own
    /// type (so a caller's loop makes direct calls, nothing boxed per tick). `skill`
    /// (0–100) and `input` (keys or pointer) only affect `human`.
    @inlinable
    public func with<Body: BotBody>(seed: UInt64, skill: Int = 70, input: HumanBot.Input = .keys, _ body: Body) -> Body.Output {
        switch self {
        case .idle: body.run(IdleBot())
        case .greedy: body.run(GreedyBot())
        case .human: body.run(HumanBot(seed: seed, skill: skill, input: input))
        case .dodge: body.run(DodgeBot())
        case .oracle: body.run(OracleBot())
        }
    }

    /// The bot behind an existential, for plans that mix kinds (see `with`).
    public func make(seed: UInt64, skill: Int = 70, input: HumanBot.Input = .keys) -> any Bot {
        with(seed: seed, skill: skill, input: input, Boxed())
    }

    private struct Boxed: BotBody {
        func run<B: Bot>(_ bot: B) -> any Bot { bot }
    }
}

/// What is done with a bot of any kind, as its own type: Swift has no generic
/// closures, so `BotKind.with` takes this instead.
public protocol BotBody {
    associatedtype Output
    func run<B: Bot>(_ bot: B) -> Output
}

/// Any bot, as one type: what a plan of mixed bots holds (`GamePlan`). Every call goes
/// through the bot's existential box.
public struct AnyBot: Bot {
    public var base: any Bot

    public init(_ base: any Bot) { self.base = base }

    public mutating func move(_ state: GameState, rules: Rules) -> Move { base.move(state, rules: rules) }
    public mutating func control(_ state: GameState, rules: Rules) -> BotControl { base.control(state, rules: rules) }
    public mutating func control(in sim: inout Simulation) -> BotControl { base.control(in: &sim) }
}

/// Never moves: every item not dropped straight into the bin is missed.
public struct IdleBot: Bot {
    public init() {}
    public func move(_ state: GameState, rules: Rules) -> Move { .none }
}

/// Keeps the bin away from whatever falls next: a test bot for all-miss games and
/// falling health. It heads for the spot farthest from every item due at the rim
/// within a second, and stays put while its own spot is nearly as good.
public struct DodgeBot: Bot {
    private var steering = Steering()
    public init() {}

    public mutating func move(_ state: GameState, rules: Rules) -> Move {
        let sky = Sky(state, rules: rules)
        let due = state.items.filter {
            $0.y + rules.halfSize[$0.kind.rawValue] < rules.rim && Aim.ticksToRim($0, sky, rules: rules) < 60
        }
        guard !due.isEmpty else { return steering.move(state.bin, to: state.bin.x, rules: rules) }
        func clearance(_ x: Int) -> Int { due.map { abs($0.x - x) }.min()! }
        let left = rules.binHalfWidth, right = rules.width - rules.binHalfWidth
        var best = state.bin.x
        var bestClearance = clearance(best)
        let here = bestClearance
        for step in 0...32 {
            let x = left + (right - left) * step / 32
            let c = clearance(x)
            if c > bestClearance { best = x; bestClearance = c }
        }
        if here >= bestClearance - Fixed.px(10) && here > rules.binHalfWidth * 2 { best = state.bin.x }
        return steering.move(state.bin, to: best, rules: rules)
    }
}

/// Shared aiming: which item to go for, and how to steer the bin to a point.
enum Aim {
    /// Roughly how many ticks until an item's bottom reaches the rim.
    static func ticksToRim(_ item: Item, _ s: Sky, rules: Rules) -> Int {
        let p = rules.fall[s.row * rules.kindCount + item.kind.rawValue]
        let distance = rules.rim - (item.y + p.halfSize)
        let speed = max(Int(item.vy), Int(p.terminalSpeed) / 2, 1)
        return distance / speed
    }

    /// Roughly how many ticks the bin needs to get `target` inside its mouth.
    static func ticksToReach(_ target: Int, _ bin: BinState, rules: Rules) -> Int {
        let gap = max(0, abs(target - bin.x) - rules.binHalfWidth / 2)
        guard gap > 0 else { return 0 }
        return gap / max(1, rules.binMaxSpeed) + rules.binMaxSpeed / max(1, 2 * rules.binAccel)
    }

    /// The item above the rim that lands soonest among those the bin can still
    /// reach in time (where it will land, read from its motion); if none is
    /// reachable, the one that lands soonest. Items landing within `after` ticks are
    /// left out (a player who already has the bin under one looks past it).
    static func target(_ s: Sky, rules: Rules, seenFrom: [Int] = [], after: Int = 0,
                       paths: inout FlightPaths) -> Item? {
        var soonest: (item: Item, ticks: Int)?
        var reachable: (item: Item, ticks: Int)?
        // Sea life is let pass: never a target.
        for item in s.items where item.y + rules.halfSize[item.kind.rawValue] < rules.rim && !rules.isSeaLife[item.kind.rawValue] {
            // Not yet noticed: it appeared less than a reaction time ago.
            if !seenFrom.isEmpty && item.y < seenFrom[item.kind.rawValue] { continue }
            let landing = paths.landing(item, row: s.row, rules: rules)
            let t = landing.ticks
            if t <= after { continue }
            if soonest == nil || t < soonest!.ticks { soonest = (item, t) }
            if ticksToReach(landing.x, s.bin, rules: rules) <= t, reachable == nil || t < reachable!.ticks {
                reachable = (item, t)
            }
        }
        return (reachable ?? soonest)?.item
    }
}

extension Aim {
    /// Where to wait for `item` (landing at `landing`) when another item in view lands
    /// too close in time to be caught after it, yet near enough that one spot catches
    /// both: the middle of the spots that catch each. Otherwise its own landing.
    static func spotCatchingBoth(_ item: Item, _ landing: (ticks: Int, x: Int), _ s: Sky, rules: Rules,
                                 seenFrom: [Int], commitment: inout Commitment) -> Int {
        let mouth = s.netTicksLeft > 0 ? rules.netHalfWidth : rules.binHalfWidth
        let reachA = mouth + rules.catchBody[item.kind.rawValue]
        var lo = landing.x - reachA, hi = landing.x + reachA
        for other in s.items where other != item && other.y + rules.halfSize[other.kind.rawValue] < rules.rim
            && other.y >= seenFrom[other.kind.rawValue] && !rules.isSeaLife[other.kind.rawValue] {
            let l = commitment.landing(other, s, rules: rules)
            // Catchable one after the other: no need to share a spot.
            let between = Aim.ticksToReach(l.x, BinState(x: landing.x, vx: 0), rules: rules)
            if between <= abs(l.ticks - landing.ticks) { continue }
            let reachB = mouth + rules.catchBody[other.kind.rawValue]
            let nlo = max(lo, l.x - reachB), nhi = min(hi, l.x + reachB)
            if nlo <= nhi { lo = nlo; hi = nhi }
        }
        return (lo + hi) / 2
    }

    /// `target`, moved clear of sea life about to come down through the rim: a player
    /// sees a fish arcing back toward the bin and steps aside (to the side nearer the
    /// target), then goes back to the item.
    static func clearOfSeaLife(_ target: Int, _ s: Sky, rules: Rules, within ticks: Int = 40,
                               paths: inout FlightPaths) -> Int {
        guard rules.hasSeaLife else { return target }
        var x = target
        for item in s.items where rules.isSeaLife[item.kind.rawValue] && item.vy > 0 && item.y + rules.halfSize[item.kind.rawValue] < rules.rim {
            let landing = paths.landing(item, row: s.row, rules: rules)
            guard landing.ticks <= ticks else { continue }
            let clear = rules.binHalfWidth + rules.catchBody[item.kind.rawValue] + rules.halfSize[item.kind.rawValue] / 2 + Fixed.px(6)
            if abs(x - landing.x) < clear {
                let left = landing.x - clear, right = landing.x + clear
                let fits = (left: left >= rules.binHalfWidth, right: right <= rules.width - rules.binHalfWidth)
                x = fits.left && (!fits.right || abs(left - target) <= abs(right - target)) ? left : right
            }
        }
        return x
    }
}

/// Sticks with one item until it is caught, missed or out of reach, so the bin does
/// not dither between two items that arrive at about the same time. Items carry no
/// identity, so the tracked one is found again next tick by kind and position.
struct Commitment {
    private var item: Item?
    private var seenAt = 0
    /// How much sooner another item must land to pull the bin off the one chased.
    static let urgencyTicks = 20
    /// True when the last `target` call picked a different item than before.
    private(set) var switched = false
    /// The flights worked out so far, kept from look to look.
    private var paths = FlightPaths()

    /// Where and when `item` (in `s`) lands: `Rules.landing`, read from a kept flight.
    mutating func landing(_ item: Item, _ s: Sky, rules: Rules) -> (ticks: Int, x: Int) {
        paths.landing(item, row: s.row, rules: rules)
    }

    /// `Aim.clearOfSeaLife`, the fish's landings read from the kept flights.
    mutating func clearOfSeaLife(_ target: Int, _ s: Sky, rules: Rules) -> Int {
        Aim.clearOfSeaLife(target, s, rules: rules, paths: &paths)
    }

    /// `after`: leave out items landing within that many ticks, the tracked one too
    /// (see `Aim.target`).
    mutating func target(_ s: Sky, rules: Rules, seenFrom: [Int] = [], after: Int = 0) -> Item? {
        let elapsed = max(1, s.tick - seenAt)
        seenAt = s.tick
        if let last = item {
            let next = s.items.first { c in
                c.kind == last.kind && c.y > last.y && c.y - last.y <= Int(c.vy) * elapsed
                    && abs(c.x - last.x) <= (abs(Int(c.vx)) + Fixed.one) * elapsed
            }
            if let next, next.y + rules.halfSize[next.kind.rawValue] < rules.rim,
               after == 0 || landing(next, s, rules: rules).ticks > after,
               Aim.ticksToReach(next.x, s.bin, rules: rules) <= Aim.ticksToRim(next, s, rules: rules) {
                // Unless another item will land clearly sooner (a slow bag chased while
                // a glass bottle drops past): anyone turns to the urgent one.
                // Or one lands sooner elsewhere with time to catch it and come back.
                let urgent = Aim.target(s, rules: rules, seenFrom: seenFrom, after: after, paths: &paths)
                if let urgent, urgent != next, switchTo(urgent, from: next, s, rules: rules) {
                    item = urgent
                    switched = true
                    return urgent
                }
                item = next
                switched = false
                return next
            }
        }
        item = Aim.target(s, rules: rules, seenFrom: seenFrom, after: after, paths: &paths)
        switched = true
        return item
    }
}

extension Commitment {
    /// Whether to leave `chased` for `sooner`: it lands clearly sooner (the chased one
    /// is given up), or sooner and far enough from the chased one's landing that both
    /// can be caught, the sooner one first.
    mutating func switchTo(_ sooner: Item, from chased: Item, _ s: Sky, rules: Rules) -> Bool {
        let u = landing(sooner, s, rules: rules), c = landing(chased, s, rules: rules)
        guard u.ticks < c.ticks else { return false }
        if u.ticks + Commitment.urgencyTicks < c.ticks { return true }
        guard abs(u.x - c.x) > rules.binHalfWidth else { return false }  // both in one place: no matter
        return Aim.ticksToReach(u.x, s.bin, rules: rules) <= u.ticks
            && Aim.ticksToReach(c.x, BinState(x: u.x, vx: 0), rules: rules) <= c.ticks - u.ticks
    }
}

/// Steers like a hand on the keys: push toward the target, let go early enough for
/// friction to stop the bin there, and push again only when the target has moved
/// well away. The slack keeps it from tapping the keys every tick.
struct Steering {
    private var pushing = Move.none

    mutating func move(_ bin: BinState, to target: Int, rules: Rules) -> Move {
        let dx = target - bin.x
        if pushing == .none {
            if abs(dx) > rules.binHalfWidth / 2 { pushing = dx > 0 ? .right : .left }
        }
        if pushing != .none {
            let remaining = pushing == .right ? dx : -dx
            let speed = max(0, pushing == .right ? bin.vx : -bin.vx)
            let stopping = speed * speed / (2 * max(1, rules.binFriction))
            if remaining <= 0 || stopping >= remaining { pushing = .none }
        }
        return pushing
    }
}

/// Chases the most urgent item it can reach, with perfect reactions and aim.
public struct GreedyBot: Bot {
    private var steering = Steering()
    private var commitment = Commitment()
    public init() {}
    public mutating func move(_ state: GameState, rules: Rules) -> Move { move(Sky(state, rules: rules), rules: rules) }
    public mutating func control(in sim: inout Simulation) -> BotControl {
        BotControl(move: move(Sky(sim.state, rules: sim.rules), rules: sim.rules))
    }

    private mutating func move(_ sky: Sky, rules: Rules) -> Move {
        var target = rules.width / 2
        if let item = commitment.target(sky, rules: rules) { target = commitment.landing(item, sky, rules: rules).x }
        return steering.move(sky.bin, to: commitment.clearOfSeaLife(target, sky, rules: rules), rules: rules)
    }
}
