import OceanKernel

/// Plays like a person, on the keys or with a pointer (mouse, finger); every number is
/// a function of `skill` (0–100), with its sources, in `HumanParameters`.
///
/// - **Latency.** What it does reaches the game one display-and-input latency after
///   the state it looked at (a ring of its last few outputs, so nothing is allocated
///   per tick). Deciding on the state of L ticks ago and acting now gives exactly the
///   same moves as deciding now and acting L ticks later: the loop's delay is what
///   matters, and a ring of outputs is far smaller than a ring of item lists. On the
///   keys it predicts part of that delay away, as people do (a forward model of its
///   own bin under the keys already pressed).
/// - **Noticing and choosing.** Detection is counted once: an item is in view from the
///   moment it shows, and a player with nothing to chase looks at once when one
///   appears; the choice among the n items in view (Hick–Hyman: a + b·log2(n + 1),
///   whose intercept a is one simple reaction and so already holds the detection)
///   runs from that onset, and only when it has passed does the hand act; then it
///   looks again. A lone new item is answered a latency + a + b after it shows (at
///   skill 50, 67 + 180 + 75 = 322 ms); with nine items in the air it is slower.
/// - **Aim.** It misjudges where the item it chases will land, once, when it picks it,
///   more for an item that drifts sideways (a bag) than for a straight drop, and less
///   the longer it watches (anticipatory tracking improves with viewing time).
///   It turns to an item that will land clearly sooner than the one it chases; when
///   another lands too soon after it to be caught next but near enough, it waits where
///   one spot catches both.
/// - **Keys.** It pushes toward its target and lets go where friction will stop the
///   bin there, early or late by a random amount (key-release timing noise).
/// - **Pointer.** It moves the pointer to its target along a minimum-jerk path (Flash
///   & Hogan 1985) that takes the Fitts time for that distance and the bin's mouth,
///   ending off the target by a scatter proportional to the distance; it corrects
///   with a new movement when its target moves by more than a quarter of the mouth.
///
/// Its randomness (aim, release timing, endpoints) is its own stream, seeded from the
/// run's seed; the same seed gives the same moves.
public struct HumanBot: Bot {
    /// How the bot plays: the arrow keys or a held pointer.
    public enum Input: String, CaseIterable, Sendable {
        case keys, pointer
        public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
    }

    public let parameters: HumanParameters
    public let input: Input
    /// Ticks between a look at the state and its effect in the game.
    public let latencyTicks: Int
    /// One simple reaction (the Hick–Hyman intercept), in ticks: the time to correct
    /// the aim at the item already chased, with no new choice.
    public let reactionTicks: Int
    public var aimErrorPx: Int { parameters.aimErrorPx }
    /// Watching an item this long halves the misjudgement of where it lands (2/3 s;
    /// three times as long, a quarter): a slow item is read well, a fast one is not.
    static let halvingTicks = 40
    /// The misreading of a landing grows by its own size for every this many px the
    /// item will drift sideways before it lands (see `HumanParameters`).
    static let driftScalePx = 35
    /// Choice times by the number of items in view (Hick–Hyman), in ticks.
    private let choiceTicks: [Int]
    private var random: GameRandom

    /// The target the hand works toward now, and the one chosen at the last look,
    /// which the hand takes up when that choice's time has passed.
    private var target: Int?
    private var chosen: Int?
    /// The ticks at which the items of `target` and `chosen` land.
    private var targetLands = 0
    private var chosenLands = 0
    private var choiceDone = Int.max
    private var nextLook = 0
    /// The items in view at the last look: with nothing to chase, a change is a new look.
    private var idleInView = 0
    /// The choice time of the last look, in ticks.
    public private(set) var lastChoiceTicks = 0
    private var aimError = 0
    private var commitment = Commitment()
    /// Per kind, in `seenRow`: the y from which an item shows on screen; above it,
    /// the player cannot see it yet.
    private var seenFrom: [Int] = []
    private var seenRow = -1
    /// When the item chased now was picked: the longer it is watched, the better
    /// its landing is read.
    private var trackedSince = 0

    private var keys = KeyHand()
    private var pointer = PointerHand()
    /// The outputs still on their way to the game, oldest at `sent`.
    private var inFlight: [BotControl]
    private var sent = 0
    private let predictedTicks: Int
    private let releaseJitterTicks: Int

