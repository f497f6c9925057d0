import OceanKernel
import KernelTestSupport

/// The shipped balance as code (no file, no TOML: these tests depend on the kernel
/// alone); `OceanStoreTests` checks it against `assets/balance.toml`.
let shippedBalance = BalanceAsCode.shipped
let shippedRules = Rules(shippedBalance)

/// Rules from the shipped balance with some constants changed (checked against the
/// rules between keys by the balance tests; here only the kernel is under test).
func rules(_ change: (inout Balance) -> Void) -> Rules {
    var b = shippedBalance
    change(&b)
    return Rules(b)
}

/// A simulation in the middle of round 1 with exactly these items falling and no
/// more to come, the bin at `binX`.
func playing(_ rules: Rules, items: [Item], binX: Int, binVX: Int = 0) -> Simulation {
    var sim = Simulation(rules: rules, seed: 1)
    sim.state.mode = .playing
    sim.state.round = 1
    sim.state.roundSpawned = rules.roundItems[0]
    sim.state.items = items
    sim.state.bin = BinState(x: binX, vx: binVX)
    return sim
}

/// A kernel-only player for tests (the bots live in OceanDrivers): it steers the bin
/// under the item nearest the rim, braking as it arrives; `idle` never moves.
enum Player {
    case catcher, idle

    func move(_ s: GameState, rules r: Rules) -> Move {
        let rules = r
        // Sea life is let pass, never chased.
        guard self == .catcher, let target = s.items.filter({ !rules.isSeaLife[$0.kind.rawValue] }).max(by: { $0.y < $1.y })
        else { return .none }
        // Where the bin would stop if it let go now: push only while that falls short.
        let stopping = r.binFriction > 0 ? s.bin.vx * abs(s.bin.vx) / (2 * r.binFriction) : 0
        let gap = target.x - (s.bin.x + stopping)
        let slack = r.binHalfWidth / 4
        return gap > slack ? .right : gap < -slack ? .left : .none
    }
}

/// Plays `games` more whole games with `player`, calling `each` after every tick.
func play(_ sim: inout Simulation, games: Int, _ player: Player = .catcher, each: (Simulation) -> Void = { _ in }) {
    let target = sim.state.totals.games + games
    while sim.state.mode != .idle || sim.state.totals.games < target {
        let command: Command = sim.state.mode == .idle ? .start(.classic) : .none
        sim.step(TickInput(move: player.move(sim.state, rules: sim.rules), command: command))
        each(sim)
    }
}

/// Random inputs from their own stream: moves held for a few ticks, a start
/// whenever no game is on, now and then a scan.
struct RandomInputs {
    var random: GameRandom
    var move = Move.none
    init(seed: UInt64) { random = GameRandom(seed: seed &* 31 &+ 7) }

    mutating func next(_ s: GameState) -> TickInput {
        if random.below(8) == 0 { move = Move(rawValue: Int8(random.below(3) - 1))! }
        var command = Command.none
        if s.mode == .idle && random.below(30) == 0 { command = .start(.classic) }
        if random.below(500) == 0 { command = .scan(ItemKind(rawValue: random.below(6))) }
        return TickInput(move: move, command: command)
    }
}
