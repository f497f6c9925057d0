import OceanKernel
import OceanSim
import OceanBalance

/// The repository's root, found from this file's path.
let repoRoot: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/OceanKernelTests/Support.swift
    return parts.joined(separator: "/")
}()

/// The shipped balance, loaded and validated the way the CLI does.
let shippedBalance: Balance = {
    do { return try BalanceLoader.load(path: repoRoot + "/assets/balance.toml") } catch {
        fatalError("assets/balance.toml does not load: \(error)")
    }
}()

let shippedRules = Rules(shippedBalance)

/// Rules from the shipped balance with some constants changed.
func rules(_ change: (inout Balance) -> Void) -> Rules {
    var b = shippedBalance
    change(&b)
    precondition(BalanceSchema.check(b).isEmpty, "test balance breaks a rule: \(BalanceSchema.check(b))")
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

/// Random inputs from their own stream: moves held for a few ticks, a start
/// whenever no game is on, now and then a scan.
struct RandomInputs {
    var random: GameRandom
    var move = Move.none
    init(seed: UInt64) { random = GameRandom(seed: seed &* 31 &+ 7) }

    mutating func next(_ s: GameState) -> TickInput {
        if random.below(8) == 0 { move = Move(rawValue: Int8(random.below(3) - 1))! }
        var command = Command.none
        if s.mode == .idle && random.below(30) == 0 { command = .startGame }
        if random.below(500) == 0 { command = .scan(ItemKind(rawValue: random.below(ItemKind.allCases.count))!) }
        return TickInput(move: move, command: command)
    }
}

enum OceanSimPlan {
    static func idleGames(_ n: Int) -> GamePlan { GamePlan(bot: IdleBot(), games: n) }
}