    public init(seed: UInt64, skill: Int, input: Input = .keys) {
        parameters = HumanParameters(skill: skill)
        self.input = input
        latencyTicks = Fixed.ticks(ms: parameters.latencyMs)
        reactionTicks = Fixed.ticks(ms: parameters.choiceBaseMs)
        let p = parameters
        choiceTicks = (0...HumanBot.maxCounted).map { Fixed.ticks(ms: p.choiceMs(items: $0)) }
        inFlight = Array(repeating: .none, count: latencyTicks)
        predictedTicks = (latencyTicks * parameters.latencyCompensationPercent + 50) / 100
        // Kept in ms × 60 (1/1000 tick) so the draw keeps its resolution.
        releaseJitterTicks = parameters.releaseJitterMs * Fixed.ticksPerSecond
        random = GameRandom(seed: seed ^ 0x4855_4D41_4E42_4F54)
    }

    /// More items than this in view choose as slowly as this many.
    static let maxCounted = 40

    /// The choice time, in ticks, with `n` items in view.
    public func choiceTicks(items n: Int) -> Int { choiceTicks[min(max(0, n), HumanBot.maxCounted)] }

    public mutating func move(_ state: GameState, rules: Rules) -> Move {
        control(state, rules: rules).move
    }

    public mutating func control(_ state: GameState, rules: Rules) -> BotControl {
        control(Sky(state, rules: rules), rules: rules)
    }

    public mutating func control(in sim: inout Simulation) -> BotControl {
        control(Sky(sim.state, rules: sim.rules), rules: sim.rules)
    }

    private mutating func control(_ sky: Sky, rules: Rules) -> BotControl {
        let decided = decide(sky, rules: rules)
        // What the game gets now is what the player did a latency ago.
        let out = inFlight[sent]
        inFlight[sent] = decided
        sent = sent + 1 == inFlight.count ? 0 : sent + 1
        return out
    }

    /// What the player's hand does on seeing `state`.
    private mutating func decide(_ state: Sky, rules: Rules) -> BotControl {
        if state.row != seenRow {
            seenRow = state.row
            seenFrom = (0..<rules.kindCount).map {
                rules.fallen(ItemKind(rawValue: $0), row: seenRow, ticks: 0) - rules.halfSize[$0]
            }
        }
        let now = state.tick
        if now >= choiceDone {
            choiceDone = .max
            target = chosen
            targetLands = chosenLands
            if input == .pointer, let chosen { pointer.aim(at: chosen, from: state.bin.x, tick: now, rules: rules,
                                                          parameters: parameters, random: &random) }
        }
        // With nothing to chase, a new item's onset starts its choice at once: the eyes
        // are on the sky, so any change in what is in view is a look (counting is cheap;
        // the look's landing reads are not, so an unchanged sky waits for the next one).
        var idleOnset = false
        if target == nil && chosen == nil && now < nextLook {
            let n = Self.itemsInView(state, rules: rules, seenFrom: seenFrom)
            idleOnset = n != idleInView
        }
        if now >= nextLook || idleOnset { look(state, rules: rules) }
        switch input {
        case .keys:
            guard let target else { return .none }
            // A fish arcing down onto the spot: step aside, then back to the item.
            let aim = commitment.clearOfSeaLife(target, state, rules: rules)
            let bin = Self.predictedBin(state.bin, rules: rules, inFlight: inFlight, from: sent, ticks: predictedTicks)
            return BotControl(move: keys.move(bin, to: aim, rules: rules,
                                              jitter: releaseJitterTicks, random: &random))
        case .pointer:
            return BotControl(pointer: pointer.position(at: now, resting: state.bin.x))
        }
    }

    /// The items the player sees in the air, above the rim. (Static, as `predictedBin`:
    /// a method of `self` called from a mutating one copied the whole bot, 440 bytes,
    /// every tick.)
    private static func itemsInView(_ state: Sky, rules: Rules, seenFrom: [Int]) -> Int {
        var inView = 0
        for item in state.items where item.y + rules.halfSize[item.kind.rawValue] < rules.rim
            && item.y >= seenFrom[item.kind.rawValue] {
            inView += 1
        }
        return inView
    }

    /// One look: notice, choose, and schedule the hand's response a choice time later.
    private mutating func look(_ state: Sky, rules: Rules) {
        let inView = Self.itemsInView(state, rules: rules, seenFrom: seenFrom)
        idleInView = inView
        let now = state.tick
        // With the bin already under the item it chases, a player looks past it and
        // chooses the next one while this one falls in (the choice overlaps the
        // hand's work; only the choices themselves queue up, one at a time).
        var after = 0
        if let target, targetLands > now, abs(state.bin.x - target) <= Fixed.px(parameters.lookAheadPx),
           !landsSooner(than: targetLands, awayFrom: target, state, rules: rules) {
            after = targetLands - now
        }
        // A person misjudges where an item will land once, when they pick it, and
        // keeps that misjudgement while they chase it.
        let item = commitment.target(state, rules: rules, seenFrom: seenFrom, after: after)
        // A new pick is a choice among the items in view (Hick–Hyman); keeping the
        // same one and correcting the aim is not, and takes one simple reaction.
        lastChoiceTicks = commitment.switched ? choiceTicks(items: inView) : reactionTicks
        // Nothing to chase: the eyes stay on the sky, and the next item's onset starts
        // its choice at once (its detection is inside the choice's intercept: `decide`
        // looks as soon as what is in view changes).
        nextLook = now + lastChoiceTicks
        choiceDone = nextLook
        if commitment.switched { trackedSince = now }
        // The misjudgement shrinks as the item nears: a person reads its landing
        // better in its last second (a slow round gives time to correct).
        chosen = nil
        var shared = false
        if let item {
            let landing = commitment.landing(item, state, rules: rules)
            if commitment.switched {
                // A path that drifts sideways is harder to extrapolate than a straight
                // drop: the misreading grows with how far the item will drift.
                let drift = Fixed.wholePixels(abs(landing.x - item.x))
                let most = aimErrorPx * (HumanBot.driftScalePx + drift) / HumanBot.driftScalePx
                aimError = Fixed.px(random.inRange(-most...most))
            }
            chosenLands = now + landing.ticks
            let spot = Aim.spotCatchingBoth(item, landing, state, rules: rules, seenFrom: seenFrom, commitment: &commitment)
            chosen = spot + aimError * HumanBot.halvingTicks / (HumanBot.halvingTicks + state.tick - trackedSince)
            // A spot that also catches the item chased now: go there at once.
            if after > 0, let target, spot != landing.x, abs(spot - target) <= rules.binHalfWidth { shared = true }
        }
        // Otherwise the hand leaves the item it chases only once it is in.
        if after > 0 && !shared { choiceDone = max(choiceDone, targetLands) }
    }

    /// Whether an item in view (trash or a power-up) lands before `tick` out of the
    /// mouth's reach of `x`: then nobody looks past the item they chase; the sooner one
    /// comes first (`Commitment`'s urgency decides).
    private mutating func landsSooner(than tick: Int, awayFrom x: Int, _ state: Sky, rules: Rules) -> Bool {
        for item in state.items where item.y + rules.halfSize[item.kind.rawValue] < rules.rim
            && item.y >= seenFrom[item.kind.rawValue] && !rules.isSeaLife[item.kind.rawValue] {
            let l = commitment.landing(item, state, rules: rules)
            if state.tick + l.ticks < tick && abs(l.x - x) > rules.binHalfWidth { return true }
        }
        return false
    }

    /// Where the bin will be once the keys already pressed (but not yet seen by the
    /// game) have acted, as far as the player predicts its own latency.
    private static func predictedBin(_ bin: BinState, rules: Rules, inFlight: [BotControl], from sent: Int,
                                     ticks predictedTicks: Int) -> BinState {
        var b = bin
        var i = sent
        for _ in 0..<predictedTicks {
            b = b.stepped(inFlight[i].move, rules: rules)
            i = i + 1 == inFlight.count ? 0 : i + 1
        }
        return b
    }

    /// About normally distributed, mean 0, standard deviation `sd`: the sum of four
    /// uniform draws (Irwin–Hall), within ±3.5 SD.
    static func normal(_ random: inout GameRandom, sd: Int) -> Int {
        var sum = 0
        for _ in 0..<4 { sum += random.inRange(-1_000...1_000) }
        // Four uniforms on [-1000, 1000] have an SD of 1155.
        return sum * sd / 1_155
    }
}

/// A hand on the arrow keys: push toward the target, let go where friction will stop
/// the bin on it, and push again only when the target is well away (the slack keeps
/// it from tapping every tick). Each release comes early or late by a random amount:
/// early, it lets go as if the bin were that much further on; late, it holds on that
/// many ticks past the moment.
struct KeyHand {
    private var pushing = Move.none
    /// This push's release error in ticks: below 0 early, above 0 late.
    private var releaseError = 0
    /// Ticks still held past the right moment (a late release).
    private var holding = 0

    /// `jitter`: the release time's SD in thousandths of a tick.
    mutating func move(_ bin: BinState, to target: Int, rules: Rules, jitter: Int, random: inout GameRandom) -> Move {
        if holding > 0 {
            holding -= 1
            if holding == 0 { pushing = .none }
            return pushing
        }
        let dx = target - bin.x
        if pushing == .none, abs(dx) > rules.binHalfWidth / 2 {
            pushing = dx > 0 ? .right : .left
            let e = HumanBot.normal(&random, sd: jitter)
            releaseError = (e + (e < 0 ? -500 : 500)) / 1_000
        }
        if pushing != .none {
            let remaining = pushing == .right ? dx : -dx
            let speed = max(0, pushing == .right ? bin.vx : -bin.vx)
            let stopping = speed * speed / (2 * max(1, rules.binFriction))
            let early = releaseError < 0 ? -releaseError * speed : 0
            if remaining <= 0 || stopping + early >= remaining {
                if releaseError > 0 {
                    holding = releaseError
                    releaseError = 0
                } else {
                    pushing = .none
                }
            }
        }
        return pushing
    }
}

/// A hand on a pointer: each movement goes from where the hand is to an endpoint
/// scattered around the target, along a minimum-jerk path (Flash & Hogan 1985:
/// x(τ) = x0 + (x1 − x0)(10τ³ − 15τ⁴ + 6τ⁵)) lasting the Fitts time for its
/// distance and the bin's mouth. A new target that differs from the one the movement
/// aims at by more than a quarter of the mouth starts a new movement from where the
/// hand is (a correction, or a switch to another item).
struct PointerHand {
    private var from = 0
    private(set) var to = 0
    private var start = 0
    private(set) var duration = 0
    private var aimedAt: Int?
    private var placed = false

    mutating func aim(at target: Int, from bin: Int, tick: Int, rules: Rules, parameters: HumanParameters,
                      random: inout GameRandom) {
        let x = placed ? position(at: tick, resting: bin) : bin
        if let aimedAt, abs(target - aimedAt) <= rules.binHalfWidth / 2 { return }
        let width = 2 * rules.binHalfWidth
        let distance = abs(target - x)
        if aimedAt == nil, distance <= rules.binHalfWidth / 2 { aimedAt = target; return }
        aimedAt = target
        from = x
        let scatter = HumanBot.normal(&random, sd: distance * parameters.endpointScatterPermille / 1_000)
        to = min(rules.width, max(0, target + scatter))
        start = tick
        duration = Fixed.ticks(ms: parameters.movementMs(distance: Fixed.wholePixels(distance),
                                                         width: Fixed.wholePixels(width)))
        placed = true
    }

    /// The pointer's x at `tick`, in whole pixels (a mouse moves by pixels); before
    /// any movement, over the bin.
    func position(at tick: Int, resting bin: Int) -> Int {
        guard placed else { return Fixed.px(Fixed.wholePixels(bin + Fixed.one / 2)) }
        let t = tick - start
        let x: Int
        if t >= duration {
            x = to
        } else {
            // τ in 2.30 fixed point; s(τ) = τ³(10 − 15τ + 6τ²).
            let one = 1 << 30
            let tau = max(0, t) * one / duration
            let tau2 = (tau * tau) >> 30, tau3 = (tau2 * tau) >> 30
            let s = (tau3 * (10 * one - 15 * tau + 6 * tau2)) >> 30
            x = from + ((to - from) * s) >> 30
        }
        return Fixed.px(Fixed.wholePixels(x + Fixed.one / 2))
    }
}
